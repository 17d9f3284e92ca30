// The simulator's standard evaluation as an evolution Evaluator: sim::evaluate on the batch, the
// criteria by framspy's names (numparts, numjoints, numneurons, numconnections, instances,
// lifespan, velocity, distance, vertvel, vertpos, fit, fit_stdev). framspy's `time` (wall-clock
// seconds) is not a criterion here: runs must be reproducible.
#pragma once

#include <memory>
#include <optional>
#include <span>
#include <string_view>

#include "genokit/evolution/evolution.hpp"
#include "genokit/sim/evaluate.hpp"

namespace genokit::evolution {

// The criteria an evolution can optimise with the simulator.
std::span<const std::string_view> sim_criteria();
// One criterion of an evaluation's result, or std::nullopt for a name that is not one.
std::optional<double> sim_criterion(const sim::Criteria& c, std::string_view name);

// Evaluates with `settings` (shared with the caller) and `options` (jobs, processes, limits, ...;
// the seed and progress of each call replace options.seed and options.progress). A genotype the
// simulator cannot evaluate (invalid, unstable, failed) is an Evaluation without values whose
// message says why.
Evaluator sim_evaluator(std::shared_ptr<const sim::Settings> settings, sim::EvaluateOptions options = {});

}  // namespace genokit::evolution
