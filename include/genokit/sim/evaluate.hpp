// The standard evaluation (Framsticks' standard-eval.expdef as framspy runs it): every genotype
// is read through the genotype door, built, placed, left to come to rest, then lives with its
// brain on until its energy runs out while its centre of mass is sampled every perfperiod steps;
// evalcount such lives are averaged. Results have framspy's fields (numparts ... fit_stdev, time)
// or, for a genotype that cannot be evaluated, a status and its diagnostics.
//
//   Diagnostics d;
//   auto settings = sim::load_settings("eval-allcriteria.sim;deterministic.sim", d);
//   auto results = sim::evaluate(genotypes, *settings, d, {.seed = 1, .jobs = 0});
//   if (results[0].criteria) use(results[0].criteria->velocity);
//
// Deterministic: the same genotype, settings and seed give bit-identical criteria on any number
// of threads (only `seconds` is wall-clock time). Units: Framsticks units and simulation steps
// (velocities per step, as Framsticks reports them); docs/simulation.md defines every field.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "genokit/core/diagnostics.hpp"
#include "genokit/sim/criteria.hpp"
#include "genokit/sim/model.hpp"
#include "genokit/sim/settings.hpp"

namespace genokit::sim {

enum class EvalStatus {
  ok,        // criteria present
  invalid,   // the genotype cannot be read, is not valid, or cannot be built into a body
  unstable,  // the simulation blew up (non-finite or runaway state)
  failed,    // ODE failed, the creature never came to rest, or a step or time limit was hit
};
std::string_view to_string(EvalStatus s);  // "ok", "invalid", "unstable", "failed"

struct EvaluateOptions {
  // Evaluation k of a genotype runs with seed + k (RunOptions::seed): network initial state and
  // noise, random placement and heading, body and velocity noise.
  std::uint64_t seed = 0;
  unsigned jobs = 0;  // parallel evaluations (0: one per core); results never depend on it
  // When some creature is stepped by QuickStep (Model::exact_stepper() false) and jobs > 1,
  // evaluations run in forked worker processes (POSIX): QuickStep uses one process-wide
  // generator, so threads of one process would take turns. The workers get everything built
  // beforehand and run only the simulation. false: threads (QuickStep calls then take turns).
  bool processes = true;
  // Steps of one evaluation (rest and life) before it is given up with status failed.
  std::size_t max_steps = 100'000;
  // Wall-clock seconds of one evaluation (0: no limit). Hitting it depends on the machine.
  double max_seconds = 0;
  BuildOptions limits{1000, 1000, 1000};  // size limits (sim.too-large: status invalid)
  std::string format;  // read every genotype as this encoding ("" = its header; none: f1 as framspy)
  // Called after each finished genotype with (done, total), never by two threads at once.
  std::function<void(std::size_t, std::size_t)> progress;
};

struct GenotypeResult {
  EvalStatus status = EvalStatus::ok;
  std::string message;                // one sentence when not ok
  Diagnostics diagnostics;            // everything found reading, building and running it
  std::optional<Criteria> criteria;   // averaged over the evaluations (status ok only)
  std::vector<Criteria> evaluations;  // each evaluation's (status ok only)
  double seconds = 0;                 // mean wall-clock time of one evaluation (framspy "time")
};

// Evaluates one genotype text (any encoding the genotype door reads). Its diagnostics are in the
// result and are appended to `diags` too.
GenotypeResult evaluate_genotype(std::string_view genotype, const Settings& settings, Diagnostics& diags,
                                 const EvaluateOptions& opt = {});
// Evaluates many genotypes on opt.jobs threads; results in input order. `diags` receives
// problems of the batch itself (settings genokit cannot run), not the genotypes'.
std::vector<GenotypeResult> evaluate(std::span<const std::string> genotypes, const Settings& settings,
                                     Diagnostics& diags, const EvaluateOptions& opt = {});
// Evaluates a built model (its settings; opt.format and opt.limits do not apply).
GenotypeResult evaluate_model(const Model& model, const EvaluateOptions& opt = {});

// framspy's result list as JSON text, one entry per genotype:
// {"num": i+1, "name": names[i] or "", "evaluations": {"": {numparts, ..., fit, fit_stdev, time}}
// or null, "status": "ok", "message": "", "diagnostics": ["file:line:col: warning: ... [code]"]}.
std::string framspy_json(std::span<const GenotypeResult> results, std::span<const std::string> names = {});

}  // namespace genokit::sim
