// The state of one run (internal): its ODE world, placement, muscles, network and energy. The
// parts live in run.cpp (public calls, reading state), run_world.cpp (building the world),
// run_step.cpp (one step), run_brain.cpp (receptors, muscles and the network).
#pragma once

#include <ode/ode.h>

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "genokit/neuro/network.hpp"
#include "genokit/sim/run.hpp"
#include "sim/model_data.hpp"

namespace genokit::sim {

// One standard gravity per unit of wrldg (docs/simulation.md, "Units").
constexpr double kGravity = 9.81;

// Where the run puts the model frame: world = R * (model - pivot) + pivot + shift, R a rotation
// about the vertical axis.
struct Placement {
  double cos = 1, sin = 0;
  f0::Vec3 pivot, shift;
  f0::Vec3 point(f0::Vec3 p) const {
    f0::Vec3 d{p.x - pivot.x, p.y - pivot.y, p.z - pivot.z};
    return {cos * d.x - sin * d.y + pivot.x + shift.x, sin * d.x + cos * d.y + pivot.y + shift.y,
            d.z + pivot.z + shift.z};
  }
  f0::Vec3 vector(f0::Vec3 v) const { return {cos * v.x - sin * v.y, sin * v.x + cos * v.y, v.z}; }
};

struct GeomRt {
  dGeomID geom = nullptr;
  int body = -1;
  double mu = 0, radius = 0, length = 0, weight = 0;  // weight: the length its mass stands for
};

struct LinkRt {
  dJointID motor = nullptr;       // null for fixed links
  int def = -1;                   // index into Model::Data::links
  std::array<double, 3> angle{};  // bend, third, twist after the last step (radians)
};

struct BrainLink;  // run_brain.cpp: the network's view of the body

struct Run::Impl {
  Model model;  // shares the model's data, so the run never outlives it
  const Model::Data& m;
  RunOptions opt;
  Placement place;
  dWorldID world = nullptr;
  // ODE's default stepping "threading" is one process-wide object that two threads must not
  // share: every run has its own (as the physics module's worlds do).
  dThreadingImplementationID threading = nullptr;
  bool stopped_in_step = false;  // ODE failed inside a step: its threading object is not freed
  dJointGroupID contacts = nullptr;
  std::vector<dBodyID> bodies;
  std::vector<GeomRt> geoms;
  std::vector<dGeomID> planes;  // the floor, then fences
  std::vector<dGeomID> boxes;   // blocks, in Model::Data::blocks order
  std::vector<LinkRt> links;
  bool water = false;
  Status status = Status::running;
  std::string message;
  std::size_t steps = 0, contacts_last = 0;
  unsigned long ode_seed = 0;  // this run's state of ODE's process-wide generator (QuickStep)
  f0::Vec3 teleported;         // sum of the shifts of a teleporting world

  // Brain and muscles.
  std::optional<neuro::Network> net;
  std::unique_ptr<BrainLink> brain_link;
  bool brain_on = false;
  double nn_due = 0;                   // network steps owed (nnspeed accumulates)
  std::vector<double> command, state;  // per muscle: the network's last command, the state
  // Energy.
  bool metabolism = false;
  double energy = 0, energy0 = 0;
  std::size_t metabolic_steps = 0;

  // `prebuilt`: the network to use (built by build_network for this seed), so that a run can be
  // made where building networks is not safe (a forked worker, evaluate_workers.cpp).
  Impl(const Model& shared, const RunOptions& o, std::optional<neuro::Network> prebuilt = std::nullopt);
  ~Impl();

  void fail(Status s, std::string why) {
    status = s;
    message = std::move(why);
  }

  // run_world.cpp
  void build();
  void choose_placement(std::uint64_t& stream);
  void add_statics();
  void add_links();
  // run_step.cpp
  void step_once();
  void collide();
  void add_contacts(std::size_t g, dGeomID other, dBodyID other_body, double mu, const dContactGeom* cg,
                    int n);
  void touch_height_field(std::size_t g);
  void push_water();
  bool sane();
  void teleport();
  // run_brain.cpp
  void build_brain();
  void drive_muscles();
  double mean_target(const std::vector<int>& muscles) const;
  std::array<double, 3> link_angles(const LinkRt& l, f0::Vec3* middle = nullptr) const;
  void think();

  f0::Vec3 part(std::size_t p) const;
  f0::Vec3 com() const;
};

// True inside a forked evaluation worker (evaluate_workers.cpp).
bool in_worker_process();

// The network a run of `model` with this seed builds.
neuro::Network build_network(const Model& model, std::uint64_t seed);

namespace detail {
struct RunMaker {
  // A run that uses `net` (from build_network(model, opt.seed)) instead of building its own.
  static Run make(const Model& model, const RunOptions& opt, neuro::Network net);
  static const Run::Impl& impl(const Run& run);
};
}  // namespace detail

// SplitMix64: the run's own random stream (placement, noise); deterministic on every platform.
inline std::uint64_t splitmix(std::uint64_t& s) {
  std::uint64_t z = (s += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}
// Uniform in [0, 1).
inline double uniform01(std::uint64_t& s) {
  return static_cast<double>(splitmix(s) >> 11) * 0x1.0p-53;
}

}  // namespace genokit::sim
