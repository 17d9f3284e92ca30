// genokit._genokit.similarity: dissimilarity of genotypes (Levenshtein on the texts; the Framsticks
// SDK's structural measure with greedy or optimal matching) as numpy matrices, with the weights
// and switches given directly or by a .sim chain's simil_* settings. The GIL is released while
// the pairs are measured (on every core).
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "bindings.hpp"
#include "genokit/similarity/dissimilarity.hpp"
#include "genokit/similarity/settings.hpp"
#include "sim_settings.hpp"

namespace genokit::python {

namespace {

// A method given as a name ("levenshtein", "greedy", "hungarian") or framspy's number (-1, 0, 1).
similarity::Method method_of(const py::handle& m) {
  std::optional<similarity::Method> r;
  if (py::isinstance<py::bool_>(m))
    throw py::type_error("method must be a name or framspy's number, not a bool");
  if (py::isinstance<py::int_>(m)) {
    r = similarity::method_from_framspy(m.cast<int>());
    if (!r)
      throw py::value_error("dissimilarity method " + py::str(m).cast<std::string>() +
                            " is not one genokit has (framspy's -1 Levenshtein, 0 greedy, 1 Hungarian)");
  } else if (py::isinstance<py::str>(m)) {
    r = similarity::method_from_string(m.cast<std::string>());
    if (!r)
      throw py::value_error("unknown dissimilarity method '" + m.cast<std::string>() +
                            "' (levenshtein, greedy or hungarian)");
  } else {
    throw py::type_error("method must be a str ('levenshtein', 'greedy', 'hungarian') or an int (-1, 0, 1)");
  }
  return *r;
}

std::string message_or(const Diagnostics& d, const std::string& fallback) {
  for (const Diagnostic& x : d.items())
    if (x.severity == Severity::error) return x.message + " [" + x.code + "]";
  return fallback;
}

const similarity::SimilaritySettings* similarity_settings(const py::object& o) {
  if (o.is_none()) return nullptr;
  if (py::isinstance<similarity::SimilaritySettings>(o))
    return &o.cast<const similarity::SimilaritySettings&>();
  if (py::isinstance<SimSettings>(o)) return &o.cast<const SimSettings&>().similarity;
  throw py::type_error(
      "settings must be None, a genokit.similarity.SimilaritySettings or a genokit.sim.Settings");
}

// The options of a call: the settings' (simil_type and the measure's simil_* values) or the SDK's
// defaults, then each argument that is not None.
similarity::DissimilarityOptions make_options(const py::object& method, const py::object& settings,
                                              const py::object& weights, const py::object& fixed_z,
                                              const py::object& weighted_mds, unsigned threads, bool strict) {
  similarity::DissimilarityOptions opt;
  std::optional<similarity::Method> chosen;
  if (!method.is_none()) chosen = method_of(method);
  if (const similarity::SimilaritySettings* s = similarity_settings(settings)) {
    Diagnostics d;
    std::optional<similarity::DissimilarityOptions> o = s->options(d, chosen);
    if (!o) raise_error(d, ErrorKind::generic);
    opt = *o;
  } else if (chosen) {
    opt.method = *chosen;
  }
  if (!weights.is_none()) {
    if (py::isinstance<py::dict>(weights)) {
      for (auto [k, v] : weights.cast<py::dict>()) {
        const std::string key = py::str(k);
        const double x = v.cast<double>();
        if (key == "parts")
          opt.weights.parts = x;
        else if (key == "degrees")
          opt.weights.degrees = x;
        else if (key == "neurons")
          opt.weights.neurons = x;
        else if (key == "geometry")
          opt.weights.geometry = x;
        else
          throw py::value_error("unknown weight '" + key + "' (parts, degrees, neurons, geometry)");
      }
    } else {
      const std::vector<double> w = weights.cast<std::vector<double>>();
      if (w.size() != 4)
        throw py::value_error("weights must be four numbers (parts, degrees, neurons, geometry)");
      opt.weights = {w[0], w[1], w[2], w[3]};
    }
  }
  if (!fixed_z.is_none()) opt.fixed_z = fixed_z.cast<bool>();
  if (!weighted_mds.is_none()) opt.weighted_mds = weighted_mds.cast<bool>();
  opt.threads = threads;
  opt.read.strict = strict;
  Diagnostics d;
  if (!similarity::check_options(opt, d)) throw py::value_error(message_or(d, "bad dissimilarity options"));
  return opt;
}

py::dict options_dict(const similarity::DissimilarityOptions& o) {
  py::dict d;
  d["method"] = std::string(similarity::to_string(o.method));
  d["weights"] = py::dict(py::arg("parts") = o.weights.parts, py::arg("degrees") = o.weights.degrees,
                          py::arg("neurons") = o.weights.neurons, py::arg("geometry") = o.weights.geometry);
  d["fixed_z"] = o.fixed_z;
  d["weighted_mds"] = o.weighted_mds;
  return d;
}

}  // namespace

void bind_similarity(py::module_& m) {
  py::class_<similarity::SimilaritySettings>(m, "SimilaritySettings", R"doc(
The dissimilarity settings of Framsticks .sim files: simil_type (0 greedy, 1 Hungarian),
SimilMeasureGreedy's simil_greedy_* and SimilMeasureHungarian's simil_* weights and switches.
s["simil_partgeom"] reads one, s["simil_type"] = 0 sets one (the SDK's conversion and clamping).)doc")
      .def(py::init<>())
      .def(
          "copy", [](const similarity::SimilaritySettings& s) { return similarity::SimilaritySettings(s); },
          "An independent copy.")
      .def("__getitem__",
           [](const similarity::SimilaritySettings& s, const std::string& key) {
             py::object v = param_value(s.values(), key);
             if (v.is_none()) throw py::key_error(key);
             return v;
           })
      .def("__contains__", [](const similarity::SimilaritySettings& s,
                              const std::string& key) { return s.values().find(key) >= 0; })
      .def("__setitem__",
           [](similarity::SimilaritySettings& s, const std::string& key, const py::handle& value) {
             if (s.values().find(key) < 0) throw py::key_error("'" + key + "' is no dissimilarity setting");
             if (!py::isinstance<py::int_>(value) && !py::isinstance<py::float_>(value))
               throw py::type_error("a dissimilarity setting's value must be a number");
             Diagnostics d;
             const std::string text = setting_text(value);
             s.take(key, text, d);
             check_assignment(d, key, text);
           })
      .def(
          "options",
          [](const similarity::SimilaritySettings& s, const py::object& method) {
            Diagnostics d;
            std::optional<similarity::Method> chosen;
            if (!method.is_none()) chosen = method_of(method);
            std::optional<similarity::DissimilarityOptions> o = s.options(d, chosen);
            if (!o) raise_error(d, ErrorKind::generic);
            return options_dict(*o);
          },
          py::arg("method") = py::none(),
          "The options of `method` (default: the one simil_type selects) as a dict.")
      .def("__repr__",
           [](const similarity::SimilaritySettings&) { return "<genokit.similarity.SimilaritySettings>"; });

  m.def("levenshtein", &similarity::levenshtein, py::arg("a"), py::arg("b"),
        "Levenshtein distance of two texts in Unicode code points (framspy's Levenshtein.distance).");

  m.def(
      "options",
      [](const py::object& method, const py::object& settings, const py::object& weights,
         const py::object& fixed_z, const py::object& weighted_mds) {
        return options_dict(make_options(method, settings, weights, fixed_z, weighted_mds, 1, false));
      },
      py::arg("method") = py::none(), py::arg("settings") = py::none(), py::arg("weights") = py::none(),
      py::arg("fixed_z") = py::none(), py::arg("weighted_mds") = py::none());

  m.def(
      "distance",
      [](const std::string& a, const std::string& b, const py::object& method, const py::object& settings,
         const py::object& weights, const py::object& fixed_z, const py::object& weighted_mds, bool strict) {
        const similarity::DissimilarityOptions opt =
            make_options(method, settings, weights, fixed_z, weighted_mds, 1, strict);
        Diagnostics d;
        std::optional<double> r;
        {
          py::gil_scoped_release nogil;
          r = similarity::distance(std::string_view(a), std::string_view(b), d, opt);
        }
        if (!r) raise_error(d, ErrorKind::parse);
        return *r;
      },
      py::arg("a"), py::arg("b"), py::arg("method") = py::none(), py::arg("settings") = py::none(),
      py::arg("weights") = py::none(), py::arg("fixed_z") = py::none(), py::arg("weighted_mds") = py::none(),
      py::arg("strict") = false);

  m.def(
      "_matrix",
      [](const std::vector<std::string>& genotypes, const py::object& method, const py::object& settings,
         const py::object& weights, const py::object& fixed_z, const py::object& weighted_mds,
         unsigned threads, bool strict) {
        const similarity::DissimilarityOptions opt =
            make_options(method, settings, weights, fixed_z, weighted_mds, threads, strict);
        Diagnostics d;
        similarity::Matrix mx;
        {
          py::gil_scoped_release nogil;
          mx = similarity::matrix(std::span<const std::string>(genotypes), d, opt);
        }
        const auto n = static_cast<py::ssize_t>(mx.size);
        py::array_t<double> a({n, n});
        std::copy(mx.values.begin(), mx.values.end(), a.mutable_data());
        std::vector<bool> measured(mx.measured.begin(), mx.measured.end());
        return py::make_tuple(a, measured, to_python(d), options_dict(opt));
      },
      py::arg("genotypes"), py::arg("method") = py::none(), py::arg("settings") = py::none(),
      py::arg("weights") = py::none(), py::arg("fixed_z") = py::none(), py::arg("weighted_mds") = py::none(),
      py::arg("threads") = 0, py::arg("strict") = false);
}

}  // namespace genokit::python
