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

}  // namespace genokit::python
