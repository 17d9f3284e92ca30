// Standard evaluations per second (sim::evaluate) of the benchmark creatures on 1 and 2 jobs
// (threads for dWorldStep creatures, worker processes for QuickStep ones), and the issue's
// comparison: the standard evaluation of the 11-stick walker per simulation step, against the
// minimal 11-capsule QuickStep loop of bench_sim_step (BM_IssueLoop11Capsules).
#include <benchmark/benchmark.h>

#include "genokit/sim/evaluate.hpp"
#include "sim_creatures.hpp"

using namespace genokit;

namespace {

// A standard evaluation shortened to 1000 steps of life (Energy0 1000), one per genotype, with
// the brain and measurement on from birth so every step is a step of life.
sim::Settings life(int stepper) {
  sim::Settings s;
  s.evalcount = 1;
  s.energy0 = 1000;
  s.randinit = 0.01;
  s.initial_nn_active = 1;
  s.initial_perf_measuring = 1;
  s.gk_stepper = stepper;
  return s;
}

const std::string& creature(int which) {
  static const std::string c[3] = {bench::one_stick(), bench::walker(false), bench::centipede()};
  return c[which];
}

// 8 evaluations (the same genotype, seeds 0..7 through evalcount 8) per iteration.
void BM_Evaluations(benchmark::State& st) {
  const int which = static_cast<int>(st.range(0)), jobs = static_cast<int>(st.range(1)),
            stepper = static_cast<int>(st.range(2));
  sim::Settings s = life(stepper);
  s.evalcount = 8;
  std::vector<std::string> g = {creature(which)};
  Diagnostics d;
  for (auto _ : st) {
    auto r = sim::evaluate(g, s, d, {.jobs = static_cast<unsigned>(jobs)});
    if (!r[0].criteria) st.SkipWithError(r[0].message.c_str());
    benchmark::DoNotOptimize(r[0].criteria->velocity);
  }
  static const char* const names[3] = {"one_stick", "walker10", "centipede50"};
  static const char* const steppers[3] = {"QuickStep", "dWorldStep", "auto"};
  st.SetLabel(std::string(names[which]) + ", " + steppers[stepper] + ", " + std::to_string(jobs) + " jobs");
  st.counters["evaluations_per_s"] =
      benchmark::Counter(static_cast<double>(st.iterations()) * 8, benchmark::Counter::kIsRate);
  st.counters["us_per_step"] = benchmark::Counter(static_cast<double>(st.iterations()) * 8 * 1000,
                                                  benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_Evaluations)
    ->ArgsProduct({{0, 1}, {1, 2}, {2}})
    ->Args({1, 1, 0})
    ->Args({1, 2, 0})
    ->Args({2, 1, 2})
    ->Args({2, 2, 2})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// The walker: 11 sticks, one standard evaluation (1000 steps), per step.
void BM_Walker11Evaluation(benchmark::State& st) {
  std::vector<std::string> g = {bench::walker(true)};
  sim::Settings s = life(static_cast<int>(st.range(0)));
  Diagnostics d;
  for (auto _ : st) {
    auto r = sim::evaluate(g, s, d, {.jobs = 1});
    if (!r[0].criteria) st.SkipWithError(r[0].message.c_str());
  }
  st.SetLabel(st.range(0) == 0 ? "QuickStep" : st.range(0) == 1 ? "dWorldStep" : "auto (default)");
  st.counters["us_per_step"] = benchmark::Counter(static_cast<double>(st.iterations()) * 1000,
                                                  benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_Walker11Evaluation)->Arg(0)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
