// f1 -> f0 convert + build + validate throughput on 20,000 real-like f1 genotypes of about 220
// characters, made from the corpus's f1 genotypes (combined as branches of a new stick when short)
// or, without the corpus, generated from the same ingredients. The Framsticks SDK r909 converts,
// builds and validates such a set in 5.3 s on the project machine: about 3,800 genotypes/s.
#include <benchmark/benchmark.h>
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "f1_genotypes.hpp"
#include "genokit/f1/convert.hpp"

namespace {

const std::vector<std::string>& set20k() {
  static const std::vector<std::string> s = bench::f1_genotypes(20000);
  return s;
}

void report(benchmark::State& state, std::size_t chars) {
  const auto& s = set20k();
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * s.size()));
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * chars));
  state.counters["genotypes/s"] =
      benchmark::Counter(static_cast<double>(state.iterations() * s.size()), benchmark::Counter::kIsRate);
  state.counters["vs_SDK"] = benchmark::Counter(static_cast<double>(state.iterations() * s.size()) / 3800.0,
                                                benchmark::Counter::kIsRate);
  state.counters["avg_chars"] = static_cast<double>(chars) / static_cast<double>(s.size());
  rusage ru{};
  getrusage(RUSAGE_SELF, &ru);
  state.counters["peak_rss_MB"] = static_cast<double>(ru.ru_maxrss) / 1024.0;
}

// Convert + build + validate (+ genokit's lint warnings), single-threaded.
void BM_F1ConvertBuildValidate(benchmark::State& state) {
  const auto& s = set20k();
  std::size_t chars = 0;
  for (const auto& g : s) chars += g.size();
  std::size_t valid = 0, warnings = 0;
  for (auto _ : state) {
    for (const auto& g : s) {
      genokit::Diagnostics d;
      const auto c = genokit::f1::convert(g, d);
      valid += c.model.valid;
      warnings += d.warning_count();
      benchmark::DoNotOptimize(c.model.parts.data());
    }
  }
  state.counters["valid"] = static_cast<double>(valid) / static_cast<double>(state.iterations());
  state.counters["warnings"] = static_cast<double>(warnings) / static_cast<double>(state.iterations());
  report(state, chars);
}
BENCHMARK(BM_F1ConvertBuildValidate)->Unit(benchmark::kMillisecond);

// Only what the SDK does (no genokit lint warnings): the like-for-like comparison with the SDK.
void BM_F1ConvertNoLint(benchmark::State& state) {
  const auto& s = set20k();
  std::size_t chars = 0;
  for (const auto& g : s) chars += g.size();
  genokit::f1::ConvertOptions o;
  o.lint = false;
  std::size_t warnings = 0;
  for (auto _ : state) {
    for (const auto& g : s) {
      genokit::Diagnostics d;
      const auto c = genokit::f1::convert(g, d, o);
      warnings += d.warning_count();
      benchmark::DoNotOptimize(c.model.parts.data());
    }
  }
  state.counters["warnings"] = static_cast<double>(warnings) / static_cast<double>(state.iterations());
  report(state, chars);
}
BENCHMARK(BM_F1ConvertNoLint)->Unit(benchmark::kMillisecond);

// The same, each pass on a new thread whose converter caches (rounding, sin/cos, number and
// parameter texts) start empty, as in a process that converts the set once. The thread then runs
// a second pass with warm caches (counter warm_ms), so the two differ only in the caches.
void BM_F1ConvertNoLintColdCaches(benchmark::State& state) {
  const auto& s = set20k();
  std::size_t chars = 0;
  for (const auto& g : s) chars += g.size();
  genokit::f1::ConvertOptions o;
  o.lint = false;
  double warm_total = 0;
  for (auto _ : state) {
    double cold = 0, warm = 0;
    std::thread t([&] {
      for (double* out : {&cold, &warm}) {
        const auto t0 = std::chrono::steady_clock::now();
        for (const auto& g : s) {
          genokit::Diagnostics d;
          const auto c = genokit::f1::convert(g, d, o);
          benchmark::DoNotOptimize(c.model.parts.data());
        }
        *out = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      }
    });
    t.join();
    state.SetIterationTime(cold);
    warm_total += warm;
  }
  state.counters["warm_ms"] = warm_total * 1e3 / static_cast<double>(state.iterations());
  report(state, chars);
}
BENCHMARK(BM_F1ConvertNoLintColdCaches)->Unit(benchmark::kMillisecond)->UseManualTime();

// The same with the f1 text map (as `show --json` builds it).
void BM_F1ConvertWithMap(benchmark::State& state) {
  const auto& s = set20k();
  std::size_t chars = 0;
  for (const auto& g : s) chars += g.size();
  genokit::f1::ConvertOptions o;
  o.mapping = true;
  for (auto _ : state) {
    for (const auto& g : s) {
      genokit::Diagnostics d;
      const auto c = genokit::f1::convert(g, d, o);
      benchmark::DoNotOptimize(c.map.data());
    }
  }
  report(state, chars);
}
BENCHMARK(BM_F1ConvertWithMap)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
