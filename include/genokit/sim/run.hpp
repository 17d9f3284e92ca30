// One simulation of a sim::Model (like MuJoCo's mjData): owns its ODE world and the creature's
// neural network, steps them, and reads the state back. Runs of the same model are independent;
// each is used from one thread at a time. No ODE types here.
//
// One step (docs/simulation.md, "Step order"): muscles set their motors from their current state,
// water pushes, ODE steps the world (ground, blocks, height field, fences, contacts), the run is
// checked for instability, a creature that left a teleporting world comes back on the other side,
// then the network (when active) takes nnspeed steps — receptors read the new state, muscles
// receive commands — and each muscle's state moves toward its command by at most odemusclespeed.
//
// Instability (a non-finite position or velocity, or a body faster than gk_maxvelocity) is
// checked after every step and ends the run with Status::unstable; ODE is never stepped on a
// state it could abort on.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "genokit/core/diagnostics.hpp"
#include "genokit/f0/model.hpp"
#include "genokit/sim/criteria.hpp"
#include "genokit/sim/model.hpp"

namespace genokit::sim {

namespace detail {
struct RunMaker;  // internal (src/sim): runs with a network built beforehand
}

enum class Status { running, unstable, failed };
std::string_view to_string(Status s);

// The state at one moment.
struct Sample {
  std::size_t step = 0;
  double time = 0;              // step x odestep (s)
  f0::Vec3 center_of_mass;      // of all bodies (mass-weighted)
  std::vector<f0::Vec3> parts;  // every part's position, in f0 order
  // Every part's orientation: its body's quaternion (w, x, y, z), in f0 order.
  std::vector<std::array<double, 4>> orientations;
  std::vector<double> neurons;  // every neuron's committed output (channel 0); empty without a brain
  std::vector<double> muscles;  // every muscle's state (-1..1, after the rate limit), model order
};

struct RunOptions {
  // The run's randomness: the network's MT19937 is seeded with the low 32 bits (so the network
  // matches `genokit neuro run --seed`), placement, heading and velocity noise come from a
  // stream derived from the whole value.
  std::uint64_t seed = 0;
  bool brain = true;  // build the neural network (false: muscles hold the rest pose)
};

class Run {
 public:
  // Builds the ODE world with the creature placed (central or random, heading, ground height,
  // creath) and at rest (plus bnoise_vel), and its network with its random initial state. The
  // brain starts active when initial_nn_active is 1; metabolism starts off.
  explicit Run(const Model& model, const RunOptions& opt = {});
  Run(Run&&) noexcept;
  Run& operator=(Run&&) noexcept;
  ~Run();

  // Up to `n` steps; stops early when the run becomes unstable. Returns the status after.
  Status step(std::size_t n = 1);

  // The network steps only while the brain is active; idle energy is used only while metabolism
  // is on (the standard evaluation turns both on once the body has come to rest).
  void set_brain_active(bool on);
  bool brain_active() const;
  void set_metabolism(bool on);
  double energy() const;          // current energy (Energy receptor: energy / initial_energy)
  double initial_energy() const;  // m.se x Energy0 x joints (parts when none)

  Status status() const;
  const std::string& message() const;  // why the run is not running ("" while it is)
  std::size_t steps() const;
  double time() const;
  Sample sample() const;
  f0::Vec3 center_of_mass() const;
  // The centre of mass as if the world did not teleport (for distances; equals
  // center_of_mass() unless wrldbnd is 2).
  f0::Vec3 travelled_center_of_mass() const;
  // Energy (mass x units^2/s^2): kinetic (linear and rotational) and potential (gravity, height
  // above z = 0).
  double kinetic_energy() const;
  double potential_energy() const;
  std::size_t contacts_last_step() const;
  // A muscle's state (-1..1) and the current angle of the axis it drives, relative to the rest
  // pose (radians; its target is range x state x pi).
  double muscle_state(std::size_t muscle) const;
  double muscle_angle(std::size_t muscle) const;
  // The network's committed output of a neuron (0 without a brain).
  double neuron_output(std::size_t neuron) const;

  struct Impl;

 private:
  friend struct detail::RunMaker;
  explicit Run(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

struct SimulateOptions {
  std::size_t steps = 1000;
  std::size_t sample_every = 1;  // a sample every this many steps (0: only the first and last)
  std::uint64_t seed = 0;        // RunOptions::seed
};

struct Trajectory {
  std::vector<Sample> samples;  // at step 0, every sample_every steps, and the last step
  std::size_t sample_every = 1;
  Status status = Status::running;
  std::string message;  // why it ended early ("" when it ran all its steps)
  bool died = false;    // its energy ran out (criteria are then final)
  // The performance measured so far (sizes and fit included), once measurement has started.
  std::optional<Criteria> criteria;
};

// Steps a new run of `model` through the creature's life as the standard evaluation schedules it
// (rest, then brain and metabolism; docs/simulation.md) for `steps` steps or until it dies, and
// records its trajectory. An unstable run ends early with its status and a sim.unstable warning.
Trajectory simulate(const Model& model, Diagnostics& diags, const SimulateOptions& opt = {});

}  // namespace genokit::sim
