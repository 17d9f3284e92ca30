// Decode + validate the stock C2 norn genome (36,001 bytes with its zero tail) repeatedly, encode it
// back, beside memcpy of the same bytes. Without the shared corpus a synthetic genome of similar size is
// used.
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
  Genome g;
  g.version = Version::c2;
  for (const auto& [name, count] : mix) {
    const GeneLayout* l = find_layout(Version::c2, name);
    for (int i = 0; i < count; ++i) {
      Gene& h = g.genes.emplace_back();
      h.type = l->type;
      h.subtype = l->subtype;
      h.layout = l;
      h.id = std::uint8_t(i + 1);
      h.flags = kMutable | kDuplicable;
      h.mutability = 128;
      g.set_data(h, std::string(l->data_size, '\x01'));
    }
  }
  g.tail.assign(36001 - 19033, '\0');
  return write(g);
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
  const std::string& bytes = genome_bytes();
  std::size_t genes = 0;
  for (auto _ : state) {
    Diagnostics d;
    auto g = read(bytes, d);
    if (g) validate(*g, d);
    if (!g || d.has_errors() || g->genes.size() < 700) {
      state.SkipWithError("the genome did not read cleanly");
      break;
    }
    benchmark::DoNotOptimize(g->genes.data());
    genes = g->genes.size();
  }
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(bytes.size()));
  state.counters["genes"] = double(genes);
}
BENCHMARK(BM_DecodeValidate);

void BM_DecodeOnly(benchmark::State& state) {
  const std::string& bytes = genome_bytes();
  for (auto _ : state) {
    Diagnostics d;
    auto g = read(bytes, d);
    benchmark::DoNotOptimize(g->genes.data());
  }
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(bytes.size()));
}
BENCHMARK(BM_DecodeOnly);

// The encoder: the file rebuilt from the decoded genes.
void BM_Encode(benchmark::State& state) {
  Diagnostics d;
  const Genome g = *read(genome_bytes(), d);
  for (auto _ : state) {
    std::string out = write(g);
    benchmark::DoNotOptimize(out.data());
  }
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(genome_bytes().size()));
}
BENCHMARK(BM_Encode);

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
  Diagnostics d;
  const Genome g = *read(genome_bytes(), d);
  for (auto _ : state) {
    std::string text = to_text(g);
    auto back = assemble(text, d);
    benchmark::DoNotOptimize(back->data());
  }
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(genome_bytes().size()));
}
BENCHMARK(BM_TextRoundTrip);

}  // namespace

BENCHMARK_MAIN();
