// The settings one `.sim` chain gives (framspy's sim_settings_files): the simulator's, the genetic
// operators' and the dissimilarity measures' — read in one pass over the files, as Framsticks
// reads them into one sim_params object. Bound as genokit.sim.Settings (sim.cpp); the operator
// and similarity bindings take it wherever they take their own settings.
#pragma once

#include <string>
#include <tuple>
#include <vector>

#include "bindings.hpp"
#include "genokit/genotype/operator_settings.hpp"
#include "genokit/sim/settings.hpp"
#include "genokit/similarity/settings.hpp"

namespace genokit::python {

struct SimSettings {
  sim::Settings sim;
  genotype::OperatorSettings operators;
  similarity::SimilaritySettings similarity;
  std::vector<std::string> sources;  // the files (or built-in names) read, in order
  Diagnostics diagnostics;           // what reading them reported (warnings; errors raise)
  // Every change in order, to rebuild the settings elsewhere (pickling for Dask workers, which
  // may not see the files): {"file", name, text} or {"set", key, value text}.
  struct Step {
    std::string kind, name, text;
  };
  std::vector<Step> log;
};

// ---- shared by the settings classes of sim, operators and similarity (sim_settings.cpp) ----

// A table row's value by id as int (type 'd'), float or str; None when the table has no such row.
py::object param_value(const frams::ParamValues& v, std::string_view key);
// A genetic operator setting by its Framsticks name (GenMan, neuadd_*, every encoding's table).
py::object operator_value(const genotype::OperatorSettings& s, std::string_view key);
// A Python value as the text of a .sim field (bool -> 1/0); TypeError for other types.
std::string setting_text(const py::handle& v);
// A table row as a dict: id, type, min, max (None when unranged), default, name, help.
py::dict property_dict(const frams::Property& p);
// After setting `key` to `text`: ValueError for an error or a value that is not a number (the SDK
// would keep the default silently), Python warnings for the rest (clamped values) when `warn`.
void check_assignment(const Diagnostics& d, const std::string& key, const std::string& text,
                      bool warn = true);

}  // namespace genokit::python
