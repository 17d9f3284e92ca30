// genokit._genokit.neuro: Framsticks neural networks built from a genotype (text or Model), stepped
// as SDK r909 steps them, outputs as numpy; populations of networks stepped on every core into one
// numpy array, without the GIL.
#include <pybind11/stl.h>

#include <cmath>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "arrays.hpp"
#include "bindings.hpp"
#include "genokit/core/parallel.hpp"
#include "genokit/neuro/describe.hpp"
#include "genokit/neuro/network.hpp"
#include "genokit/neuro/plot.hpp"
#include "genokit/neuro/population.hpp"
#include "genokit/neuro/trace.hpp"
#include "model.hpp"

namespace genokit::python {

namespace {

struct PyNetwork {
  neuro::Network net;
  bool valid = true;  // the genotype's verdict (an invalid one runs the neurons it holds)
};
using NetworkPtr = std::shared_ptr<PyNetwork>;

struct PyPopulation {
  std::vector<neuro::Network> nets;
  std::size_t widest = 0;  // the most neurons of one network
};
using PopulationPtr = std::shared_ptr<PyPopulation>;

neuro::Settings settings(double randinit, double nnoise, std::uint32_t seed) {
  if (!(randinit >= 0) || !std::isfinite(randinit))
    throw py::value_error("randinit must be a finite number >= 0");
  if (!(nnoise >= 0) || !std::isfinite(nnoise)) throw py::value_error("nnoise must be a finite number >= 0");
  return {randinit, nnoise, seed};
}

// The model of a genotype argument; an invalid genotype raises unless errors="keep".
ModelPtr model_of(py::handle genotype, const std::optional<std::string>& format, const std::string& bare,
                  const std::string& errors) {
  const bool raise = raises(errors);
  return model_arg(genotype, read_options(format, bare, false, false, false), raise);
}

NetworkPtr build(py::handle genotype, double randinit, double nnoise, std::uint32_t seed,
                 const std::optional<std::string>& format, const std::string& bare,
                 const std::string& errors) {
  const neuro::Settings s = settings(randinit, nnoise, seed);
  ModelPtr m = model_of(genotype, format, bare, errors);
  auto p = std::make_shared<PyNetwork>();
  p->valid = m->g.model.valid;
  py::gil_scoped_release unlocked;
  p->net = neuro::Network::build(m->g.model, s);
  return p;
}

int neuron_arg(const neuro::Network& n, int i) {
  const int size = static_cast<int>(n.size());
  if (i < 0) i += size;
  if (i < 0 || i >= size) throw py::index_error("neuron index out of range");
  return i;
}

void run_steps(neuro::Network& n, long long steps) {
  if (steps < 0) throw py::value_error("steps must be >= 0");
  py::gil_scoped_release unlocked;
  n.run(static_cast<std::size_t>(steps));
}

// (steps + 1, size) outputs: the state now, then after each step.
py::array_t<double> run_recorded(neuro::Network& n, long long steps) {
  if (steps < 0) throw py::value_error("steps must be >= 0");
  const std::size_t size = n.size();
  py::array_t<double> out({static_cast<py::ssize_t>(steps + 1), static_cast<py::ssize_t>(size)});
  double* p = out.mutable_data();
  {
    py::gil_scoped_release unlocked;
    for (long long s = 0;; ++s) {
      for (std::size_t i = 0; i < size; ++i)
        p[static_cast<std::size_t>(s) * size + i] = n.output(static_cast<int>(i));
      if (s == steps) break;
      n.step();
    }
  }
  return out;
}

py::object neurons_table(const neuro::Network& n) {
  const std::size_t k = n.size();
  const auto ii = [](std::size_t i) { return static_cast<int>(i); };
  py::dict c;
  c["class_name"] = strings(k, [&](std::size_t i) { return std::string_view(n.class_name(ii(i))); });
  c["details"] = strings(k, [&](std::size_t i) { return std::string_view(n.details(ii(i))); });
  c["part"] = column<std::int32_t>(k, [&](std::size_t i) { return n.part(ii(i)); });
  c["joint"] = column<std::int32_t>(k, [&](std::size_t i) { return n.joint(ii(i)); });
  c["status"] = strings(k, [&](std::size_t i) { return neuro::to_string(n.status(ii(i))); });
  c["group"] = column<std::int32_t>(k, [&](std::size_t i) { return n.group(ii(i)); });
  c["input_count"] = column<std::int32_t>(k, [&](std::size_t i) { return n.input_count(ii(i)); });
  c["channels"] = column<std::int32_t>(k, [&](std::size_t i) { return n.channels(ii(i)); });
  return table("neurons", k, c);
}

py::list messages(const neuro::Network& n) {
  py::list out;
  for (const neuro::BuildMessage& m : n.messages()) {
    py::dict d;
    d["severity"] = std::string(to_string(m.severity));
    d["origin"] = m.origin;
    d["text"] = text(m.text);
    d["code"] = m.code;
    d["neuron"] = m.neuron;
    d["sdk_line"] = text(m.sdk_line());
    out.append(d);
  }
  return out;
}

std::vector<std::uint32_t> seeds_arg(py::handle seed, std::size_t n) {
  if (py::isinstance<py::int_>(seed)) return std::vector<std::uint32_t>(n, seed.cast<std::uint32_t>());
  std::vector<std::uint32_t> s;
  try {
    s = seed.cast<std::vector<std::uint32_t>>();
  } catch (const py::cast_error&) {
    throw py::type_error("seed must be an int or a sequence of ints (one per network)");
  }
  if (s.size() != n)
    throw py::value_error("seed: " + std::to_string(s.size()) + " seeds for " + std::to_string(n) +
                          " networks");
  return s;
}

PopulationPtr make_population(py::handle genotypes, double randinit, double nnoise, py::handle seed,
                              const std::optional<std::string>& format, const std::string& bare,
                              const std::string& errors) {
  if (PyUnicode_Check(genotypes.ptr())) throw py::type_error("expected a sequence of genotypes, not one str");
  std::vector<ModelPtr> models;
  for (py::handle g : py::iter(genotypes)) models.push_back(model_of(g, format, bare, errors));
  const std::vector<std::uint32_t> seeds = seeds_arg(seed, models.size());
  auto p = std::make_shared<PyPopulation>();
  const neuro::Settings base = settings(randinit, nnoise, 0);
  py::gil_scoped_release unlocked;
  p->nets.resize(models.size());
  parallel_for(models.size(), 0, [&](std::size_t i) {
    neuro::Settings s = base;
    s.seed = seeds[i];
    p->nets[i] = neuro::Network::build(models[i]->g.model, s);
  });
  for (const auto& n : p->nets) p->widest = std::max(p->widest, n.size());
  return p;
}

// Copies the networks' outputs into row `row` of a (networks, widest) block of `out` (NaN beyond a
// network's size).
void copy_outputs(const neuro::Network& n, double* row, std::size_t widest) {
  const std::size_t size = n.size();
  for (std::size_t k = 0; k < widest; ++k)
    row[k] = k < size ? n.output(static_cast<int>(k)) : std::numeric_limits<double>::quiet_NaN();
}

}  // namespace

void bind_neuro(py::module_& m) {
  py::class_<PyNetwork, NetworkPtr>(
      m, "Network",
      "A Framsticks neural network stepped exactly as the Framsticks SDK r909 steps it "
      "(receptors read 0 and effectors act on nothing without a body).")
      .def(py::init(&build), py::arg("genotype"), py::kw_only(), py::arg("randinit") = 0.01,
           py::arg("nnoise") = 0.0, py::arg("seed") = 0u, py::arg("format") = py::none(),
           py::arg("bare") = "f1", py::arg("errors") = "raise",
           "Builds the network of a genotype (text of any encoding, or a genokit.genotype.Model). randinit: "
           "spread "
           "of the uniform random initial state (0 = exact zeros); nnoise: Gaussian noise added to every "
           "output; "
           "seed: the MT19937 seed (0, the SDK's default). An invalid genotype raises genokit.ParseError; "
           "with "
           "errors='keep' the neurons it holds are run.")
      .def("__len__", [](const PyNetwork& p) { return p.net.size(); })
      .def_property_readonly(
          "size", [](const PyNetwork& p) { return p.net.size(); }, "neurons")
      .def_property_readonly(
          "valid", [](const PyNetwork& p) { return p.valid; }, "the genotype's verdict")
      .def(
          "step", [](PyNetwork& p, long long steps) { run_steps(p.net, steps); }, py::arg("steps") = 1,
          "Runs `steps` network steps (without the GIL).")
      .def(
          "run", [](PyNetwork& p, long long steps) { return run_recorded(p.net, steps); }, py::arg("steps"),
          "Runs `steps` steps and returns every neuron's output: an array (steps + 1, neurons), row 0 the "
          "state "
          "before the first step.")
      .def(
          "trace",
          [](PyNetwork& p, long long steps) {
            if (steps < 0) throw py::value_error("steps must be >= 0");
            neuro::Trace t;
            {
              py::gil_scoped_release unlocked;
              t = neuro::record(p.net, static_cast<std::size_t>(steps));
            }
            py::array_t<double> a(
                {static_cast<py::ssize_t>(t.rows.size()), static_cast<py::ssize_t>(t.columns.size())});
            double* d = a.mutable_data();
            for (std::size_t r = 0; r < t.rows.size(); ++r)
              std::copy(t.rows[r].begin(), t.rows[r].end(), d + r * t.columns.size());
            return py::make_tuple(t.columns, a);
          },
          py::arg("steps"),
          "run(), plus the extra channels of multichannel neurons: (column names 'n0'.. and 'n<i>.ch<k>', "
          "array "
          "(steps + 1, columns)).")
      .def_property_readonly(
          "outputs",
          [](const PyNetwork& p) {
            return column<double>(p.net.size(),
                                  [&](std::size_t i) { return p.net.output(static_cast<int>(i)); });
          },
          "(neurons,) every neuron's committed output now")
      .def(
          "channel", [](const PyNetwork& p, int i, int k) { return p.net.channel(neuron_arg(p.net, i), k); },
          py::arg("neuron"), py::arg("channel"),
          "Committed channel `channel` of a neuron (clamped to the channels it has).")
      .def_property_readonly(
          "steps_done", [](const PyNetwork& p) { return p.net.steps_done(); }, "steps so far")
      .def_property_readonly(
          "neurons", [](const PyNetwork& p) { return neurons_table(p.net); },
          "genokit.Table: class_name, details, part, joint, status ('ok', 'initerror', 'noimpl'), "
          "group (update group), input_count, channels")
      .def(
          "inputs",
          [](const PyNetwork& p, int i) {
            i = neuron_arg(p.net, i);
            py::list out;
            for (int k = 0; k < p.net.input_count(i); ++k)
              out.append(py::make_tuple(p.net.input_source(i, k), p.net.input_weight(i, k)));
            return out;
          },
          py::arg("neuron"), "The (source neuron, weight) inputs of a neuron, in order.")
      .def(
          "params",
          [](const PyNetwork& p, int i) {
            i = neuron_arg(p.net, i);
            py::dict out;
            const auto defs = p.net.param_defs(i);
            const auto& values = p.net.params(i);
            const auto& texts = p.net.param_texts(i);
            for (std::size_t k = 0; k < defs.size(); ++k) {
              if (defs[k].type == 's')
                out[text(defs[k].id)] = k < texts.size() ? py::object(text(texts[k])) : py::object(py::str());
              else
                out[text(defs[k].id)] = k < values.size() ? values[k] : 0.0;
            }
            return out;
          },
          py::arg("neuron"), "A neuron's class parameters after defaults and clamping (id -> value).")
      .def_property_readonly(
          "messages", [](const PyNetwork& p) { return messages(p.net); },
          "what building the network logged: dicts with severity, origin, text, code, neuron and "
          "sdk_line (as the SDK prints it)")
      .def(
          "describe", [](const PyNetwork& p) { return neuro::describe_text(p.net); },
          "The network as `genokit neuro show` prints it.")
      .def(
          "to_dict", [](const PyNetwork& p) { return json_loads(neuro::describe_json(p.net)); },
          "`genokit neuro show --json` as Python objects.")
      .def(
          "reference_table",
          [](PyNetwork& p, long long steps, const std::string& name) {
            if (steps < 0) throw py::value_error("steps must be >= 0");
            py::gil_scoped_release unlocked;
            const neuro::Trace t = neuro::record(p.net, static_cast<std::size_t>(steps));
            return neuro::format_table(p.net, t, {name, p.valid});
          },
          py::arg("steps"), py::arg("name") = "",
          "Runs `steps` steps and returns the SDK oracle's table text (`genokit neuro run`): header, neuron "
          "facts, "
          "build messages, one row per step.")
      .def(
          "plot_svg",
          [](PyNetwork& p, long long steps, const std::string& title, int width, int height, bool channels,
             const std::vector<int>& neurons) {
            if (steps < 0) throw py::value_error("steps must be >= 0");
            if (width < 400 || width > 10000 || height < 300 || height > 10000)
              throw py::value_error("width must be 400..10000 and height 300..10000 pixels");
            neuro::PlotOptions po;
            po.title = title;
            po.width = width;
            po.height = height;
            po.channels = channels;
            po.neurons = neurons;
            py::gil_scoped_release unlocked;
            const neuro::Trace t = neuro::record(p.net, static_cast<std::size_t>(steps));
            return neuro::plot_svg(p.net, t, po);
          },
          py::arg("steps"), py::kw_only(), py::arg("title") = "", py::arg("width") = 960,
          py::arg("height") = 540, py::arg("channels") = true, py::arg("neurons") = std::vector<int>{},
          "Runs `steps` steps and draws the outputs as an SVG line chart (`genokit neuro plot`).")
      .def("__repr__", [](const PyNetwork& p) {
        return "<genokit.neuro.Network of " + std::to_string(p.net.size()) + " neurons, " +
               std::to_string(p.net.steps_done()) + " steps>";
      });

  py::class_<PyPopulation, PopulationPtr>(
      m, "Population",
      "Many networks stepped together on every core without the GIL; each owns "
      "its random stream, so results do not depend on the number of threads.")
      .def(py::init(&make_population), py::arg("genotypes"), py::kw_only(), py::arg("randinit") = 0.01,
           py::arg("nnoise") = 0.0, py::arg("seed") = 0u, py::arg("format") = py::none(),
           py::arg("bare") = "f1", py::arg("errors") = "raise",
           "Builds the network of every genotype (texts or genokit.genotype.Model objects). seed: one for "
           "all, or a "
           "sequence with one per network. Other options as for Network.")
      .def("__len__", [](const PyPopulation& p) { return p.nets.size(); })
      .def_property_readonly(
          "sizes",
          [](const PyPopulation& p) {
            return column<std::int64_t>(p.nets.size(), [&](std::size_t i) { return p.nets[i].size(); });
          },
          "(networks,) neurons per network")
      .def(
          "step",
          [](PyPopulation& p, long long steps, unsigned threads) {
            if (steps < 0) throw py::value_error("steps must be >= 0");
            py::gil_scoped_release unlocked;
            neuro::step_population(p.nets, static_cast<std::size_t>(steps), threads);
          },
          py::arg("steps") = 1, py::kw_only(), py::arg("threads") = 0u,
          "Runs `steps` steps of every network on `threads` threads (0 = every core).")
      .def_property_readonly(
          "outputs",
          [](const PyPopulation& p) {
            py::array_t<double> a(
                {static_cast<py::ssize_t>(p.nets.size()), static_cast<py::ssize_t>(p.widest)});
            double* d = a.mutable_data();
            for (std::size_t i = 0; i < p.nets.size(); ++i)
              copy_outputs(p.nets[i], d + i * p.widest, p.widest);
            return a;
          },
          "(networks, most neurons) outputs now; NaN past a network's last neuron")
      .def(
          "run",
          [](PyPopulation& p, long long steps, unsigned threads) {
            if (steps < 0) throw py::value_error("steps must be >= 0");
            const std::size_t n = p.nets.size(), w = p.widest, k = static_cast<std::size_t>(steps) + 1;
            py::array_t<double> a(
                {static_cast<py::ssize_t>(k), static_cast<py::ssize_t>(n), static_cast<py::ssize_t>(w)});
            double* d = a.mutable_data();
            {
              py::gil_scoped_release unlocked;
              // Each network runs all its steps on one thread, writing its own rows: no step-by-step barrier.
              parallel_for(n, threads, [&](std::size_t i) {
                for (std::size_t s = 0;; ++s) {
                  copy_outputs(p.nets[i], d + (s * n + i) * w, w);
                  if (s + 1 == k) break;
                  p.nets[i].step();
                }
              });
            }
            return a;
          },
          py::arg("steps"), py::kw_only(), py::arg("threads") = 0u,
          "Runs `steps` steps of every network and returns the outputs: an array (steps + 1, networks, most "
          "neurons), NaN past a network's last neuron.")
      .def("__repr__", [](const PyPopulation& p) {
        return "<genokit.neuro.Population of " + std::to_string(p.nets.size()) + " networks>";
      });

  m.def(
      "implemented_classes",
      [] {
        py::dict out;
        for (const std::string& n : neuro::implemented_classes()) out[py::str(n)] = neuro::class_group(n);
        return out;
      },
      "The neuron classes with an implementation: name -> update group (0 receptors, 1 ordinary, 2 "
      "effectors).");
}

}  // namespace genokit::python
