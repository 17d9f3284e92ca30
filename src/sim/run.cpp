// A run: the ODE world of one simulation, its stepping (ground contacts, QuickStep) and the
// checks that end an unstable run before ODE sees a state it could abort on.
#include "genokit/sim/run.hpp"

#include <ode/ode.h>

#include <cmath>
#include <mutex>

#include "physics/ode_guard.hpp"
#include "sim/model_data.hpp"

namespace genokit::sim {

// One standard gravity per unit of wrldg (docs/simulation.md, "Units").
constexpr double kGravity = 9.81;

struct Run::Impl {
  Model model;  // shares the model's data, so the run never outlives it
  const Model::Data& m;
  dWorldID world = nullptr;
  dGeomID ground = nullptr;
  dJointGroupID contacts = nullptr;
  std::vector<dBodyID> bodies;
  std::vector<dGeomID> geoms;
  std::vector<double> mu;  // per geom
  Status status = Status::running;
  std::string message;
  std::size_t steps = 0, contacts_last = 0;
  unsigned long seed = 0;  // this run's state of ODE's process-wide generator (QuickStep)

  explicit Impl(const Model& shared) : model(shared), m(model.data()) {
    physics::detail::init_ode();
    auto error = physics::detail::guarded([&] { build(); });
    if (error) fail(Status::failed, "ODE stopped while building the world: " + *error);
  }
  ~Impl() {
    for (dGeomID g : geoms) dGeomDestroy(g);
    if (ground) dGeomDestroy(ground);
    if (contacts) dJointGroupDestroy(contacts);
    if (world) dWorldDestroy(world);  // destroys the bodies and joints too
  }

  void fail(Status s, std::string why) {
    status = s;
    message = std::move(why);
  }

  void build() {
    const Settings& s = m.settings;
    world = dWorldCreate();
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
    ground = dCreatePlane(nullptr, 0, 0, 1, 0);
    for (const BodyDef& bd : m.bodies) {
      dBodyID b = dBodyCreate(world);
      dMass mass;
      dMassSetZero(&mass);
      mass.mass = bd.mass;
      std::copy(bd.inertia.begin(), bd.inertia.end(), mass.I);
      dBodySetMass(b, &mass);
      dBodySetPosition(b, bd.com.x, bd.com.y, bd.com.z);
      bodies.push_back(b);
      for (const GeomDef& gd : bd.geoms) {
        dGeomID g =
            gd.length > 0 ? dCreateCapsule(nullptr, gd.radius, gd.length) : dCreateSphere(nullptr, gd.radius);
        dGeomSetBody(g, b);
        dGeomSetOffsetWorldPosition(g, gd.center.x, gd.center.y, gd.center.z);
        dGeomSetOffsetWorldRotation(g, gd.rotation.data());
        geoms.push_back(g);
        mu.push_back(gd.mu);
      }
    }
    for (const LinkDef& l : m.links) {
      dBodyID b1 = bodies[static_cast<std::size_t>(l.body1)], b2 = bodies[static_cast<std::size_t>(l.body2)];
      if (l.kind == LinkDef::Kind::fixed) {
        dJointID j = dJointCreateFixed(world, nullptr);
        dJointAttach(j, b1, b2);
        dJointSetFixed(j);
        continue;
      }
      dJointID ball = dJointCreateBall(world, nullptr);
      dJointAttach(ball, b1, b2);
      dJointSetBallAnchor(ball, l.anchor.x, l.anchor.y, l.anchor.z);
      dJointID motor = dJointCreateAMotor(world, nullptr);
      dJointAttach(motor, b1, b2);
      dJointSetAMotorMode(motor, dAMotorUser);
      dJointSetAMotorNumAxes(motor, 3);
      static constexpr int kFmax[3] = {dParamFMax1, dParamFMax2, dParamFMax3};
      static constexpr int kVel[3] = {dParamVel1, dParamVel2, dParamVel3};
      for (int a = 0; a < 3; ++a) {
        const f0::Vec3& ax = l.axes[static_cast<std::size_t>(a)];
        dJointSetAMotorAxis(motor, a, 1, ax.x, ax.y, ax.z);
        dJointSetAMotorParam(motor, kVel[a], 0);
        dJointSetAMotorParam(motor, kFmax[a], l.fmax[static_cast<std::size_t>(a)]);
      }
    }
  }

  void collide() {
    const Settings& s = m.settings;
    int mode = dContactBounce | dContactApprox1;
    if (s.odecolsofterp > 0) mode |= dContactSoftERP;
    if (s.odecolsoftcfm > 0) mode |= dContactSoftCFM;
    contacts_last = 0;
    for (std::size_t i = 0; i < geoms.size(); ++i) {
      dContactGeom cg[4];
      int n = dCollide(geoms[i], ground, 4, cg, sizeof(dContactGeom));
      for (int k = 0; k < n; ++k) {
        dContact c{};
        c.surface.mode = mode;
        c.surface.mu = mu[i];
        c.surface.bounce = s.odecolbounce;
        c.surface.bounce_vel = s.odecolbouncevel;
        c.surface.soft_erp = s.odecolsofterp;
        c.surface.soft_cfm = s.odecolsoftcfm;
        c.geom = cg[k];
        dJointAttach(dJointCreateContact(world, contacts, &c), dGeomGetBody(geoms[i]), nullptr);
        ++contacts_last;
      }
    }
  }

  // The state is one ODE can step: finite, and no body faster than the runaway limit.
  bool sane() {
    const double vmax = m.settings.gk_maxvelocity;
    for (std::size_t i = 0; i < bodies.size(); ++i) {
      const dReal *p = dBodyGetPosition(bodies[i]), *q = dBodyGetQuaternion(bodies[i]),
                  *v = dBodyGetLinearVel(bodies[i]), *w = dBodyGetAngularVel(bodies[i]);
      bool finite = true;
      for (int k = 0; k < 3; ++k)
        finite = finite && std::isfinite(p[k]) && std::isfinite(v[k]) && std::isfinite(w[k]);
      for (int k = 0; k < 4; ++k) finite = finite && std::isfinite(q[k]);
      if (!finite) {
        fail(Status::unstable, "body " + std::to_string(i) +
                                   " has a non-finite position or velocity at step " + std::to_string(steps));
        return false;
      }
      double sv = std::sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]),
             sw = std::sqrt(w[0] * w[0] + w[1] * w[1] + w[2] * w[2]);
      if (sv > vmax || sw > vmax) {
        fail(Status::unstable, "body " + std::to_string(i) + " runs away (speed " + std::to_string(sv) +
                                   ", spin " + std::to_string(sw) + ") at step " + std::to_string(steps));
        return false;
      }
    }
    return true;
  }

  void step_once() {
    auto error = physics::detail::guarded([&] {
      collide();
      if (m.settings.gk_stepper == 1) {
        dWorldStep(world, m.settings.odestep);
      } else {
        // QuickStep reorders constraints with ODE's one process-wide generator (dRand): each
        // run restores its own generator state around its step, under a lock, so a run's
        // result never depends on other runs (docs/simulation.md, "Determinism").
        static std::mutex generator;
        std::lock_guard<std::mutex> lock(generator);
        dRandSetSeed(seed);
        dWorldQuickStep(world, m.settings.odestep);
        seed = dRandGetSeed();
      }
      dJointGroupEmpty(contacts);
    });
    ++steps;
    if (error) {
      fail(Status::failed, "ODE stopped at step " + std::to_string(steps) + ": " + *error);
      return;
    }
    sane();
  }

  f0::Vec3 part(std::size_t p) const {
    const PartDef& d = m.parts[p];
    dVector3 out;
    // Body axes were the world axes at birth, so the birth offset is the body-frame offset.
    dBodyGetRelPointPos(bodies[static_cast<std::size_t>(d.body)], d.local.x, d.local.y, d.local.z, out);
    return {out[0], out[1], out[2]};
  }
};

std::string_view to_string(Status s) {
  switch (s) {
    case Status::running:
      return "running";
    case Status::unstable:
      return "unstable";
    case Status::failed:
      return "failed";
  }
  return "?";
}

Run::Run(const Model& model) : impl_(std::make_unique<Impl>(model)) {}
Run::Run(Run&&) noexcept = default;
Run& Run::operator=(Run&&) noexcept = default;
Run::~Run() = default;

Status Run::step(std::size_t n) {
  for (std::size_t i = 0; i < n && impl_->status == Status::running; ++i) impl_->step_once();
  return impl_->status;
}

Status Run::status() const {
  return impl_->status;
}
const std::string& Run::message() const {
  return impl_->message;
}
std::size_t Run::steps() const {
  return impl_->steps;
}
double Run::time() const {
  return static_cast<double>(impl_->steps) * impl_->m.settings.odestep;
}
std::size_t Run::contacts_last_step() const {
  return impl_->contacts_last;
}

f0::Vec3 Run::center_of_mass() const {
  f0::Vec3 c;
  double total = 0;
  for (std::size_t i = 0; i < impl_->bodies.size(); ++i) {
    const dReal* p = dBodyGetPosition(impl_->bodies[i]);
    double w = impl_->m.bodies[i].mass;
    c.x += w * p[0], c.y += w * p[1], c.z += w * p[2];
    total += w;
  }
  return {c.x / total, c.y / total, c.z / total};
}

Sample Run::sample() const {
  Sample s;
  s.step = impl_->steps;
  s.time = time();
  s.center_of_mass = center_of_mass();
  s.parts.reserve(impl_->m.parts.size());
  for (std::size_t p = 0; p < impl_->m.parts.size(); ++p) s.parts.push_back(impl_->part(p));
  return s;
}

double Run::kinetic_energy() const {
  double e = 0;
  for (std::size_t i = 0; i < impl_->bodies.size(); ++i) {
    dBodyID b = impl_->bodies[i];
    const dReal *v = dBodyGetLinearVel(b), *w = dBodyGetAngularVel(b), *R = dBodyGetRotation(b);
    const auto& I = impl_->m.bodies[i].inertia;
    double wb[3], Iw[3];  // angular velocity in body axes, then the body inertia applied
    for (int r = 0; r < 3; ++r) wb[r] = R[0 * 4 + r] * w[0] + R[1 * 4 + r] * w[1] + R[2 * 4 + r] * w[2];
    for (int r = 0; r < 3; ++r)
      Iw[r] = I[static_cast<std::size_t>(r * 4)] * wb[0] + I[static_cast<std::size_t>(r * 4 + 1)] * wb[1] +
              I[static_cast<std::size_t>(r * 4 + 2)] * wb[2];
    e += 0.5 * impl_->m.bodies[i].mass * (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]) +
         0.5 * (wb[0] * Iw[0] + wb[1] * Iw[1] + wb[2] * Iw[2]);
  }
  return e;
}

double Run::potential_energy() const {
  double e = 0, g = kGravity * impl_->m.settings.wrldg;
  for (std::size_t i = 0; i < impl_->bodies.size(); ++i)
    e += impl_->m.bodies[i].mass * g * dBodyGetPosition(impl_->bodies[i])[2];
  return e;
}

Trajectory simulate(const Model& model, Diagnostics& diags, const SimulateOptions& opt) {
  Trajectory t;
  Run run(model);
  if (run.status() == Status::running) t.samples.push_back(run.sample());
  for (std::size_t i = 0; i < opt.steps && run.status() == Status::running; ++i) {
    run.step();
    if (run.status() != Status::running) break;  // an unstable state is not a sample
    bool last = i + 1 == opt.steps;
    if (last || (opt.sample_every && run.steps() % opt.sample_every == 0)) t.samples.push_back(run.sample());
  }
  t.status = run.status();
  t.message = run.message();
  if (t.status != Status::running)
    diags.warning(t.status == Status::unstable ? "sim.unstable" : "sim.ode-error", t.message);
  return t;
}

}  // namespace genokit::sim
