// A resolved XODE scene instantiated in a real ODE 0.16 world (Debian's libode), a stepping loop
// with contacts, and plain-data snapshots of what ODE holds. No ODE types here.
//
// Inputs ODE would abort on (negative geom sizes, rotations it cannot orthonormalise, axes it
// cannot normalise, masses dMassCheck rejects, non-finite numbers, ...) are found before ODE is
// called and reported as physics.* diagnostics. Should ODE still stop on an internal assertion,
// its message becomes the diagnostic physics.ode-error and the world accepts no more steps
// (docs/xode.md, "ODE instantiation").
#pragma once

#include <array>
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "genokit/core/diagnostics.hpp"
#include "genokit/xode/document.hpp"
#include "genokit/xode/scene.hpp"

namespace genokit::physics {

struct WorldOptions {
  // The document the scene was resolved from, for line:column in diagnostics (read during the
  // call only; may be null).
  const xode::Document* source = nullptr;
};

// Contact model of the near callback (docs/xode.md):
//  simple:  mode 0 (Coulomb friction, mu), as xode_oracle.py --contact simple
//  pybrain: PyBrain's ODEEnvironment surface (bounce 0.2, bounce_vel 0.05, soft_erp 0.6,
//           soft_cfm 5e-5, slip1/slip2 0.02, mu 8)
enum class ContactModel { simple, pybrain };

struct SimOptions {
  double dt = 0.01;                                             // > 0
  std::optional<xode::Vec3> gravity = xode::Vec3{0, -9.81, 0};  // nullopt = keep the scene's
  bool quickstep = false;                                       // dWorldQuickStep instead of dWorldStep
  int quickstep_iterations = 20;                                // >= 1
  ContactModel contact_model = ContactModel::simple;
  std::optional<double> mu;  // >= 0 (infinity allowed); default 1 (simple) or 8 (pybrain)
  int max_contacts = 8;      // contacts used per geom pair (ODE reports up to 150)
  bool collide_connected = false;
};

struct Pose {
  xode::Vec3 position;
  std::array<double, 4> quaternion;  // w x y z, as ODE holds it
  xode::Vec3 linear_velocity, angular_velocity;
};

// What ODE holds for each object, read back through ODE's getters (indices are the scene's).
struct Snapshot {
  struct WorldState {
    xode::Vec3 gravity;
    double erp = 0, cfm = 0;
  };
  struct SpaceState {
    int num_geoms = 0;
  };
  struct BodyState {
    xode::Vec3 position;
    xode::Mat3 rotation;               // row-major
    std::array<double, 4> quaternion;  // w x y z
    bool enabled = true;
    int gravity_mode = 1;
    double mass = 0;
    xode::Vec3 center;
    xode::Mat3 inertia;
    xode::Vec3 linear_velocity, angular_velocity, force, torque;
    int finite_rotation_mode = 0;
    xode::Vec3 finite_rotation_axis;
  };
  struct GeomState {
    bool via_transform = false;                // wrapped in a GeomTransform (PyODE's placement)
    int body = -1;                             // the body the (outer) geom is attached to, -1: none
    int space = -1;                            // the space the (outer) geom is in, -1: none
    xode::Vec3 lengths{};                      // box
    double radius = 0, length = 0;             // sphere; capsule and cylinder; ray
    std::array<double, 4> plane{};             // normal and d
    xode::Vec3 ray_origin{}, ray_direction{};  // ray
    int triangle_count = 0;                    // trimesh (see World::triangle)
    xode::Vec3 position{};                     // the shape geom's pose as ODE reports it
    xode::Mat3 rotation{};                     // (relative to the GeomTransform when wrapped)
    xode::Vec3 outer_position{};               // the GeomTransform's pose (wrapped geoms)
    xode::Mat3 outer_rotation{};
  };
  struct JointState {
    int body1 = -1, body2 = -1;      // dJointGetBody(0) / (1); -1: the environment
    xode::Vec3 anchor{}, anchor2{};  // ball, hinge, hinge2, universal
    xode::Vec3 axis1{}, axis2{};     // hinge and slider: axis1; hinge2 and universal: both
    int amotor_mode = 0;             // 0 user, 1 Euler
    int amotor_axes = 0;
    std::array<xode::Vec3, 3> amotor_axis{};
    std::array<int, 3> amotor_rel{};
    int param_groups = 0;  // axes with parameters: LoStop .. SuspensionCFM (xode::axis_param_names)
    std::array<std::array<double, 11>, 3> params{};
  };
  // A joint ODE cannot report (it would abort): an AMotor in Euler mode whose axes 0 and 2 are
  // unset or parallel, or that is attached to no body. The joints before it are read.
  struct Failure {
    std::size_t joint = 0;
    std::string message;
  };

  std::vector<WorldState> worlds;  // each in scene order
  std::vector<SpaceState> spaces;
  std::vector<BodyState> bodies;
  std::vector<GeomState> geoms;
  // The joints up to a failure.
  std::vector<JointState> joints;
  std::optional<Failure> failure;
};

class World {
 public:
  World(World&&) noexcept;
  World& operator=(World&&) noexcept;
  ~World();

  // The scene the world was built from.
  const xode::Scene& scene() const;
  // Every object as ODE holds it now.
  Snapshot snapshot() const;
  // Triangle `t` of trimesh geom `geom` in world coordinates (ODE's dGeomTriMeshGetTriangle).
  std::array<xode::Vec3, 3> triangle(std::size_t geom, int t) const;

  // Sets up stepping (gravity, stepper, contacts); false (with diagnostics) for invalid options.
  // step() uses the default options when this was not called.
  bool configure(const SimOptions& opt, Diagnostics& diags);
  // One step: collide every top-level space, step every world, empty the contact group. False
  // (with a diagnostic) when ODE stopped; the world then takes no more steps.
  bool step(Diagnostics& diags);

  std::size_t body_count() const;
  Pose body_pose(std::size_t i) const;
  std::size_t contacts_last_step() const;
  std::size_t contacts_total() const;
  std::size_t max_contacts_in_step() const;
  bool finite() const;  // every body position is finite

  struct Impl;

 private:
  friend std::optional<World> build_world(xode::Scene scene, Diagnostics& diags, const WorldOptions& opt);
  World();
  std::unique_ptr<Impl> impl_;
};

// Creates every ODE object of the scene, in document order (bodies, geoms, joints), so that
// ODE's internal lists and the stepping match PyODE's. std::nullopt (with diagnostics) when the
// scene holds something ODE would abort on. The world keeps the scene.
std::optional<World> build_world(xode::Scene scene, Diagnostics& diags, const WorldOptions& opt = {});

// ODE's allocation hooks. Off unless asked for: called with true before genokit first initialises
// ODE (the first build_world), genokit routes ODE's small blocks to per-thread free lists through
// dSetAllocHandler/dSetFreeHandler/dSetReallocHandler (faster repeated builds; docs/xode.md).
// The hooks are process-wide, and genokit never replaces handlers a program installed itself.
// Returns false (and changes nothing) once genokit has initialised ODE. Never installed under
// AddressSanitizer.
bool use_ode_allocation_hooks(bool enabled);
// Whether genokit's hooks are the ones ODE uses now.
bool ode_allocation_hooks_installed();

}  // namespace genokit::physics
