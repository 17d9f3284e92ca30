// The creature's brain and its body: receptors reading the world (G, T, S, Water, Energy), muscles
// turning the network's commands into motor targets (| bend, @ twist), and the network's steps.
#include <algorithm>
#include <cmath>

#include "physics/ode_guard.hpp"
#include "sim/run_impl.hpp"

namespace genokit::sim {
namespace {

using Role = NeuronRole::Kind;

f0::Vec3 rotate(const dReal* R, const f0::Vec3& v) {  // ODE dMatrix3 times v
  return {R[0] * v.x + R[1] * v.y + R[2] * v.z, R[4] * v.x + R[5] * v.y + R[6] * v.z,
          R[8] * v.x + R[9] * v.y + R[10] * v.z};
}
double dot(const f0::Vec3& a, const f0::Vec3& b) {
  return a.x * b.x + a.y * b.y + a.z * b.z;
}

}  // namespace

// The network's view of the body: receptors by neuron index, muscle commands stored for the
// next step.
struct BrainLink : neuro::Body {
  Run::Impl& run;
  explicit BrainLink(Run::Impl& r) : run(r) {}

  double sense(const neuro::Attachment& a) override {
    const Model::Data& m = run.m;
    if (a.neuron < 0 || static_cast<std::size_t>(a.neuron) >= m.roles.size()) return 0;
    const NeuronRole& role = m.roles[static_cast<std::size_t>(a.neuron)];
    const Settings& s = m.settings;
    const bool on_part = role.part >= 0 && static_cast<std::size_t>(role.part) < m.parts.size();
    switch (role.kind) {
      case Role::gyro: {  // sine of the stick's elevation: +1 when its second part is straight above
        const f0::Joint& j = m.creature->joints[static_cast<std::size_t>(role.joint)];
        const f0::Vec3 p1 = run.part(static_cast<std::size_t>(j.p1)),
                       p2 = run.part(static_cast<std::size_t>(j.p2));
        const double dx = p2.x - p1.x, dy = p2.y - p1.y, dz = p2.z - p1.z;
        const double len = std::sqrt(dx * dx + dy * dy + dz * dz);
        return len > 0 ? dz / len : 0;
      }
      case Role::touch: {  // -1 beyond r x touchrange from the ground, rising linearly to 0 at contact
        if (!on_part) return 0;
        const f0::Vec3 p = run.part(static_cast<std::size_t>(role.part));
        const double gap = p.z - m.terrain.height(p.x, p.y) - s.gk_stickradius,
                     reach = role.range * s.touchrange;
        if (gap <= 0) return 0;
        return reach > 0 ? -std::min(1.0, gap / reach) : -1.0;
      }
      case Role::water: {  // depth below the surface, 0..1
        if (!on_part || !run.water) return 0;
        return std::clamp(s.wrldwat - run.part(static_cast<std::size_t>(role.part)).z, 0.0, 1.0);
      }
      case Role::energy:
        return run.energy0 > 0 ? run.energy / run.energy0 : 0;
      case Role::smell:  // no other creature and no food: nothing to smell
      default:
        return 0;
    }
  }

  void actuate(const neuro::Attachment& a, double command) override {
    if (a.neuron < 0 || static_cast<std::size_t>(a.neuron) >= run.m.roles.size()) return;
    const NeuronRole& role = run.m.roles[static_cast<std::size_t>(a.neuron)];
    if (role.kind == Role::muscle) run.command[static_cast<std::size_t>(role.muscle)] = command;
  }
};

// Here, where BrainLink is complete.
Run::Impl::Impl(const Model& shared, const RunOptions& o, std::optional<neuro::Network> prebuilt)
    : model(shared), m(model.data()), opt(o), net(std::move(prebuilt)) {
  physics::detail::init_ode();
  auto error = physics::detail::guarded([&] { build(); });
  if (error) fail(Status::failed, "ODE stopped while building the world: " + *error);
  build_brain();
}

neuro::Network build_network(const Model& model, std::uint64_t seed) {
  const Settings& s = model.settings();
  return neuro::Network::build(model.creature(), {s.randinit, s.nnoise, static_cast<std::uint32_t>(seed)});
}

Run detail::RunMaker::make(const Model& model, const RunOptions& opt, neuro::Network net) {
  return Run(std::make_unique<Run::Impl>(model, opt, std::move(net)));
}

Run::Impl::~Impl() {
  if (net) net->set_body(nullptr);
  for (const GeomRt& g : geoms) dGeomDestroy(g.geom);
  for (dGeomID g : planes) dGeomDestroy(g);
  for (dGeomID g : boxes) dGeomDestroy(g);
  if (contacts) dJointGroupDestroy(contacts);
  if (threading) {
    dWorldSetStepThreadingImplementation(world, nullptr, nullptr);
    // After ODE stopped inside a step the object still holds the step's jobs and ODE asserts
    // when it is freed: it is kept (a few hundred bytes per failed run).
    if (!stopped_in_step) dThreadingFreeImplementation(threading);
  }
  if (world) dWorldDestroy(world);  // destroys the bodies and joints too
}

void Run::Impl::build_brain() {
  const Settings& s = m.settings;
  command.assign(m.muscles.size(), 0);
  state.assign(m.muscles.size(), 0);
  if (!opt.brain) {
    net.reset();
    return;
  }
  if (!net) net = build_network(model, opt.seed);
  brain_link = std::make_unique<BrainLink>(*this);
  net->set_body(brain_link.get());
  brain_on = s.initial_nn_active == 1;
}

// Each motor axis gets the velocity that halves its angle's distance to the target in one step:
// a stiff position servo whose torque the muscle's strength bounds (axes without a muscle are
// held with unbounded torque at the rest angle).
// The rotation of body2 relative to body1 and to the rest pose, as angles about bend (fixed to
// body1), third, and twist (fixed to body2): R = Rb(bend) Rc(third) Rt(twist). Also the middle
// axis of that decomposition: perpendicular to bend (body1) and twist (body2).
std::array<double, 3> Run::Impl::link_angles(const LinkRt& l, f0::Vec3* middle) const {
  const LinkDef& d = m.links[static_cast<std::size_t>(l.def)];
  const dReal *R1 = dBodyGetRotation(bodies[static_cast<std::size_t>(d.body1)]),
              *R2 = dBodyGetRotation(bodies[static_cast<std::size_t>(d.body2)]);
  const f0::Vec3 b1 = rotate(R1, d.bend), c1 = rotate(R1, d.third), t1 = rotate(R1, d.twist);
  const f0::Vec3 b2 = rotate(R2, d.bend), c2 = rotate(R2, d.third), t2 = rotate(R2, d.twist);
  if (middle) *middle = {t2.y * b1.z - t2.z * b1.y, t2.z * b1.x - t2.x * b1.z, t2.x * b1.y - t2.y * b1.x};
  return {std::atan2(-dot(c1, t2), dot(t1, t2)), std::asin(std::clamp(dot(b1, t2), -1.0, 1.0)),
          std::atan2(-dot(b1, c2), dot(b1, b2))};
}

// The strength-weighted mean target angle of some muscles (0 for none).
double Run::Impl::mean_target(const std::vector<int>& muscles) const {
  double sum = 0, weight = 0;
  for (int k : muscles) {
    const MuscleDef& mu = m.muscles[static_cast<std::size_t>(k)];
    const double w = mu.torque > 0 ? mu.torque : 1;
    sum += w * mu.range * state[static_cast<std::size_t>(k)] * M_PI;
    weight += w;
  }
  return weight > 0 ? sum / weight : 0;
}

void Run::Impl::drive_muscles() {
  static constexpr int kVel[3] = {dParamVel1, dParamVel2, dParamVel3};
  const double gain = 1 / (2 * m.settings.odestep);
  for (LinkRt& l : links) {
    if (!l.motor) continue;
    const LinkDef& d = m.links[static_cast<std::size_t>(l.def)];
    f0::Vec3 mid;
    l.angle = link_angles(l, &mid);
    const double n = std::sqrt(dot(mid, mid));
    if (n > 1e-9) dJointSetAMotorAxis(l.motor, 1, 0, mid.x / n, mid.y / n, mid.z / n);
    const AxisDrive* drives[3] = {&d.drive_bend, nullptr, &d.drive_twist};
    for (int a = 0; a < 3; ++a) {
      double target = 0;
      if (drives[a]) target = mean_target(drives[a]->muscles) - mean_target(drives[a]->counter);
      const double error = std::remainder(target - l.angle[static_cast<std::size_t>(a)], 2 * M_PI);
      // ODE's motor row holds (w1 - w2) . axis = vel; the angles grow with w2 - w1.
      dJointSetAMotorParam(l.motor, kVel[a], -gain * error);
    }
  }
}

// The network's steps owed by nnspeed, then every muscle's state toward its command.
void Run::Impl::think() {
  if (!net || !brain_on) return;
  nn_due += m.settings.nnspeed;
  while (nn_due >= 1) {
    net->step();
    nn_due -= 1;
  }
  const double v = m.settings.odemusclespeed;
  for (std::size_t k = 0; k < state.size(); ++k) {
    const double c = std::clamp(command[k], -1.0, 1.0);
    if (std::isnan(c)) continue;
    state[k] += std::clamp(c - state[k], -v, v);
  }
}

}  // namespace genokit::sim
