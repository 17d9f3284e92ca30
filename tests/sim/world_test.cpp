// The world around a creature: water (buoyancy, drag, the Water receptor), blocks, height fields,
// fences, teleporting edges, placement and heading, body and velocity noise.
#include <gtest/gtest.h>

#include <cmath>

#include "sim/model_data.hpp"
#include "sim/terrain.hpp"
#include "sim_test_util.hpp"

namespace genokit::sim {
namespace {

using test::model_of;

f0::Vec3 settle(const Model& m, int steps, std::uint64_t seed = 0) {
  sim::Run run(m, {seed, true});
  EXPECT_EQ(run.step(static_cast<std::size_t>(steps)), Status::running) << run.message();
  return run.center_of_mass();
}

std::string stick(double dn) {
  return "//0\np:0,0,0,dn=" + std::to_string(dn) + "\np:1,0,0,dn=" + std::to_string(dn) +
         "\np:2,0,0,dn=" + std::to_string(dn) + "\nj:0,1\nj:1,2\n";
}

// Buoyancy: odewaterbuoy x g per unit of submerged length, so density 1 floats neutrally, lighter
// sticks rise to the surface, heavier ones sink to the bottom.
TEST(SimWorld, WaterFloatsLightSticksAndSinksHeavyOnes) {
  Settings s;
  s.wrldwat = 4;
  s.creath = -0.5;  // half depth: the lowest point at z = 2
  const double start = 2 + s.gk_stickradius;
  f0::Vec3 light = settle(model_of(stick(0.5), s), 600), neutral = settle(model_of(stick(1), s), 600),
           heavy = settle(model_of(stick(2), s), 600);
  EXPECT_NEAR(light.z, s.wrldwat, 0.1);  // floating half out of the water (density 0.5)
  EXPECT_NEAR(neutral.z, start, 1e-6);
  EXPECT_NEAR(heavy.z, s.gk_stickradius, 0.01);  // lying on the bottom
  // A heavy stick sinks with half its weight (density 2), slower still with drag.
  Settings air = s, still = s;
  air.wrldwat = -1;
  air.creath = 2;
  still.odewaterdrag = 0;
  sim::Run in_water(model_of(stick(2), s)), in_air(model_of(stick(2), air)),
      no_drag(model_of(stick(2), still));
  in_water.step(10), in_air.step(10), no_drag.step(10);
  const double fall_air = start - in_air.center_of_mass().z, fall_still = start - no_drag.center_of_mass().z;
  EXPECT_NEAR(fall_still, fall_air / 2, 1e-9);
  EXPECT_LT(start - in_water.center_of_mass().z, fall_still);
}

TEST(SimWorld, WaterAndTouchAndGyroReceptors) {
  Settings s;
  s.wrldwat = 1;
  s.creath = 0;
  s.initial_nn_active = 1;
  s.randinit = 0;
  // A vertical stick standing on part 0 (G = +1), T on part 0 (on the ground) and part 1 (in the
  // air, 0.7 above the ground with r 1: -0.7), Water at both parts.
  Model m = model_of(
      "//0\np:0,0,0\np:0,0,0.8\nj:0,1\nn:j=0,d=G\nn:p=0,d=T\nn:p=1,d=T\nn:p=0,d=Water\nn:p=1,d=Water\n", s);
  sim::Run run(m);
  run.step();
  const Sample smp = run.sample();
  EXPECT_NEAR(run.neuron_output(0), 1, 1e-6);
  EXPECT_EQ(run.neuron_output(1), 0);
  EXPECT_NEAR(run.neuron_output(2), -(smp.parts[1].z - s.gk_stickradius), 1e-9);
  EXPECT_NEAR(run.neuron_output(3), std::min(1.0, s.wrldwat - smp.parts[0].z), 1e-9);
  EXPECT_NEAR(run.neuron_output(4), s.wrldwat - smp.parts[1].z, 1e-9);
}

TEST(SimWorld, EnergyReceptorFallsWithIdleUse) {
  Settings s;
  s.initial_nn_active = 1;
  s.randinit = 0;
  s.energy0 = 100;
  s.e_meta = 1;
  Model m = model_of("//0\np:\np:1\nj:0,1\nn:d=Energy\n", s);
  sim::Run run(m);
  run.set_metabolism(true);
  run.step(25);
  EXPECT_DOUBLE_EQ(run.energy(), 75);
  EXPECT_DOUBLE_EQ(run.neuron_output(0), 0.75);
}

TEST(SimWorld, BlocksAndHeightFieldsCarryTheCreature) {
  Settings s;
  s.wrldtyp = 1;
  s.wrldmap = "m 3 1\n030\n";  // a block 3 high across the middle third of the world
  s.creath = 0.2;
  f0::Vec3 on_block = settle(model_of(stick(1), s), 100);
  EXPECT_NEAR(on_block.z, 3 + s.gk_stickradius, 2e-3);
  s.wrldtyp = 2;
  s.wrldmap = "M 3 3\n2 2 2\n2 2 2\n2 2 2\n";  // a flat field 2 high
  f0::Vec3 on_field = settle(model_of(stick(1), s), 100);
  EXPECT_NEAR(on_field.z, 2 + s.gk_stickradius, 2e-3);
  // A steep field: a lone part (a sphere) rolls down toward y = 0.
  s.wrldmap = "M 2 2\n0 0\n12 12\n";
  s.creath = 0;
  Model ball = model_of("//0\np:\n", s);
  sim::Run run(ball);
  const double y0 = run.center_of_mass().y;
  run.step(60);
  EXPECT_LT(run.center_of_mass().y, y0 - 2);
  const f0::Vec3 c = run.center_of_mass();
  // Still on the surface: the sphere's centre a radius above the plane z = 12 y / 20 (along its
  // normal).
  EXPECT_NEAR((c.z - 0.6 * c.y) / std::sqrt(1 + 0.36), s.gk_stickradius, 5e-3);
}

TEST(SimWorld, FencesHoldAndTeleportWraps) {
  Settings s;
  s.wrldg = 0;
  s.creath = 5;
  s.wrldsiz = 10;
  s.bnoise_vel = 1;  // up to 1 unit/s in each direction
  s.odeairdrag = 0;
  Model free = model_of("//0\np:\n", s);
  s.wrldbnd = 1;
  Model fenced = model_of("//0\np:\n", s);
  s.wrldbnd = 2;
  Model wrapped = model_of("//0\np:\n", s);
  sim::Run a(free, {3, true}), b(fenced, {3, true}), c(wrapped, {3, true});
  bool left = false;
  for (int k = 0; k < 800; ++k) {
    a.step(), b.step(), c.step();
    const f0::Vec3 pa = a.center_of_mass(), pb = b.center_of_mass(), pc = c.center_of_mass();
    left = left || pa.x < 0 || pa.x > 10 || pa.y < 0 || pa.y > 10;
    ASSERT_TRUE(pb.x >= -1e-3 && pb.x <= 10 + 1e-3 && pb.y >= -1e-3 && pb.y <= 10 + 1e-3) << k;
    ASSERT_TRUE(pc.x >= 0 && pc.x <= 10 && pc.y >= 0 && pc.y <= 10) << k;
    // Teleporting changes where it is, not how far it went.
    const f0::Vec3 ta = a.travelled_center_of_mass(), tc = c.travelled_center_of_mass();
    ASSERT_NEAR(ta.x, tc.x, 1e-9);
    ASSERT_NEAR(ta.y, tc.y, 1e-9);
  }
  EXPECT_TRUE(left);
}

TEST(SimWorld, PlacementAndHeading) {
  Settings s;
  s.placement = 0;
  s.rotation = 1;
  const std::string f0 = "//0\np:0,0,0\np:1,0,0\np:1,1,0\nj:0,1\nj:1,2\n";
  Model m = model_of(f0, s);
  sim::Run r1(m, {1, true}), r2(m, {2, true}), r1b(m, {1, true});
  const Sample a = r1.sample(), b = r2.sample(), again = r1b.sample();
  EXPECT_NE(a.center_of_mass.x, b.center_of_mass.x);
  EXPECT_EQ(a.center_of_mass.x, again.center_of_mass.x);  // the seed decides
  for (const Sample* smp : {&a, &b})
    for (const f0::Vec3& p : smp->parts) {
      EXPECT_GT(p.x, 0);
      EXPECT_LT(p.x, s.wrldsiz);
      EXPECT_NEAR(p.z, s.creath + s.gk_stickradius, 1e-12);  // turned about the vertical only
    }
  // The same body, turned: every distance between parts kept, directions not.
  auto dist = [](const f0::Vec3& p, const f0::Vec3& q) {
    return std::hypot(p.x - q.x, p.y - q.y, p.z - q.z);
  };
  EXPECT_NEAR(dist(a.parts[0], a.parts[2]), std::sqrt(2.0), 1e-12);
  EXPECT_NEAR(dist(b.parts[0], b.parts[2]), std::sqrt(2.0), 1e-12);
  EXPECT_GT(std::abs((a.parts[1].x - a.parts[0].x) - (b.parts[1].x - b.parts[0].x)), 1e-3);
}

TEST(SimWorld, WorldMapsAsFramsticksWritesThem) {
  std::vector<MapProblem> p;
  auto blocks = parse_world_map("m 5 2\n78957\n3-9|4\n", 1, 20, p);
  ASSERT_TRUE(blocks) << p[0].message;
  EXPECT_EQ(blocks->nx, 5);
  EXPECT_EQ(blocks->height(1, 1), 7);  // row 1 is y = 0
  EXPECT_EQ(blocks->height(1, 11), 3);
  EXPECT_NEAR(blocks->height(6, 11), 6, 1e-12);  // the '-' ramp from 3 up to 9
  EXPECT_EQ(blocks->height(14, 11), 5);          // a '|' ramp with one neighbour: level with it
  EXPECT_EQ(blocks->max_height(0, 0, 20, 20), 9);
  auto field = parse_world_map("M 2 2\n-0.5 0.5\n0.5 1.5\n", 2, 10, p);
  ASSERT_TRUE(field);
  EXPECT_DOUBLE_EQ(field->height(0, 0), -0.5);
  EXPECT_DOUBLE_EQ(field->height(10, 10), 1.5);
  EXPECT_DOUBLE_EQ(field->height(5, 0), 0);
  EXPECT_DOUBLE_EQ(field->lo, -0.5);
  for (const char* bad : {"", "x 2 2", "m 2 2\n12\n3", "m 2 1\n1a", "M 1 1\nfoo", "m 0 3"}) {
    p.clear();
    EXPECT_FALSE(parse_world_map(bad, 1, 20, p)) << bad;
    EXPECT_FALSE(p.empty());
  }
}

// Framsticks' own world files: blocks, height fields and water read and run.
TEST(SimWorld, CorpusWorldsRun) {
  GENOKIT_REQUIRE_CORPUS();
  const auto dir = genokit::test::corpus_dir() / "framsticks";
  for (const char* f : {"framsticks-distribution/sim/heightfield.sim", "framsticks-distribution/sim/f-x.sim",
                        "framsticks-distribution/sim/maze1.sim",
                        "user-files/Bialkasss-Framsticks-evolution-tests/uneven-ground.sim",
                        "framsticks-distribution/sim/evol-speed-water.sim"}) {
    SCOPED_TRACE(f);
    Diagnostics d;
    std::optional<Settings> s = load_settings((dir / f).string(), d);
    ASSERT_TRUE(s);
    EXPECT_FALSE(d.has_errors());
    Model m = model_of("//0\np:0,0,0\np:1,0,0\np:1,1,0\nj:0,1\nj:1,2\n", *s);
    sim::Run run(m);
    EXPECT_EQ(run.step(100), Status::running) << run.message();
    const double ground = m.data().terrain.height(run.center_of_mass().x, run.center_of_mass().y);
    EXPECT_GT(run.center_of_mass().z, ground);  // never through the ground
  }
}

TEST(SimWorld, BadWorldMapIsAnErrorAtItsLine) {
  Diagnostics d;
  auto s = parse_settings("sim_params:\nwrldtyp:2\nwrldmap:~\nM 2 2\n1 2\n3 x\n~\n", "w.sim", d);
  EXPECT_FALSE(s);
  ASSERT_TRUE(d.has_errors());
  const Diagnostic& e = d.items().back();
  EXPECT_EQ(e.code, "sim.bad-world-map");
  EXPECT_EQ(e.where.file, "w.sim");
  EXPECT_EQ(e.where.line, 6u);
  Diagnostics none;
  EXPECT_FALSE(parse_settings("sim_params:\nwrldtyp:1\n", "n.sim", none));
  EXPECT_NE(none.items().back().message.find("needs a world map"), std::string::npos);
}

TEST(SimWorld, GenePoolFormulaSetsTheWeights) {
  Diagnostics d;
  auto s = parse_settings("GenePool:\nfitness:return 1+this.vertpos*2-0.5*this.numparts;\n", "f.sim", d);
  ASSERT_TRUE(s);
  EXPECT_TRUE(d.empty());
  EXPECT_EQ(s->cr_c, 1);
  EXPECT_EQ(s->cr_vpos, 2);
  EXPECT_EQ(s->cr_gl, -0.5);
  EXPECT_EQ(s->cr_v, 0);
  Diagnostics w;
  auto t = parse_settings("GenePool:\nfitness:return Math.max(this.velocity, 0);\n", "g.sim", w);
  ASSERT_TRUE(t);
  EXPECT_EQ(t->cr_v, 1);  // unchanged
  ASSERT_EQ(w.items().size(), 1u);
  EXPECT_EQ(w.items()[0].code, "sim.unsimulated-setting");
  EXPECT_EQ(w.items()[0].where.line, 2u);
}

}  // namespace
}  // namespace genokit::sim
