// A run's public face: construction, stepping, switches, and reading its state back.
#include "genokit/sim/run.hpp"

#include <cmath>

#include "physics/ode_guard.hpp"
#include "sim/run_impl.hpp"

namespace genokit::sim {

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

Run::Run(const Model& model, const RunOptions& opt) : impl_(std::make_unique<Impl>(model, opt)) {}
Run::Run(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Run::Run(Run&&) noexcept = default;
Run& Run::operator=(Run&&) noexcept = default;
Run::~Run() = default;

Status Run::step(std::size_t n) {
  for (std::size_t i = 0; i < n && impl_->status == Status::running; ++i) impl_->step_once();
  return impl_->status;
}

void Run::set_brain_active(bool on) {
  impl_->brain_on = on && impl_->net.has_value();
}
bool Run::brain_active() const {
  return impl_->brain_on;
}
void Run::set_metabolism(bool on) {
  impl_->metabolism = on;
}
double Run::energy() const {
  return impl_->energy;
}
double Run::initial_energy() const {
  return impl_->energy0;
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
  return impl_->com();
}

f0::Vec3 Run::travelled_center_of_mass() const {
  f0::Vec3 c = impl_->com();
  return {c.x + impl_->teleported.x, c.y + impl_->teleported.y, c.z};
}

Sample Run::sample() const {
  const Impl& r = *impl_;
  Sample s;
  s.step = r.steps;
  s.time = time();
  s.center_of_mass = r.com();
  s.parts.reserve(r.m.parts.size());
  s.orientations.reserve(r.m.parts.size());
  for (std::size_t p = 0; p < r.m.parts.size(); ++p) {
    s.parts.push_back(r.part(p));
    const dReal* q = dBodyGetQuaternion(r.bodies[static_cast<std::size_t>(r.m.parts[p].body)]);
    s.orientations.push_back({q[0], q[1], q[2], q[3]});
  }
  if (r.net) {
    s.neurons.reserve(r.net->size());
    for (std::size_t i = 0; i < r.net->size(); ++i) s.neurons.push_back(r.net->output(static_cast<int>(i)));
  }
  s.muscles = r.state;
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

double Run::muscle_state(std::size_t muscle) const {
  return muscle < impl_->state.size() ? impl_->state[muscle] : 0;
}

double Run::muscle_angle(std::size_t muscle) const {
  const Impl& r = *impl_;
  if (muscle >= r.m.muscles.size() || r.m.muscles[muscle].link < 0) return 0;
  const MuscleDef& mu = r.m.muscles[muscle];
  const auto a = r.link_angles(r.links[static_cast<std::size_t>(mu.link)]);
  return mu.kind == MuscleDef::Kind::bend ? a[0] : a[2];
}

double Run::neuron_output(std::size_t neuron) const {
  if (!impl_->net || neuron >= impl_->net->size()) return 0;
  return impl_->net->output(static_cast<int>(neuron));
}

}  // namespace genokit::sim
