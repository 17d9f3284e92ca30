// A generational evolution of genotypes like framspy's FramsticksEvolution.py (DEAP's eaSimple):
// tournament selection, crossover and mutation with probabilities pxov and pmut (through the
// genotype door, as Framsticks' GenMan), constraints that make a genotype infeasible, several
// criteria at once (Pareto rank and crowding in the tournament), a Hall of Fame, one log row per
// generation, and a state that can be saved after any generation and resumed bit for bit.
//
// Evaluation is a function given by the caller (an Evaluator): the simulator's standard evaluation
// (genokit/evolution/sim_evaluator.hpp), or anything else. Docs: docs/evolution.md "Evolution".
//
//   evolution::Config cfg;  cfg.criteria = {"velocity"};  cfg.generations = 30;
//   evolution::Evolution run(cfg, my_evaluator);
//   Diagnostics d;
//   while (!run.finished()) if (!run.step(d)) break;
//   use(run.state().hof);
//
// Deterministic: the same config, evaluator and seed give the same populations, logs and Hall of
// Fame on any number of threads, and a run resumed from a checkpoint continues exactly as the
// uninterrupted run would.
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
#include "genokit/genotype/operator_settings.hpp"

namespace genokit::evolution {

// What an evaluator says about one genotype.
struct Evaluation {
  bool ok = false;             // values present
  std::vector<double> values;  // one per criterion, in Config::criteria order (ok only)
  std::string message;         // why it could not be evaluated (not ok)
};

// Evaluates genotypes (texts with their headers) for the named criteria; one result per genotype,
// in order. It must be a function of (genotype, criteria, seed) only, whatever the batch holds, so
// runs are reproducible. `progress(done, total)` may be called as genotypes finish.
struct EvaluateCall {
  std::span<const std::string> genotypes;
  std::span<const std::string> criteria;
  std::uint64_t seed = 0;
  std::function<void(std::size_t, std::size_t)> progress;
};
using Evaluator = std::function<std::vector<Evaluation>(const EvaluateCall& call)>;

// Limits a genotype must keep (framspy's max_numparts, ...); none by default. A genotype over a
// limit, or one the door cannot build, is infeasible without being evaluated.
struct Limits {
  std::optional<std::size_t> parts, joints, neurons, connections;
  std::optional<std::size_t> length;  // characters of the genotype text, header included
};

struct Config {
  std::string format = "1";                       // the encoding of the simplest genotype that starts the run
  std::string initial;                            // the starting genotype ("" = the format's simplest)
  std::vector<std::string> criteria{"velocity"};  // maximised, all of them
  std::size_t popsize = 50;
  int generations = 5;  // generations after the initial one
  std::size_t tournament = 5;
  double pmut = 0.9, pxov = 0.2;
  std::size_t hof_size = 10;
  Limits limits;
  std::uint64_t seed = 0;
  unsigned jobs = 0;                     // threads for the genetic operators (0: one per core)
  genotype::OperatorSettings operators;  // f1_smX, ... (defaults unless set)
};
// Problems of a config (popsize < 2, tournament < 1, probabilities outside 0..1, no criteria,
// unknown format, an invalid initial genotype ...): errors in diags; true when it can run.
bool check_config(const Config& c, Diagnostics& diags);

struct Individual {
  std::string genotype;
  bool evaluated = false;       // fitness is known
  bool feasible = false;        // evaluated and within the limits
  std::vector<double> fitness;  // per criterion (feasible only)
  std::string note;             // why infeasible
  // Known to be genetically valid (checked, or made by an operator): the operators do not check it
  // again. Not saved in checkpoints (a resumed population is checked as it is used).
  bool valid = false;
};

// One row of the log: the population after generation `generation` (0 = the initial one).
struct GenerationLog {
  int generation = 0;
  std::size_t evaluations = 0;            // genotypes evaluated so far (the run's total)
  std::size_t infeasible = 0;             // in this population
  std::vector<double> best, mean, worst;  // per criterion over the feasible individuals (NaN: none)
  double diversity = 0;                   // mean Levenshtein distance between the population's genotypes
  std::size_t mutated = 0, crossed = 0, operator_failures = 0;  // in this generation
};

struct State {
  int generation = -1;  // the last generation done (-1: not started)
  std::size_t evaluations = 0;
  std::vector<Individual> population;
  std::vector<Individual> hof;  // best first, distinct genotypes, feasible only
  std::vector<GenerationLog> log;
};

class Evolution {
 public:
  Evolution(Config config, Evaluator evaluator);
  // Continues from a saved state (read_checkpoint); config.generations may differ from the run
  // that saved it (to run longer).
  Evolution(Config config, Evaluator evaluator, State resume);

  // One generation (the first call: the initial population). False after reporting an error
  // (the state is then unchanged).
  bool step(Diagnostics& diags);
  bool finished() const { return state_.generation >= config_.generations; }
  const State& state() const { return state_; }
  const Config& config() const { return config_; }
  // Called with (done, total) while a generation's genotypes are evaluated.
  std::function<void(std::size_t, std::size_t)> progress;

 private:
  Config config_;
  Evaluator evaluator_;
  State state_;
};

// The checkpoint of a run: its settings that must not change on resume (seed, popsize, criteria,
// ...) and the state, as JSON text. Reading checks them against `config` (diagnostics when they
// differ: a run resumed with other settings would not be the same run).
std::string checkpoint_json(const Config& config, const State& state);
std::optional<State> read_checkpoint(std::string_view json, const Config& config, Diagnostics& diags);

// The log as CSV: generation, evaluations, infeasible, then best/mean/worst per criterion
// (`<criterion>_best`, ...), diversity, mutated, crossed, operator_failures; one row per
// generation. Numbers in shortest round-trip form; no wall-clock time (runs are reproducible).
std::string log_csv_header(std::span<const std::string> criteria);
std::string log_csv_row(const GenerationLog& row);

// The Hall of Fame as a Framsticks .gen file: one `org:` object per member, best first, with
// `name` ("hof<rank>"), `genotype` and one field per criterion (framspy's HoF file).
std::string hof_gen(const State& state, std::span<const std::string> criteria);

}  // namespace genokit::evolution
