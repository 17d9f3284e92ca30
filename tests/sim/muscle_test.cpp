// Muscles driven by the network: targets, rate limit, direction, strength; the network stepping
// exactly as without a body when its inputs do not depend on the body.
#include <gtest/gtest.h>

#include <cmath>

#include "genokit/neuro/network.hpp"
#include "sim_test_util.hpp"

namespace genokit::sim {
namespace {

using test::model_of;

// Two sticks floating without gravity; a bend muscle on the second, commanded by a constant.
std::string bender(double weight, const char* muscle = "|:p=1,r=0.5") {
  return "//0\np:0,0,0\np:1,0,0\np:2,0,0\nj:0,1\nj:1,2\nn:d=*\nn:j=1,d=\"" + std::string(muscle) +
         "\"\nc:1,0," + std::to_string(weight) + "\n";
}

Settings weightless() {
  Settings s;
  s.wrldg = 0;
  s.creath = 3;
  s.initial_nn_active = 1;
  s.initial_perf_measuring = 1;
  s.randinit = 0;
  s.odeairdrag = s.oderotdrag = 0;
  return s;
}

TEST(SimMuscle, ReachesItsTargetAtTheRateLimit) {
  Settings s = weightless();
  s.odemusclespeed = 0.02;
  Model m = model_of(bender(0.6), s);
  ASSERT_EQ(m.muscle_count(), 1u);
  sim::Run run(m);
  const double target = 0.5 * 0.6 * M_PI;
  for (int k = 1; k <= 60; ++k) {
    ASSERT_EQ(run.step(), Status::running) << run.message();
    const double state = std::min(0.6, 0.02 * k);
    EXPECT_NEAR(run.muscle_state(0), state, 1e-12) << "step " << k;
    // Never ahead of the rate-limited target.
    EXPECT_LE(run.muscle_angle(0), 0.5 * state * M_PI + 1e-6) << "step " << k;
  }
  EXPECT_NEAR(run.muscle_angle(0), target, 1e-3);
  // Bending about part 1's Z axis: counterclockwise seen from above, in the horizontal plane,
  // by the measured angle.
  Sample smp = run.sample();
  const f0::Vec3 &p0 = smp.parts[0], &p1 = smp.parts[1], &p2 = smp.parts[2];
  const double d1x = p1.x - p0.x, d1y = p1.y - p0.y, d2x = p2.x - p1.x, d2y = p2.y - p1.y;
  EXPECT_NEAR(std::atan2(d1x * d2y - d1y * d2x, d1x * d2x + d1y * d2y), target, 1e-3);
  EXPECT_NEAR(p2.z, p1.z, 1e-6);
  EXPECT_NEAR(p0.z, p1.z, 1e-6);
}

TEST(SimMuscle, OppositeSignalsBendOppositeWays) {
  Settings s = weightless();
  sim::Run plus(model_of(bender(0.6), s)), minus(model_of(bender(-0.6), s));
  plus.step(80);
  minus.step(80);
  EXPECT_NEAR(plus.muscle_angle(0), 0.3 * M_PI, 1e-3);
  EXPECT_NEAR(minus.muscle_angle(0), -0.3 * M_PI, 1e-3);
  // The whole motion is mirrored about the first stick's line (y -> 2*y0 - y).
  Sample a = plus.sample(), b = minus.sample();
  for (std::size_t p = 0; p < a.parts.size(); ++p) {
    EXPECT_NEAR(a.parts[p].x, b.parts[p].x, 1e-9);
    EXPECT_NEAR(a.parts[p].y - s.wrldsiz / 2, -(b.parts[p].y - s.wrldsiz / 2), 1e-9);
  }
}

TEST(SimMuscle, TwistTurnsTheStickAboutItself) {
  Settings s = weightless();
  // A side branch on the twisted stick shows the turn: part 3 hangs off part 2 along +Y.
  Model m = model_of(
      "//0\np:0,0,0\np:1,0,0\np:2,0,0\np:2,1,0\nj:0,1\nj:1,2\nj:2,3\nn:d=*\nn:j=1,d=\"@:p=1\"\nc:1,0,0.25\n",
      s);
  sim::Run run(m);
  run.step(80);
  EXPECT_NEAR(run.muscle_angle(0), 0.25 * M_PI, 1e-3);
  // Both bodies turned (they float freely), relative to each other by 45 degrees about the
  // stick: the relative quaternion conj(q0) q3 is (cos 22.5, sin 22.5 * stick axis).
  Sample smp = run.sample();
  const auto &q0 = smp.orientations[0], &q3 = smp.orientations[3];
  const double w = q0[0] * q3[0] + q0[1] * q3[1] + q0[2] * q3[2] + q0[3] * q3[3];
  const double x = q0[0] * q3[1] - q0[1] * q3[0] - q0[2] * q3[3] + q0[3] * q3[2];
  EXPECT_NEAR(std::abs(w), std::cos(0.125 * M_PI), 1e-3);
  EXPECT_NEAR(std::abs(x), std::sin(0.125 * M_PI), 1e-3);  // about X, the stick (body 0's frame)
  // The stick line is unbent: parts 0, 1, 2 stay collinear (the cross product of the sticks).
  const f0::Vec3 &p0 = smp.parts[0], &p1 = smp.parts[1], &p2 = smp.parts[2];
  const double ax = p1.x - p0.x, ay = p1.y - p0.y, az = p1.z - p0.z, bx = p2.x - p1.x, by = p2.y - p1.y,
               bz = p2.z - p1.z;
  EXPECT_NEAR(std::hypot(ay * bz - az * by, az * bx - ax * bz, ax * by - ay * bx), 0, 1e-6);
}

TEST(SimMuscle, StrengthComesFromPowerAndTheWeakestMusclesAreLimp) {
  Settings s = weightless();
  s.odemusclemin = 0;  // Framsticks' default: the weakest muscle has no force
  sim::Run weak(model_of(bender(0.6, "|:p=0.025,r=0.5"), s)), strong(model_of(bender(0.6, "|:p=1,r=0.5"), s));
  weak.step(40);
  strong.step(40);
  EXPECT_NEAR(weak.muscle_state(0), 0.6, 1e-12);  // the command got through...
  EXPECT_NEAR(weak.muscle_angle(0), 0, 1e-9);     // ...but nothing moved
  EXPECT_NEAR(strong.muscle_angle(0), 0.3 * M_PI, 1e-3);
  // A middling muscle against a heavy stick is slower than a strong one.
  s.odemusclemax = 0.05;
  sim::Run slow(model_of(bender(0.6, "|:p=1,r=0.5"), s));
  slow.step(10);
  strong = sim::Run(model_of(bender(0.6, "|:p=1,r=0.5"), weightless()));
  strong.step(10);
  EXPECT_LT(slow.muscle_angle(0), 0.8 * strong.muscle_angle(0));
}

// Sin -> N -> muscle: no input depends on the body, so the network inside the run must step
// exactly as it does alone (same seed, randinit and noise), nnspeed steps per physics step.
TEST(SimMuscle, NetworkStepsExactlyAsAloneAtNnspeed) {
  const std::string f0 =
      "//0\np:0,0,0\np:1,0,0\np:2,0,0\nj:0,1\nj:1,2\nn:d=\"Sin:f0=0.13\"\nn:d=N\nn:j=1,d=|\nn:d=Rnd\n"
      "c:1,0,0.7\nc:1,3,0.2\nc:2,1,1.5\n";
  for (double nnspeed : {1.0, 2.0, 0.5}) {
    Settings s;
    s.initial_nn_active = 1;
    s.initial_perf_measuring = 1;
    s.randinit = 0.01;
    s.nnoise = 0.05;
    s.nnspeed = nnspeed;
    Model m = model_of(f0, s);
    sim::Run run(m, {7, true});
    Diagnostics d;
    neuro::Network alone = neuro::Network::build(f0::parse(f0, d), {0.01, 0.05, 7});
    for (int k = 0; k < 3; ++k) ASSERT_EQ(run.neuron_output(static_cast<std::size_t>(k)), alone.output(k));
    double owed = 0;
    for (int step = 1; step <= 100; ++step) {
      ASSERT_EQ(run.step(), Status::running);
      owed += nnspeed;
      while (owed >= 1) {
        alone.step();
        owed -= 1;
      }
      for (int k = 0; k < 4; ++k)
        ASSERT_EQ(run.neuron_output(static_cast<std::size_t>(k)), alone.output(k)) << "step " << step;
    }
    EXPECT_EQ(alone.steps_done(), static_cast<std::uint64_t>(100 * nnspeed));
  }
}

// A walking creature and its mirror image (y -> -y, which also turns every bend the other way,
// so its muscle commands are negated): the mirror walks the mirror path.
TEST(SimMuscle, MirroredCreatureMovesMirrored) {
  auto creature = [](double sign) {
    auto y = [&](double v) { return std::to_string(sign * v); };
    return "//0\np:0,0,0\np:1,0,0\np:1.5," + y(0.8) + ",0\np:1.5," + y(-0.8) + ",0\np:-0.5," + y(0.8) +
           ",0\nj:0,1\nj:1,2\nj:1,3\nj:0,4\nn:d=\"Sin:f0=0.2\"\nn:j=1,d=\"|:p=1\"\nn:j=2,d=\"|:p=1\"\n"
           "n:j=3,d=\"|:p=1\"\nc:1,0," +
           std::to_string(sign * 0.8) + "\nc:2,0," + std::to_string(-sign * 0.8) + "\nc:3,0," +
           std::to_string(sign * 0.5) + "\n";
  };
  Settings s;
  s.initial_nn_active = 1;
  s.randinit = 0;
  Model a = model_of(creature(1), s), b = model_of(creature(-1), s);
  sim::Run ra(a), rb(b);
  for (int k = 0; k < 300; ++k) {
    ASSERT_EQ(ra.step(), Status::running);
    ASSERT_EQ(rb.step(), Status::running);
  }
  const Sample sa = ra.sample(), sb = rb.sample();
  const double mid = s.wrldsiz / 2;
  EXPECT_GT(std::hypot(sa.center_of_mass.x - mid, sa.center_of_mass.y - mid), 0.05);  // it moved
  for (std::size_t p = 0; p < sa.parts.size(); ++p) {
    EXPECT_NEAR(sa.parts[p].x, sb.parts[p].x, 1e-6);
    EXPECT_NEAR(sa.parts[p].y - mid, -(sb.parts[p].y - mid), 1e-6);
    EXPECT_NEAR(sa.parts[p].z, sb.parts[p].z, 1e-6);
  }
}

// With initial_nn_active 2 the brain waits until the body has rested stabilperiod steps.
TEST(SimMuscle, BrainWaitsForRest) {
  Settings s;
  s.randinit = 0;
  s.stabilperiod = 30;
  Model m = model_of(bender(0.6), s);  // placed creath above the ground: it falls first
  Diagnostics d;
  Trajectory t = simulate(m, d, {.steps = 200, .sample_every = 1});
  ASSERT_EQ(t.samples.size(), 201u);
  std::size_t first_active = 0;
  for (const Sample& smp : t.samples)
    if (smp.muscles[0] != 0) {
      first_active = smp.step;
      break;
    }
  EXPECT_GE(first_active, 30u);
  EXPECT_LT(first_active, 100u);
  // Resting means: over the stabilperiod steps before, the centre moved less than stabledist.
  const f0::Vec3 a = t.samples[first_active - 31].center_of_mass,
                 b = t.samples[first_active - 1].center_of_mass;
  EXPECT_LT(std::hypot(b.x - a.x, b.y - a.y, b.z - a.z), s.stabledist);
  ASSERT_TRUE(t.criteria);
  EXPECT_EQ(t.criteria->lifespan, 200 - (first_active - 1));
}

}  // namespace
}  // namespace genokit::sim
