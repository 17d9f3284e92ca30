// Network stepping speed on the 30-neuron network of reference case 21 ("Humanoid getting up",
// randinit 0.01): the Framsticks SDK steps it at 431 ns per step (14 ns per neuron-step) on the
// project machine. Also the batch API (a population of such networks) with 1 and 2 threads.
#include <benchmark/benchmark.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include "genokit/f0/parser.hpp"
#include "genokit/neuro/network.hpp"
#include "genokit/neuro/population.hpp"

using namespace genokit;

namespace {

const f0::Model& case21() {
  static f0::Model m = [] {
    std::ifstream f(std::filesystem::path(GENOKIT_SHARED_DIR) /
                    "corpus/framsticks/oracle-sdk-r909/neuro/21_real_humanoid_getting_up.f0");
    std::stringstream ss;
    ss << f.rdbuf();
    Diagnostics d;
    return f0::parse(ss.str(), d);
  }();
  return m;
}

void BM_Case21Step(benchmark::State& st) {
  if (case21().neurons.empty()) {
    st.SkipWithError("corpus case 21 not found");
    return;
  }
  // The reference run: 200 steps from a freshly built network (building is not timed).
  const std::size_t steps = 200;
  std::size_t neurons = 0;
  for (auto _ : st) {
    st.PauseTiming();
    neuro::Network net = neuro::Network::build(case21(), {});
    neurons = net.size();
    st.ResumeTiming();
    for (std::size_t k = 0; k < steps; ++k) net.step();
    benchmark::DoNotOptimize(net.output(0));
  }
  st.counters["ns_per_step"] = benchmark::Counter(static_cast<double>(st.iterations()) * steps,
                                                  benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  st.counters["ns_per_neuron_step"] =
      benchmark::Counter(static_cast<double>(st.iterations()) * steps * static_cast<double>(neurons),
                         benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_Case21Step);

// A population of 256 copies, 1000 steps per iteration, with 1 or 2 threads.
void BM_Population(benchmark::State& st) {
  if (case21().neurons.empty()) {
    st.SkipWithError("corpus case 21 not found");
    return;
  }
  const unsigned threads = static_cast<unsigned>(st.range(0));
  std::vector<neuro::Network> pop;
  for (std::uint32_t k = 0; k < 256; ++k) pop.push_back(neuro::Network::build(case21(), {0.01, 0, k}));
  const std::size_t steps = 1000;
  for (auto _ : st) neuro::step_population(pop, steps, threads);
  st.counters["neuron_steps_per_s"] = benchmark::Counter(
      static_cast<double>(st.iterations()) * 256.0 * steps * static_cast<double>(pop[0].size()),
      benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Population)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
