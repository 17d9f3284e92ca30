// XODE loading speed: read + validate + resolve + instantiate the PyBrain models, and the reader
// against pugixml's bare parse of the same bytes. bench/xode_vs_pyode.sh runs PyODE's importer
// on the same files for comparison.
#include <benchmark/benchmark.h>

#include <malloc.h>

#include <filesystem>
#include <fstream>
#include <pugixml.hpp>
#include <sstream>

#include "genokit/physics/world.hpp"
#include "genokit/xode/load.hpp"
#include "xode/document_data.hpp"

namespace fs = std::filesystem;
using namespace genokit;

namespace {

// glibc serves a large block (pugixml's copy of a 130 KB or 34 MB buffer) either from the heap or
// from freshly mapped pages, depending on thresholds it adjusts at run time from what the process
// did before; the fresh pages cost page faults on every parse (3x slower, for genokit and bare
// pugixml alike). Fixed settings (no mmap, no trimming) make the figures reproducible.
const bool kMallocFixed = [] {
  mallopt(M_MMAP_MAX, 0);
  mallopt(M_TRIM_THRESHOLD, 1 << 30);
  return true;
}();

std::vector<std::string> pybrain_files() {
  std::vector<fs::path> paths;
  fs::path dir = fs::path(GENOKIT_SHARED_DIR) / "corpus" / "xode" / "pybrain";
  if (fs::is_directory(dir))
    for (const auto& e : fs::directory_iterator(dir))
      if (e.path().extension() == ".xode") paths.push_back(e.path());
  std::sort(paths.begin(), paths.end());
  std::vector<std::string> out;
  for (const auto& p : paths) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    out.push_back(ss.str());
  }
  return out;
}

const std::vector<std::string>& corpus() {
  static const std::vector<std::string> files = pybrain_files();
  return files;
}

// A large generated document: a 1M-triangle trimesh plus a chain of bodies.
const std::string& big_document() {
  static const std::string doc = [] {
    std::string s = "<?xml version=\"1.0\"?>\n<xode version=\"1.0r22\"><world><space>\n";
    for (int i = 0; i < 200; ++i) {
      s += "<body name=\"b" + std::to_string(i) + "\"><transform><position x=\"" + std::to_string(i) +
           "\" y=\"1\" z=\"0\"/></transform><geom><box sizex=\"0.5\" sizey=\"0.5\" sizez=\"0.5\"/></geom>"
           "<mass><mass_shape density=\"1\"><box sizex=\"0.5\" sizey=\"0.5\" "
           "sizez=\"0.5\"/></mass_shape></mass>"
           "</body>\n";
    }
    s += "<geom><trimesh><vertices>\n";
    const int n = 1000;
    for (int i = 0; i <= n; ++i)
      s += "<v x=\"" + std::to_string(i) + "\" y=\"0\" z=\"0\"/><v x=\"" + std::to_string(i) +
           "\" y=\"0\" z=\"1\"/>\n";
    s += "</vertices><triangles>\n";
    for (int k = 0; k < 500; ++k)
      for (int i = 0; i < n; ++i) {
        int a = 2 * i + 1;
        s += "<t ia=\"" + std::to_string(a) + "\" ib=\"" + std::to_string(a + 1) + "\" ic=\"" +
             std::to_string(a + 2) + "\"/><t ia=\"" + std::to_string(a + 1) + "\" ib=\"" +
             std::to_string(a + 3) + "\" ic=\"" + std::to_string(a + 2) + "\"/>\n";
      }
    s += "</triangles></trimesh></geom></space></world></xode>\n";
    return s;
  }();
  return doc;
}

void load_all(benchmark::State& state, xode::Compat compat, bool instantiate) {
  const auto& files = corpus();
  if (files.empty()) {
    state.SkipWithError("corpus not found");
    return;
  }
  std::size_t bytes = 0;
  for (auto _ : state) {
    for (const auto& f : files) {
      xode::LoadOptions lo;
      lo.compat = compat;
      lo.lenient = true;
      xode::Loaded l;
      Diagnostics d;
      if (!xode::load(f, lo, l, d)) state.SkipWithError("load failed");
      if (instantiate) {
        physics::World w;
        if (!w.instantiate(l.scene, d)) state.SkipWithError("instantiate failed");
        benchmark::DoNotOptimize(w.body_count());
      }
      bytes += f.size();
    }
  }
  state.SetBytesProcessed(static_cast<int64_t>(bytes));
  state.counters["files"] = static_cast<double>(files.size());
}

void BM_PyBrainCorpus_LoadValidateInstantiate_Pybrain(benchmark::State& s) {
  load_all(s, xode::Compat::pybrain, true);
}
void BM_PyBrainCorpus_LoadValidateInstantiate_Standard(benchmark::State& s) {
  load_all(s, xode::Compat::standard, true);
}
void BM_PyBrainCorpus_LoadValidate_Standard(benchmark::State& s) {
  load_all(s, xode::Compat::standard, false);
}

void BM_PyBrainCorpus_LoadValidate_Pybrain(benchmark::State& s) {
  load_all(s, xode::Compat::pybrain, false);
}
// The read alone (parse + retained tree), file by file.
void BM_PyBrainCorpus_Read(benchmark::State& state) {
  for (auto _ : state)
    for (const auto& f : corpus()) {
      xode::Document d;
      Diagnostics diags;
      xode::ReadOptions ro;
      ro.lenient = true;
      xode::read_document(f, ro, d, diags);
      benchmark::DoNotOptimize(d.root());
    }
}

// pugixml's bare parse of the same files, file by file (the floor of the read).
void BM_PyBrainCorpus_PugixmlBare(benchmark::State& state) {
  for (auto _ : state)
    for (const auto& f : corpus()) {
      pugi::xml_document d;
      d.load_buffer(f.data(), f.size(), xode::kParseFlags, pugi::encoding_utf8);
      benchmark::DoNotOptimize(d.first_child());
    }
}

// Instantiation alone (scenes resolved once): what building the ODE worlds costs.
void BM_PyBrainCorpus_Instantiate_Pybrain(benchmark::State& state) {
  std::vector<xode::Loaded> scenes(corpus().size());
  for (std::size_t i = 0; i < scenes.size(); ++i) {
    xode::LoadOptions lo;
    lo.compat = xode::Compat::pybrain;
    lo.lenient = true;
    Diagnostics d;
    if (!xode::load(corpus()[i], lo, scenes[i], d)) state.SkipWithError("load failed");
  }
  for (auto _ : state)
    for (const auto& l : scenes) {
      physics::World w;
      Diagnostics d;
      if (!w.instantiate(l.scene, d)) state.SkipWithError("instantiate failed");
      benchmark::DoNotOptimize(w.body_count());
    }
}

void parse_bytes(benchmark::State& state, const std::string& text, bool ours) {
  for (auto _ : state) {
    if (ours) {
      xode::Document d;
      Diagnostics diags;
      xode::read_document(text, {}, d, diags);
      benchmark::DoNotOptimize(d.root());
    } else {
      pugi::xml_document d;
      d.load_buffer(text.data(), text.size(), xode::kParseFlags,
                    pugi::encoding_utf8);  // the reader's options
      benchmark::DoNotOptimize(d.first_child());
    }
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * text.size()));
}

std::string joined_corpus() {
  // Each file parsed separately would measure setup; the bare parse needs one document, so the
  // models are concatenated inside one root (an <xode>, as in real files, so the reader has
  // nothing to report).
  std::string s = "<xode version=\"1.0r22\">";
  for (const auto& f : corpus()) {
    std::size_t p = f.find("<xode");
    std::size_t e = f.rfind("</xode>");
    if (p != std::string::npos && e != std::string::npos) s += f.substr(p, e + 7 - p);
  }
  return s + "</xode>";
}

void BM_Parse_Genokit_Corpus(benchmark::State& s) {
  static const std::string t = joined_corpus();
  parse_bytes(s, t, true);
}
void BM_Parse_PugixmlBare_Corpus(benchmark::State& s) {
  static const std::string t = joined_corpus();
  parse_bytes(s, t, false);
}
void BM_Parse_Genokit_Big(benchmark::State& s) {
  parse_bytes(s, big_document(), true);
}
void BM_Parse_PugixmlBare_Big(benchmark::State& s) {
  parse_bytes(s, big_document(), false);
}

void BM_Load_MillionTriangleTrimesh(benchmark::State& state) {
  for (auto _ : state) {
    xode::Loaded l;
    Diagnostics d;
    if (!xode::load(big_document(), {}, l, d)) state.SkipWithError("load failed");
    physics::World w;
    if (!w.instantiate(l.scene, d)) state.SkipWithError("instantiate failed");
    benchmark::DoNotOptimize(l.scene.geoms.back().indices.size());
  }
}

}  // namespace

BENCHMARK(BM_PyBrainCorpus_LoadValidateInstantiate_Pybrain)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_PyBrainCorpus_LoadValidateInstantiate_Standard)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_PyBrainCorpus_LoadValidate_Standard)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_PyBrainCorpus_LoadValidate_Pybrain)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_PyBrainCorpus_Read)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_PyBrainCorpus_PugixmlBare)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_PyBrainCorpus_Instantiate_Pybrain)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Parse_Genokit_Corpus)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Parse_PugixmlBare_Corpus)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Parse_Genokit_Big)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Parse_PugixmlBare_Big)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Load_MillionTriangleTrimesh)->Unit(benchmark::kMillisecond)->Iterations(2);

BENCHMARK_MAIN();
