// Pieces of the standard evaluation shared by its files (internal).
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "genokit/sim/evaluate.hpp"

namespace genokit::sim {

struct OneEvaluation {
  EvalStatus status = EvalStatus::ok;
  std::string message;
  Criteria criteria;
  double seconds = 0;
};

// One life of `model` with this seed (RunOptions::seed), within opt's limits.
OneEvaluation evaluate_once(const Model& model, std::uint64_t seed, const EvaluateOptions& opt,
                            Diagnostics& diags);
// A genotype's result from its evaluations in order: the first failure decides the status, else
// the criteria are their means (fit_stdev the population standard deviation of fit).
void combine(GenotypeResult& r, std::span<const OneEvaluation> evals);

}  // namespace genokit::sim
