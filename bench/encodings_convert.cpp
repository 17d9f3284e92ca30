// Conversion + check of the f4, f9, fF and fn reference genotypes, one thread: the valid genotypes of
// corpus/framsticks/oracle-sdk-r909/encodings/<enc>/ repeated to 5,000, as the SDK's rates in that
// folder's README were measured (convert, build the model, validate). Each genotype goes through the
// genotype door (header, converter, f0 model, final check) without genokit's lint warnings, like the
// SDK. SDK r909 rates on the README's machine: f4 4,040/s, f9 14,150/s, fF 571/s, fn 50,500/s (where
// it checks real f1 genotypes at 1,950/s); `vs_SDK` divides by those (relate machines through
// bench/README.md).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "genokit/genotype/read.hpp"

namespace {

namespace fs = std::filesystem;

std::vector<std::string> load(const std::string& enc, const std::string& ext) {
  std::vector<std::string> valid;
  const fs::path dir = fs::path(GENOKIT_SHARED_DIR) / "corpus/framsticks/oracle-sdk-r909/encodings" / enc;
  if (!fs::is_directory(dir)) return valid;
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == ext) files.push_back(e.path());
  std::sort(files.begin(), files.end());
  for (const auto& p : files) {
    std::ifstream dump(p.string() + ".oracle.txt");
    std::stringstream ds;
    ds << dump.rdbuf();
    if (ds.str().find("\nvalid: 1\n") == std::string::npos) continue;
    std::ifstream in(p, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    valid.push_back(ss.str());
  }
  std::vector<std::string> out;
  for (std::size_t i = 0; !valid.empty() && out.size() < 5000; ++i) out.push_back(valid[i % valid.size()]);
  return out;
}

void run(benchmark::State& state, const std::string& enc, const std::string& ext, double sdk_rate) {
  const std::vector<std::string> set = load(enc, ext);
  if (set.empty()) {
    state.SkipWithError("corpus not found (GENOKIT_SHARED_DIR)");
    return;
  }
  genokit::genotype::ReadOptions ro;
  ro.lint = false;
  std::size_t valid = 0, chars = 0;
  for (const auto& g : set) chars += g.size();
  for (auto _ : state)
    for (const auto& g : set) {
      genokit::Diagnostics d;
      const auto r = genokit::genotype::read(g, d, ro);
      valid += r && r->model.valid;
      benchmark::DoNotOptimize(r);
    }
  const double n = static_cast<double>(state.iterations() * set.size());
  state.counters["genotypes/s"] = benchmark::Counter(n, benchmark::Counter::kIsRate);
  state.counters["vs_SDK"] = benchmark::Counter(n / sdk_rate, benchmark::Counter::kIsRate);
  state.counters["valid"] = static_cast<double>(valid) / static_cast<double>(state.iterations());
  state.counters["avg_chars"] = static_cast<double>(chars) / static_cast<double>(set.size());
}

void BM_F4(benchmark::State& s) {
  run(s, "f4", ".f4", 4040);
}
void BM_F9(benchmark::State& s) {
  run(s, "f9", ".f9", 14150);
}
void BM_FF(benchmark::State& s) {
  run(s, "fF", ".fF", 571);
}
void BM_Fn(benchmark::State& s) {
  run(s, "fn", ".fn", 50500);
}
BENCHMARK(BM_F4)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_F9)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_FF)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Fn)->Unit(benchmark::kMillisecond);

}  // namespace
BENCHMARK_MAIN();
