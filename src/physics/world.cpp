// The life of a physics::World: checks, building under ODE's error guard, destruction, and the
// reuse of a destroyed world's internal state on the same thread.
#include "genokit/physics/world.hpp"

#include <cmath>
#include <mutex>

#include "physics/checks.hpp"
#include "physics/ode_guard.hpp"
#include "physics/world_impl.hpp"

namespace genokit::physics {
namespace {
// Threading implementations ODE stopped inside (never freed; see destroy()).
void retire_threading(dThreadingImplementationID impl) {
  static std::mutex lock;
  static auto* retired = new std::vector<dThreadingImplementationID>;  // reachable until the end
  std::lock_guard<std::mutex> hold(lock);
  retired->push_back(impl);
}
}  // namespace

bool World::Impl::build(Diagnostics& diags) {
  auto error = detail::guarded([&] {
    make_spaces_and_bodies();
    make_geoms();
    make_joints();
  });
  if (!error) return true;
  broken = true;
  diags.error("physics.ode-error", "ODE stopped while building the world: " + *error);
  return false;
}

void World::Impl::destroy() {
  // Each call on its own: should ODE stop on one (its state after an error inside a step is its
  // own), the rest are still destroyed.
  auto each = [](auto& handles, auto destroy_one) {
    for (auto h : handles)
      if (h) detail::guarded([&] { destroy_one(h); });
  };
  if (contacts) detail::guarded([&] { dJointGroupDestroy(contacts); });
  if (threading) {
    for (auto w : worlds) dWorldSetStepThreadingImplementation(w, nullptr, nullptr);
    // After ODE stopped inside a step the implementation still holds the step's jobs, and ODE
    // asserts when it is freed: it is kept (ODE's step state of that world is not returned).
    if (stopped_in_step)
      retire_threading(threading);
    else
      dThreadingFreeImplementation(threading);
    threading = nullptr;
  }
  each(jointgroups, dJointGroupDestroy);
  each(geoms, dGeomDestroy);
  for (std::size_t i = 0; i < inner.size(); ++i)  // shapes whose GeomTransform was never made
    if (inner[i] && inner[i] != geoms[i] && !geoms[i]) detail::guarded([&] { dGeomDestroy(inner[i]); });
  each(spaces, dSpaceDestroy);
  each(worlds, dWorldDestroy);
  each(meshes, dGeomTriMeshDataDestroy);
  contacts = nullptr;
  jointgroups.clear();
  geoms.clear();
  inner.clear();
  spaces.clear();
  worlds.clear();
  meshes.clear();
}

void World::Impl::recycle() {
  destroy();
  scene = xode::Scene{};
  bodies.clear();
  joints.clear();
  mesh_indices.clear();
  euler.clear();
  broken = false;
  stopped_in_step = false;
  linked.clear();
  stepping = false;
  contacts_step = contacts_all = contacts_max = 0;
  sim = SimOptions{};
  configured = false;
  sim_mu = 1;
  contact_mode = 0;
  // Large worlds do not keep their memory.
  auto trim = [](auto& v) {
    if (v.capacity() > 4096) std::remove_reference_t<decltype(v)>().swap(v);
  };
  trim(worlds), trim(spaces), trim(bodies), trim(geoms), trim(inner), trim(joints), trim(jointgroups);
  trim(meshes), trim(mesh_indices), trim(linked), trim(euler);
}

namespace {
// Impls of destroyed Worlds, per thread, for the next Worlds (their vectors keep their capacity:
// a world built after another allocates little of ours).
std::vector<std::unique_ptr<World::Impl>>& impl_pool() {
  thread_local std::vector<std::unique_ptr<World::Impl>> pool;
  return pool;
}
}  // namespace

World::World() {
  auto& pool = impl_pool();
  if (pool.empty()) {
    impl_ = std::make_unique<Impl>();
  } else {
    impl_ = std::move(pool.back());
    pool.pop_back();
  }
}
World::World(World&&) noexcept = default;
World& World::operator=(World&&) noexcept = default;
World::~World() {
  if (!impl_) return;
  impl_->recycle();
  auto& pool = impl_pool();
  if (pool.size() < 4) pool.push_back(std::move(impl_));
}

std::optional<World> build_world(xode::Scene scene, Diagnostics& diags, const WorldOptions& opt) {
  detail::init_ode();
  if (!detail::check_scene(scene, diags, detail::Locator{opt.source})) return std::nullopt;
  World w;
  w.impl_->scene = std::move(scene);
  if (!w.impl_->build(diags)) return std::nullopt;
  return w;
}

const xode::Scene& World::scene() const {
  return impl_->scene;
}
std::size_t World::body_count() const {
  return impl_->bodies.size();
}
std::size_t World::contacts_last_step() const {
  return impl_->contacts_step;
}
std::size_t World::contacts_total() const {
  return impl_->contacts_all;
}
std::size_t World::max_contacts_in_step() const {
  return impl_->contacts_max;
}

Pose World::body_pose(std::size_t i) const {
  dBodyID b = impl_->bodies[i];
  Pose p;
  p.position = vec3(dBodyGetPosition(b));
  const dReal* q = dBodyGetQuaternion(b);
  p.quaternion = {q[0], q[1], q[2], q[3]};
  p.linear_velocity = vec3(dBodyGetLinearVel(b));
  p.angular_velocity = vec3(dBodyGetAngularVel(b));
  return p;
}

bool World::finite() const {
  for (auto b : impl_->bodies) {
    const dReal* x = dBodyGetPosition(b);
    for (int k = 0; k < 3; ++k)
      if (!std::isfinite(x[k])) return false;
  }
  return true;
}

}  // namespace genokit::physics
