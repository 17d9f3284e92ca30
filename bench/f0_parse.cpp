// f0 parse + build + validate throughput on 10,000 synthetic genotypes shaped like the SDK
// measurement of notes §3.6 (about 21 parts, 20 joints, 12.5 neurons, 18.5 connections, ~15 MB).
// The Framsticks SDK r909 does about 12,000 genotypes/s on the project machine.
#include <benchmark/benchmark.h>
#include <sys/resource.h>

#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "genokit/f0/batch.hpp"
#include "genokit/f0/files.hpp"
#include "genokit/f0/parser.hpp"
#include "genokit/frams/document.hpp"

namespace {

std::string num(std::mt19937_64& rng, double lo, double hi) {
  std::uniform_real_distribution<double> d(lo, hi);
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.4g", d(rng));
  return buf;
}

// One valid creature: a random tree of parts (absolute positions within joint range), neurons on
// fitting places, connections into neurons with free inputs.
std::string make_genotype(std::mt19937_64& rng) {
  std::uniform_int_distribution<int> parts_d(16, 26), coin(0, 3);
  const int np = parts_d(rng);
  std::vector<double> x(np), y(np), z(np);
  std::string g = "//0\n";
  for (int i = 0; i < np; ++i) {
    if (i > 0) {
      const int parent = std::uniform_int_distribution<int>(std::max(0, i - 4), i - 1)(rng);
      x[i] = x[parent] + std::uniform_real_distribution<double>(-1.0, 1.0)(rng);
      y[i] = y[parent] + std::uniform_real_distribution<double>(-0.8, 0.8)(rng);
      z[i] = z[parent] + std::uniform_real_distribution<double>(-0.5, 0.5)(rng);
    }
    char buf[160];
    std::snprintf(buf, sizeof buf, "p:%.6g, %.6g, %.6g", x[i], y[i], z[i]);
    g += buf;
    if (coin(rng) == 0) g += ", fr=" + num(rng, 0.1, 1);
    if (coin(rng) == 0) g += ", dn=" + num(rng, 0.5, 2);
    g += '\n';
  }
  std::vector<std::pair<int, int>> joints;
  for (int i = 1; i < np; ++i) {
    // parent = the closest earlier part (keeps every joint shorter than 2)
    int best = 0;
    double bd = 1e300;
    for (int k = std::max(0, i - 4); k < i; ++k) {
      const double d =
          (x[i] - x[k]) * (x[i] - x[k]) + (y[i] - y[k]) * (y[i] - y[k]) + (z[i] - z[k]) * (z[i] - z[k]);
      if (d < bd) bd = d, best = k;
    }
    joints.emplace_back(best, i);
    g += "j:" + std::to_string(best) + ", " + std::to_string(i);
    if (coin(rng) == 0) g += ", stam=" + num(rng, 0.1, 0.9);
    g += '\n';
  }
  const int nn = std::uniform_int_distribution<int>(9, 16)(rng);
  static const char* kinds[] = {"N", "|", "@", "G", "T", "S", "Sin", "*"};
  std::vector<int> inputs_wanted;
  for (int i = 0; i < nn; ++i) {
    const char* k = kinds[std::uniform_int_distribution<int>(0, 7)(rng)];
    const std::string kind = k;
    if (kind == "|" || kind == "@" || kind == "G")
      g += "n:j=" + std::to_string(std::uniform_int_distribution<int>(0, np - 2)(rng)) + ", d=\"" + kind +
           (kind == "|" ? ":p=0.25, r=1" : "") + "\"\n";
    else if (kind == "T" || kind == "S")
      g += "n:p=" + std::to_string(std::uniform_int_distribution<int>(0, np - 1)(rng)) + ", d=" + kind + "\n";
    else if (kind == "N")
      g += "n:d=\"N:in=" + num(rng, 0.1, 0.9) + ", fo=0.04\"\n";
    else
      g += "n:d=" + kind + "\n";
  }
  const int nc = std::uniform_int_distribution<int>(14, 23)(rng);
  std::uniform_int_distribution<int> pick(0, nn - 1);
  for (int i = 0; i < nc; ++i)
    g += "c:" + std::to_string(pick(rng)) + ", " + std::to_string(pick(rng)) + ", " + num(rng, -2, 2) + "\n";
  return g;
}

struct Corpus {
  std::vector<std::string> genotypes;
  std::vector<std::string_view> views;
  std::string gen_file;
  std::size_t bytes = 0;
  double parts = 0, joints = 0, neurons = 0, conns = 0;
  Corpus() {
    std::mt19937_64 rng(12345);
    for (int i = 0; i < 10000; ++i) genotypes.push_back(make_genotype(rng));
    for (const auto& g : genotypes) {
      views.push_back(g);
      bytes += g.size();
      gen_file += "org:\nname:creature " + std::to_string(views.size()) + "\ngenotype:~\n" + g + "~\n\n";
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
    auto r = genokit::f0::parse_many(c.views, {}, 1);
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
    auto doc = genokit::frams::parse(c.gen_file, "bench.gen", d);
    auto gens = genokit::f0::find_f0_genotypes(doc);
    std::vector<std::string_view> texts;
    for (const auto& g : gens) texts.push_back(g.text);
    auto r = genokit::f0::parse_many(texts);
    benchmark::DoNotOptimize(r.data());
  }
  counters(st, c.gen_file.size());
}
BENCHMARK(BM_F0CheckGenFile)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
