// Physical sense of the simulation: free fall, settling without energy gain, mirror symmetry,
// determinism and the end of unstable runs.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <regex>

#include "sim_test_util.hpp"

namespace genokit::sim {
namespace {

using test::model_of;

constexpr double kG = 9.81;

// A horizontal stick with no drag: between contacts only gravity acts. ODE integrates with
// semi-implicit Euler (v += g dt, then z += v dt), so after n steps z = z0 - g dt^2 n(n+1)/2,
// not the continuous z0 - g (n dt)^2 / 2.
TEST(SimPhysics, StickFallsAlongOdesIntegratorPathUntilContact) {
  Settings s;
  s.creath = 5;
  s.odeairdrag = s.oderotdrag = 0;
  Model m = model_of("//0\np:0,0,0\np:1,0,0\nj:0,1\n", s);
  sim::Run run(m);
  const double z0 = run.sample().parts[0].z, dt = s.odestep, r = s.gk_stickradius;
  double z = z0, v = 0;
  int free_steps = 0;
  while (z - r > 0) {  // no contact is made while the stick is above the ground at a step's start
    ASSERT_EQ(run.step(), Status::running);
    v -= kG * dt;
    z += v * dt;
    ++free_steps;
    double n = free_steps;
    Sample smp = run.sample();
    EXPECT_NEAR(smp.parts[0].z, z, 1e-12 * z0) << "step " << free_steps;
    EXPECT_NEAR(smp.parts[0].z, z0 - kG * dt * dt * n * (n + 1) / 2, 1e-12 * z0);
    EXPECT_EQ(smp.parts[0].z, smp.parts[1].z);  // no rotation
    EXPECT_EQ(smp.center_of_mass.x, s.wrldsiz / 2);
  }
  EXPECT_GT(free_steps, 15);
  // The continuous parabola is measurably different: the test tells integrators apart.
  double n = free_steps;
  EXPECT_GT(std::abs(z - (z0 - kG * (n * dt) * (n * dt) / 2)), 1e-3);
}

double energy(const Run& r) {
  return r.kinetic_energy() + r.potential_energy();
}

// A passive three-armed body with a muscle (two bodies on a ball joint) dropped from 0.5, with
// each stepper: dWorldStep's exact solution never gains energy; QuickStep (20 iterations) lets a
// resting body jitter, so its energy may rise by a little (measured: 1 % of m g x 1 unit).
void settles(int stepper, double gain_limit, double final_ke) {
  SCOPED_TRACE(stepper ? "dWorldStep" : "QuickStep");
  Settings s;
  s.creath = 0.5;
  s.gk_stepper = stepper;
  Model m = model_of(test::read_text(test::fixture("walker3.f0")), s);
  sim::Run run(m);
  bool touched = false;
  double reference = energy(run);
  double worst = 0;
  for (int i = 0; i < 600; ++i) {
    ASSERT_EQ(run.step(), Status::running) << run.message();
    double e = energy(run);
    if (!touched && run.contacts_last_step() > 0) touched = true;
    worst = std::max(worst, e - reference);
    reference = std::min(reference, e);  // energy may only go down from its lowest value so far
  }
  EXPECT_TRUE(touched);
  EXPECT_LT(worst, gain_limit * m.mass() * kG) << "energy grew by " << worst;
  EXPECT_LT(run.kinetic_energy(), final_ke);
  // Resting on the ground: every part at least a stick radius above it, the body low.
  for (const f0::Vec3& p : run.sample().parts) EXPECT_GT(p.z, s.gk_stickradius - 0.01);
  EXPECT_LT(run.center_of_mass().z, 0.5);
}

TEST(SimPhysics, PassiveBodySettlesAndItsEnergyNeverGrows) {
  settles(1, 1e-3, 1e-6);
  settles(0, 2e-2, 1e-3);
}

std::string mirrored_x(const std::string& f0_text) {
  // Every "p:x," of the fixture negated (x values are the first field of part lines).
  std::string out;
  std::istringstream in(f0_text);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("p:", 0) == 0 && line.size() > 2) {
      std::string x = line.substr(2, line.find(',') - 2);
      line = "p:" + (x[0] == '-' ? x.substr(1) : (x == "0" ? x : "-" + x)) + line.substr(line.find(','));
    }
    out += line + "\n";
  }
  return out;
}

TEST(SimPhysics, MirroredCreatureMovesMirrored) {
  Settings s;
  s.creath = 0.3;
  std::string text = test::read_text(test::fixture("walker3.f0"));
  std::string mirror = mirrored_x(text);
  ASSERT_NE(mirror, text);
  Model a = model_of(text, s), b = model_of(mirror, s);
  SimulateOptions opt;
  opt.steps = 300;
  opt.sample_every = 10;
  Diagnostics d;
  Trajectory ta = simulate(a, d, opt), tb = simulate(b, d, opt);
  ASSERT_EQ(ta.samples.size(), tb.samples.size());
  const double cx = s.wrldsiz;  // x' = wrldsiz - x: both are centred on wrldsiz/2
  double moved = 0;
  for (std::size_t k = 0; k < ta.samples.size(); ++k) {
    const Sample &sa = ta.samples[k], &sb = tb.samples[k];
    for (std::size_t p = 0; p < sa.parts.size(); ++p) {
      EXPECT_NEAR(sa.parts[p].x, cx - sb.parts[p].x, 1e-6) << "sample " << k << " part " << p;
      EXPECT_NEAR(sa.parts[p].y, sb.parts[p].y, 1e-6);
      EXPECT_NEAR(sa.parts[p].z, sb.parts[p].z, 1e-6);
      moved = std::max(moved, std::abs(sa.parts[p].z - ta.samples[0].parts[p].z));
    }
  }
  EXPECT_GT(moved, 0.1);  // it fell and tipped: the comparison saw motion
}

TEST(SimPhysics, TwoRunsAreBitIdentical) {
  Settings s;
  s.creath = 0.4;
  Model m = model_of(test::read_text(test::fixture("walker3.f0")), s);
  Diagnostics d;
  SimulateOptions opt;
  opt.steps = 400;
  Trajectory a = simulate(m, d, opt), b = simulate(m, d, opt);
  ASSERT_EQ(a.samples.size(), b.samples.size());
  for (std::size_t k = 0; k < a.samples.size(); ++k) {
    ASSERT_EQ(a.samples[k].parts.size(), b.samples[k].parts.size());
    EXPECT_EQ(std::memcmp(a.samples[k].parts.data(), b.samples[k].parts.data(),
                          a.samples[k].parts.size() * sizeof(f0::Vec3)),
              0)
        << "sample " << k;
  }
}

TEST(SimPhysics, RunawayEndsTheRunAsUnstable) {
  Settings s;
  s.creath = 20;
  s.gk_maxvelocity = 2;  // a free fall passes 2 units/s after a few steps
  Model m = model_of("//0\np:0,0,0\np:1,0,0\nj:0,1\n", s);
  Diagnostics d;
  SimulateOptions opt;
  opt.steps = 100;
  Trajectory t = simulate(m, d, opt);
  EXPECT_EQ(t.status, Status::unstable);
  EXPECT_LT(t.samples.size(), 10u);
  ASSERT_EQ(d.items().size(), 1u);
  EXPECT_EQ(d.items()[0].code, "sim.unstable");
  sim::Run r(m);
  r.step(100);
  EXPECT_EQ(r.status(), Status::unstable);
  EXPECT_EQ(r.step(5), Status::unstable);  // no more steps
  EXPECT_EQ(r.steps(), 5u);
}

TEST(SimPhysics, CreatureAtRestStaysAtRest) {
  for (int stepper : {1, 0}) {
    SCOPED_TRACE(stepper);
    Settings s;
    s.creath = 0;
    s.gk_stepper = stepper;
    Model m = model_of("//0\np:0,0,0\np:1,0,0\np:1,1,0\nj:0,1\nj:1,2\n", s);
    sim::Run run(m);
    run.step(50);  // lying on the ground: it sinks to its contact depth and stops
    f0::Vec3 start = run.center_of_mass();
    run.step(400);
    ASSERT_EQ(run.status(), Status::running);
    f0::Vec3 end = run.center_of_mass();
    double speed = std::hypot(end.x - start.x, end.y - start.y) / (400 * s.odestep);
    EXPECT_LT(speed, stepper ? 1e-5 : 1e-3);  // units/s: no muscles, no motion
    EXPECT_NEAR(end.z, start.z, 1e-4);
  }
}

// The iterative stepper is deterministic too (its per-run generator state), and falls the same.
TEST(SimPhysics, QuickStepIsDeterministicAndFallsTheSame) {
  Settings s;
  s.gk_stepper = 0;
  s.creath = 0.4;
  Model m = model_of(test::read_text(test::fixture("walker3.f0")), s);
  Diagnostics d;
  SimulateOptions opt;
  opt.steps = 200;
  Trajectory a = simulate(m, d, opt);
  sim::Run other(m);  // a run interleaved with the next one must not change it
  other.step(37);
  Trajectory b = simulate(m, d, opt);
  ASSERT_EQ(a.samples.size(), b.samples.size());
  for (std::size_t k = 0; k < a.samples.size(); ++k)
    for (std::size_t p = 0; p < a.samples[k].parts.size(); ++p)
      EXPECT_EQ(a.samples[k].parts[p].z, b.samples[k].parts[p].z);
  Settings exact = s;
  exact.gk_stepper = 1;
  sim::Run ra(m), rb(model_of(test::read_text(test::fixture("walker3.f0")), exact));
  ra.step(4), rb.step(4);  // before contact both integrate gravity alone
  EXPECT_NEAR(ra.center_of_mass().z, rb.center_of_mass().z, 1e-12);
}

}  // namespace
}  // namespace genokit::sim
