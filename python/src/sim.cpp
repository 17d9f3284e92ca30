// genokit._genokit.sim: settings chains, building and simulating a creature (numpy trajectory),
// stepping a run by hand, and the standard evaluation (framspy's result shape). The GIL is
// released while C++ builds, steps or evaluates.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cctype>
#include <deque>
#include <optional>
#include <string>
#include <vector>

#include "bindings.hpp"
#include "genokit/core/file_io.hpp"
#include "genokit/evolution/sim_evaluator.hpp"
#include "genokit/genotype/encoding.hpp"
#include "genokit/genotype/read.hpp"
#include "genokit/sim/evaluate.hpp"
#include "genokit/sim/run.hpp"
#include "genokit/sim/trajectory.hpp"
#include "sim_settings.hpp"

namespace genokit::python {

namespace {

// Every simulation setting as a Python attribute of Settings, named as its Settings member (the
// Framsticks name; Energy0 is `energy0`). Reading and writing from .sim files goes through the
// library's settings table; these are only the accessors.
#define GK_SIM_FIELDS(X)                                                                                    \
  X(wrldg)                                                                                                  \
  X(wrldsiz)                                                                                                \
  X(wrldtyp) X(wrldmap) X(wrldwat) X(wrldbnd) X(simtype) X(nnspeed) X(creath) X(placement) X(rotation)      \
      X(minjoint) X(maxjoint) X(randinit) X(nnoise) X(touchrange) X(bnoise_struct) X(bnoise_vel) X(odestep) \
          X(odemusclemin) X(odemusclemax) X(odemusclespeed) X(odeairdrag) X(oderotdrag) X(odewaterdrag)     \
              X(odewaterbuoy) X(odeseed) X(odesepsticks) X(odeworlderp) X(odeworldcfm) X(odecolmumin)       \
                  X(odecolmumax) X(odecolbounce) X(odecolbouncevel) X(odecolsoftcfm) X(odecolsofterp)       \
                      X(odeshape) X(expdef) X(usercode) X(energy0) X(e_meta) X(evalcount) X(feed) X(aging)  \
                          X(cr_c) X(cr_life) X(cr_v) X(cr_gl) X(cr_joints) X(cr_nnsiz) X(cr_nncon) X(cr_di) \
                              X(cr_vpos) X(cr_vvel) X(perfperiod) X(stabilperiod) X(stabledist)             \
                                  X(killnostable) X(initial_nn_active) X(initial_perf_measuring)            \
                                      X(initial_self_collisions) X(gk_stepper) X(gk_exactrows)              \
                                          X(gk_iterations) X(gk_stickradius) X(gk_maxvelocity)

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// A simulation setting's value by its Framsticks name (case-insensitive: Energy0), or None.
py::object sim_value(const sim::Settings& s, std::string_view key) {
  const std::string k = lower(key);
#define GK_GET(name) \
  if (k == #name) return py::cast(s.name);
  GK_SIM_FIELDS(GK_GET)
#undef GK_GET
  return py::none();
}

// A simulation setting by its Framsticks name or alias (case-insensitive, so that the attribute
// energy0 finds Energy0).
const sim::SettingInfo* sim_setting(std::string_view key) {
  const std::string k = lower(key);
  for (const sim::SettingInfo& i : sim::settings_table())
    if (lower(i.prop.id) == k || (!i.alias.empty() && lower(i.alias) == k)) return &i;
  return nullptr;
}

// The docstring of a setting's attribute: its name and help from the settings table (kept for the
// life of the module: pybind11 keeps the pointer).
const char* setting_doc(std::string_view member) {
  static std::deque<std::string> docs;
  const sim::SettingInfo* i = sim_setting(member);
  std::string d = i ? std::string(i->prop.id) + ": " + std::string(i->prop.name) : std::string(member);
  if (i && !i->prop.help.empty()) d += ". " + std::string(i->prop.help);
  if (i && i->use != sim::SettingUse::simulated)
    d += i->use == sim::SettingUse::kept ? " (kept; no effect on genokit's simulation)"
                                         : " (genokit simulates only its default)";
  docs.push_back(std::move(d));
  return docs.back().c_str();
}

// Any setting of the chain by its Framsticks name: simulator, operators, dissimilarity.
py::object any_value(const SimSettings& s, std::string_view key) {
  if (sim_setting(key)) return sim_value(s.sim, sim_setting(key)->prop.id);
  {
    const frams::ParamValues* v = &s.similarity.values();
    py::object o = param_value(*v, key);
    if (!o.is_none()) return o;
  }
  return operator_value(s.operators, key);
}

ErrorKind load_error_kind(const Diagnostics& d) {
  for (const Diagnostic& x : d.items())
    if (x.severity == Severity::error && x.code == "core.read-failed") return ErrorKind::file;
  return ErrorKind::parse;
}

// Reads one .sim file (text given, or read from `name` when text is None) on top of `s`.
void read_into(SimSettings& s, const std::string& name, std::optional<std::string> text) {
  Diagnostics d;
  if (!text) {
    text = read_file(name, d);
    if (!text) raise_error(d, ErrorKind::file);
  }
  sim::SettingsLoadOptions so;
  so.base = s.sim;
  so.other = [&](std::string_view k, std::string_view v, const Location& at) {
    return s.operators.take(k, v, d, at) || s.similarity.take(k, v, d, at);
  };
  std::optional<sim::Settings> r;
  {
    py::gil_scoped_release nogil;
    r = sim::parse_settings(*text, name, d, so);
  }
  if (!r || d.has_errors()) raise_error(d, load_error_kind(d));
  s.sim = *r;
  s.sources.push_back(name);
  s.log.push_back({"file", name, *text});
  s.diagnostics.append(d);
}

void set_value(SimSettings& s, const std::string& key, const py::handle& value, bool warn = true) {
  const std::string text = setting_text(value);
  if (text.find('\n') != std::string::npos) throw py::value_error("a setting's value must be one line");
  Diagnostics d;
  bool known = true;
  if (const sim::SettingInfo* info = sim_setting(key)) {
    sim::SettingsLoadOptions so;
    so.base = s.sim;
    const std::string doc =
        std::string(info->object) + ":\n" + std::string(info->prop.id) + ":" + text + "\n";
    std::optional<sim::Settings> r = sim::parse_settings(doc, "<set " + key + ">", d, so);
    if (r && !d.has_errors()) s.sim = *r;
  } else if (!s.operators.take(key, text, d) && !s.similarity.take(key, text, d)) {
    known = false;
  }
  if (!known)
    throw py::key_error("'" + key + "' is no simulation, genetic operator or dissimilarity setting");
  check_assignment(d, key, text, warn);
  s.log.push_back({"set", key, text});
}

// ---- criteria and results ----

// The criteria by framspy's names; counts as ints, as framspy's evaluation JSON has them.
py::dict criteria_dict(const sim::Criteria& c) {
  py::dict d;
  for (std::string_view name : evolution::sim_criteria()) {
    const double v = *evolution::sim_criterion(c, name);
    const bool count = name.starts_with("num") || name == "instances";
    d[py::str(std::string(name))] =
        count ? py::object(py::int_(static_cast<long long>(v))) : py::object(py::float_(v));
  }
  return d;
}

std::string status_text(sim::Status s) {
  return s == sim::Status::running ? "ok" : std::string(sim::to_string(s));
}

// The door's reading of a genotype, or ParseError (bare text: f1, as the SDK and framspy).
genotype::Genotype read_creature(const std::string& text, const std::string& format) {
  Diagnostics d;
  genotype::ReadOptions ro;
  ro.format = format;
  ro.lint = false;
  std::optional<genotype::Genotype> g;
  {
    py::gil_scoped_release nogil;
    g = genotype::read(text, d, ro);
  }
  if (g && !g->model.valid && !d.has_errors())
    d.error("sim.invalid-genotype", "the genotype is not valid, so it has no body to simulate");
  if (!g || !g->model.valid) raise_error(d, ErrorKind::parse);
  return std::move(*g);
}

struct PyModel {
  sim::Model model;
  sim::TrajectorySource source;
  Diagnostics diagnostics;
};

PyModel build(const std::string& text, const SimSettings& s, const std::string& format,
              const std::string& name) {
  genotype::Genotype g = read_creature(text, format);
  Diagnostics d;
  std::optional<sim::Model> m;
  {
    py::gil_scoped_release nogil;
    m = sim::build_model(g.model, s.sim, d);
  }
  if (!m) raise_error(d, ErrorKind::simulation);
  const genotype::Encoding* e = genotype::find_encoding(g.format);
  return {*m, {"", name, e ? e->name : "f" + g.format, text}, d};
}

py::array_t<double> vec3_array(const std::vector<f0::Vec3>& v) {
  py::array_t<double> a({static_cast<py::ssize_t>(v.size()), py::ssize_t{3}});
  auto r = a.mutable_unchecked<2>();
  for (std::size_t i = 0; i < v.size(); ++i) {
    const auto k = static_cast<py::ssize_t>(i);
    r(k, 0) = v[i].x, r(k, 1) = v[i].y, r(k, 2) = v[i].z;
  }
  return a;
}

// One sample as a dict of numpy arrays (Run.sample()).
py::dict sample_dict(const sim::Sample& s) {
  py::dict d;
  d["step"] = s.step;
  d["time"] = s.time;
  d["com"] = vec3_array({s.center_of_mass});
  d["com"] = d["com"].attr("reshape")(3);
  d["parts"] = vec3_array(s.parts);
  py::array_t<double> q({static_cast<py::ssize_t>(s.orientations.size()), py::ssize_t{4}});
  auto r = q.mutable_unchecked<2>();
  for (std::size_t i = 0; i < s.orientations.size(); ++i)
    for (int k = 0; k < 4; ++k)
      r(static_cast<py::ssize_t>(i), k) = s.orientations[i][static_cast<std::size_t>(k)];
  d["orientations"] = q;
  d["neurons"] = py::array_t<double>(static_cast<py::ssize_t>(s.neurons.size()), s.neurons.data());
  d["muscles"] = py::array_t<double>(static_cast<py::ssize_t>(s.muscles.size()), s.muscles.data());
  return d;
}

struct PyTrajectory {
  PyModel model;
  sim::Trajectory t;
  Diagnostics diagnostics;
};

// The recorded samples as numpy arrays: steps (N), time (N), com (N,3), parts (N,P,3),
// orientations (N,P,4), neurons (N,K), muscles (N,M).
py::dict trajectory_arrays(const PyTrajectory& pt) {
  const auto& S = pt.t.samples;
  const auto N = static_cast<py::ssize_t>(S.size());
  const auto P = static_cast<py::ssize_t>(pt.model.model.part_count());
  const auto K = static_cast<py::ssize_t>(S.empty() ? 0 : S[0].neurons.size());
  const auto M = static_cast<py::ssize_t>(pt.model.model.muscle_count());
  py::array_t<std::int64_t> steps(N);
  py::array_t<double> time(N), com({N, py::ssize_t{3}}), parts({N, P, py::ssize_t{3}}),
      orient({N, P, py::ssize_t{4}}), neurons({N, K}), muscles({N, M});
  auto st = steps.mutable_unchecked<1>();
  auto tm = time.mutable_unchecked<1>();
  auto cm = com.mutable_unchecked<2>();
  auto pa = parts.mutable_unchecked<3>();
  auto qu = orient.mutable_unchecked<3>();
  auto ne = neurons.mutable_unchecked<2>();
  auto mu = muscles.mutable_unchecked<2>();
  for (py::ssize_t i = 0; i < N; ++i) {
    const sim::Sample& s = S[static_cast<std::size_t>(i)];
    st(i) = static_cast<std::int64_t>(s.step);
    tm(i) = s.time;
    cm(i, 0) = s.center_of_mass.x, cm(i, 1) = s.center_of_mass.y, cm(i, 2) = s.center_of_mass.z;
    for (py::ssize_t p = 0; p < P && p < static_cast<py::ssize_t>(s.parts.size()); ++p) {
      const f0::Vec3& v = s.parts[static_cast<std::size_t>(p)];
      pa(i, p, 0) = v.x, pa(i, p, 1) = v.y, pa(i, p, 2) = v.z;
      for (int k = 0; k < 4; ++k)
        qu(i, p, k) = s.orientations[static_cast<std::size_t>(p)][static_cast<std::size_t>(k)];
    }
    for (py::ssize_t k = 0; k < K; ++k)
      ne(i, k) =
          k < static_cast<py::ssize_t>(s.neurons.size()) ? s.neurons[static_cast<std::size_t>(k)] : 0.0;
    for (py::ssize_t k = 0; k < M; ++k) mu(i, k) = s.muscles[static_cast<std::size_t>(k)];
  }
  py::dict d;
  d["steps"] = steps, d["time"] = time, d["com"] = com, d["parts"] = parts;
  d["orientations"] = orient, d["neurons"] = neurons, d["muscles"] = muscles;
  return d;
}

const SimSettings& settings_or_default(const SimSettings* s) {
  static const SimSettings defaults;
  return s ? *s : defaults;
}

}  // namespace

void bind_sim(py::module_& m) {
  // ---- Settings ----
  py::class_<SimSettings> settings(m, "Settings", R"doc(
The settings of a `.sim` chain: the simulator's (world, ODE, evaluation), the genetic operators'
(f1_smX, ...) and the dissimilarity measures' (simil_*), read in one pass as Framsticks reads them.

Settings() holds Framsticks' defaults; genokit.sim.load_settings("a.sim;b.sim") reads a chain
(later files win). Every simulation setting is an attribute (its Framsticks name; Energy0 is
``energy0``); settings["f1_smX"] reads any setting, settings["evalcount"] = 1 sets one with the
Framsticks SDK's conversion and clamping (ValueError for a value that is not a number).
)doc");
  settings.def(py::init<>())
      .def("_read", &read_into, py::arg("name"), py::arg("text") = py::none(),
           "Reads one .sim file (`text` given: that text, `name` naming it) on top of these settings.")
      .def(
          "copy", [](const SimSettings& s) { return SimSettings(s); }, "An independent copy.")
      .def("__copy__", [](const SimSettings& s) { return SimSettings(s); })
      .def("__deepcopy__", [](const SimSettings& s, py::dict) { return SimSettings(s); })
      .def(
          "__getitem__",
          [](const SimSettings& s, const std::string& key) {
            py::object v = any_value(s, key);
            if (v.is_none()) throw py::key_error(key);
            return v;
          },
          py::arg("key"))
      .def(
          "__setitem__",
          [](SimSettings& s, const std::string& key, const py::handle& value) { set_value(s, key, value); },
          py::arg("key"), py::arg("value"))
      .def("__contains__",
           [](const SimSettings& s, const std::string& key) { return !any_value(s, key).is_none(); })
      .def(
          "get",
          [](const SimSettings& s, const std::string& key, py::object def) {
            py::object v = any_value(s, key);
            return v.is_none() ? def : v;
          },
          py::arg("key"), py::arg("default") = py::none(), "A setting by its Framsticks name, or `default`.")
      .def_readonly("sources", &SimSettings::sources, "The files (or built-in names) read, in order.")
      .def_property_readonly(
          "diagnostics", [](const SimSettings& s) { return to_python(s.diagnostics); },
          "What reading the files reported (unknown or unsimulated settings, clamped values).")
      .def_property_readonly(
          "operators", [](SimSettings& s) -> genotype::OperatorSettings& { return s.operators; },
          py::return_value_policy::reference_internal, "The genetic operators' settings (genokit.operators).")
      .def_property_readonly(
          "similarity", [](SimSettings& s) -> similarity::SimilaritySettings& { return s.similarity; },
          py::return_value_policy::reference_internal, "The dissimilarity settings (genokit.similarity).")
      .def(py::pickle(
          [](const SimSettings& s) {
            py::list steps;
            for (const SimSettings::Step& x : s.log) steps.append(py::make_tuple(x.kind, x.name, x.text));
            return steps;
          },
          [](const py::list& steps) {
            // Replayed quietly: the warnings were shown where the settings were made.
            SimSettings s;
            for (const py::handle& h : steps) {
              const auto t = h.cast<std::tuple<std::string, std::string, std::string>>();
              if (std::get<0>(t) == "file") {
                read_into(s, std::get<1>(t), std::get<2>(t));
              } else {
                set_value(s, std::get<1>(t), py::str(std::get<2>(t)), false);
              }
            }
            return s;
          }))
      .def("__repr__", [](const SimSettings& s) {
        std::string out = "<genokit.sim.Settings";
        for (const std::string& f : s.sources) out += " " + f;
        return out + ">";
      });
  // Setting an attribute is settings["name"] = value (the SDK's conversion and clamping).
#define GK_PROP(name)                                         \
  settings.def_property(                                      \
      #name, [](const SimSettings& s) { return s.sim.name; }, \
      [](SimSettings& s, const py::object& v) { set_value(s, #name, v); }, setting_doc(#name));
  GK_SIM_FIELDS(GK_PROP)
#undef GK_PROP

  m.def(
      "settings_table",
      [] {
        py::list out;
        for (const sim::SettingInfo& i : sim::settings_table()) {
          py::dict d = property_dict(i.prop);
          d["use"] = i.use == sim::SettingUse::simulated ? "simulated"
                     : i.use == sim::SettingUse::kept    ? "kept"
                                                         : "unsupported";
          d["object"] = std::string(i.object);
          d["alias"] = std::string(i.alias);
          out.append(d);
        }
        return out;
      },
      "Every simulation setting: id, type, min, max, default, name, help, use, object, alias.");

  // ---- Model ----
  py::class_<PyModel>(m, "Model", "A creature's body built for simulation (immutable; shared by runs).")
      .def_property_readonly(
          "part_count", [](const PyModel& p) { return p.model.part_count(); }, "Parts (P).")
      .def_property_readonly(
          "stick_count", [](const PyModel& p) { return p.model.stick_count(); },
          "Sticks: f0 joints simulated as capsules.")
      .def_property_readonly(
          "body_count", [](const PyModel& p) { return p.model.body_count(); },
          "ODE rigid bodies (rigidly connected sticks share one).")
      .def_property_readonly(
          "link_count", [](const PyModel& p) { return p.model.link_count(); },
          "ODE joints between bodies (ball joints of muscles, fixed joints).")
      .def_property_readonly(
          "joint_count", [](const PyModel& p) { return p.model.joint_count(); },
          "f0 joints (sticks and fixed joints).")
      .def_property_readonly(
          "neuron_count", [](const PyModel& p) { return p.model.neuron_count(); }, "Neurons (K).")
      .def_property_readonly(
          "connection_count", [](const PyModel& p) { return p.model.connection_count(); },
          "Neural connections.")
      .def_property_readonly(
          "muscle_count", [](const PyModel& p) { return p.model.muscle_count(); },
          "Bend and twist muscles that drive a joint (M).")
      .def_property_readonly(
          "mass", [](const PyModel& p) { return p.model.mass(); }, "Total mass.")
      .def_property_readonly(
          "exact_stepper", [](const PyModel& p) { return p.model.exact_stepper(); },
          "True: stepped by ODE's dWorldStep (exact); False: QuickStep (gk_stepper).")
      .def_property_readonly(
          "initial_part_positions",
          [](const PyModel& p) { return vec3_array(p.model.initial_part_positions()); },
          "(P, 3) part positions with central placement on flat ground.")
      .def_property_readonly(
          "encoding", [](const PyModel& p) { return p.source.encoding; },
          "The genotype's encoding: 'f0', 'f1', ...")
      .def_property_readonly(
          "genotype", [](const PyModel& p) { return p.source.genotype; },
          "The genotype text it was built from.")
      .def_property_readonly(
          "diagnostics", [](const PyModel& p) { return to_python(p.diagnostics); },
          "What building it reported (neurons that cannot act on the body, ...).")
      .def("__repr__", [](const PyModel& p) {
        return "<genokit.sim.Model " + p.source.encoding + ": " + std::to_string(p.model.part_count()) +
               " parts, " + std::to_string(p.model.body_count()) + " bodies, " +
               std::to_string(p.model.muscle_count()) + " muscles>";
      });

  m.def(
      "build",
      [](const std::string& genotype, const SimSettings* s, const std::string& format,
         const std::string& name) { return build(genotype, settings_or_default(s), format, name); },
      py::arg("genotype"), py::arg("settings") = nullptr, py::arg("format") = "", py::arg("name") = "",
      "The body of a genotype built for simulation (see genokit.sim.build).");

  // ---- Run ----
  py::class_<sim::Run>(m, "Run", R"doc(
One simulation of a Model stepped by hand: its own ODE world and neural network. Run(model, seed=0,
brain=True) places the creature (central or random, as the settings say) at rest; the brain is
off until brain_active is set (or from birth with initial_nn_active 1), metabolism off until
set_metabolism(True). step(n) advances n steps and returns the status.)doc")
      .def(py::init([](const PyModel& p, std::uint64_t seed, bool brain) {
             py::gil_scoped_release nogil;
             return sim::Run(p.model, {seed, brain});
           }),
           py::arg("model"), py::arg("seed") = 0, py::arg("brain") = true, py::keep_alive<1, 2>())
      .def(
          "step",
          [](sim::Run& r, std::size_t n) {
            sim::Status s;
            {
              py::gil_scoped_release nogil;
              s = r.step(n);
            }
            return status_text(s);
          },
          py::arg("n") = 1,
          "Up to n steps (fewer when the run becomes unstable); the status after: 'ok', 'unstable', "
          "'failed'.")
      .def(
          "sample", [](const sim::Run& r) { return sample_dict(r.sample()); },
          "The state now: dict of step, time, com (3), parts (P, 3), orientations (P, 4: w, x, y, z), "
          "neurons (K), muscles (M).")
      .def_property("brain_active", &sim::Run::brain_active, &sim::Run::set_brain_active,
                    "Whether the neural network steps (and drives the muscles).")
      .def("set_metabolism", &sim::Run::set_metabolism, py::arg("on"), "Turns idle energy use on or off.")
      .def_property_readonly("energy", &sim::Run::energy, "Current energy.")
      .def_property_readonly("initial_energy", &sim::Run::initial_energy, "m.se x Energy0 x joints.")
      .def_property_readonly(
          "status", [](const sim::Run& r) { return status_text(r.status()); },
          "'ok' while running, 'unstable' or 'failed' after.")
      .def_property_readonly("message", &sim::Run::message, "Why the run is not running ('' while it is).")
      .def_property_readonly("steps", &sim::Run::steps, "Steps taken.")
      .def_property_readonly("time", &sim::Run::time, "Simulated seconds (steps x odestep).")
      .def_property_readonly(
          "center_of_mass",
          [](const sim::Run& r) {
            const f0::Vec3 c = r.center_of_mass();
            return py::array_t<double>(3, std::array<double, 3>{c.x, c.y, c.z}.data());
          },
          "The centre of mass (3,).")
      .def_property_readonly("kinetic_energy", &sim::Run::kinetic_energy,
                             "Linear and rotational kinetic energy.")
      .def_property_readonly("potential_energy", &sim::Run::potential_energy,
                             "Gravitational potential energy (height above z = 0).")
      .def_property_readonly("contacts_last_step", &sim::Run::contacts_last_step,
                             "Contact points of the last step.")
      .def("muscle_state", &sim::Run::muscle_state, py::arg("muscle"), "A muscle's state (-1..1).")
      .def("muscle_angle", &sim::Run::muscle_angle, py::arg("muscle"),
           "The angle (radians) of the axis a muscle drives, relative to the rest pose.")
      .def("neuron_output", &sim::Run::neuron_output, py::arg("neuron"), "A neuron's committed output.");

  // ---- simulate ----
  py::class_<PyTrajectory>(m, "_Trajectory")
      .def("arrays", &trajectory_arrays)
      .def_property_readonly("status", [](const PyTrajectory& t) { return status_text(t.t.status); })
      .def_property_readonly("message", [](const PyTrajectory& t) { return t.t.message; })
      .def_property_readonly("died", [](const PyTrajectory& t) { return t.t.died; })
      .def_property_readonly("sample_every", [](const PyTrajectory& t) { return t.t.sample_every; })
      .def_property_readonly("dt", [](const PyTrajectory& t) { return t.model.model.settings().odestep; })
      .def_property_readonly("criteria",
                             [](const PyTrajectory& t) -> py::object {
                               return t.t.criteria ? py::object(criteria_dict(*t.t.criteria))
                                                   : py::object(py::none());
                             })
      .def_property_readonly("diagnostics", [](const PyTrajectory& t) { return to_python(t.diagnostics); })
      .def_property_readonly("model", [](const PyTrajectory& t) { return t.model; })
      .def(
          "to_json",
          [](const PyTrajectory& t, const std::string& file) {
            sim::TrajectorySource src = t.model.source;
            src.file = file;
            return sim::trajectory_json(t.model.model, t.t, src);
          },
          py::arg("file") = "")
      .def("to_csv", [](const PyTrajectory& t) { return sim::trajectory_csv(t.model.model, t.t); });

  m.def(
      "simulate",
      [](const PyModel& model, std::size_t steps, std::size_t every, std::uint64_t seed) {
        PyTrajectory out{model, {}, {}};
        py::gil_scoped_release nogil;
        out.t = sim::simulate(model.model, out.diagnostics, {steps, every, seed});
        return out;
      },
      py::arg("model"), py::arg("steps") = 1000, py::arg("sample_every") = 1, py::arg("seed") = 0);

  // ---- evaluate ----
  py::class_<sim::GenotypeResult>(m, "EvalResult", R"doc(
One genotype's standard evaluation: status ('ok', 'invalid', 'unstable', 'failed'), message,
diagnostics, criteria (means over the evaluations; None unless ok), evaluations (each one's
criteria), seconds (wall-clock time of one evaluation, framspy's 'time').)doc")
      .def_property_readonly(
          "status", [](const sim::GenotypeResult& r) { return std::string(sim::to_string(r.status)); },
          "'ok', 'invalid' (unreadable, not valid, too large, not buildable), 'unstable' (blew up) or "
          "'failed'.")
      .def_property_readonly(
          "ok", [](const sim::GenotypeResult& r) { return r.status == sim::EvalStatus::ok; },
          "status == 'ok'.")
      .def_readonly("message", &sim::GenotypeResult::message, "One sentence when not ok.")
      .def_property_readonly(
          "diagnostics", [](const sim::GenotypeResult& r) { return to_python(r.diagnostics); },
          "Everything reading, building and running it reported.")
      .def_property_readonly(
          "criteria",
          [](const sim::GenotypeResult& r) -> py::object {
            return r.criteria ? py::object(criteria_dict(*r.criteria)) : py::object(py::none());
          },
          "The criteria by framspy's names, means over the evaluations (None unless ok).")
      .def_property_readonly(
          "evaluations",
          [](const sim::GenotypeResult& r) {
            py::list out;
            for (const sim::Criteria& c : r.evaluations) out.append(criteria_dict(c));
            return out;
          },
          "Each evaluation's criteria (evalcount of them; empty unless ok).")
      .def_readonly("seconds", &sim::GenotypeResult::seconds,
                    "Mean wall-clock seconds of one evaluation (framspy's 'time'; not deterministic).")
      .def("__repr__", [](const sim::GenotypeResult& r) {
        std::string s = "<genokit.sim.EvalResult " + std::string(sim::to_string(r.status));
        if (r.criteria) s += " velocity=" + py::repr(py::float_(r.criteria->velocity)).cast<std::string>();
        if (!r.message.empty()) s += ": " + r.message;
        return s + ">";
      });

  m.def(
      "evaluate",
      [](const std::vector<std::string>& genotypes, const SimSettings* s, std::uint64_t seed, unsigned jobs,
         std::size_t max_steps, double max_seconds, std::size_t max_parts, std::size_t max_joints,
         std::size_t max_neurons, const std::string& format, bool processes) {
        if (max_steps == 0) throw py::value_error("max_steps must be at least 1");
        if (!(max_seconds >= 0)) throw py::value_error("max_seconds must be 0 (no limit) or positive");
        if (!format.empty() && !genotype::find_encoding(format))
          throw py::value_error("unknown genetic format '" + format +
                                "' (known: " + genotype::encoding_names() + ")");
        sim::EvaluateOptions o;
        o.seed = seed, o.jobs = jobs, o.processes = processes, o.max_steps = max_steps;
        o.max_seconds = max_seconds, o.limits = {max_parts, max_joints, max_neurons}, o.format = format;
        Diagnostics d;
        std::vector<sim::GenotypeResult> r;
        {
          py::gil_scoped_release nogil;
          r = sim::evaluate(genotypes, settings_or_default(s).sim, d, o);
        }
        if (d.has_errors()) raise_error(d, ErrorKind::simulation);
        return r;
      },
      py::arg("genotypes"), py::arg("settings") = nullptr, py::arg("seed") = 0, py::arg("jobs") = 0,
      py::arg("max_steps") = 100000, py::arg("max_seconds") = 0.0, py::arg("max_parts") = 1000,
      py::arg("max_joints") = 1000, py::arg("max_neurons") = 1000, py::arg("format") = "",
      py::arg("processes") = true);

  m.def(
      "framspy_json",
      [](const std::vector<sim::GenotypeResult>& results, const std::vector<std::string>& names) {
        if (!names.empty() && names.size() != results.size())
          throw py::value_error("names must be empty or one per result");
        return sim::framspy_json(results, names);
      },
      py::arg("results"), py::arg("names") = std::vector<std::string>{});

  m.def(
      "sizes",
      [](const std::string& genotype, const std::string& format) -> py::object {
        Diagnostics d;
        genotype::ReadOptions ro;
        ro.format = format;
        ro.lint = false;
        std::optional<genotype::Genotype> g;
        {
          py::gil_scoped_release nogil;
          g = genotype::read(genotype, d, ro);
        }
        if (!g || !g->model.valid) return py::none();
        const f0::Model& mo = g->model;
        return py::make_tuple(mo.parts.size(), mo.joints.size(), mo.neurons.size(), mo.connections.size());
      },
      py::arg("genotype"), py::arg("format") = "",
      "(parts, joints, neurons, connections) of the genotype's f0 model, or None when it is not valid.");

  m.def("criteria_names", [] {
    py::list out;
    for (std::string_view n : evolution::sim_criteria()) out.append(std::string(n));
    return out;
  });
}

}  // namespace genokit::python
