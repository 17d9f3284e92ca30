// genokit._genokit.xode: XODE scenes (load from a path or text, validate, write), their bodies, geoms
// and joints as numpy columns, and ODE worlds built from them, stepped without the GIL with the body
// states as numpy arrays.
#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include <cmath>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "arrays.hpp"
#include "bindings.hpp"
#include "genokit/core/file_io.hpp"
#include "genokit/physics/world.hpp"
#include "genokit/xode/load.hpp"

namespace genokit::python {

namespace {

struct PyScene {
  xode::Document doc;
  xode::Scene scene;
  Diagnostics diags;
  py::object bodies, geoms, joints;  // tables, made on first use
};
using ScenePtr = std::shared_ptr<PyScene>;

struct PyWorld {
  std::optional<physics::World> world;
  double dt = 0.01;
  std::uint64_t steps = 0;
  std::string name;  // the scene's file, for diagnostics
};
using WorldPtr = std::shared_ptr<PyWorld>;

xode::LoadOptions load_options(const std::string& name, const std::string& compat, bool lenient,
                               int trimesh_index_base) {
  xode::LoadOptions lo;
  lo.read.file = name;
  lo.read.lenient = lenient;
  lo.build.compat = static_cast<xode::Compat>(choice("compat", compat, {"standard", "pyode", "pybrain"}));
  if (trimesh_index_base != 0 && trimesh_index_base != 1)
    throw py::value_error("trimesh_index_base must be 0 or 1");
  lo.build.trimesh_index_base = trimesh_index_base;
  return lo;
}

ScenePtr load_bytes(std::string bytes, const xode::LoadOptions& lo) {
  auto p = std::make_shared<PyScene>();
  std::optional<xode::Loaded> loaded;
  {
    py::gil_scoped_release unlocked;
    loaded = xode::load(bytes, p->diags, lo);
  }
  if (!loaded) raise_error(p->diags, ErrorKind::parse);
  p->doc = std::move(loaded->doc);
  p->scene = std::move(loaded->scene);
  return p;
}

py::array_t<double> vec3_rows(std::size_t n, const std::function<xode::Vec3(std::size_t)>& at) {
  return rows<3>(n, [&](std::size_t i, double* out) {
    const xode::Vec3 v = at(i);
    out[0] = v[0], out[1] = v[1], out[2] = v[2];
  });
}

py::array_t<double> mat3_rows(std::size_t n, const std::function<xode::Mat3(std::size_t)>& at) {
  py::array_t<double> a({static_cast<py::ssize_t>(n), py::ssize_t{3}, py::ssize_t{3}});
  double* p = a.mutable_data();
  for (std::size_t i = 0; i < n; ++i) {
    const xode::Mat3 m = at(i);
    std::copy(m.begin(), m.end(), p + 9 * i);
  }
  return a;
}

py::object bodies_table(const xode::Scene& s) {
  const auto& b = s.bodies;
  py::dict c;
  c["name"] = strings(b.size(), [&](std::size_t i) { return b[i].name; });
  c["path"] = strings(b.size(), [&](std::size_t i) { return b[i].path; });
  c["world"] = column<std::int32_t>(b.size(), [&](std::size_t i) { return b[i].world; });
  c["position"] = vec3_rows(b.size(), [&](std::size_t i) { return b[i].position; });
  c["rotation"] = mat3_rows(b.size(), [&](std::size_t i) { return b[i].rotation; });
  c["mass"] = column<double>(b.size(), [&](std::size_t i) { return b[i].has_mass ? b[i].mass.mass : 1.0; });
  c["center"] = vec3_rows(b.size(), [&](std::size_t i) { return b[i].mass.c; });
  c["inertia"] = mat3_rows(b.size(), [&](std::size_t i) { return b[i].mass.I; });
  c["linear_velocity"] = vec3_rows(b.size(), [&](std::size_t i) { return b[i].linear_velocity; });
  c["angular_velocity"] = vec3_rows(b.size(), [&](std::size_t i) { return b[i].angular_velocity; });
  c["enabled"] = column<bool>(b.size(), [&](std::size_t i) { return b[i].enabled; });
  return table("bodies", b.size(), c);
}

py::object geoms_table(const xode::Scene& s) {
  const auto& g = s.geoms;
  py::dict c;
  c["name"] = strings(g.size(), [&](std::size_t i) { return g[i].name; });
  c["path"] = strings(g.size(), [&](std::size_t i) { return g[i].path; });
  c["shape"] = strings(g.size(), [&](std::size_t i) { return xode::to_string(g[i].shape); });
  c["body"] = column<std::int32_t>(g.size(), [&](std::size_t i) { return g[i].body; });
  c["space"] = column<std::int32_t>(g.size(), [&](std::size_t i) { return g[i].space; });
  c["position"] = vec3_rows(g.size(), [&](std::size_t i) { return g[i].position; });
  c["rotation"] = mat3_rows(g.size(), [&](std::size_t i) { return g[i].rotation; });
  py::list params;
  for (const auto& x : g) {
    py::array_t<double> a(static_cast<py::ssize_t>(x.params.size()));
    std::copy(x.params.begin(), x.params.end(), a.mutable_data());
    params.append(a);
  }
  c["params"] = params;
  return table("geoms", g.size(), c);
}

py::object joints_table(const xode::Scene& s) {
  const auto& j = s.joints;
  py::dict c;
  c["name"] = strings(j.size(), [&](std::size_t i) { return j[i].name; });
  c["path"] = strings(j.size(), [&](std::size_t i) { return j[i].path; });
  c["type"] = strings(j.size(), [&](std::size_t i) { return xode::to_string(j[i].type); });
  c["body1"] = column<std::int32_t>(j.size(), [&](std::size_t i) { return j[i].body1; });
  c["body2"] = column<std::int32_t>(j.size(), [&](std::size_t i) { return j[i].body2; });
  c["anchor"] = vec3_rows(j.size(), [&](std::size_t i) { return j[i].anchor; });
  c["has_anchor"] = column<bool>(j.size(), [&](std::size_t i) { return j[i].has_anchor; });
  c["axis_count"] = column<std::int32_t>(j.size(), [&](std::size_t i) { return j[i].axes.size(); });
  return table("joints", j.size(), c);
}

py::object cached(py::object& slot, const xode::Scene& s, py::object (*make)(const xode::Scene&)) {
  if (!slot) slot = make(s);
  return slot;
}

// Gravity as (x, y, z), "keep" (the scene's) or "ext" (a world-level <ext> <gravity>, else the default).
std::optional<xode::Vec3> gravity_arg(py::handle g, const xode::Scene& s) {
  if (py::isinstance<py::str>(g)) {
    switch (choice("gravity", g.cast<std::string>(), {"keep", "ext"})) {
      case 0:
        return std::nullopt;
      default:
        return s.has_ext_gravity ? s.ext_gravity : xode::Vec3{0, -9.81, 0};
    }
  }
  std::vector<double> v;
  try {
    v = g.cast<std::vector<double>>();
  } catch (const py::cast_error&) {
    throw py::type_error("gravity must be three numbers, 'keep' or 'ext'");
  }
  if (v.size() != 3 || !std::isfinite(v[0]) || !std::isfinite(v[1]) || !std::isfinite(v[2]))
    throw py::value_error("gravity must be three finite numbers");
  return xode::Vec3{v[0], v[1], v[2]};
}

WorldPtr make_world(const PyScene& p, double dt, py::handle gravity, bool quickstep, int quickstep_iterations,
                    const std::string& contact, std::optional<double> mu, int max_contacts,
                    bool collide_connected) {
  if (!(dt > 0) || !std::isfinite(dt)) throw py::value_error("dt must be a positive number of seconds");
  if (quickstep_iterations < 1) throw py::value_error("quickstep_iterations must be at least 1");
  if (max_contacts < 1) throw py::value_error("max_contacts must be at least 1");
  if (mu && !(*mu >= 0)) throw py::value_error("mu must be >= 0");
  physics::SimOptions so;
  so.dt = dt;
  so.gravity = gravity_arg(gravity, p.scene);
  so.quickstep = quickstep;
  so.quickstep_iterations = quickstep_iterations;
  so.contact_model = choice("contact", contact, {"simple", "pybrain"}) == 0 ? physics::ContactModel::simple
                                                                            : physics::ContactModel::pybrain;
  so.mu = mu;
  so.max_contacts = max_contacts;
  so.collide_connected = collide_connected;
  auto w = std::make_shared<PyWorld>();
  w->dt = dt;
  w->name = p.doc.file;
  Diagnostics diags;
  bool configured = false;
  {
    py::gil_scoped_release unlocked;
    w->world = physics::build_world(p.scene, diags, {&p.doc});
    if (w->world) configured = w->world->configure(so, diags);
  }
  if (!p.doc.file.empty()) diags.set_file(p.doc.file);
  if (!w->world) raise_error(diags, ErrorKind::simulation);
  if (!configured) raise_error(diags, ErrorKind::simulation);
  return w;
}

// Steps `n` times; raises SimulationError when ODE stopped or (raise_diverged) a body position stopped
// being finite, right after the step that did it.
void step_world(PyWorld& w, long long n, bool raise_diverged) {
  if (n < 0) throw py::value_error("steps must be >= 0");
  Diagnostics diags;
  bool ok = true, finite = true;
  {
    py::gil_scoped_release unlocked;
    for (long long k = 0; k < n && ok && finite; ++k) {
      ok = w.world->step(diags);
      if (!ok) break;
      ++w.steps;
      if (raise_diverged) finite = w.world->finite();
    }
  }
  if (!w.name.empty()) diags.set_file(w.name);
  if (!ok) raise_error(diags, ErrorKind::simulation);
  if (!finite) {
    diags.error(
        "physics.diverged",
        "the simulation diverged: a body position is no longer finite after step " + std::to_string(w.steps));
    if (!w.name.empty()) diags.set_file(w.name);
    raise_error(diags, ErrorKind::simulation);
  }
}

template <class Fn>
py::array_t<double> pose_rows(const physics::World& w, std::size_t width, Fn&& fill) {
  const std::size_t n = w.body_count();
  py::array_t<double> a({static_cast<py::ssize_t>(n), static_cast<py::ssize_t>(width)});
  double* p = a.mutable_data();
  for (std::size_t i = 0; i < n; ++i) fill(w.body_pose(i), p + i * width);
  return a;
}

void put3(const xode::Vec3& v, double* out) {
  out[0] = v[0], out[1] = v[1], out[2] = v[2];
}

}  // namespace

void bind_xode(py::module_& m) {
  py::class_<PyScene, ScenePtr>(
      m, "Scene",
      "An XODE document and the scene it describes: worlds, spaces, bodies, geoms and "
      "joints resolved to final poses, masses and links.")
      .def_property_readonly(
          "file_name", [](const PyScene& p) { return p.doc.file; }, "the name it was read under")
      .def_property_readonly(
          "compat", [](const PyScene& p) { return std::string(xode::to_string(p.scene.compat)); },
          "'standard', 'pyode' or 'pybrain': how the document was interpreted")
      .def_property_readonly(
          "diagnostics", [](const PyScene& p) { return to_python(p.diags); },
          "the warnings of loading it (list of genokit.Diagnostic)")
      .def_property_readonly(
          "bodies", [](PyScene& p) { return cached(p.bodies, p.scene, bodies_table); },
          "genokit.Table: name, path, world, position (n,3), rotation (n,3,3; world = R @ local), mass, "
          "center (n,3), inertia (n,3,3), linear_velocity, angular_velocity (n,3), enabled")
      .def_property_readonly(
          "geoms", [](PyScene& p) { return cached(p.geoms, p.scene, geoms_table); },
          "genokit.Table: name, path, shape ('box', 'sphere', ...), body (-1: static), space, position, "
          "rotation, params (list of arrays: box lx ly lz, sphere r, capsule/cylinder r len, plane a b c d)")
      .def_property_readonly(
          "joints", [](PyScene& p) { return cached(p.joints, p.scene, joints_table); },
          "genokit.Table: name, path, type ('hinge', 'ball', ...), body1, body2 (-1: the environment), "
          "anchor "
          "(n,3), has_anchor, axis_count")
      .def(
          "text",
          [](const PyScene& p, int indent, bool declaration) {
            if (indent < 0 || indent > 16) throw py::value_error("indent must be 0..16");
            return xode::write_document(p.doc, {indent, declaration});
          },
          py::arg("indent") = 2, py::arg("declaration") = true,
          "The document as canonical XODE text (comments and <ext> kept).")
      .def(
          "save",
          [](const PyScene& p, const std::filesystem::path& path, int indent) {
            const std::string t = xode::write_document(p.doc, {indent, true});
            Diagnostics d;
            if (!write_file_atomic(path.string(), t, d)) raise_error(d, ErrorKind::file);
          },
          py::arg("path"), py::arg("indent") = 2, "Writes text() to `path` atomically.")
      .def(
          "to_json", [](const PyScene& p) { return xode::to_json(p.scene); },
          "The resolved scene as JSON (`genokit show --json`).")
      .def(
          "to_dict", [](const PyScene& p) { return json_loads(xode::to_json(p.scene)); },
          "to_json() as Python objects.")
      .def("world", &make_world, py::kw_only(), py::arg("dt") = 0.01,
           py::arg("gravity") = py::make_tuple(0.0, -9.81, 0.0), py::arg("quickstep") = false,
           py::arg("quickstep_iterations") = 20, py::arg("contact") = "simple", py::arg("mu") = py::none(),
           py::arg("max_contacts") = 8, py::arg("collide_connected") = false,
           "Builds the scene in an ODE 0.16 world ready to step (options as `genokit simulate`): dt in "
           "seconds, "
           "gravity (x, y, z), 'keep' (the scene's) or 'ext' (a world <ext> <gravity>), quickstep "
           "(dWorldQuickStep), "
           "contact 'simple' (Coulomb friction mu, default 1) or 'pybrain' (PyBrain's surface, mu 8). "
           "genokit.SimulationError when the scene holds something ODE would abort on.")
      .def("__repr__", [](const PyScene& p) {
        return "<genokit.xode.Scene " + p.doc.file + ": " + std::to_string(p.scene.bodies.size()) +
               " bodies, " + std::to_string(p.scene.geoms.size()) + " geoms, " +
               std::to_string(p.scene.joints.size()) + " joints>";
      });

  py::class_<PyWorld, WorldPtr>(
      m, "World",
      "An ODE world built from a Scene. step() and run() release the GIL; body states "
      "are numpy arrays in the scene's body order.")
      .def(
          "step",
          [](PyWorld& w, long long steps, const std::string& errors) {
            step_world(w, steps, raises(errors));
          },
          py::arg("steps") = 1, py::kw_only(), py::arg("errors") = "raise",
          "Steps the world `steps` times. genokit.SimulationError when ODE stops; with errors='raise' also "
          "when a "
          "body position stops being finite (the simulation blew up; errors='keep' goes on).")
      .def(
          "run",
          [](PyWorld& w, long long steps, long long every, const std::string& errors) {
            if (steps < 0) throw py::value_error("steps must be >= 0");
            if (every < 1) throw py::value_error("every must be >= 1");
            const bool raise = raises(errors);
            physics::World& world = *w.world;
            const std::size_t n = world.body_count();
            std::vector<long long> recorded{0};
            for (long long s = every; s <= steps; s += every) recorded.push_back(s);
            if (recorded.back() != steps) recorded.push_back(steps);
            const auto k = static_cast<py::ssize_t>(recorded.size());
            const auto nb = static_cast<py::ssize_t>(n);
            py::array_t<double> time(k), pos({k, nb, py::ssize_t{3}}), quat({k, nb, py::ssize_t{4}}),
                vel({k, nb, py::ssize_t{3}});
            double *tp = time.mutable_data(), *pp = pos.mutable_data(), *qp = quat.mutable_data(),
                   *vp = vel.mutable_data();
            const std::uint64_t start = w.steps;
            auto record = [&](std::size_t r) {
              tp[r] = static_cast<double>(w.steps) * w.dt;
              for (std::size_t i = 0; i < n; ++i) {
                const physics::Pose p = world.body_pose(i);
                put3(p.position, pp + (r * n + i) * 3);
                std::copy(p.quaternion.begin(), p.quaternion.end(), qp + (r * n + i) * 4);
                put3(p.linear_velocity, vp + (r * n + i) * 3);
              }
            };
            record(0);
            for (std::size_t r = 1; r < recorded.size(); ++r) {
              step_world(w, recorded[r] - static_cast<long long>(w.steps - start), raise);
              record(r);
            }
            py::dict out;
            out["time"] = time;
            out["position"] = pos;
            out["quaternion"] = quat;
            out["linear_velocity"] = vel;
            return out;
          },
          py::arg("steps"), py::kw_only(), py::arg("every") = 1, py::arg("errors") = "raise",
          "Steps `steps` times, recording the state before the first step, every `every`-th step and the "
          "last: "
          "a dict of numpy arrays time (k,), position (k, bodies, 3), quaternion (k, bodies, 4; w x y z) and "
          "linear_velocity (k, bodies, 3). Errors as for step().")
      .def_property_readonly(
          "positions",
          [](PyWorld& w) {
            return pose_rows(*w.world, 3, [](const physics::Pose& p, double* o) { put3(p.position, o); });
          },
          "(bodies, 3) body positions now")
      .def_property_readonly(
          "quaternions",
          [](PyWorld& w) {
            return pose_rows(*w.world, 4, [](const physics::Pose& p, double* o) {
              std::copy(p.quaternion.begin(), p.quaternion.end(), o);
            });
          },
          "(bodies, 4) body orientations now (w, x, y, z, as ODE holds them)")
      .def_property_readonly(
          "linear_velocities",
          [](PyWorld& w) {
            return pose_rows(*w.world, 3,
                             [](const physics::Pose& p, double* o) { put3(p.linear_velocity, o); });
          },
          "(bodies, 3) linear velocities now")
      .def_property_readonly(
          "angular_velocities",
          [](PyWorld& w) {
            return pose_rows(*w.world, 3,
                             [](const physics::Pose& p, double* o) { put3(p.angular_velocity, o); });
          },
          "(bodies, 3) angular velocities now")
      .def_property_readonly(
          "steps_done", [](const PyWorld& w) { return w.steps; }, "steps taken so far")
      .def_property_readonly(
          "time", [](const PyWorld& w) { return static_cast<double>(w.steps) * w.dt; },
          "simulated seconds so far")
      .def_property_readonly(
          "dt", [](const PyWorld& w) { return w.dt; }, "the step size in seconds")
      .def_property_readonly(
          "body_count", [](const PyWorld& w) { return w.world->body_count(); }, "bodies")
      .def_property_readonly(
          "contacts_last_step", [](const PyWorld& w) { return w.world->contacts_last_step(); },
          "contacts made in the last step")
      .def_property_readonly(
          "contacts_total", [](const PyWorld& w) { return w.world->contacts_total(); },
          "contacts made in every step so far")
      .def_property_readonly(
          "max_contacts_in_step", [](const PyWorld& w) { return w.world->max_contacts_in_step(); },
          "the most contacts of one step")
      .def_property_readonly(
          "finite", [](const PyWorld& w) { return w.world->finite(); },
          "every body position is finite (False once the simulation blew up)")
      .def("__repr__", [](const PyWorld& w) {
        return "<genokit.xode.World " + std::to_string(w.world->body_count()) + " bodies, " +
               std::to_string(w.steps) + " steps>";
      });

  m.def(
      "parse",
      [](py::handle t, const std::string& name, const std::string& compat, bool lenient,
         int trimesh_index_base) {
        return load_bytes(text_bytes(t, "text"), load_options(name, compat, lenient, trimesh_index_base));
      },
      py::arg("text"), py::kw_only(), py::arg("name") = "<string>", py::arg("compat") = "standard",
      py::arg("lenient") = false, py::arg("trimesh_index_base") = 1,
      "Reads XODE text (str or bytes) into a Scene: XML, schema validation (standard mode), the scene "
      "resolved. "
      "compat: 'standard' (XODE 1.0r22), 'pyode' or 'pybrain' (what those importers build). lenient: accept "
      "<world> roots, self-closed <xode/>, undeclared Latin-1 (with warnings). genokit.ParseError (with line "
      "and "
      "column) for a document that does not load.");
  m.def(
      "load",
      [](const std::filesystem::path& path, const std::string& compat, bool lenient, int trimesh_index_base) {
        const xode::LoadOptions lo = load_options(path.string(), compat, lenient, trimesh_index_base);
        Diagnostics d;
        std::optional<std::string> bytes = read_file(path.string(), d);
        if (!bytes) raise_error(d, ErrorKind::file);
        return load_bytes(std::move(*bytes), lo);
      },
      py::arg("path"), py::kw_only(), py::arg("compat") = "standard", py::arg("lenient") = false,
      py::arg("trimesh_index_base") = 1, "parse() of a file; genokit.FileError when it cannot be read.");
  m.def(
      "validate",
      [](py::handle t, const std::string& name, const std::string& compat, bool lenient) {
        const xode::LoadOptions lo = load_options(name, compat, lenient, 1);
        const std::string bytes = text_bytes(t, "text");
        Diagnostics d;
        {
          py::gil_scoped_release unlocked;
          xode::load(bytes, d, lo);
        }
        return to_python(d);
      },
      py::arg("text"), py::kw_only(), py::arg("name") = "<string>", py::arg("compat") = "standard",
      py::arg("lenient") = false,
      "Every diagnostic of loading XODE text (list of genokit.Diagnostic, never raising for a bad document): "
      "it loads when none is an error.");
}

}  // namespace genokit::python
