// genokit._genokit.operators: the genetic operators through the genotype door as Framsticks' GenMan
// calls them (mutation, crossover, repair with checks and 100 attempts), the simplest genotype
// of an encoding, genetic and creature validity, and the operators' settings. Seeded: the same
// seed, settings and parents give the same result; the batch calls give item i the seed
// mix_seed(seed, i), as `genokit mutate` and `genokit cross` number a file's genotypes.
#include <pybind11/stl.h>

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "bindings.hpp"
#include "genokit/core/parallel.hpp"
#include "genokit/frams/sdk_random.hpp"
#include "genokit/genotype/encoding.hpp"
#include "genokit/genotype/operators.hpp"
#include "sim_settings.hpp"

namespace genokit::python {

namespace {

// What one operator call made, or why it made nothing.
template <class T>
struct Outcome {
  std::optional<T> value;
  Diagnostics diagnostics;
};
using MutantOutcome = Outcome<genotype::Mutant>;
using OffspringOutcome = Outcome<genotype::Offspring>;

// The operator settings an argument names: None (defaults), OperatorSettings, or the operators'
// part of a genokit.sim.Settings.
const genotype::OperatorSettings* operator_settings(const py::object& o) {
  if (o.is_none()) return nullptr;
  if (py::isinstance<genotype::OperatorSettings>(o)) return &o.cast<const genotype::OperatorSettings&>();
  if (py::isinstance<SimSettings>(o)) return &o.cast<const SimSettings&>().operators;
  throw py::type_error(
      "settings must be None, a genokit.operators.OperatorSettings or a genokit.sim.Settings");
}

// A parent that is not valid is bad input (ParseError); everything else the operator could not do
// is an Error.
ErrorKind kind_of(const Diagnostics& d) {
  for (const Diagnostic& x : d.items())
    if (x.severity == Severity::error &&
        (x.code == "genotype.invalid-parent" || x.code == "genotype.bad-header"))
      return ErrorKind::parse;
  return ErrorKind::generic;
}

std::string message_of(const Diagnostics& d) {
  for (const Diagnostic& x : d.items())
    if (x.severity == Severity::error) return x.message;
  return "";
}

genotype::OperatorOptions options(std::uint64_t seed, const genotype::OperatorSettings* s,
                                  std::string n1 = {}, std::string n2 = {}) {
  genotype::OperatorOptions o;
  o.seed = seed;
  o.settings = s;
  o.name1 = std::move(n1);
  o.name2 = std::move(n2);
  return o;
}

template <class T>
py::object field_or_none(const Outcome<T>& o, auto get) {
  return o.value ? py::cast(get(*o.value)) : py::object(py::none());
}

void require_format(const std::string& format) {
  if (!format.empty() && !genotype::find_encoding(format))
    throw py::value_error("unknown genetic format '" + format + "' (known: " + genotype::encoding_names() +
                          ")");
}

genotype::ReadOptions read_options(const std::string& format) {
  require_format(format);
  genotype::ReadOptions ro;
  ro.format = format;
  ro.lint = false;
  return ro;
}

std::vector<bool> validity_many(const std::vector<std::string>& genotypes, const std::string& format,
                                unsigned jobs, bool creature) {
  const genotype::ReadOptions ro = read_options(format);
  std::vector<char> ok(genotypes.size());
  {
    py::gil_scoped_release nogil;
    parallel_for(genotypes.size(), jobs, [&](std::size_t i) {
      Diagnostics d;
      ok[i] = creature ? genotype::is_valid_creature(genotypes[i], d, ro)
                       : genotype::is_valid_strict(genotypes[i], d, ro);
    });
  }
  return {ok.begin(), ok.end()};
}

py::dict param_dict(const frams::Property& p, const std::string& table) {
  py::dict d = property_dict(p);
  d["table"] = table;
  return d;
}

}  // namespace

void bind_operators(py::module_& m) {
  py::class_<genotype::OperatorSettings>(m, "OperatorSettings", R"doc(
The genetic operators' parameters as Framsticks' GenMan has them (f1_smX, f0_p_new, f4_mut_add,
neuadd_N, gen_extmutinfo, ...), at their defaults until set. s["f1_smX"] reads one,
s["f1_smX"] = 0.1 sets one with the SDK's conversion and clamping. From .sim files:
genokit.operators.load_settings("a.sim;b.sim") or genokit.sim.load_settings(...).operators.)doc")
      .def(py::init<>())
      .def(
          "copy", [](const genotype::OperatorSettings& s) { return genotype::OperatorSettings(s); },
          "An independent copy.")
      .def("__copy__", [](const genotype::OperatorSettings& s) { return genotype::OperatorSettings(s); })
      .def("__deepcopy__",
           [](const genotype::OperatorSettings& s, py::dict) { return genotype::OperatorSettings(s); })
      .def("__getitem__",
           [](const genotype::OperatorSettings& s, const std::string& key) {
             py::object v = operator_value(s, key);
             if (v.is_none()) throw py::key_error(key);
             return v;
           })
      .def("__contains__", [](const genotype::OperatorSettings& s,
                              const std::string& key) { return !operator_value(s, key).is_none(); })
      .def("__setitem__",
           [](genotype::OperatorSettings& s, const std::string& key, const py::handle& value) {
             Diagnostics d;
             const std::string text = setting_text(value);
             if (operator_value(s, key).is_none() || !s.take(key, text, d))
               throw py::key_error("'" + key + "' is no genetic operator setting genokit has");
             check_assignment(d, key, text);
           })
      .def_property_readonly("extmutinfo", &genotype::OperatorSettings::extmutinfo,
                             "gen_extmutinfo: 0, 1 or 2, how much a mutant's info text says.")
      .def("__repr__",
           [](const genotype::OperatorSettings&) { return "<genokit.operators.OperatorSettings>"; });

  m.def("mix_seed", &frams::mix_seed, py::arg("seed"), py::arg("index"),
        "The seed the batch calls give item `index` of a call seeded with `seed`.");

  m.def("params", [] {
    py::list out;
    for (const frams::Property& p : genotype::genman_params()) out.append(param_dict(p, "GenMan"));
    for (const genotype::Encoding& e : genotype::encodings())
      for (const frams::Property& p : e.params) out.append(param_dict(p, e.name));
    return out;
  });

  m.def("formats", [] {
    py::list out;
    for (const genotype::Encoding& e : genotype::encodings()) out.append(encoding_info(e));
    return out;
  });

  m.def(
      "simplest",
      [](const std::string& format) {
        Diagnostics d;
        std::optional<std::string> s = genotype::simplest(format, d);
        if (!s) raise_error(d, ErrorKind::generic);
        return *s;
      },
      py::arg("format"), "The simplest genotype of an encoding (see genokit.operators.simplest).");

  py::class_<MutantOutcome>(m, "Mutant", R"doc(
One mutation: genotype (None when it failed), kind ("f1.add-stick", ...), method (the SDK's id,
-1 when none), change (the SDK's chg, usually 0..1), repaired (the result needed repair),
parent_repaired, attempts (operator calls, 1..100), info ("12.50% mutation of 'name'"), ok,
message and diagnostics (why it failed).)doc")
      .def_property_readonly(
          "ok", [](const MutantOutcome& o) { return o.value.has_value(); }, "True when a mutant was made.")
      .def_property_readonly(
          "genotype",
          [](const MutantOutcome& o) { return field_or_none(o, [](auto& v) { return v.genotype; }); },
          "The mutant's genotype text (header as the SDK writes it), or None.")
      .def_property_readonly(
          "kind", [](const MutantOutcome& o) { return field_or_none(o, [](auto& v) { return v.kind; }); },
          "Which mutation was applied: 'f1.add-stick', 'f0.change-friction', ...")
      .def_property_readonly(
          "method", [](const MutantOutcome& o) { return field_or_none(o, [](auto& v) { return v.method; }); },
          "The SDK's method id (-1 when none).")
      .def_property_readonly(
          "change", [](const MutantOutcome& o) { return field_or_none(o, [](auto& v) { return v.change; }); },
          "How much changed (the SDK's chg), usually 0..1.")
      .def_property_readonly(
          "repaired",
          [](const MutantOutcome& o) { return field_or_none(o, [](auto& v) { return v.repaired; }); },
          "The operator's result needed repair to be valid.")
      .def_property_readonly(
          "parent_repaired",
          [](const MutantOutcome& o) { return field_or_none(o, [](auto& v) { return v.parent_repaired; }); },
          "The parent was not valid and was repaired first.")
      .def_property_readonly(
          "attempts",
          [](const MutantOutcome& o) { return field_or_none(o, [](auto& v) { return v.attempts; }); },
          "Operator calls made (1..100).")
      .def_property_readonly(
          "info", [](const MutantOutcome& o) { return field_or_none(o, [](auto& v) { return v.info; }); },
          "GenMan's info text: \"16.67% mutation of 'name'\".")
      .def_property_readonly(
          "message", [](const MutantOutcome& o) { return message_of(o.diagnostics); },
          "Why it failed ('' when ok).")
      .def_property_readonly(
          "diagnostics", [](const MutantOutcome& o) { return to_python(o.diagnostics); },
          "Everything the call reported (the parent's problems, why it failed).")
      .def("__repr__", [](const MutantOutcome& o) {
        if (!o.value) return "<genokit.operators.Mutant failed: " + message_of(o.diagnostics) + ">";
        return "<genokit.operators.Mutant " + o.value->kind + ": " +
               py::repr(py::str(o.value->genotype)).cast<std::string>() + ">";
      });

  py::class_<OffspringOutcome>(m, "Offspring", R"doc(
One crossover child: genotype (None when it failed), kind, change (share of parent 1, 0..1), child
(which of the operator's two children was kept), repaired, parents_repaired, attempts, info
("Crossing over of 'a' (62.50%) and 'b' (37.50%)"), ok, message and diagnostics.)doc")
      .def_property_readonly(
          "ok", [](const OffspringOutcome& o) { return o.value.has_value(); }, "True when a child was made.")
      .def_property_readonly(
          "genotype",
          [](const OffspringOutcome& o) { return field_or_none(o, [](auto& v) { return v.genotype; }); },
          "The child's genotype text, or None.")
      .def_property_readonly(
          "kind", [](const OffspringOutcome& o) { return field_or_none(o, [](auto& v) { return v.kind; }); },
          "The crossover's kind when the encoding has several, else ''.")
      .def_property_readonly(
          "change",
          [](const OffspringOutcome& o) { return field_or_none(o, [](auto& v) { return v.change; }); },
          "Share of parent 1 in the child, 0..1.")
      .def_property_readonly(
          "child",
          [](const OffspringOutcome& o) { return field_or_none(o, [](auto& v) { return v.child; }); },
          "Which of the operator's two children was kept (1 or 2).")
      .def_property_readonly(
          "repaired",
          [](const OffspringOutcome& o) { return field_or_none(o, [](auto& v) { return v.repaired; }); },
          "The child needed repair to be valid.")
      .def_property_readonly(
          "parents_repaired",
          [](const OffspringOutcome& o) {
            return field_or_none(o, [](auto& v) { return v.parents_repaired; });
          },
          "A parent was not valid and was repaired first.")
      .def_property_readonly(
          "attempts",
          [](const OffspringOutcome& o) { return field_or_none(o, [](auto& v) { return v.attempts; }); },
          "Operator calls made (1..100).")
      .def_property_readonly(
          "info", [](const OffspringOutcome& o) { return field_or_none(o, [](auto& v) { return v.info; }); },
          "GenMan's info text: \"Crossing over of 'a' (62.50%) and 'b' (37.50%)\".")
      .def_property_readonly(
          "message", [](const OffspringOutcome& o) { return message_of(o.diagnostics); },
          "Why it failed ('' when ok).")
      .def_property_readonly(
          "diagnostics", [](const OffspringOutcome& o) { return to_python(o.diagnostics); },
          "Everything the call reported.")
      .def("__repr__", [](const OffspringOutcome& o) {
        if (!o.value) return "<genokit.operators.Offspring failed: " + message_of(o.diagnostics) + ">";
        return "<genokit.operators.Offspring " + py::repr(py::str(o.value->genotype)).cast<std::string>() +
               ">";
      });

  m.def(
      "mutate",
      [](const std::string& genotype, std::uint64_t seed, const py::object& settings,
         const std::string& name) {
        MutantOutcome out;
        const genotype::OperatorOptions o = options(seed, operator_settings(settings), name);
        {
          py::gil_scoped_release nogil;
          out.value = genotype::mutate(genotype, out.diagnostics, o);
        }
        if (!out.value) raise_error(out.diagnostics, kind_of(out.diagnostics));
        return out;
      },
      py::arg("genotype"), py::arg("seed") = 0, py::arg("settings") = py::none(), py::arg("name") = "");

  m.def(
      "mutate_many",
      [](const std::vector<std::string>& genotypes, std::uint64_t seed, const py::object& settings,
         unsigned jobs, const std::vector<std::string>& names) {
        if (!names.empty() && names.size() != genotypes.size())
          throw py::value_error("names must be empty or one per genotype");
        std::vector<MutantOutcome> out(genotypes.size());
        const genotype::OperatorSettings* s = operator_settings(settings);
        {
          py::gil_scoped_release nogil;
          parallel_for(genotypes.size(), jobs, [&](std::size_t i) {
            out[i].value =
                genotype::mutate(genotypes[i], out[i].diagnostics,
                                 options(frams::mix_seed(seed, i), s, names.empty() ? "" : names[i]));
          });
        }
        return out;
      },
      py::arg("genotypes"), py::arg("seed") = 0, py::arg("settings") = py::none(), py::arg("jobs") = 0,
      py::arg("names") = std::vector<std::string>{});

  m.def(
      "crossover",
      [](const std::string& a, const std::string& b, std::uint64_t seed, const py::object& settings,
         const std::string& name1, const std::string& name2) {
        OffspringOutcome out;
        const genotype::OperatorOptions o = options(seed, operator_settings(settings), name1, name2);
        {
          py::gil_scoped_release nogil;
          out.value = genotype::crossover(a, b, out.diagnostics, o);
        }
        if (!out.value) raise_error(out.diagnostics, kind_of(out.diagnostics));
        return out;
      },
      py::arg("parent1"), py::arg("parent2"), py::arg("seed") = 0, py::arg("settings") = py::none(),
      py::arg("name1") = "", py::arg("name2") = "");

  m.def(
      "crossover_many",
      [](const std::vector<std::pair<std::string, std::string>>& pairs, std::uint64_t seed,
         const py::object& settings, unsigned jobs,
         const std::vector<std::pair<std::string, std::string>>& names) {
        if (!names.empty() && names.size() != pairs.size())
          throw py::value_error("names must be empty or one pair per pair of parents");
        std::vector<OffspringOutcome> out(pairs.size());
        const genotype::OperatorSettings* s = operator_settings(settings);
        {
          py::gil_scoped_release nogil;
          parallel_for(pairs.size(), jobs, [&](std::size_t i) {
            out[i].value =
                genotype::crossover(pairs[i].first, pairs[i].second, out[i].diagnostics,
                                    options(frams::mix_seed(seed, i), s, names.empty() ? "" : names[i].first,
                                            names.empty() ? "" : names[i].second));
          });
        }
        return out;
      },
      py::arg("pairs"), py::arg("seed") = 0, py::arg("settings") = py::none(), py::arg("jobs") = 0,
      py::arg("names") = std::vector<std::pair<std::string, std::string>>{});

  m.def(
      "repair",
      [](const std::string& genotype, std::uint64_t seed, const py::object& settings) {
        Diagnostics d;
        const genotype::OperatorOptions o = options(seed, operator_settings(settings));
        std::optional<std::string> r;
        {
          py::gil_scoped_release nogil;
          r = genotype::repair(genotype, d, o);
        }
        if (!r) raise_error(d, ErrorKind::parse);
        return *r;
      },
      py::arg("genotype"), py::arg("seed") = 0, py::arg("settings") = py::none());

  m.def(
      "validity",
      [](const std::string& genotype, bool creature, const std::string& format) {
        const genotype::ReadOptions ro = read_options(format);
        Diagnostics d;
        bool ok;
        {
          py::gil_scoped_release nogil;
          ok = creature ? genotype::is_valid_creature(genotype, d, ro)
                        : genotype::is_valid_strict(genotype, d, ro);
        }
        return py::make_tuple(ok, to_python(d));
      },
      py::arg("genotype"), py::arg("creature") = false, py::arg("format") = "");

  m.def(
      "is_valid_many",
      [](const std::vector<std::string>& genotypes, const std::string& format, unsigned jobs) {
        return validity_many(genotypes, format, jobs, false);
      },
      py::arg("genotypes"), py::arg("format") = "", py::arg("jobs") = 0);
  m.def(
      "is_valid_creature_many",
      [](const std::vector<std::string>& genotypes, const std::string& format, unsigned jobs) {
        return validity_many(genotypes, format, jobs, true);
      },
      py::arg("genotypes"), py::arg("format") = "", py::arg("jobs") = 0);
}

}  // namespace genokit::python
