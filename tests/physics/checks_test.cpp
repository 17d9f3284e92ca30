// What ODE would abort on is found before ODE is called: scenes built in code with each such
// input give their physics.* diagnostic (and no abort); the numeric checks say what ODE says, on
// random and degenerate inputs, compared with ODE's own verdict under the guard.
#include <gtest/gtest.h>
#include <ode/ode.h>

#include <cmath>
#include <functional>
#include <random>

#include "genokit/physics/world.hpp"
#include "physics/checks.hpp"
#include "physics/ode_guard.hpp"

using namespace genokit;
using namespace genokit::xode;
using namespace genokit::physics::detail;

namespace {

// One world, one space, bodies "a" and "b" (identity pose, default mass).
Scene two_bodies() {
  Scene s;
  s.worlds.push_back(SceneWorld{"/world[0]", "", {0, 0, 0}, kNoOffset});
  s.spaces.push_back(SceneSpace{"/world[0]/space[0]", "", 0, -1, "simple", kNoOffset});
  for (const char* n : {"a", "b"}) {
    SceneBody b;
    b.name = n;
    b.path = n;
    s.bodies.push_back(b);
  }
  return s;
}

SceneGeom geom(Scene& s, Shape shape, std::initializer_list<double> params) {
  SceneGeom g;
  g.path = "g";
  g.shape = shape;
  g.params = s.keep(params);
  return g;
}

SceneJoint joint(Scene& s, JointType t, int b1, int b2, std::initializer_list<Vec3> axes) {
  SceneJoint j;
  j.path = "j";
  j.type = t;
  j.body1 = b1;
  j.body2 = b2;
  std::vector<JointAxis> a;
  for (const Vec3& d : axes) a.push_back(JointAxis{d, {}});
  j.axes = s.keep(std::span<const JointAxis>(a));
  return j;
}

// The code of the first error building `s` gives ("" when it builds).
std::string build_error(const Scene& s) {
  Diagnostics d;
  auto w = physics::build_world(s, d);
  if (w) return d.has_errors() ? "built with errors" : "";
  return d.items().empty() ? "no diagnostic" : d.items()[0].code;
}

}  // namespace

TEST(PhysicsChecks, EveryOdeAbortOfABuildIsADiagnostic) {
  const double nan = std::nan(""), inf = INFINITY;
  struct Case {
    const char* what;
    std::function<void(Scene&)> change;
    const char* code;
  };
  const std::vector<Case> cases = {
      {"nothing", [](Scene&) {}, ""},
      {"negative box", [](Scene& s) { s.geoms.push_back(geom(s, Shape::box, {1, -1, 1})); }, "physics.bad-geom-size"},
      {"negative capsule", [](Scene& s) { s.geoms.push_back(geom(s, Shape::capsule, {1, -2})); },
       "physics.bad-geom-size"},
      {"NaN sphere", [&](Scene& s) { s.geoms.push_back(geom(s, Shape::sphere, {nan})); }, "physics.non-finite"},
      {"cone", [](Scene& s) { s.geoms.push_back(geom(s, Shape::cone, {})); }, "physics.cone-unsupported"},
      {"infinite position", [&](Scene& s) { s.bodies[0].position = {0, inf, 0}; }, "physics.non-finite"},
      {"NaN velocity", [&](Scene& s) { s.bodies[0].angular_velocity = {nan, 0, 0}; }, "physics.non-finite"},
      {"zero rotation", [](Scene& s) { s.bodies[0].rotation = {0, 0, 0, 0, 0, 0, 0, 0, 0}; }, "physics.bad-rotation"},
      {"parallel rows", [](Scene& s) { s.bodies[0].rotation = {1, 0, 0, 2, 0, 0, 0, 0, 1}; },
       "physics.bad-rotation"},
      {"denormal rows", [](Scene& s) { s.bodies[0].rotation = {4e-320, 0, 0, 0, 4e-320, 0, 0, 0, 1}; },
       "physics.bad-rotation"},
      {"scaled rotation (ODE orthonormalises it)",
       [](Scene& s) { s.bodies[0].rotation = {2, 0, 0, 0, 2, 0, 0, 0, 2}; }, ""},
      {"NaN finite rotation axis",
       [&](Scene& s) {
         s.bodies[0].finite_rotation_set = true;
         s.bodies[0].finite_rotation_axis = {nan, 0, 0};
       },
       "physics.non-finite"},
      {"zero finite rotation axis (no axis)",
       [](Scene& s) {
         s.bodies[0].finite_rotation_set = true;
         s.bodies[0].finite_rotation_mode = 1;
       },
       ""},
      {"negative mass",
       [](Scene& s) {
         s.bodies[0].has_mass = true;
         s.bodies[0].mass.mass = -1;
       },
       "physics.bad-mass"},
      {"off-centre mass",
       [](Scene& s) {
         s.bodies[0].has_mass = true;
         s.bodies[0].mass.c = {0.5, 0, 0};
       },
       "physics.mass-off-centre"},
      {"zero hinge axis", [](Scene& s) { s.joints.push_back(joint(s, JointType::hinge, 0, 1, {{0, 0, 0}})); },
       "physics.bad-axis"},
      {"NaN amotor axis",
       [&](Scene& s) { s.joints.push_back(joint(s, JointType::amotor, 0, 1, {{0, 0, nan}})); }, "physics.non-finite"},
      {"hinge2 to the environment",
       [](Scene& s) { s.joints.push_back(joint(s, JointType::hinge2, 0, -1, {{1, 0, 0}, {0, 0, 1}})); },
       "physics.hinge2-needs-two-bodies"},
      {"hinge2 re-attached to the environment",
       [](Scene& s) {
         s.joints.push_back(joint(s, JointType::hinge2, 0, 1, {{1, 0, 0}, {0, 0, 1}}));
         s.joints.back().reattach_to_environment = true;
       },
       "physics.hinge2-needs-two-bodies"},
      {"joint linking a body to itself", [](Scene& s) { s.joints.push_back(joint(s, JointType::ball, 1, 1, {})); },
       "physics.joint-same-body"},
      {"joint across worlds",
       [](Scene& s) {
         s.worlds.push_back(SceneWorld{"/world[1]", "", {0, 0, 0}, kNoOffset});
         s.bodies[1].world = 1;
         s.joints.push_back(joint(s, JointType::ball, 0, 1, {}));
       },
       "physics.joint-across-worlds"},
      {"four amotor axes",
       [](Scene& s) {
         s.joints.push_back(joint(s, JointType::amotor, 0, 1, {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {1, 1, 0}}));
       },
       "physics.bad-scene"},
      {"unknown axis parameter",
       [](Scene& s) {
         s.joints.push_back(joint(s, JointType::hinge, 0, 1, {{1, 0, 0}}));
         std::vector<JointAxis> axes(s.joints.back().axes.begin(), s.joints.back().axes.end());
         axes[0].params = s.keep(std::span<const AxisParam>(std::vector<AxisParam>{{20, 1.0}}));
         s.joints.back().axes = s.keep(std::span<const JointAxis>(axes));
       },
       "physics.bad-scene"},
      {"placed plane",
       [](Scene& s) {
         s.geoms.push_back(geom(s, Shape::plane, {0, 1, 0, 0}));
         s.geoms.back().placement = Placement::world;
       },
       "physics.bad-scene"},
      {"offset without a body",
       [](Scene& s) {
         s.geoms.push_back(geom(s, Shape::sphere, {1}));
         s.geoms.back().placement = Placement::body_offset;
       },
       "physics.bad-scene"},
      {"empty trimesh",
       [](Scene& s) {
         s.geoms.push_back(geom(s, Shape::trimesh, {}));
         s.geoms.back().vertices = {0, 0, 0, 1, 0, 0, 0, 1, 0};
       },
       "physics.trimesh-empty"},
      {"trimesh index out of range",
       [](Scene& s) {
         s.geoms.push_back(geom(s, Shape::trimesh, {}));
         s.geoms.back().vertices = {0, 0, 0, 1, 0, 0, 0, 1, 0};
         s.geoms.back().indices = {0, 1, 3};
       },
       "physics.bad-scene"},
      {"geom in a missing space",
       [](Scene& s) {
         s.geoms.push_back(geom(s, Shape::sphere, {1}));
         s.geoms.back().space = 4;
       },
       "physics.bad-scene"},
      {"body in a missing world", [](Scene& s) { s.bodies[0].world = 3; }, "physics.bad-scene"},
      {"space inside a later space", [](Scene& s) { s.spaces[0].parent = 0; }, "physics.bad-scene"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.what);
    Scene s = two_bodies();
    c.change(s);
    EXPECT_EQ(build_error(s), c.code);
  }
}

TEST(PhysicsChecks, EulerAmotorsOdeCannotReadAreReportedWithoutAborting) {
  // Three axes in ODE's Euler arrangement: readable. One axis, or a motor left linked to no body
  // (ODE would dereference its missing first body): reported by the snapshot.
  for (int variant = 0; variant < 3; ++variant) {
    SCOPED_TRACE(variant);
    Scene s = two_bodies();
    SceneJoint j = variant == 1 ? joint(s, JointType::amotor, 0, 1, {{1, 0, 0}})
                                : joint(s, JointType::amotor, variant == 2 ? -1 : 0, 1,
                                        {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}});
    j.amotor_mode = 1;
    j.reattach_to_environment = variant == 2;  // (environment, b) re-attached as (environment, -)
    s.joints.push_back(j);
    Diagnostics d;
    auto w = physics::build_world(s, d);
    ASSERT_TRUE(w);
    const physics::Snapshot snap = w->snapshot();
    EXPECT_EQ(snap.failure.has_value(), variant != 0);
  }
}

namespace {

// ODE's own verdict on dBodySetRotation(r).
bool ode_rotation_verdict(dWorldID w, const Mat3& r) {
  dBodyID b = dBodyCreate(w);
  dMatrix3 R;
  for (int i = 0; i < 3; ++i) {
    for (int k = 0; k < 3; ++k) R[i * 4 + k] = r[static_cast<std::size_t>(i * 3 + k)];
    R[i * 4 + 3] = 0;
  }
  const bool ok = !guarded([&] { dBodySetRotation(b, R); });
  dBodyDestroy(b);
  return ok;
}

}  // namespace

TEST(PhysicsChecks, RotationCheckSaysWhatOdeSays) {
  init_ode();
  dWorldID w = dWorldCreate();
  std::mt19937_64 rng(19);
  std::normal_distribution<double> normal;
  std::uniform_int_distribution<int> pick(0, 9);
  const double specials[] = {0.0, -0.0, 1.0, -1.0, 4e-320, 1e-300, 1e300, -1e300, 1e-160, 1e160};
  int accepted = 0, rejected = 0, disagree = 0;
  for (int n = 0; n < 20000; ++n) {
    Mat3 r;
    for (double& x : r) x = normal(rng);
    switch (n % 5) {
      case 0:  // a special value here and there
        for (double& x : r)
          if (pick(rng) < 3) x = specials[pick(rng)];
        break;
      case 1:  // rows 0 and 1 (nearly) parallel
        for (int k = 0; k < 3; ++k) r[3 + k] = r[k] * 2.5 + (pick(rng) < 5 ? 0 : 1e-12 * normal(rng));
        break;
      case 2:  // a row of zeros
        for (int k = 0; k < 3; ++k) r[(pick(rng) % 3) * 3 + k] = 0;
        break;
      case 3:  // scaled, nearly orthonormal
        for (double& x : r) x *= specials[pick(rng)];
        break;
      default:
        break;
    }
    const bool ours = ode_accepts_rotation(r), odes = ode_rotation_verdict(w, r);
    (odes ? accepted : rejected)++;
    if (ours != odes) ++disagree;
  }
  dWorldDestroy(w);
  EXPECT_EQ(disagree, 0);
  EXPECT_GT(accepted, 1000);
  EXPECT_GT(rejected, 1000);
}

TEST(PhysicsChecks, EulerAxesCheckSaysWhatOdeSays) {
  init_ode();
  dWorldID w = dWorldCreate();
  std::mt19937_64 rng(7);
  std::normal_distribution<double> normal;
  int broken = 0, fine = 0, disagree = 0;
  for (int n = 0; n < 4000; ++n) {
    dBodyID b1 = dBodyCreate(w), b2 = dBodyCreate(w);
    dMatrix3 R;
    dRFromAxisAndAngle(R, normal(rng), normal(rng), normal(rng), normal(rng));
    if (n % 2) dBodySetRotation(b2, R);
    dJointID j = dJointCreateAMotor(w, nullptr);
    const bool second = n % 3 != 0;
    dJointAttach(j, b1, second ? b2 : nullptr);
    dJointSetAMotorNumAxes(j, 3);
    dVector3 a0{normal(rng), normal(rng), normal(rng), 0};
    dVector3 a2{normal(rng), normal(rng), normal(rng), 0};
    if (n % 4 == 1) a2[0] = a0[0], a2[1] = a0[1], a2[2] = a0[2];  // parallel
    const int axes = n % 5 == 0 ? 1 : 3;
    dJointSetAMotorAxis(j, 0, 0, a0[0], a0[1], a0[2]);
    if (axes == 3) {
      dJointSetAMotorAxis(j, 1, 0, 0, 0, 1);
      dJointSetAMotorAxis(j, 2, 0, a2[0], a2[1], a2[2]);
    }
    EulerAmotor e;
    dJointGetAMotorAxis(j, 0, e.axis0);
    dJointGetAMotorAxis(j, 2, e.axis2);
    e.first = b1;
    e.second = second ? b2 : nullptr;
    dJointSetAMotorMode(j, dAMotorEuler);
    const bool ours = euler_axes_ok(e);
    dVector3 v;
    const bool odes = !guarded([&] { dJointGetAMotorAxis(j, 1, v); });
    (odes ? fine : broken)++;
    if (ours != odes) ++disagree;
    dJointDestroy(j);
    dBodyDestroy(b1);
    dBodyDestroy(b2);
  }
  dWorldDestroy(w);
  EXPECT_EQ(disagree, 0);
  EXPECT_GT(broken, 500);
  EXPECT_GT(fine, 1000);
}

TEST(PhysicsChecks, NormaliseCheckSaysWhatOdeSays) {
  init_ode();
  const double values[] = {0.0, -0.0, 1.0, -3.0, 4e-320, 1e300, INFINITY, -INFINITY, std::nan("")};
  for (double x : values)
    for (double y : values)
      for (double z : values) {
        dVector3 v{x, y, z, 0};
        const bool odes = !guarded([&] { dNormalize3(v); });
        EXPECT_EQ(ode_normalizes({x, y, z}), odes) << x << " " << y << " " << z;
      }
}
