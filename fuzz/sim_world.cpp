// libFuzzer target for the simulator: any bytes as a genotype (or a `.sim` text, a line "---",
// then a genotype) are read through the door, built into a world, stepped with the brain on,
// recorded and written (trajectory JSON and CSV, XODE). Nothing may crash, hang or leak; a run
// that is still running has finite positions.
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "genokit/genotype/read.hpp"
#include "genokit/sim/run.hpp"
#include "genokit/sim/trajectory.hpp"
#include "genokit/sim/xode_export.hpp"

using namespace genokit;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view bytes(reinterpret_cast<const char*>(data), size), geno = bytes;
  Diagnostics d;
  sim::Settings settings;
  if (std::size_t cut = bytes.find("\n---\n"); cut != std::string_view::npos) {
    std::optional<sim::Settings> s = sim::parse_settings(bytes.substr(0, cut), "fuzz.sim", d);
    if (!s) return 0;
    settings = *s;
    geno = bytes.substr(cut + 5);
  }
  // Keep one input cheap: short lives, a small map, a bounded neural network speed.
  settings.initial_nn_active = 1;
  settings.initial_perf_measuring = 1;
  settings.nnspeed = std::min(settings.nnspeed, 4.0);
  if (settings.wrldmap.size() > 4000) settings.wrldtyp = 0;
  genotype::ReadOptions ro;
  ro.bare = size % 2 ? genotype::Bare::f0 : genotype::Bare::f1;
  std::optional<genotype::Genotype> g = genotype::read(geno, d, ro);
  if (!g) return 0;
  sim::BuildOptions limits{60, 60, 60};
  std::optional<sim::Model> m = sim::build_model(g->model, settings, d, limits);
  if (!m) return 0;
  sim::Trajectory t = sim::simulate(*m, d, {.steps = 40, .sample_every = 8, .seed = size});
  if (t.status == sim::Status::running)
    for (const sim::Sample& s : t.samples)
      for (const f0::Vec3& p : s.parts)
        if (!std::isfinite(p.x) || !std::isfinite(p.y) || !std::isfinite(p.z)) std::abort();
  (void)sim::trajectory_json(*m, t, {"fuzz", "", "", std::string(geno)});
  (void)sim::trajectory_csv(*m, t);
  (void)sim::to_xode(*m, {size, "fuzz"});
  return 0;
}
