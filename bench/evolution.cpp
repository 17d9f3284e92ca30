// Evolution overhead (docs/evolution.md "Speed"): the share of a run's time spent outside the
// evaluation (selection, crossover and mutation through the door, limits, Hall of Fame, log,
// diversity, and the checkpoint, Hall of Fame and log texts genokit evolve writes after every
// generation). The target: <= 2 % of a run. The run is the docs' experiment, shortened: f1 from
// `X`, popsize 50, velocity, eval-allcriteria.sim + deterministic.sim from the corpus (without it,
// the tests' quick.sim), all cores.
#include <benchmark/benchmark.h>

#include <chrono>
#include <filesystem>

#include "genokit/evolution/evolution.hpp"
#include "genokit/evolution/sim_evaluator.hpp"

namespace {

using namespace genokit;
using Clock = std::chrono::steady_clock;

std::string sim_chain() {
  const std::filesystem::path d = std::filesystem::path(GENOKIT_SHARED_DIR) / "corpus" / "framsticks" / "framspy-sim";
  if (std::filesystem::exists(d / "eval-allcriteria.sim"))
    return (d / "eval-allcriteria.sim").string() + ";" + (d / "deterministic.sim").string();
  return (std::filesystem::path(GENOKIT_SOURCE_DIR) / "tests" / "evolution" / "data" / "quick.sim").string();
}

void run(benchmark::State& state, evolution::Evaluator inner, int generations) {
  double total = 0, evaluating = 0;
  std::size_t evaluations = 0;
  for (auto _ : state) {
    evolution::Config c;
    c.criteria = {"velocity"};
    c.popsize = 50;
    c.generations = generations;
    c.seed = 1;
    double eval_s = 0;
    evolution::Evolution e(c, [&](const evolution::EvaluateCall& call) {
      const auto t0 = Clock::now();
      auto r = inner(call);
      eval_s += std::chrono::duration<double>(Clock::now() - t0).count();
      return r;
    });
    Diagnostics d;
    const auto t0 = Clock::now();
    std::size_t bytes = 0;
    while (!e.finished() && e.step(d)) {
      // What genokit evolve writes after each generation (the texts; not the disk).
      std::string csv = evolution::log_csv_header(c.criteria);
      for (const auto& r : e.state().log) csv += evolution::log_csv_row(r);
      bytes += csv.size() + evolution::hof_gen(e.state(), c.criteria).size() +
               evolution::checkpoint_json(c, e.state()).size();
    }
    benchmark::DoNotOptimize(bytes);
    total += std::chrono::duration<double>(Clock::now() - t0).count();
    evaluating += eval_s;
    evaluations += e.state().evaluations;
  }
  state.counters["overhead_%"] = 100 * (total - evaluating) / total;
  state.counters["overhead_ms_per_generation"] =
      1000 * (total - evaluating) / static_cast<double>(state.iterations() * (generations + 1));
  state.counters["evaluations"] = static_cast<double>(evaluations) / static_cast<double>(state.iterations());
}

// The real thing: the simulator evaluates.
void BM_EvolutionOverhead_Simulator(benchmark::State& state) {
  Diagnostics d;
  auto settings = sim::load_settings(sim_chain(), d);
  if (!settings) {
    state.SkipWithError("settings not readable");
    return;
  }
  run(state, evolution::sim_evaluator(std::make_shared<const sim::Settings>(std::move(*settings))), 10);
}
BENCHMARK(BM_EvolutionOverhead_Simulator)->Unit(benchmark::kSecond)->Iterations(1)->UseRealTime();

// The loop alone: an evaluator that costs nothing (criteria from the genotype's length).
void BM_EvolutionLoopOnly(benchmark::State& state) {
  run(
      state,
      [](const evolution::EvaluateCall& call) {
        std::vector<evolution::Evaluation> out;
        for (const auto& g : call.genotypes) out.push_back({true, {static_cast<double>(g.size() % 17)}, {}});
        return out;
      },
      30);
}
BENCHMARK(BM_EvolutionLoopOnly)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
