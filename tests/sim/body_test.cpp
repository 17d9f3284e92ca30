// Building bodies from f0 models: grouping, masses, placement, refusals.
#include <gtest/gtest.h>

#include <cmath>

#include "sim/model_data.hpp"
#include "sim_test_util.hpp"

namespace genokit::sim {
namespace {

using test::model_of;

TEST(SimBody, OneStickIsOneBodyPlacedCentrallyAtCreath) {
  Model m = model_of("//0\np:0,0,0\np:1,0,0\nj:0,1\n");
  EXPECT_EQ(m.body_count(), 1u);
  EXPECT_EQ(m.stick_count(), 1u);
  EXPECT_DOUBLE_EQ(m.mass(), 1.0);  // length 1, density 1
  const auto& p = m.initial_part_positions();
  Settings s;
  EXPECT_DOUBLE_EQ(p[0].z, s.creath + s.gk_stickradius);  // lowest point creath above the ground
  EXPECT_DOUBLE_EQ((p[0].x + p[1].x) / 2, s.wrldsiz / 2);
  EXPECT_DOUBLE_EQ(p[0].y, s.wrldsiz / 2);
}

TEST(SimBody, MassFollowsDensityAndLength) {
  Model m = model_of("//0\np:0,0,0,dn=2\np:1.5,0,0,dn=2\nj:0,1\n");
  EXPECT_DOUBLE_EQ(m.mass(), 3.0);
}

TEST(SimBody, SticksWithoutMusclesShareOneBody) {
  const char* chain = "//0\np:0,0,0\np:1,0,0\np:2,0,0\np:2,1,0\nj:0,1\nj:1,2\nj:2,3\n";
  Model merged = model_of(chain);
  EXPECT_EQ(merged.body_count(), 1u);
  EXPECT_EQ(merged.link_count(), 0u);
  Settings sep;
  sep.odesepsticks = 1;
  Model separate = model_of(chain, sep);
  EXPECT_EQ(separate.body_count(), 3u);
  EXPECT_EQ(separate.link_count(), 2u);
  for (const LinkDef& l : separate.data().links) EXPECT_EQ(l.kind, LinkDef::Kind::fixed);
  EXPECT_DOUBLE_EQ(separate.mass(), merged.mass());
}

TEST(SimBody, MuscleMakesABallJointAtItsFirstPart) {
  Model m = model_of(test::read_text(test::fixture("walker3.f0")));
  ASSERT_EQ(m.body_count(), 2u);
  ASSERT_EQ(m.link_count(), 1u);
  const LinkDef& l = m.data().links[0];
  EXPECT_EQ(l.kind, LinkDef::Kind::ball);
  EXPECT_EQ(l.joint, 1);
  // At part 1, bending about part 1's Z axis with the muscle's strength, rigid otherwise.
  EXPECT_DOUBLE_EQ(l.anchor.x, m.initial_part_positions()[1].x);
  EXPECT_NEAR(l.bend.z, 1.0, 1e-12);
  // (bend, third, twist) is a right-handed frame with twist along the stick (part 1 -> part 2).
  const auto& pos = m.initial_part_positions();
  EXPECT_NEAR(l.twist.x, (pos[2].x - pos[1].x) / std::hypot(pos[2].x - pos[1].x, pos[2].y - pos[1].y), 1e-12);
  EXPECT_NEAR(l.bend.y * l.third.z - l.bend.z * l.third.y, l.twist.x, 1e-12);
  Settings s;
  double p = 0.5, expect = s.odemusclemin + (p - 0.025) / (0.81 - 0.025) * (s.odemusclemax - s.odemusclemin);
  EXPECT_DOUBLE_EQ(l.drive_bend.fmax, expect);
  ASSERT_EQ(l.drive_bend.muscles.size(), 1u);
  EXPECT_TRUE(l.drive_twist.muscles.empty());
  ASSERT_EQ(m.muscle_count(), 1u);
  EXPECT_EQ(m.data().muscles[0].link, 0);
  EXPECT_EQ(m.data().muscles[0].range, 1.0);
}

TEST(SimBody, FrictionMapsFrOntoTheMuRange) {
  Settings s;
  Model lo = model_of("//0\np:0,0,0,fr=0\np:1,0,0,fr=0\nj:0,1\n");
  Model mid = model_of("//0\np:0,0,0\np:1,0,0\nj:0,1\n");
  Model hi = model_of("//0\np:0,0,0,fr=4\np:1,0,0,fr=4\nj:0,1\n");
  EXPECT_DOUBLE_EQ(lo.data().bodies[0].geoms[0].mu, s.odecolmumin);
  EXPECT_DOUBLE_EQ(hi.data().bodies[0].geoms[0].mu, s.odecolmumax);
  EXPECT_NEAR(mid.data().bodies[0].geoms[0].mu, 0.1 + (0.4 - 0.131) / (2.82 - 0.131) * 4.9, 1e-12);
}

TEST(SimBody, LonePartIsASphere) {
  Model m = model_of("//0\np:\n");
  ASSERT_EQ(m.body_count(), 1u);
  EXPECT_DOUBLE_EQ(m.mass(), 1.0);
  EXPECT_EQ(m.data().bodies[0].geoms[0].length, 0.0);
}

TEST(SimBody, RefusesWhatItCannotSimulate) {
  Diagnostics d;
  f0::Model longstick = f0::parse("//0\np:0,0,0\np:1.5,0,0\nj:0,1\n", d);
  Settings shortsticks;
  shortsticks.maxjoint = 1.2;
  Diagnostics d1;
  EXPECT_FALSE(build_model(longstick, shortsticks, d1));
  ASSERT_TRUE(d1.has_errors());
  EXPECT_EQ(d1.items()[0].code, "sim.stick-length");
  EXPECT_EQ(d1.items()[0].where.line, 4u);

  f0::Model solid = f0::parse("//0\np:sh=1\np:1,sh=1\nj:0,1,sh=1\n", d);
  Diagnostics d2;
  EXPECT_FALSE(build_model(solid, Settings{}, d2));
  EXPECT_TRUE(d2.has_errors());

  Diagnostics d3;
  BuildOptions small;
  small.max_parts = 1;
  EXPECT_FALSE(build_model(longstick, Settings{}, d3, small));
  EXPECT_EQ(d3.items()[0].code, "sim.too-large");

  Settings bad;
  bad.odestep = -1;
  Diagnostics d4;
  f0::Model ok = f0::parse("//0\np:\n", d);
  EXPECT_FALSE(build_model(ok, bad, d4));
  EXPECT_EQ(d4.items()[0].code, "sim.bad-setting");
}

TEST(SimBody, NeuronsThatCannotActAreNamedAndTheCreatureStillBuilds) {
  Diagnostics d;
  f0::Model m = f0::parse(test::read_text(test::fixture("walker3.f0")), d);
  Diagnostics b;
  ASSERT_TRUE(build_model(m, Settings{}, b));
  EXPECT_TRUE(b.empty()) << format_gcc(b.items().front());  // one working muscle: nothing to say

  f0::Model odd = f0::parse(
      "//0\np:0,0,0\np:1,0,0\np:2,0,0\nj:0,1\nj:1,2\nn:j=0,d=LMu\nn:p=0,d=Sti\nn:d=Gpart\n"
      "n:j=1,d=|\nn:d=@\n",
      d);
  Diagnostics w;
  std::optional<Model> built = build_model(odd, Settings{}, w);
  ASSERT_TRUE(built);
  std::string all;
  for (const Diagnostic& x : w.items()) all += format_gcc(x) + "\n";
  EXPECT_NE(all.find("neuron #0 (LMu) is not simulated"), std::string::npos) << all;
  EXPECT_NE(all.find("neuron #1 (Sti) is not simulated"), std::string::npos) << all;
  EXPECT_NE(all.find("neuron #2 (Gpart) has no implementation"), std::string::npos) << all;
  EXPECT_NE(all.find("neuron #4 (@) is attached to no joint"), std::string::npos) << all;
  EXPECT_EQ(built->muscle_count(), 1u);  // neuron #3 (| on joint 1)
  // It runs, brain and all.
  sim::Run run(*built);
  run.set_brain_active(true);
  EXPECT_EQ(run.step(50), Status::running);
}

}  // namespace
}  // namespace genokit::sim
