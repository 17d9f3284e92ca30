// Pieces of the standard evaluation shared by its files (internal).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "genokit/neuro/network.hpp"
#include "genokit/sim/evaluate.hpp"

namespace genokit::sim {

struct OneEvaluation {
  EvalStatus status = EvalStatus::ok;
  std::string message;
  Criteria criteria;
  double seconds = 0;
};

// What one evaluation needs built before it runs: the body with its noise (bnoise_struct) and the
// network. Building takes the neuron class registry's lock, so forked workers get these ready
// (evaluate_workers.cpp).
struct PreparedEvaluation {
  std::optional<Model> noisy;  // the model with body noise, when bnoise_struct > 0
  std::optional<neuro::Network> network;
  bool failed = false;  // the noisy body cannot be built
  Diagnostics notes;
};
PreparedEvaluation prepare_evaluation(const Model& model, std::uint64_t seed, const EvaluateOptions& opt);
// One life of the prepared body with this seed (RunOptions::seed), within opt's limits.
OneEvaluation run_evaluation(const Model& model, PreparedEvaluation& p, std::uint64_t seed,
                             const EvaluateOptions& opt, Diagnostics& diags);
// Both, one after the other.
OneEvaluation evaluate_once(const Model& model, std::uint64_t seed, const EvaluateOptions& opt,
                            Diagnostics& diags);

// Runs tasks [0, count) in up to `jobs` forked worker processes (POSIX; false elsewhere, nothing
// run): `task` runs in a worker and must not take locks another thread may hold at the fork.
// Results and diagnostics come back in task order; `finished(t)` is called in this process as
// each arrives. A worker that dies fails its task and is replaced.
bool run_in_processes(std::size_t count, unsigned jobs,
                      const std::function<OneEvaluation(std::size_t, Diagnostics&)>& task,
                      std::vector<OneEvaluation>& results, std::vector<Diagnostics>& notes,
                      const std::function<void(std::size_t)>& finished);
// True inside a worker process (single-threaded: no lock around ODE's generator is needed).
bool in_worker_process();

// A genotype's result from its evaluations in order: the first failure decides the status, else
// the criteria are their means (fit_stdev the population standard deviation of fit).
void combine(GenotypeResult& r, std::span<const OneEvaluation> evals);

}  // namespace genokit::sim
