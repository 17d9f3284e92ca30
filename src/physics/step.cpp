// Stepping a world (world_impl.hpp): gravity and stepper settings, the near callback with the
// oracle's contact models, PyBrain's passpairs filter and the joined-bodies filter.
#include <algorithm>

#include "physics/ode_guard.hpp"
#include "physics/world_impl.hpp"

namespace genokit::physics {
namespace {

void near_trampoline(void* data, dGeomID a, dGeomID b) {
  static_cast<World::Impl*>(data)->near(a, b);
}

}  // namespace

void World::Impl::configure(const SimOptions& opt) {
  sim = opt;
  configured = true;
  const bool pyb = opt.contact_model == ContactModel::pybrain;
  sim_mu = opt.mu ? *opt.mu : (pyb ? 8.0 : 1.0);
  contact_mode =
      pyb ? (dContactBounce | dContactSoftERP | dContactSoftCFM | dContactSlip1 | dContactSlip2) : 0;
  for (auto w : worlds) {
    if (opt.gravity) dWorldSetGravity(w, (*opt.gravity)[0], (*opt.gravity)[1], (*opt.gravity)[2]);
    if (opt.quickstep) dWorldSetQuickStepNumIterations(w, opt.quickstep_iterations);
  }
}

void World::Impl::prepare_stepping() {
  if (stepping) return;
  stepping = true;
  contacts = dJointGroupCreate(0);
  threading = dThreadingAllocateSelfThreadedImplementation();
  for (auto w : worlds)
    dWorldSetStepThreadingImplementation(w, dThreadingImplementationGetFunctions(threading), threading);
  // The pairs the joints attach (as built: a joint re-attached to the environment has none).
  for (std::size_t i = 0; i < joints.size(); ++i) {
    const auto& j = scene.joints[i];
    dBodyID b1 = body(j.body1), b2 = j.reattach_to_environment ? nullptr : body(j.body2);
    if (b1 && b2) linked.emplace_back(std::min(b1, b2), std::max(b1, b2));
  }
  std::sort(linked.begin(), linked.end());
}

// A step reads the AMotor (its getInfo1) when it links an enabled body: ODE steps every joint of
// an enabled body's island.
const detail::EulerAmotor* World::Impl::euler_amotor_odes_step_stops_on() const {
  for (const auto& e : euler) {
    const bool stepped = (e.first && dBodyIsEnabled(e.first)) || (e.second && dBodyIsEnabled(e.second));
    if (stepped && !detail::euler_axes_ok(e)) return &e;
  }
  return nullptr;
}

void World::Impl::near(dGeomID a, dGeomID b) {
  if (dGeomIsSpace(a) || dGeomIsSpace(b)) {
    dSpaceCollide2(a, b, this, near_trampoline);
    return;
  }
  dBodyID b1 = dGeomGetBody(a), b2 = dGeomGetBody(b);
  if (!b1 && !b2) return;
  if (b1 == b2) return;
  if (!sim.collide_connected && b1 && b2 &&
      std::binary_search(linked.begin(), linked.end(), std::make_pair(std::min(b1, b2), std::max(b1, b2))))
    return;
  if (!scene.passpairs.empty()) {
    int i1 = index_of(a), i2 = index_of(b);
    const xode::SceneGeom* g1 = i1 >= 0 ? &scene.geoms[static_cast<std::size_t>(i1)] : nullptr;
    const xode::SceneGeom* g2 = i2 >= 0 ? &scene.geoms[static_cast<std::size_t>(i2)] : nullptr;
    if (g1 && g2 && g1->has_pybrain_name && g2->has_pybrain_name)
      for (const auto& group : scene.passpairs) {
        bool in1 = false, in2 = false;
        for (const auto& x : group) {
          in1 = in1 || g1->pybrain_name.find(x) != std::string::npos;
          in2 = in2 || g2->pybrain_name.find(x) != std::string::npos;
        }
        if (in1 && in2) return;
      }
  }
  // Same as PyODE's ode.collide (room for 150 contacts), then the first max_contacts are used.
  dContactGeom cg[150];
  int n = dCollide(a, b, 150, cg, sizeof(dContactGeom));
  if (n <= 0) return;
  dBodyID any = b1 ? b1 : b2;
  dWorldID w = worlds[static_cast<std::size_t>(scene.bodies[static_cast<std::size_t>(index_of(any))].world)];
  int use = std::min(n, sim.max_contacts);
  for (int i = 0; i < use; ++i) {
    dContact c{};
    c.geom = cg[i];
    c.surface.mode = contact_mode;
    c.surface.mu = sim_mu;
    if (sim.contact_model == ContactModel::pybrain) {
      c.surface.bounce = 0.2;
      c.surface.bounce_vel = 0.05;
      c.surface.soft_erp = 0.6;
      c.surface.soft_cfm = 0.00005;
      c.surface.slip1 = 0.02;
      c.surface.slip2 = 0.02;
    }
    dJointID cj = dJointCreateContact(w, contacts, &c);
    dJointAttach(cj, b1, b2);
    ++contacts_step;
  }
}

bool World::configure(const SimOptions& opt, Diagnostics& diags) {
  if (!detail::check_sim_options(opt, diags)) return false;
  impl_->configure(opt);
  return true;
}

bool World::step(Diagnostics& diags) {
  Impl& im = *impl_;
  if (im.broken) return false;
  if (!im.configured) im.configure(SimOptions{});
  if (const detail::EulerAmotor* e = im.euler_amotor_odes_step_stops_on()) {
    im.broken = true;
    const auto& j = im.scene.joints[e->joint];
    diags.error(
        "physics.amotor-euler-axes",
        "joint '" + std::string(j.name.empty() ? j.path : j.name) +
            "': ODE cannot derive the axes of this AMotor in Euler mode (axes 0 and 2 unset or parallel; ODE "
            "would abort in dxNormalize3); the simulation stopped");
    return false;
  }
  auto error = detail::guarded([&] {
    im.prepare_stepping();
    im.contacts_step = 0;
    for (std::size_t i = 0; i < im.spaces.size(); ++i)
      if (im.scene.spaces[i].parent < 0) dSpaceCollide(im.spaces[i], &im, near_trampoline);
    im.contacts_all += im.contacts_step;
    im.contacts_max = std::max(im.contacts_max, im.contacts_step);
    for (auto w : im.worlds) {
      if (im.sim.quickstep)
        dWorldQuickStep(w, im.sim.dt);
      else
        dWorldStep(w, im.sim.dt);
    }
    dJointGroupEmpty(im.contacts);
  });
  if (error) {
    im.broken = true;
    im.stopped_in_step = true;
    diags.error("physics.ode-error", "ODE stopped during a step: " + *error);
    return false;
  }
  return true;
}

}  // namespace genokit::physics
