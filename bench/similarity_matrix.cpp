// Dissimilarity matrices of 100 random f0 creatures of 20 Parts each (4,950 pairs), from genotype
// texts to the full matrix (reading, MDS alignment, every pair). Target (issue #21): greedy
// matching in at most 1 s. Greedy and Hungarian with the SDK's default weights (no geometry) and
// with geometry (SIM1303's greedy settings: weights 0,1,0.1,1, weighted MDS), on 1 and 2 threads;
// Levenshtein on the same texts for comparison.
#include <benchmark/benchmark.h>

#include <random>
#include <string>
#include <vector>

#include "../tests/similarity/random_creatures.hpp"
#include "genokit/genotype/read.hpp"
#include "genokit/similarity/dissimilarity.hpp"

using namespace genokit;

namespace {

const std::vector<std::string>& creatures() {
  static const std::vector<std::string> g = [] {
    std::mt19937_64 rng(2026);
    std::vector<std::string> out;
    for (int i = 0; i < 100; ++i) out.push_back(test::random_creature(rng, 20).f0());
    return out;
  }();
  return g;
}

void run(benchmark::State& st, similarity::Method m, similarity::Weights w, bool weighted_mds) {
  similarity::DissimilarityOptions o;
  o.method = m;
  o.weights = w;
  o.weighted_mds = weighted_mds;
  o.threads = static_cast<unsigned>(st.range(0));
  for (auto _ : st) {
    Diagnostics d;
    const similarity::Matrix mx = similarity::matrix(creatures(), d, o);
    if (d.has_errors() || !mx.measured[99]) st.SkipWithError("a creature was not measured");
    benchmark::DoNotOptimize(mx.values.data());
  }
  st.counters["pairs_per_s"] =
      benchmark::Counter(4950.0 * static_cast<double>(st.iterations()), benchmark::Counter::kIsRate);
}

// The SDK's way, for comparison: every pair on its own (both models aligned again for each pair),
// one thread, from models already read.
void BM_Greedy_Geometry_PairByPair(benchmark::State& st) {
  static const std::vector<f0::Model> models = [] {
    std::vector<f0::Model> out;
    Diagnostics d;
    for (const std::string& g : creatures()) out.push_back(genotype::read(g, d)->model);
    return out;
  }();
  similarity::DissimilarityOptions o;
  o.method = similarity::Method::greedy;
  o.weights = {0, 1, 0.1, 1};
  o.weighted_mds = true;
  for (auto _ : st) {
    Diagnostics d;
    double sum = 0;
    for (std::size_t i = 0; i < models.size(); ++i)
      for (std::size_t j = i + 1; j < models.size(); ++j)
        sum += *similarity::distance(models[i], models[j], d, o);
    benchmark::DoNotOptimize(sum);
  }
  st.counters["pairs_per_s"] =
      benchmark::Counter(4950.0 * static_cast<double>(st.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Greedy_Geometry_PairByPair)->Unit(benchmark::kMillisecond)->UseRealTime();

const similarity::Weights kSdkDefault{0, 1, 0.1, 0};
const similarity::Weights kGeometry{0, 1, 0.1, 1};

void BM_Greedy_SdkDefault(benchmark::State& st) {
  run(st, similarity::Method::greedy, kSdkDefault, false);
}
void BM_Greedy_Geometry(benchmark::State& st) {
  run(st, similarity::Method::greedy, kGeometry, true);
}
void BM_Hungarian_SdkDefault(benchmark::State& st) {
  run(st, similarity::Method::hungarian, kSdkDefault, false);
}
void BM_Hungarian_Geometry(benchmark::State& st) {
  run(st, similarity::Method::hungarian, kGeometry, true);
}
void BM_Levenshtein(benchmark::State& st) {
  run(st, similarity::Method::levenshtein, {}, false);
}

BENCHMARK(BM_Greedy_SdkDefault)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_Greedy_Geometry)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_Hungarian_SdkDefault)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_Hungarian_Geometry)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_Levenshtein)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
