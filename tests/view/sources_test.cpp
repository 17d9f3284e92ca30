// Pages from XODE scenes (simulated through the physics module) and from genotypes (through the
// genotype door): what the page holds equals what the modules below compute.
#include <gtest/gtest.h>

#include <cmath>

#include "genokit/genotype/read.hpp"
#include "genokit/physics/world.hpp"
#include "genokit/view/read.hpp"
#include "genokit/xode/load.hpp"
#include "view_test_util.hpp"

using namespace genokit;
using genokit::test::slurp;

namespace {

std::string example(const std::string& rel) {
  return slurp(genokit::test::source_dir() / "examples" / rel);
}

}  // namespace

TEST(ViewXode, FramesAreThePhysicsModulesPoses) {
  const std::string text = example("xode/drop.xode");
  view::XodeViewOptions o;
  o.load.read.file = "drop.xode";
  o.steps = 120;
  o.every = 1;
  Diagnostics d;
  auto page = view::page_from_xode(text, d, o);
  ASSERT_TRUE(page);
  EXPECT_FALSE(d.has_errors());
  const view::Scene& s = page->scenes.at(0);
  EXPECT_FALSE(s.z_up);  // gravity along -Y
  ASSERT_EQ(s.bodies.size(), 2u);
  EXPECT_EQ(s.bodies[0].name, "box");
  ASSERT_EQ(s.bodies[0].geoms.size(), 1u);
  EXPECT_EQ(s.bodies[0].geoms[0].shape, "box");
  EXPECT_EQ(s.bodies[0].geoms[0].params, (std::vector<double>{1, 0.5, 0.5}));
  // The body frame sits at the centre of mass, 0.2 along the box's x: the geom is 0.2 back.
  EXPECT_NEAR(s.bodies[0].geoms[0].position[0], -0.2, 1e-9);
  EXPECT_NEAR(s.bodies[0].geoms[0].position[1], 0, 1e-9);
  EXPECT_NEAR(s.bodies[0].geoms[0].quaternion[0], 1, 1e-9);
  ASSERT_EQ(s.statics.size(), 1u);
  EXPECT_EQ(s.statics[0].shape, "plane");
  EXPECT_EQ(s.statics[0].params, (std::vector<double>{0, 1, 0, 0}));
  const view::Frames& f = s.frames;
  ASSERT_EQ(f.count, 121u);
  ASSERT_EQ(f.bodies.cols, 14u);

  // The same scene stepped here: the page's frames are its poses (as float32), step by step.
  Diagnostics d2;
  auto loaded = xode::load(text, d2);
  ASSERT_TRUE(loaded);
  auto world = physics::build_world(std::move(loaded->scene), d2);
  ASSERT_TRUE(world);
  ASSERT_TRUE(world->configure(o.sim, d2));
  const double m0 = world->snapshot().bodies[0].mass, m1 = world->snapshot().bodies[1].mass;
  for (std::size_t step = 0; step <= 120; ++step) {
    if (step) ASSERT_TRUE(world->step(d2));
    for (std::size_t b = 0; b < 2; ++b) {
      const physics::Pose p = world->body_pose(b);
      const float* row = &f.bodies.values[step * 14 + 7 * b];
      for (int k = 0; k < 3; ++k)
        EXPECT_EQ(row[k], static_cast<float>(p.position[static_cast<std::size_t>(k)]));
      for (int k = 0; k < 4; ++k)
        EXPECT_EQ(row[3 + k], static_cast<float>(p.quaternion[static_cast<std::size_t>(k)]));
    }
    const physics::Pose a = world->body_pose(0), b = world->body_pose(1);
    EXPECT_EQ(f.com.values[3 * step + 1],
              static_cast<float>((m0 * a.position[1] + m1 * b.position[1]) / (m0 + m1)));
    EXPECT_EQ(f.time.values[step], static_cast<float>(static_cast<double>(step) * 0.01));
  }
}

TEST(ViewXode, EveryKthStepAndTheLast) {
  view::XodeViewOptions o;
  o.steps = 10;
  o.every = 4;
  Diagnostics d;
  auto page = view::page_from_xode(example("xode/pendulum.xode"), d, o);
  ASSERT_TRUE(page);
  const auto& steps = page->scenes[0].frames.step.values;
  EXPECT_EQ(steps, (std::vector<float>{0, 4, 8, 10}));
}

TEST(ViewXode, LongRunsKeepEveryKthStepWithinTheBudget) {
  view::XodeViewOptions o;
  o.steps = 1000;
  o.max_values = 19 * 101;  // 2 bodies: 19 floats a frame, so at most 101 frames
  Diagnostics d;
  auto page = view::page_from_xode(example("xode/drop.xode"), d, o);
  ASSERT_TRUE(page);
  const auto& f = page->scenes[0].frames;
  EXPECT_LE(f.count, 101u);
  EXPECT_GE(f.count, 90u);
  EXPECT_EQ(f.step.values.back(), 1000.0f);
  EXPECT_EQ(page->scenes[0].notes.size(), 1u);
}

TEST(ViewXode, DamagedSceneIsAPositionedError) {
  std::string text = example("xode/drop.xode");
  text.replace(text.find("radius=\"0.25\"/></geom>"), 13, "radius=\"-1\"");
  view::XodeViewOptions o;
  o.load.read.file = "broken.xode";
  Diagnostics d;
  EXPECT_FALSE(view::page_from_xode(text, d, o));
  ASSERT_TRUE(d.has_errors());
  EXPECT_GT(d.items()[0].where.line, 0u);
  EXPECT_EQ(d.items()[0].code.rfind("xode.", 0), 0u) << d.items()[0].code;
}

TEST(ViewGenotypes, BodyAsTheDoorPlacesIt) {
  const std::string text = "XX[|]X";
  view::GenotypeViewOptions o;
  o.file = "snake.f1";
  Diagnostics d;
  auto page = view::page_from_genotypes(text, d, o);
  ASSERT_TRUE(page);
  ASSERT_EQ(page->scenes.size(), 1u);
  const view::Scene& s = page->scenes[0];
  ASSERT_TRUE(s.creature);
  Diagnostics d2;
  auto g = genotype::read(text, d2);
  ASSERT_TRUE(g);
  const f0::Model& m = g->model;
  ASSERT_EQ(s.creature->parts.size(), m.parts.size());
  EXPECT_EQ(s.creature->parts.size(), 4u);
  EXPECT_EQ(s.creature->sticks.size(), 3u);
  ASSERT_EQ(s.creature->muscles.size(), 1u);
  EXPECT_EQ(s.creature->muscles[0].joint, m.neurons[0].joint);
  EXPECT_EQ(s.creature->muscles[0].stick, m.neurons[0].joint);
  EXPECT_EQ(s.frames.count, 1u);
  for (std::size_t i = 0; i < m.parts.size(); ++i) {
    EXPECT_EQ(s.frames.parts.values[3 * i], static_cast<float>(m.parts[i].pos.x));
    EXPECT_EQ(s.frames.parts.values[3 * i + 2], static_cast<float>(m.parts[i].pos.z));
  }
  EXPECT_EQ(s.source.encoding, "f1");
  EXPECT_EQ(s.source.genotype, text);
}

TEST(ViewGenotypes, EveryGenotypeOfAGenFileOrOneByName) {
  const std::string text = example("f1/zoo.gen");
  view::GenotypeViewOptions o;
  o.file = "zoo.gen";
  Diagnostics d;
  auto page = view::page_from_genotypes(text, d, o);
  ASSERT_TRUE(page);
  Diagnostics d2;
  auto file = genotype::read_genotypes(text, "zoo.gen", d2);
  EXPECT_EQ(page->scenes.size(), file.select().size());
  EXPECT_GT(page->scenes.size(), 1u);
  const std::string second = page->scenes[1].source.name;
  o.org = second;
  auto one = view::page_from_genotypes(text, d, o);
  ASSERT_TRUE(one);
  ASSERT_EQ(one->scenes.size(), 1u);
  EXPECT_EQ(one->scenes[0].source.name, second);
  o.org = "no such org";
  Diagnostics d3;
  EXPECT_FALSE(view::page_from_genotypes(text, d3, o));
  EXPECT_EQ(d3.items().back().code, "view.no-genotype");
}

TEST(ViewGenotypes, NothingToShowIsAnError) {
  view::GenotypeViewOptions o;
  o.file = "empty.f0";
  o.reading.bare = genotype::Bare::f0;
  Diagnostics d;
  EXPECT_FALSE(view::page_from_genotypes("", d, o));
  EXPECT_TRUE(d.has_errors());
}

TEST(ViewInput, DetectedByContent) {
  EXPECT_EQ(view::detect_input("  {\"format\": 1}"), view::InputKind::trajectory);
  EXPECT_EQ(view::detect_input("\xEF\xBB\xBF<?xml version=\"1.0\"?><xode/>"), view::InputKind::xode);
  EXPECT_EQ(view::detect_input("//0\np:\n"), view::InputKind::genotypes);
  EXPECT_EQ(view::detect_input("XXX"), view::InputKind::genotypes);
}
