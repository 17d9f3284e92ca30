// Decode + validate the stock C2 norn genome (36,001 bytes with its zero tail) repeatedly, beside
// memcpy of the same bytes. Without the shared corpus a synthetic genome of similar size is used.
#include <benchmark/benchmark.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "genokit/genome/text.hpp"

using namespace genokit;
using namespace genokit::genome;

namespace {

// A C2 genome built gene by gene with the same mix as the stock norn (787 genes, 19,033 bytes)
// plus a zero tail up to 36,001 bytes.
std::string synthetic() {
  const std::pair<const char*, int> mix[] = {
      {"genus", 1},         {"brain_organ", 1}, {"organ", 20},
      {"lobe", 10},         {"receptor", 183},  {"emitter", 63},
      {"reaction", 117},    {"half_lives", 1},  {"initial_concentration", 22},
      {"stimulus", 39},     {"appearance", 5},  {"pose", 242},
      {"gait", 15},         {"instinct", 44},   {"pigment", 12},
      {"pigment_bleed", 12}};
  Builder b(Version::c2);
  for (const auto& [name, count] : mix) {
    const GeneLayout* l = find_layout(Version::c2, name);
    for (int i = 0; i < count; ++i) {
      Gene h;
      h.type = l->type;
      h.subtype = l->subtype;
      h.id = std::uint8_t(i + 1);
      h.flags = kMutable | kDuplicable;
      h.mutability = 128;
      b.gene(h, std::string(l->data_size, '\x01'));
    }
  }
  b.gend();
  std::string out = b.bytes();
  out.resize(36001, '\0');
  return out;
}

const std::string& genome_bytes() {
  static const std::string bytes = [] {
    std::filesystem::path p =
        std::filesystem::path(GENOKIT_SHARED_DIR) / "corpus" / "creatures2" / "c2-norn.gen";
    std::ifstream f(p, std::ios::binary);
    if (f) {
      std::stringstream ss;
      ss << f.rdbuf();
      return ss.str();
    }
    return synthetic();
  }();
  return bytes;
}

void BM_DecodeValidate(benchmark::State& state) {
  std::string buf = genome_bytes();
  Genome g;
  for (auto _ : state) {
    Diagnostics d;
    read(std::move(buf), g, d);  // the genome takes the buffer; we take it back below
    validate(g, d);
    benchmark::DoNotOptimize(g.genes.data());
    if (d.has_errors() || g.genes.size() < 700) state.SkipWithError("the genome did not read cleanly");
    buf = std::move(g.bytes);
  }
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(genome_bytes().size()));
  state.counters["genes"] = double(g.genes.size());
}
BENCHMARK(BM_DecodeValidate);

void BM_DecodeOnly(benchmark::State& state) {
  std::string buf = genome_bytes();
  Genome g;
  for (auto _ : state) {
    Diagnostics d;
    read(std::move(buf), g, d);
    benchmark::DoNotOptimize(g.genes.data());
    buf = std::move(g.bytes);
  }
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(genome_bytes().size()));
}
BENCHMARK(BM_DecodeOnly);

void BM_Memcpy(benchmark::State& state) {
  const std::string& src = genome_bytes();
  std::string dst(src.size(), '\0');
  for (auto _ : state) {
    std::memcpy(dst.data(), src.data(), src.size());
    benchmark::DoNotOptimize(dst.data());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(src.size()));
}
BENCHMARK(BM_Memcpy);

void BM_TextRoundTrip(benchmark::State& state) {
  Genome g;
  Diagnostics d;
  read(genome_bytes(), g, d);
  for (auto _ : state) {
    std::string text = to_text(g);
    std::string back;
    assemble(text, back, d);
    benchmark::DoNotOptimize(back.data());
  }
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(genome_bytes().size()));
}
BENCHMARK(BM_TextRoundTrip);

}  // namespace

BENCHMARK_MAIN();
