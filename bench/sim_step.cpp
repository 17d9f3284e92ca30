// Stepping speed of the creature simulator (steps/s) against a minimal hand-written ODE loop over
// the same bodies, in the same run: one stick, the 10-stick walker, the 50-part centipede
// (bench/sim_creatures.hpp), each with dWorldStep and QuickStep. The minimal loop builds the
// bodies, capsules, ball joints and 3-axis angular motors genokit built (sim::Model) and steps
// them with ground contacts and motor velocities from a sine: no network, no muscle angles, no
// checks. Also the issue's reference loop: 11 separate capsules with ball joints, angular motors
// and ground contacts, QuickStep.
#include <benchmark/benchmark.h>
#include <ode/ode.h>

#include <cmath>
#include <limits>
#include <memory>

#include "genokit/f0/parser.hpp"
#include "genokit/sim/run.hpp"
#include "physics/ode_guard.hpp"
#include "sim/model_data.hpp"
#include "sim/run_impl.hpp"
#include "sim_creatures.hpp"

using namespace genokit;

namespace {

sim::Model build(const std::string& f0, int stepper) {
  Diagnostics d;
  sim::Settings s;
  s.gk_stepper = stepper;
  s.initial_nn_active = 1;
  s.randinit = 0.01;
  return *sim::build_model(f0::parse(f0, d), s, d);
}

const std::string& creature(int which) {
  static const std::string c[3] = {bench::one_stick(), bench::walker(false), bench::centipede()};
  return c[which];
}

const char* const kNames[3] = {"one_stick", "walker10", "centipede50"};

constexpr int kSteps = 300;  // timed steps per iteration, from birth (each iteration builds anew)

// What genokit's muscles commanded at every step of a run, so that the minimal loop can replay
// the same motion: per step and link, the three motor velocities and the middle axis.
struct Commands {
  std::vector<std::array<double, 6>> rows;  // [step * links + link]
};

Commands record(const sim::Model& m) {
  Commands c;
  sim::Run run(m);
  const sim::Run::Impl& r = sim::detail::RunMaker::impl(run);
  for (int k = 0; k < kSteps; ++k) {
    run.step();
    for (const sim::LinkRt& l : r.links) {
      if (!l.motor) continue;
      dVector3 ax;
      dJointGetAMotorAxis(l.motor, 1, ax);
      c.rows.push_back({dJointGetAMotorParam(l.motor, dParamVel1), dJointGetAMotorParam(l.motor, dParamVel2),
                        dJointGetAMotorParam(l.motor, dParamVel3), ax[0], ax[1], ax[2]});
    }
  }
  return c;
}

// genokit: a run with its brain on, stepped kSteps from birth.
void BM_Step(benchmark::State& st) {
  const int which = static_cast<int>(st.range(0)), stepper = static_cast<int>(st.range(1));
  sim::Model m = build(creature(which), stepper);
  for (auto _ : st) {
    st.PauseTiming();
    auto run = std::make_unique<sim::Run>(m);
    st.ResumeTiming();
    run->step(kSteps);
    st.PauseTiming();
    if (run->status() != sim::Status::running) st.SkipWithError(run->message().c_str());
    run.reset();
    st.ResumeTiming();
  }
  st.SetLabel(std::string(kNames[which]) + (stepper ? " dWorldStep" : " QuickStep") + ", " +
              std::to_string(m.body_count()) + " bodies");
  st.counters["steps_per_s"] =
      benchmark::Counter(static_cast<double>(st.iterations()) * kSteps, benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Step)->ArgsProduct({{0, 1, 2}, {1, 0}})->Unit(benchmark::kMicrosecond);

// The minimal loop over the bodies genokit built.
struct Minimal {
  dWorldID world;
  dJointGroupID contacts;
  dGeomID ground;
  std::vector<dBodyID> bodies;
  std::vector<dGeomID> geoms;
  std::vector<double> mu;
  std::vector<dJointID> motors;
  bool exact;
  int step = 0;
  const Commands* commands = nullptr;

  Minimal(const sim::Model& model, bool exact_) : exact(exact_) {
    physics::detail::init_ode();
    dSetMessageHandler([](int, const char*, va_list) {});  // ODE's LCP notes, as genokit keeps them quiet
    const sim::Model::Data& m = model.data();
    world = dWorldCreate();
    // genokit's world settings (Framsticks' defaults).
    dWorldSetGravity(world, 0, 0, -9.81);
    dWorldSetERP(world, 0.2);
    dWorldSetCFM(world, 1e-5);
    dWorldSetQuickStepNumIterations(world, 20);
    dWorldSetLinearDamping(world, 0.01);
    dWorldSetAngularDamping(world, 0.01);
    dWorldSetLinearDampingThreshold(world, 0);
    dWorldSetAngularDampingThreshold(world, 0);
    contacts = dJointGroupCreate(0);
    ground = dCreatePlane(nullptr, 0, 0, 1, 0);
    for (const sim::BodyDef& bd : m.bodies) {
      dBodyID b = dBodyCreate(world);
      dMass mass;
      dMassSetZero(&mass);
      mass.mass = bd.mass;
      std::copy(bd.inertia.begin(), bd.inertia.end(), mass.I);
      dBodySetMass(b, &mass);
      dBodySetPosition(b, bd.com.x, bd.com.y, bd.com.z);
      bodies.push_back(b);
      for (const sim::GeomDef& gd : bd.geoms) {
        dGeomID g =
            gd.length > 0 ? dCreateCapsule(nullptr, gd.radius, gd.length) : dCreateSphere(nullptr, gd.radius);
        dGeomSetBody(g, b);
        dGeomSetOffsetPosition(g, gd.center.x - bd.com.x, gd.center.y - bd.com.y, gd.center.z - bd.com.z);
        dGeomSetOffsetRotation(g, gd.rotation.data());
        geoms.push_back(g);
        mu.push_back(gd.mu);
      }
    }
    for (const sim::LinkDef& l : m.links) {
      dBodyID b1 = bodies[static_cast<std::size_t>(l.body1)], b2 = bodies[static_cast<std::size_t>(l.body2)];
      dJointID ball = dJointCreateBall(world, nullptr);
      dJointAttach(ball, b1, b2);
      dJointSetBallAnchor(ball, l.anchor.x, l.anchor.y, l.anchor.z);
      dJointID mot = dJointCreateAMotor(world, nullptr);
      dJointAttach(mot, b1, b2);
      dJointSetAMotorMode(mot, dAMotorUser);
      dJointSetAMotorNumAxes(mot, 3);
      dJointSetAMotorAxis(mot, 0, 1, l.bend.x, l.bend.y, l.bend.z);
      dJointSetAMotorAxis(mot, 1, 0, l.third.x, l.third.y, l.third.z);
      dJointSetAMotorAxis(mot, 2, 2, l.twist.x, l.twist.y, l.twist.z);
      dJointSetAMotorParam(mot, dParamFMax1, l.drive_bend.driven() ? l.drive_bend.fmax : dInfinity);
      dJointSetAMotorParam(mot, dParamFMax2, dInfinity);
      dJointSetAMotorParam(mot, dParamFMax3, dInfinity);
      motors.push_back(mot);
    }
  }
  ~Minimal() {
    for (dGeomID g : geoms) dGeomDestroy(g);
    dGeomDestroy(ground);
    dJointGroupDestroy(contacts);
    dWorldDestroy(world);
  }
  // One step replaying genokit's muscle commands of the same step.
  void once() {
    const std::size_t L = motors.size();
    for (std::size_t k = 0; k < L; ++k) {
      const auto& c = commands->rows[static_cast<std::size_t>(step) * L + k];
      dJointSetAMotorAxis(motors[k], 1, 0, c[3], c[4], c[5]);
      dJointSetAMotorParam(motors[k], dParamVel1, c[0]);
      dJointSetAMotorParam(motors[k], dParamVel2, c[1]);
      dJointSetAMotorParam(motors[k], dParamVel3, c[2]);
    }
    ++step;
    for (std::size_t i = 0; i < geoms.size(); ++i) {
      dContactGeom cg[4];
      const int n = dCollide(geoms[i], ground, 4, cg, sizeof(dContactGeom));
      for (int k = 0; k < n; ++k) {
        dContact c{};
        c.surface.mode = dContactBounce | dContactApprox1;
        c.surface.mu = mu[i];
        c.surface.bounce = 0.1;
        c.surface.bounce_vel = 0.01;
        c.geom = cg[k];
        dJointAttach(dJointCreateContact(world, contacts, &c), dGeomGetBody(geoms[i]), nullptr);
      }
    }
    if (exact)
      dWorldStep(world, 0.05);
    else
      dWorldQuickStep(world, 0.05);
    dJointGroupEmpty(contacts);
  }
};

void BM_MinimalOde(benchmark::State& st) {
  const int which = static_cast<int>(st.range(0)), stepper = static_cast<int>(st.range(1));
  sim::Model m = build(creature(which), stepper);
  const Commands commands = record(m);
  for (auto _ : st) {
    st.PauseTiming();
    auto loop = std::make_unique<Minimal>(m, stepper == 1);
    loop->commands = &commands;
    st.ResumeTiming();
    for (int k = 0; k < kSteps; ++k) loop->once();
    st.PauseTiming();
    loop.reset();
    st.ResumeTiming();
  }
  st.SetLabel(std::string(kNames[which]) + (stepper ? " dWorldStep" : " QuickStep"));
  st.counters["steps_per_s"] =
      benchmark::Counter(static_cast<double>(st.iterations()) * kSteps, benchmark::Counter::kIsRate);
}
BENCHMARK(BM_MinimalOde)->ArgsProduct({{0, 1, 2}, {1, 0}})->Unit(benchmark::kMicrosecond);

// The issue's reference: 11 capsule bodies (one per stick, nothing merged) in a star, ball joints
// with 3-axis angular motors, ground contacts, QuickStep with ODE's default 20 iterations.
void BM_IssueLoop11Capsules(benchmark::State& st) {
  physics::detail::init_ode();
  dWorldID w = dWorldCreate();
  dWorldSetGravity(w, 0, 0, -9.81);
  dWorldSetQuickStepNumIterations(w, 20);
  dJointGroupID cg = dJointGroupCreate(0);
  dGeomID plane = dCreatePlane(nullptr, 0, 0, 1, 0);
  const int N = 11;
  dBodyID b[N];
  dGeomID g[N];
  dJointID mot[N];
  for (int i = 0; i < N; ++i) {
    b[i] = dBodyCreate(w);
    dMass m;
    dMassSetCapsuleTotal(&m, 1, 3, 0.1, 1);
    dBodySetMass(b[i], &m);
    const double a = i * 2 * M_PI / N;
    dBodySetPosition(b[i], 10 + 0.5 * std::cos(a), 10 + 0.5 * std::sin(a), 0.2);
    dMatrix3 R;
    dRFromZAxis(R, std::cos(a), std::sin(a), 0);
    dBodySetRotation(b[i], R);
    g[i] = dCreateCapsule(nullptr, 0.1, 1);
    dGeomSetBody(g[i], b[i]);
  }
  for (int i = 1; i < N; ++i) {
    dJointID j = dJointCreateBall(w, nullptr);
    dJointAttach(j, b[0], b[i]);
    dJointSetBallAnchor(j, 10, 10, 0.2);
    mot[i] = dJointCreateAMotor(w, nullptr);
    dJointAttach(mot[i], b[0], b[i]);
    dJointSetAMotorMode(mot[i], dAMotorUser);
    dJointSetAMotorNumAxes(mot[i], 3);
    dJointSetAMotorAxis(mot[i], 0, 1, 0, 0, 1);
    dJointSetAMotorAxis(mot[i], 1, 0, 0, 1, 0);
    dJointSetAMotorAxis(mot[i], 2, 2, 1, 0, 0);
    dJointSetAMotorParam(mot[i], dParamFMax1, 5);
    dJointSetAMotorParam(mot[i], dParamFMax2, dInfinity);
    dJointSetAMotorParam(mot[i], dParamFMax3, dInfinity);
  }
  int step = 0;
  auto once = [&] {
    ++step;
    for (int i = 1; i < N; ++i) dJointSetAMotorParam(mot[i], dParamVel1, std::sin(step * 0.1 + i));
    for (int i = 0; i < N; ++i) {
      dContactGeom c[4];
      const int n = dCollide(g[i], plane, 4, c, sizeof(dContactGeom));
      for (int k = 0; k < n; ++k) {
        dContact ct{};
        ct.surface.mode = dContactApprox1 | dContactBounce;
        ct.surface.mu = 0.5;
        ct.surface.bounce = 0.1;
        ct.geom = c[k];
        dJointAttach(dJointCreateContact(w, cg, &ct), b[i], nullptr);
      }
    }
    dWorldQuickStep(w, 0.05);
    dJointGroupEmpty(cg);
  };
  for (int k = 0; k < 100; ++k) once();
  for (auto _ : st)
    for (int k = 0; k < 100; ++k) once();
  st.counters["us_per_step"] = benchmark::Counter(static_cast<double>(st.iterations()) * 100,
                                                  benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  for (dGeomID x : g) dGeomDestroy(x);
  dGeomDestroy(plane);
  dJointGroupDestroy(cg);
  dWorldDestroy(w);
}
BENCHMARK(BM_IssueLoop11Capsules)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
