// f0 parse + build + validate throughput on 10,000 synthetic genotypes shaped like the SDK
// measurement of notes §3.6 (about 21 parts, 20 joints, 12.5 neurons, 18.5 connections, ~15 MB).
// The Framsticks SDK r909 does about 12,000 genotypes/s on the project machine.
#include <benchmark/benchmark.h>
#include <sys/resource.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "f0_genotypes.hpp"
#include "genokit/core/file_io.hpp"
#include "genokit/f0/batch.hpp"
#include "genokit/f0/parser.hpp"
#include "genokit/genotype/file.hpp"

namespace {

struct Corpus {
  std::vector<std::string> genotypes;
  std::vector<std::string_view> views;
  std::string gen_file;
  std::size_t bytes = 0;
  double parts = 0, joints = 0, neurons = 0, conns = 0;
  Corpus() {
    genotypes = bench::f0_genotypes(10000);
    gen_file = bench::gen_file(genotypes);
    for (const auto& g : genotypes) {
      views.push_back(g);
      bytes += g.size();
    }
    genokit::Diagnostics d;
    for (const auto& g : genotypes) {
      auto m = genokit::f0::parse(g, d);
      if (!m.valid) std::fprintf(stderr, "generator made an invalid genotype\n");
      parts += m.parts.size(), joints += m.joints.size(), neurons += m.neurons.size(),
          conns += m.connections.size();
    }
  }
};

const Corpus& corpus() {
  static Corpus c;
  return c;
}

void counters(benchmark::State& st, std::size_t bytes) {
  const auto& c = corpus();
  st.SetItemsProcessed(static_cast<int64_t>(st.iterations()) * static_cast<int64_t>(c.genotypes.size()));
  st.SetBytesProcessed(static_cast<int64_t>(st.iterations()) * static_cast<int64_t>(bytes));
  rusage ru{};
  getrusage(RUSAGE_SELF, &ru);
  st.counters["peak_rss_MB"] = static_cast<double>(ru.ru_maxrss) / 1024.0;
  const double n = static_cast<double>(c.genotypes.size());
  st.counters["avg_parts"] = c.parts / n;
  st.counters["avg_joints"] = c.joints / n;
  st.counters["avg_neurons"] = c.neurons / n;
  st.counters["avg_conns"] = c.conns / n;
  st.counters["MB_total"] = static_cast<double>(bytes) / 1e6;
}

// Single thread, SDK-equivalent work: parse + build + validate (no lint).
void BM_F0ParseBuildValidate(benchmark::State& st) {
  const auto& c = corpus();
  genokit::f0::ParseOptions po;
  po.lint = false;
  for (auto _ : st) {
    std::size_t valid = 0;
    for (auto g : c.views) {
      genokit::Diagnostics d;
      valid += genokit::f0::parse(g, d, po).valid;
    }
    benchmark::DoNotOptimize(valid);
  }
  counters(st, c.bytes);
}
BENCHMARK(BM_F0ParseBuildValidate)->Unit(benchmark::kMillisecond);

// Single thread with genokit's lint layer (what `genokit check` runs).
void BM_F0ParseBuildValidateLint(benchmark::State& st) {
  const auto& c = corpus();
  for (auto _ : st) {
    std::size_t valid = 0;
    for (auto g : c.views) {
      genokit::Diagnostics d;
      valid += genokit::f0::parse(g, d).valid;
    }
    benchmark::DoNotOptimize(valid);
  }
  counters(st, c.bytes);
}
BENCHMARK(BM_F0ParseBuildValidateLint)->Unit(benchmark::kMillisecond);

// parse_many (with lint; every result and its diagnostics kept until the batch is done, as
// `genokit check` needs them) on one thread and on every core: the two-core scaling.
void BM_F0ParseManyOneThread(benchmark::State& st) {
  const auto& c = corpus();
  for (auto _ : st) {
    auto r = genokit::f0::parse_many(c.views, {.threads = 1});
    benchmark::DoNotOptimize(r.data());
  }
  counters(st, c.bytes);
}
BENCHMARK(BM_F0ParseManyOneThread)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_F0ParseManyAllCores(benchmark::State& st) {
  const auto& c = corpus();
  for (auto _ : st) {
    auto r = genokit::f0::parse_many(c.views);
    benchmark::DoNotOptimize(r.data());
  }
  counters(st, c.bytes);
}
BENCHMARK(BM_F0ParseManyAllCores)->Unit(benchmark::kMillisecond)->UseRealTime();

// The whole `genokit check --format f0 big.gen` path: read the .gen file, then every core.
void BM_F0CheckGenFile(benchmark::State& st) {
  const auto& c = corpus();
  for (auto _ : st) {
    genokit::Diagnostics d;
    const auto file = genokit::genotype::read_genotypes(c.gen_file, "bench.gen", d);
    std::vector<std::string_view> texts;
    for (const auto* g : file.select({"0"})) texts.push_back(g->text);
    auto r = genokit::f0::parse_many(texts);
    benchmark::DoNotOptimize(r.data());
  }
  counters(st, c.gen_file.size());
}
BENCHMARK(BM_F0CheckGenFile)->Unit(benchmark::kMillisecond)->UseRealTime();

// parse_many on every core over the f0 genotypes of a .gen file named by GENOKIT_BENCH_F0_FILE (the
// file read beforehand): the C++ side of bench/python_parse.py, which writes the file, runs this and
// times the Python batch API on the same genotypes. Registered only when the variable is set.
void BM_F0ParseManyFromFile(benchmark::State& st, const std::string& path) {
  genokit::Diagnostics d;
  const auto bytes = genokit::read_file(path, d);
  if (!bytes) {
    st.SkipWithError(("cannot read " + path).c_str());
    return;
  }
  const auto file = genokit::genotype::read_genotypes(*bytes, path, d);
  std::vector<std::string_view> texts;
  for (const auto* g : file.select({"0"})) texts.push_back(g->text);
  std::size_t valid = 0;
  for (auto _ : st) {
    auto r = genokit::f0::parse_many(texts);
    valid = 0;
    for (const auto& x : r) valid += x.valid;
    benchmark::DoNotOptimize(r.data());
  }
  st.SetItemsProcessed(static_cast<int64_t>(st.iterations()) * static_cast<int64_t>(texts.size()));
  st.counters["genotypes"] = static_cast<double>(texts.size());
  st.counters["valid"] = static_cast<double>(valid);
}
const bool from_file_registered = [] {
  if (const char* path = std::getenv("GENOKIT_BENCH_F0_FILE"))
    benchmark::RegisterBenchmark("BM_F0ParseManyFromFile", BM_F0ParseManyFromFile, std::string(path))
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime();
  return true;
}();

}  // namespace

BENCHMARK_MAIN();
