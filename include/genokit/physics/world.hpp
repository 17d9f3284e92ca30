// A resolved XODE scene instantiated in a real ODE 0.16 world (Debian's libode), with a dump in
// the same JSON shape as ../shared/tools/xode_oracle.py and a stepping loop with contacts.
// ODE's error and debug handlers are installed so a failed ODE assertion becomes a diagnostic
// (physics.ode-error) instead of aborting the process.
#pragma once

#include <array>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "genokit/core/diagnostics.hpp"
#include "genokit/xode/scene.hpp"

namespace genokit::physics {

// Contact model of the near callback (docs/xode.md):
//  simple:  mode 0 (Coulomb friction, mu), as xode_oracle.py --contact simple
//  pybrain: PyBrain's ODEEnvironment surface (bounce 0.2, bounce_vel 0.05, soft_erp 0.6,
//           soft_cfm 5e-5, slip1/slip2 0.02, mu 8)
struct SimOptions {
  int steps = 0;
  double dt = 0.01;
  std::optional<xode::Vec3> gravity = xode::Vec3{0, -9.81, 0};  // nullopt = keep the scene's
  bool quickstep = false;
  int quickstep_iterations = 20;
  std::string contact_model = "simple";
  std::optional<double> mu;  // default 1 (simple) or 8 (pybrain)
  int max_contacts = 8;
  bool collide_connected = false;
};

struct Pose {
  xode::Vec3 position;
  std::array<double, 4> quaternion;  // w x y z
  xode::Vec3 linear_velocity, angular_velocity;
};

class World {
 public:
  World();
  ~World();
  World(const World&) = delete;
  World& operator=(const World&) = delete;

  // Creates every ODE object. On failure (bad mass, ODE assertion, ...) reports diagnostics and
  // returns false; the object is then unusable. `doc` (optional) gives diagnostics a line:column.
  bool instantiate(const xode::Scene& scene, Diagnostics& diags, const xode::Document* doc = nullptr);

  // The built world as xode_oracle.py prints it: worlds, spaces, bodies, geoms, joints, counts.
  nlohmann::json dump(int digits = 12) const;

  // One step: collide every top-level space, step every world, empty the contact group.
  // Returns false when ODE reported a fatal error (diagnostic added).
  bool step(const SimOptions& opt, Diagnostics& diags);
  // Prepares gravity/quickstep settings; call once before step().
  void prepare(const SimOptions& opt);

  std::size_t body_count() const;
  Pose body_pose(std::size_t i) const;
  const std::string& body_ref(std::size_t i) const;
  std::size_t contacts_last_step() const;
  std::size_t contacts_total() const;
  std::size_t max_contacts_in_step() const;
  // Final body states in the oracle's "simulation.bodies" shape.
  nlohmann::json body_states(int digits = 12) const;
  bool finite() const;

  struct Impl;

 private:
  std::unique_ptr<Impl> impl_;
};

// ODE's allocation hooks. When genokit first initialises ODE (the first World), it routes ODE's
// small blocks to per-thread free lists through dSetAllocHandler/dSetFreeHandler/
// dSetReallocHandler (faster repeated loads; docs/xode.md, "ODE instantiation"). The hooks are
// process-wide, so a program that uses ODE itself can keep ODE's own allocator:
//  - call use_ode_allocation_hooks(false) before the first World is made, or
//  - set the environment variable GENOKIT_ODE_ALLOC=system, or
//  - install its own handlers before the first World: genokit never replaces handlers a program
//    has set.
// Returns false (and changes nothing) once genokit has initialised ODE (the first World made).
// The hooks are never installed under AddressSanitizer.
bool use_ode_allocation_hooks(bool enabled);
// Whether genokit's hooks are the ones ODE uses now.
bool ode_allocation_hooks_installed();

// Number formatting of the oracle: `digits` significant digits, |x| < 1e-14 -> 0, non-finite as
// "inf"/"-inf"/"nan" strings.
nlohmann::json oracle_number(double x, int digits = 12);

}  // namespace genokit::physics
