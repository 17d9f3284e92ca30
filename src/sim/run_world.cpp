// Building a run's ODE world: placement (central or random, heading, ground height), bodies and
// their shapes, the links between them with their angular motors, and the static world (floor,
// fences, blocks). The height field has no ODE geom: its contacts are made in run_step.cpp.
#include <algorithm>
#include <cmath>
#include <limits>

#include "sim/run_impl.hpp"

namespace genokit::sim {

void Run::Impl::choose_placement(std::uint64_t& stream) {
  const Settings& s = m.settings;
  const double r = s.gk_stickradius;
  // Draws in a fixed order whatever the settings, so one setting never shifts another's draws.
  const double ux = uniform01(stream), uy = uniform01(stream), uh = uniform01(stream);
  double lo[3] = {1e300, 1e300, 1e300}, hi[3] = {-1e300, -1e300, -1e300};
  for (const f0::Vec3& p : m.part_start) {
    const double v[3] = {p.x, p.y, p.z};
    for (int k = 0; k < 3; ++k) lo[k] = std::min(lo[k], v[k] - r), hi[k] = std::max(hi[k], v[k] + r);
  }
  place.pivot = {(lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2, 0};
  if (s.rotation != 0) {
    const double a = 2 * M_PI * uh;
    place.cos = std::cos(a);
    place.sin = std::sin(a);
  }
  // Half extents of the turned body in X and Y.
  double hw = 0, hh = 0;
  for (const f0::Vec3& p : m.part_start) {
    f0::Vec3 d = place.vector({p.x - place.pivot.x, p.y - place.pivot.y, 0});
    hw = std::max(hw, std::abs(d.x) + r);
    hh = std::max(hh, std::abs(d.y) + r);
  }
  const double size = s.wrldsiz;
  double cx = size / 2, cy = size / 2;
  if (s.placement == 0) {
    if (size > 2 * hw) cx = hw + ux * (size - 2 * hw);
    if (size > 2 * hh) cy = hh + uy * (size - 2 * hh);
  }
  const double ground = m.terrain.max_height(cx - hw, cy - hh, cx + hw, cy + hh);
  double bottom = ground + std::max(s.creath, 0.0);
  if (s.creath < 0 && s.wrldwat > ground) bottom = ground + (s.wrldwat - ground) * (1 + s.creath);
  // The model frame has the creature central with its lowest point max(creath, 0) above z = 0.
  place.shift = {s.placement == 0 ? cx - place.pivot.x : 0, s.placement == 0 ? cy - place.pivot.y : 0,
                 bottom - std::max(s.creath, 0.0)};
}

void Run::Impl::build() {
  const Settings& s = m.settings;
  std::uint64_t stream = opt.seed ^ 0x6A09E667F3BCC909ull;  // not the network's stream
  ode_seed = static_cast<unsigned long>(splitmix(stream));
  choose_placement(stream);
  world = dWorldCreate();
  threading = dThreadingAllocateSelfThreadedImplementation();
  dWorldSetStepThreadingImplementation(world, dThreadingImplementationGetFunctions(threading), threading);
  dWorldSetGravity(world, 0, 0, -kGravity * s.wrldg);
  dWorldSetERP(world, s.odeworlderp);
  dWorldSetCFM(world, s.odeworldcfm);
  dWorldSetQuickStepNumIterations(world, s.gk_iterations);
  // Framsticks' drag is a fraction of the velocity removed every step, at any speed.
  dWorldSetLinearDamping(world, s.odeairdrag);
  dWorldSetAngularDamping(world, s.oderotdrag);
  dWorldSetLinearDampingThreshold(world, 0);
  dWorldSetAngularDampingThreshold(world, 0);
  contacts = dJointGroupCreate(0);
  dMatrix3 turn = {place.cos, -place.sin, 0, 0, place.sin, place.cos, 0, 0, 0, 0, 1, 0};
  for (std::size_t i = 0; i < m.bodies.size(); ++i) {
    const BodyDef& bd = m.bodies[i];
    dBodyID b = dBodyCreate(world);
    dMass mass;
    dMassSetZero(&mass);
    mass.mass = bd.mass;
    std::copy(bd.inertia.begin(), bd.inertia.end(), mass.I);
    dBodySetMass(b, &mass);
    const f0::Vec3 at = place.point(bd.com);
    dBodySetPosition(b, at.x, at.y, at.z);
    if (place.sin != 0 || place.cos != 1) dBodySetRotation(b, turn);
    bodies.push_back(b);
    for (const GeomDef& gd : bd.geoms) {
      dGeomID g =
          gd.length > 0 ? dCreateCapsule(nullptr, gd.radius, gd.length) : dCreateSphere(nullptr, gd.radius);
      dGeomSetBody(g, b);
      // Body axes are the model axes, so model-frame offsets are body-frame offsets.
      dGeomSetOffsetPosition(g, gd.center.x - bd.com.x, gd.center.y - bd.com.y, gd.center.z - bd.com.z);
      dGeomSetOffsetRotation(g, gd.rotation.data());
      GeomRt rt;
      rt.geom = g;
      rt.body = static_cast<int>(i);
      rt.mu = gd.mu;
      rt.radius = gd.radius;
      rt.length = gd.length;
      rt.weight = gd.length > 0 ? std::max(gd.length, gd.radius) : 1.0;
      geoms.push_back(rt);
    }
  }
  if (s.bnoise_vel > 0)
    for (dBodyID b : bodies) {
      double v[3];
      for (double& c : v) c = (2 * uniform01(stream) - 1) * s.bnoise_vel;
      dBodySetLinearVel(b, v[0], v[1], v[2]);
    }
  add_links();
  add_statics();
  water = s.wrldwat > m.terrain.lo;
  energy0 = m.creature->se * s.energy0 * m.energy_joints;
  energy = energy0;
}

void Run::Impl::add_links() {
  constexpr double inf = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < m.links.size(); ++i) {
    const LinkDef& l = m.links[i];
    dBodyID b1 = bodies[static_cast<std::size_t>(l.body1)], b2 = bodies[static_cast<std::size_t>(l.body2)];
    LinkRt rt;
    rt.def = static_cast<int>(i);
    if (l.kind == LinkDef::Kind::fixed) {
      dJointID j = dJointCreateFixed(world, nullptr);
      dJointAttach(j, b1, b2);
      dJointSetFixed(j);
      links.push_back(rt);
      continue;
    }
    const f0::Vec3 anchor = place.point(l.anchor);
    dJointID ball = dJointCreateBall(world, nullptr);
    dJointAttach(ball, b1, b2);
    dJointSetBallAnchor(ball, anchor.x, anchor.y, anchor.z);
    dJointID motor = dJointCreateAMotor(world, nullptr);
    dJointAttach(motor, b1, b2);
    dJointSetAMotorMode(motor, dAMotorUser);
    dJointSetAMotorNumAxes(motor, 3);
    // Bend fixed to body1, third along the common perpendicular (re-aimed every step), twist
    // fixed to body2: the axes of the angles run_brain.cpp measures.
    const f0::Vec3 axes[3] = {place.vector(l.bend), place.vector(l.third), place.vector(l.twist)};
    const int rel[3] = {1, 0, 2};
    const double fmax[3] = {l.drive_bend.driven() ? l.drive_bend.fmax : inf, inf,
                            l.drive_twist.driven() ? l.drive_twist.fmax : inf};
    static constexpr int kFmax[3] = {dParamFMax1, dParamFMax2, dParamFMax3};
    static constexpr int kVel[3] = {dParamVel1, dParamVel2, dParamVel3};
    for (int a = 0; a < 3; ++a) {
      dJointSetAMotorAxis(motor, a, rel[a], axes[a].x, axes[a].y, axes[a].z);
      dJointSetAMotorParam(motor, kVel[a], 0);
      dJointSetAMotorParam(motor, kFmax[a], fmax[a]);
    }
    rt.motor = motor;
    links.push_back(rt);
  }
}

void Run::Impl::add_statics() {
  const Settings& s = m.settings;
  const Terrain& t = m.terrain;
  if (t.type != 2) planes.push_back(dCreatePlane(nullptr, 0, 0, 1, t.lo));  // height field: run_step.cpp
  if (s.wrldbnd == 1) {
    const double size = s.wrldsiz;
    planes.push_back(dCreatePlane(nullptr, 1, 0, 0, 0));
    planes.push_back(dCreatePlane(nullptr, -1, 0, 0, -size));
    planes.push_back(dCreatePlane(nullptr, 0, 1, 0, 0));
    planes.push_back(dCreatePlane(nullptr, 0, -1, 0, -size));
  }
  for (const StaticBox& b : m.blocks) {
    dGeomID g = dCreateBox(nullptr, b.sides.x, b.sides.y, b.sides.z);
    dGeomSetPosition(g, b.center.x, b.center.y, b.center.z);
    dGeomSetRotation(g, b.rotation.data());
    boxes.push_back(g);
  }
}

}  // namespace genokit::sim
