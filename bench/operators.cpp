// Genetic operators through the door (docs/evolution.md "Speed"): f1 mutations with GenMan's
// checks (the parent's strict validity, the mutant's, retries), the raw f1 mutation, f1
// crossover, f0 mutation. The target: f1 mutations including the validity check >= 100,000/s on
// one core. The genotypes are those an evolution meets: made from the simplest `X` by chains of
// 1..60 mutations (the same 1,000 in every run), and the corpus's real f1 genotypes.
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "f1_genotypes.hpp"
#include "genokit/f1/operator_table.hpp"
#include "genokit/f1/operators.hpp"
#include "genokit/frams/sdk_random.hpp"
#include "genokit/genotype/operators.hpp"

namespace {

using namespace genokit;

// 1,000 genotypes: genotype i is the simplest after 1 + i % 60 mutations (seeded by i).
const std::vector<std::string>& evolved() {
  static const std::vector<std::string> set = [] {
    std::vector<std::string> out;
    for (std::uint64_t i = 0; i < 1000; ++i) {
      std::string g = "X";
      for (std::uint64_t k = 0; k <= i % 60; ++k) {
        Diagnostics d;
        genotype::OperatorOptions o;
        o.seed = frams::mix_seed(i, k);
        if (auto m = genotype::mutate(g, d, o)) g = std::move(m->genotype);
      }
      out.push_back(std::move(g));
    }
    return out;
  }();
  return set;
}

const std::vector<std::string>& corpus() {
  static const std::vector<std::string> set = [] {
    std::vector<std::string> out;
    for (std::string& g : bench::corpus_f1()) {
      Diagnostics d;
      if (genotype::is_valid_strict(g, d)) out.push_back(std::move(g));
    }
    if (out.empty()) out = bench::generated();
    return out;
  }();
  return set;
}

double mean_length(const std::vector<std::string>& s) {
  double n = 0;
  for (const auto& g : s) n += static_cast<double>(g.size());
  return n / static_cast<double>(s.size());
}

void wrapped(benchmark::State& state, const std::vector<std::string>& set, bool parents_valid = false) {
  std::uint64_t seed = 0, ok = 0;
  genotype::OperatorStats stats;
  const genotype::OperatorSettings settings;  // (made once, as a program mutating many genotypes does)
  for (auto _ : state) {
    for (const auto& g : set) {
      Diagnostics d;
      genotype::OperatorOptions o;
      o.seed = ++seed;
      o.stats = &stats;
      o.settings = &settings;
      o.parents_valid = parents_valid;
      const auto m = genotype::mutate(g, d, o);
      ok += m.has_value();
      benchmark::DoNotOptimize(m);
    }
  }
  const double n = static_cast<double>(state.iterations() * set.size());
  state.counters["mutations/s"] = benchmark::Counter(n, benchmark::Counter::kIsRate);
  state.counters["ok"] = static_cast<double>(ok) / n;
  state.counters["valid_first"] =
      static_cast<double>(stats.mvalid) /
      static_cast<double>(stats.mvalid + stats.mvalidated + stats.minvalid + stats.mfailed);
  state.counters["avg_chars"] = mean_length(set);
}

// genotype::mutate: the parent's check, the operator, the mutant's strict check (retries when
// invalid).
void BM_F1MutateChecked_Evolved(benchmark::State& state) {
  wrapped(state, evolved());
}
BENCHMARK(BM_F1MutateChecked_Evolved)->Unit(benchmark::kMillisecond);

void BM_F1MutateChecked_Corpus(benchmark::State& state) {
  wrapped(state, corpus());
}
BENCHMARK(BM_F1MutateChecked_Corpus)->Unit(benchmark::kMillisecond);

// The same when the caller knows its parents are valid (both sets hold only valid genotypes), as
// an evolution does (its parents are the operators' earlier results): only the mutant is checked.
void BM_F1MutateChecked_KnownParent_Evolved(benchmark::State& state) {
  wrapped(state, evolved(), true);
}
BENCHMARK(BM_F1MutateChecked_KnownParent_Evolved)->Unit(benchmark::kMillisecond);

void BM_F1MutateChecked_KnownParent_Corpus(benchmark::State& state) {
  wrapped(state, corpus(), true);
}
BENCHMARK(BM_F1MutateChecked_KnownParent_Corpus)->Unit(benchmark::kMillisecond);

// The raw operator alone (no checks).
void raw(benchmark::State& state, const std::vector<std::string>& set) {
  frams::ParamValues params(f1::operator_table());
  frams::SdkRandom rng(1);
  for (auto _ : state)
    for (const auto& g : set) {
      Diagnostics d;
      benchmark::DoNotOptimize(f1::mutate(g, {rng, params, f0::default_neuron_class_lists(), d}));
    }
  state.counters["mutations/s"] =
      benchmark::Counter(static_cast<double>(state.iterations() * set.size()), benchmark::Counter::kIsRate);
}
void BM_F1MutateRaw_Evolved(benchmark::State& state) {
  raw(state, evolved());
}
BENCHMARK(BM_F1MutateRaw_Evolved)->Unit(benchmark::kMillisecond);
void BM_F1MutateRaw_Corpus(benchmark::State& state) {
  raw(state, corpus());
}
BENCHMARK(BM_F1MutateRaw_Corpus)->Unit(benchmark::kMillisecond);

// The strict check alone (what the wrapper runs on the parent and on each mutant).
void strict(benchmark::State& state, const std::vector<std::string>& set) {
  for (auto _ : state)
    for (const auto& g : set) {
      Diagnostics d;
      benchmark::DoNotOptimize(genotype::is_valid_strict(g, d));
    }
  state.counters["checks/s"] =
      benchmark::Counter(static_cast<double>(state.iterations() * set.size()), benchmark::Counter::kIsRate);
}
void BM_F1StrictCheck_Evolved(benchmark::State& state) {
  strict(state, evolved());
}
BENCHMARK(BM_F1StrictCheck_Evolved)->Unit(benchmark::kMillisecond);
void BM_F1StrictCheck_Corpus(benchmark::State& state) {
  strict(state, corpus());
}
BENCHMARK(BM_F1StrictCheck_Corpus)->Unit(benchmark::kMillisecond);

void BM_F1Crossover_Evolved(benchmark::State& state) {
  const auto& set = evolved();
  std::uint64_t seed = 0;
  for (auto _ : state)
    for (std::size_t i = 0; i < set.size(); ++i) {
      Diagnostics d;
      genotype::OperatorOptions o;
      o.seed = ++seed;
      benchmark::DoNotOptimize(genotype::crossover(set[i], set[(i * 7 + 3) % set.size()], d, o));
    }
  state.counters["crossovers/s"] =
      benchmark::Counter(static_cast<double>(state.iterations() * set.size()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_F1Crossover_Evolved)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
