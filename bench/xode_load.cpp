// XODE loading speed (bench/README.md): load (read + validate + resolve) + ODE world build of the
// 14 PyBrain models, against pugixml's bare parse of the same bytes plus the same world build
// (the target: within 3x); the reader against the bare parse; the world build alone; a 34 MB
// document. bench/xode_vs_pyode.sh runs PyODE's importer on the same files for comparison.
#include <benchmark/benchmark.h>

#include <malloc.h>

#include <filesystem>
#include <fstream>
#include <pugixml.hpp>
#include <sstream>

#include "genokit/physics/world.hpp"
#include "genokit/xode/load.hpp"
#include "xode/document_data.hpp"  // kParseFlags: the reader's pugixml options

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

xode::LoadOptions options(xode::Compat compat) {
  xode::LoadOptions lo;
  lo.build.compat = compat;
  lo.read.lenient = true;
  return lo;
}

// The files resolved once (for the world build alone and the reference side).
std::vector<xode::Scene> resolved(xode::Compat compat) {
  std::vector<xode::Scene> out;
  for (const auto& f : corpus()) {
    Diagnostics d;
    auto l = xode::load(f, d, options(compat));
    if (!l) return {};
    out.push_back(std::move(l->scene));
  }
  return out;
}

// genokit: load + world build (+ the destruction of world, scene and document), file by file.
void load_build(benchmark::State& state, xode::Compat compat, bool build) {
  const auto& files = corpus();
  if (files.empty()) return state.SkipWithError("corpus not found");
  const xode::LoadOptions lo = options(compat);
  std::size_t bytes = 0;
  for (auto _ : state) {
    for (const auto& f : files) {
      Diagnostics d;
      auto l = xode::load(f, d, lo);
      if (!l) return state.SkipWithError("load failed");
      if (build) {
        auto w = physics::build_world(std::move(l->scene), d);
        if (!w) return state.SkipWithError("build failed");
        benchmark::DoNotOptimize(w->body_count());
      }
      bytes += f.size();
    }
  }
  state.SetBytesProcessed(static_cast<int64_t>(bytes));
  state.counters["files"] = static_cast<double>(files.size());
}

// The reference: pugixml's bare parse of the same bytes (the reader's options) and the same
// world build from the scenes resolved beforehand (copied outside the timing, moved in).
void bare_parse_build(benchmark::State& state, xode::Compat compat) {
  const auto& files = corpus();
  const std::vector<xode::Scene> scenes = resolved(compat);
  if (files.empty() || scenes.size() != files.size()) return state.SkipWithError("corpus not found");
  for (auto _ : state) {
    state.PauseTiming();
    std::vector<xode::Scene> copies = scenes;
    state.ResumeTiming();
    for (std::size_t i = 0; i < files.size(); ++i) {
      pugi::xml_document doc;
      doc.load_buffer(files[i].data(), files[i].size(), xode::kParseFlags, pugi::encoding_utf8);
      benchmark::DoNotOptimize(doc.first_child());
      Diagnostics d;
      auto w = physics::build_world(std::move(copies[i]), d);
      if (!w) return state.SkipWithError("build failed");
      benchmark::DoNotOptimize(w->body_count());
    }
  }
}

void BM_LoadBuild_Pybrain(benchmark::State& s) {
  load_build(s, xode::Compat::pybrain, true);
}
void BM_BareParseBuild_Pybrain(benchmark::State& s) {
  bare_parse_build(s, xode::Compat::pybrain);
}
void BM_LoadBuild_Standard(benchmark::State& s) {
  load_build(s, xode::Compat::standard, true);
}
void BM_BareParseBuild_Standard(benchmark::State& s) {
  bare_parse_build(s, xode::Compat::standard);
}
void BM_Load_Pybrain(benchmark::State& s) {
  load_build(s, xode::Compat::pybrain, false);
}
void BM_Load_Standard(benchmark::State& s) {
  load_build(s, xode::Compat::standard, false);
}

// The read alone (parse + retained tree), file by file, and pugixml's bare parse (its floor).
void BM_Read(benchmark::State& state) {
  xode::ReadOptions ro;
  ro.lenient = true;
  for (auto _ : state)
    for (const auto& f : corpus()) {
      Diagnostics diags;
      auto d = xode::read_document(f, diags, ro);
      benchmark::DoNotOptimize(d->root());
    }
}
void BM_BareParse(benchmark::State& state) {
  for (auto _ : state)
    for (const auto& f : corpus()) {
      pugi::xml_document d;
      d.load_buffer(f.data(), f.size(), xode::kParseFlags, pugi::encoding_utf8);
      benchmark::DoNotOptimize(d.first_child());
    }
}

// The world build alone (scenes resolved once; copied outside the timing).
void BM_Build_Pybrain(benchmark::State& state) {
  const std::vector<xode::Scene> scenes = resolved(xode::Compat::pybrain);
  if (scenes.empty()) return state.SkipWithError("corpus not found");
  for (auto _ : state) {
    state.PauseTiming();
    std::vector<xode::Scene> copies = scenes;
    state.ResumeTiming();
    for (auto& s : copies) {
      Diagnostics d;
      auto w = physics::build_world(std::move(s), d);
      benchmark::DoNotOptimize(w->body_count());
    }
  }
}

void parse_bytes(benchmark::State& state, const std::string& text, bool ours) {
  for (auto _ : state) {
    if (ours) {
      Diagnostics diags;
      auto d = xode::read_document(text, diags);
      benchmark::DoNotOptimize(d->root());
    } else {
      pugi::xml_document d;
      d.load_buffer(text.data(), text.size(), xode::kParseFlags, pugi::encoding_utf8);
      benchmark::DoNotOptimize(d.first_child());
    }
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * text.size()));
}

void BM_Read_Big(benchmark::State& s) {
  parse_bytes(s, big_document(), true);
}
void BM_BareParse_Big(benchmark::State& s) {
  parse_bytes(s, big_document(), false);
}

void BM_LoadBuild_MillionTriangleTrimesh(benchmark::State& state) {
  for (auto _ : state) {
    Diagnostics d;
    auto l = xode::load(big_document(), d);
    if (!l) return state.SkipWithError("load failed");
    auto w = physics::build_world(std::move(l->scene), d);
    if (!w) return state.SkipWithError("build failed");
    benchmark::DoNotOptimize(w->scene().geoms.back().indices.size());
  }
}

}  // namespace

BENCHMARK(BM_LoadBuild_Pybrain)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_BareParseBuild_Pybrain)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_LoadBuild_Standard)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_BareParseBuild_Standard)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Load_Pybrain)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Load_Standard)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Read)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_BareParse)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Build_Pybrain)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Read_Big)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_BareParse_Big)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LoadBuild_MillionTriangleTrimesh)->Unit(benchmark::kMillisecond)->Iterations(2);

BENCHMARK_MAIN();
