// Framsticks file loading speed: a generated 15 MB .gen file of 10,000 org: objects with
// multi-line f0 genotypes (21 p:, 20 j:, 12 n:, 18 c: lines each, like the SDK measurement in
// notes §3.6). Measures load + validate (reader + the SDK GenotypeMiniLoader schema: unknown
// fields, duplicates, typed conversions) single-threaded. The file is also written to
// /tmp/genokit_frams_bench.gen so `wc -l` and `/usr/bin/time -v` can be run on the same bytes.
#include <benchmark/benchmark.h>
#include <sys/resource.h>

#include <cstdio>
#include <fstream>
#include <random>
#include <sstream>
#include <string>

#include "genokit/frams/document.hpp"
#include "genokit/frams/schema.hpp"

namespace {

const char* kPath = "/tmp/genokit_frams_bench.gen";

std::string num(std::mt19937& rng, double lo, double hi) {
  std::uniform_real_distribution<double> d(lo, hi);
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", d(rng));
  return buf;
}

// One org: object, about 1.5 kB.
void append_org(std::string& out, int i, std::mt19937& rng) {
  out += "org:\nname:Creature " + std::to_string(i) + "\ngenotype:~\n//0\n";
  for (int p = 0; p < 21; ++p)
    out += "p:" + num(rng, -5, 5) + ", " + num(rng, -5, 5) + ", " + num(rng, 0, 2) +
           ", fr=" + num(rng, 0, 4) + "\n";
  for (int j = 0; j < 20; ++j)
    out += "j:" + std::to_string(j) + ", " + std::to_string(j + 1) + ", stif=" + num(rng, 0, 1) + "\n";
  static const char* cls[] = {"N", "G", "T", "S", "Sin:f0=0.12", "|:p=0.25,r=1", "@:p=0.5"};
  for (int n = 0; n < 12; ++n) out += "n:p=" + std::to_string(n) + ", d=\"" + cls[rng() % 7] + "\"\n";
  for (int c = 0; c < 18; ++c)
    out +=
        "c:" + std::to_string(c % 12) + ", " + std::to_string((c * 5) % 12) + ", " + num(rng, -1, 1) + "\n";
  out += "~\ninfo_timestamp:" + std::to_string(1600000000 + i) + "\nnum:" + std::to_string(i) +
         "\ngnum:3\ninfo:Generated for the genokit benchmark\n\n";
}

// Writes the file once, one object at a time (no 15 MB string held), so a run of only
// BM_FramsLoadFileValidate under `/usr/bin/time -v` shows the loader's own peak memory.
std::size_t ensure_file() {
  static const std::size_t size = [] {
    std::ofstream out(kPath, std::ios::binary | std::ios::trunc);
    std::mt19937 rng(42);
    std::string org;
    std::size_t total = 0;
    for (int i = 0; i < 10000; ++i) {
      org.clear();
      append_org(org, i, rng);
      out << org;
      total += org.size();
    }
    return total;
  }();
  return size;
}

const std::string& file_text() {
  static const std::string text = [] {
    ensure_file();
    std::ifstream in(kPath, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
  }();
  return text;
}

void BM_FramsParseValidate(benchmark::State& state) {
  const std::string& text = file_text();
  genokit::frams::LoadOptions opt;
  opt.schema = &genokit::frams::genotype_loader_schema();
  std::size_t objects = 0;
  for (auto _ : state) {
    genokit::Diagnostics diags;
    genokit::frams::Document doc = genokit::frams::parse(text, "bench.gen", diags, opt);
    objects = doc.objects.size();
    benchmark::DoNotOptimize(doc.objects.data());
    if (diags.error_count() || diags.warning_count()) state.SkipWithError("unexpected diagnostics");
  }
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(text.size()));
  state.counters["objects"] = double(objects);
  state.counters["file_MB"] = double(text.size()) / 1e6;
}
BENCHMARK(BM_FramsParseValidate)->Unit(benchmark::kMillisecond);

void BM_FramsLoadFileValidate(benchmark::State& state) {
  const std::size_t size = ensure_file();
  genokit::frams::LoadOptions opt;
  opt.schema = &genokit::frams::genotype_loader_schema();
  for (auto _ : state) {
    genokit::Diagnostics diags;
    genokit::frams::Document doc = genokit::frams::load_file(kPath, diags, opt);
    benchmark::DoNotOptimize(doc.objects.data());
  }
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(size));
}
BENCHMARK(BM_FramsLoadFileValidate)->Unit(benchmark::kMillisecond);

void BM_FramsCanonicalWrite(benchmark::State& state) {
  const std::string& text = file_text();
  genokit::Diagnostics diags;
  genokit::frams::Document doc = genokit::frams::parse(text, "bench.gen", diags);
  for (auto _ : state) {
    std::string out = genokit::frams::write_canonical(doc);
    benchmark::DoNotOptimize(out.data());
  }
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(text.size()));
}
BENCHMARK(BM_FramsCanonicalWrite)->Unit(benchmark::kMillisecond);

// Memory of a loaded document relative to the file size (source bytes + objects + fields +
// decoded copies), reported as a counter.
void BM_FramsDocumentMemory(benchmark::State& state) {
  const std::string& text = file_text();
  double ratio = 0;
  for (auto _ : state) {
    genokit::Diagnostics diags;
    genokit::frams::Document doc = genokit::frams::parse(text, "bench.gen", diags);
    std::size_t bytes = 0;
    for (const auto& s : doc.sources()) bytes += s->text.size();
    bytes += doc.objects.capacity() * sizeof(genokit::frams::Object) +
             doc.items.capacity() * sizeof(genokit::frams::Item);
    for (const auto& o : doc.objects)
      bytes += o.fields.capacity() * sizeof(genokit::frams::Field) +
               o.other_lines.capacity() * sizeof(genokit::frams::ObjectLine);
    ratio = double(bytes) / double(text.size());
  }
  state.counters["doc_bytes_per_file_byte"] = ratio;
}
BENCHMARK(BM_FramsDocumentMemory)->Unit(benchmark::kMillisecond)->Iterations(1);

}  // namespace

BENCHMARK_MAIN();
