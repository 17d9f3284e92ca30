// One simulation of a sim::Model (like MuJoCo's mjData): owns its ODE world, steps it, and reads
// positions back. Runs of the same model are independent; each is used from one thread at a
// time. No ODE types here.
//
// Instability (a non-finite position or velocity, or a body faster than gk_maxvelocity) is
// checked after every step and ends the run with Status::unstable; ODE is never stepped on a
// state it could abort on.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "genokit/core/diagnostics.hpp"
#include "genokit/f0/model.hpp"
#include "genokit/sim/model.hpp"

namespace genokit::sim {

enum class Status { running, unstable, failed };
std::string_view to_string(Status s);

// The state at one moment.
struct Sample {
  std::size_t step = 0;
  double time = 0;              // step x odestep (s)
  f0::Vec3 center_of_mass;      // of all bodies (mass-weighted)
  std::vector<f0::Vec3> parts;  // every part's position, in f0 order
};

class Run {
 public:
  // Builds the ODE world at the model's initial state (placed, at rest).
  explicit Run(const Model& model);
  Run(Run&&) noexcept;
  Run& operator=(Run&&) noexcept;
  ~Run();

  // Up to `n` steps; stops early when the run becomes unstable. Returns the status after.
  Status step(std::size_t n = 1);

  Status status() const;
  const std::string& message() const;  // why the run is not running ("" while it is)
  std::size_t steps() const;
  double time() const;
  Sample sample() const;
  f0::Vec3 center_of_mass() const;
  // Energy (mass x units^2/s^2): kinetic (linear and rotational) and potential (gravity, height
  // above the ground plane z = 0).
  double kinetic_energy() const;
  double potential_energy() const;
  std::size_t contacts_last_step() const;

  struct Impl;

 private:
  std::unique_ptr<Impl> impl_;
};

struct SimulateOptions {
  std::size_t steps = 1000;
  std::size_t sample_every = 1;  // a sample every this many steps (0: only the first and last)
};

struct Trajectory {
  std::vector<Sample> samples;  // at step 0, every sample_every steps, and the last step
  Status status = Status::running;
  std::string message;
};

// Steps a new run of `model` and records its trajectory. An unstable run ends early with its
// status and a sim.unstable warning in `diags`.
Trajectory simulate(const Model& model, Diagnostics& diags, const SimulateOptions& opt = {});

}  // namespace genokit::sim
