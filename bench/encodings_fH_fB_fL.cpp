// fH, fB and fL: conversion + check of the valid reference genotypes of each encoding
// (oracle-sdk-r909/encodings/<enc>/, repeated to 5,000 genotypes as in the encodings README), one
// thread through the genotype door (what `genokit check` does per genotype, lint included), beside
// the Framsticks SDK r909 oracle's `check` mode on the same genotypes as a .gen file (a process per
// run, its CPU time) and on 20,000 real f1 genotypes (the README's yardstick: 1,950/s on its machine).
//   GENOKIT_SDK_ORACLE=path (default: the shared folder's tools/sdk-r909/frams-sdk-r909-oracle)
#include <benchmark/benchmark.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "f1_genotypes.hpp"
#include "genokit/genotype/read.hpp"

namespace {

namespace fs = std::filesystem;
constexpr std::size_t kCount = 5000;

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// The valid reference genotypes of `enc` ("fH"), repeated to kCount.
std::vector<std::string> reference(const std::string& enc) {
  std::vector<std::string> base;
  const fs::path dir = fs::path(GENOKIT_SHARED_DIR) / "corpus/framsticks/oracle-sdk-r909/encodings" / enc;
  std::error_code ec;
  for (auto& e : fs::directory_iterator(dir, ec))
    if (e.path().extension() == "." + enc &&
        slurp(e.path().string() + ".oracle.txt").find("valid: 1") != std::string::npos)
      base.push_back(slurp(e.path()));
  std::sort(base.begin(), base.end());
  std::vector<std::string> out;
  for (std::size_t i = 0; !base.empty() && out.size() < kCount; ++i) out.push_back(base[i % base.size()]);
  return out;
}

struct Inputs {
  fs::path dir = fs::temp_directory_path() / ("genokit_enc_bench_" + std::to_string(::getpid()));
  std::map<std::string, std::vector<std::string>> genotypes;
  std::map<std::string, fs::path> gen;
  std::size_t f1_count = 0;
  Inputs() {
    fs::create_directories(dir);
    for (const char* enc : {"fH", "fB", "fL"}) {
      genotypes[enc] = reference(enc);
      const fs::path p = dir / (std::string(enc) + ".gen");
      std::ofstream out(p, std::ios::binary);
      for (std::size_t i = 0; i < genotypes[enc].size(); ++i)
        out << "org:\nname:g" << i << "\ngenotype:~\n" << genotypes[enc][i] << "~\n\n";
      gen[enc] = p;
    }
    const auto f1 = bench::f1_genotypes(20000);
    f1_count = f1.size();
    std::ofstream out(dir / "f1.gen", std::ios::binary);
    for (std::size_t i = 0; i < f1.size(); ++i)
      out << "org:\nname:c" << i << "\ngenotype:" << f1[i] << "\n\n";
    gen["f1"] = dir / "f1.gen";
  }
  ~Inputs() {
    std::error_code ec;
    fs::remove_all(dir, ec);
  }
};
const Inputs& inputs() {
  static Inputs in;
  return in;
}

fs::path sdk() {
  if (const char* p = std::getenv("GENOKIT_SDK_ORACLE"); p && *p) return p;
  return fs::path(GENOKIT_SHARED_DIR) / "tools/sdk-r909/frams-sdk-r909-oracle";
}

// One thread through the door: read (convert + final check, lint on, no map) every genotype.
void library(benchmark::State& st, const std::string& enc) {
  const auto& g = inputs().genotypes.at(enc);
  if (g.empty()) return st.SkipWithError("no reference genotypes (the shared corpus is missing)");
  std::size_t valid = 0;
  for (auto _ : st)
    for (const auto& text : g) {
      genokit::Diagnostics d;
      const auto r = genokit::genotype::read(text, d);
      valid += r && r->model.valid;
    }
  benchmark::DoNotOptimize(valid);
  st.counters["genotypes/s"] = benchmark::Counter(
      static_cast<double>(g.size()) * static_cast<double>(st.iterations()), benchmark::Counter::kIsRate);
  if (valid != g.size() * st.iterations()) st.SkipWithError("a reference genotype is not valid");
}

// CPU seconds used by finished child processes so far.
double children_cpu() {
  rusage u{};
  ::getrusage(RUSAGE_CHILDREN, &u);
  return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         1e-6 * static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec);
}

// The SDK oracle's check mode on the same genotypes: the process's CPU time (user + system), so
// that a busy machine affects both sides alike (the library side is CPU time too).
void sdk_check(benchmark::State& st, const std::string& enc, std::size_t count) {
  if (!fs::exists(sdk())) return st.SkipWithError("SDK oracle not found");
  const std::string cmd =
      "'" + sdk().string() + "' check '" + inputs().gen.at(enc).string() + "' > /dev/null";
  double total = 0;
  for (auto _ : st) {
    const double t0 = children_cpu();
    if (std::system(cmd.c_str()) != 0) return st.SkipWithError("the SDK oracle failed");
    const double s = children_cpu() - t0;
    st.SetIterationTime(s);
    total += s;
  }
  st.counters["genotypes/s"] = static_cast<double>(count) * static_cast<double>(st.iterations()) / total;
}

void BM_Library_fH(benchmark::State& st) {
  library(st, "fH");
}
void BM_Library_fB(benchmark::State& st) {
  library(st, "fB");
}
void BM_Library_fL(benchmark::State& st) {
  library(st, "fL");
}
void BM_Sdk_fH(benchmark::State& st) {
  sdk_check(st, "fH", inputs().genotypes.at("fH").size());
}
void BM_Sdk_fB(benchmark::State& st) {
  sdk_check(st, "fB", inputs().genotypes.at("fB").size());
}
void BM_Sdk_fL(benchmark::State& st) {
  sdk_check(st, "fL", inputs().genotypes.at("fL").size());
}
void BM_Sdk_f1(benchmark::State& st) {
  sdk_check(st, "f1", inputs().f1_count);
}

BENCHMARK(BM_Library_fH)->Unit(benchmark::kMillisecond)->MinTime(1.0);
BENCHMARK(BM_Library_fB)->Unit(benchmark::kMillisecond)->MinTime(1.0);
BENCHMARK(BM_Library_fL)->Unit(benchmark::kMillisecond)->MinTime(1.0);
BENCHMARK(BM_Sdk_fH)->UseManualTime()->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK(BM_Sdk_fB)->UseManualTime()->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK(BM_Sdk_fL)->UseManualTime()->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK(BM_Sdk_f1)->UseManualTime()->Unit(benchmark::kMillisecond)->Iterations(3);

}  // namespace

BENCHMARK_MAIN();
