// A creature's body ready to simulate, built once from an f0 model and Settings (like MuJoCo's
// mjModel): immutable, cheap to copy (shared), safe to share between threads; every run
// (sim::Run, run.hpp) makes its own ODE world from it. No ODE types here.
//
// Body model (docs/simulation.md): sticks (f0 joints with sh=0) are capsules between their parts;
// parts are connection points. Sticks meeting at a part are rigidly connected unless a muscle
// (`|` or `@`) on one of them acts there; rigidly connected sticks share one rigid body
// (odesepsticks 0) or are joined by ODE fixed joints (odesepsticks 1). A muscled stick hangs on a
// ball joint at its first part. Fixed f0 joints (sh=1) merge their parts into one body.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <vector>

#include "genokit/core/diagnostics.hpp"
#include "genokit/f0/model.hpp"
#include "genokit/sim/settings.hpp"

namespace genokit::sim {

struct BuildOptions {
  // Creatures larger than this are refused (sim.too-large) so that one genotype cannot exhaust
  // memory or time.
  std::size_t max_parts = 5000;
  std::size_t max_joints = 5000;
  std::size_t max_neurons = 5000;
};

class Model {
 public:
  struct Data;  // src/sim/model_data.hpp

  const Settings& settings() const;
  std::size_t part_count() const;
  std::size_t stick_count() const;  // capsules (f0 joints with sh=0)
  std::size_t body_count() const;   // ODE bodies
  std::size_t link_count() const;   // ODE joints between bodies (ball and fixed)
  double mass() const;              // total
  // Stepped by dWorldStep (exact) rather than QuickStep: gk_stepper, and in auto mode the
  // creature's size against gk_exactrows.
  bool exact_stepper() const;
  // Where each part starts with central placement on flat ground (units). A run may place the
  // creature elsewhere (random placement, rotation, uneven ground): see Run::sample().
  const std::vector<f0::Vec3>& initial_part_positions() const;
  // The creature it was built from, and its sizes (the criteria numjoints, numneurons, ...).
  const f0::Model& creature() const;
  std::size_t joint_count() const;  // every f0 joint (sticks and fixed joints)
  std::size_t neuron_count() const;
  std::size_t connection_count() const;
  std::size_t muscle_count() const;  // | and @ neurons that drive a joint

  const Data& data() const { return *data_; }

 private:
  friend std::optional<Model> build_model(const f0::Model&, const Settings&, Diagnostics&,
                                          const BuildOptions&);
  explicit Model(std::shared_ptr<const Data> d) : data_(std::move(d)) {}
  std::shared_ptr<const Data> data_;
};

// std::nullopt (with sim.* diagnostics) for settings genokit cannot run (check_settings), an
// invalid f0 model, the solid-shape body model (not simulated yet), sticks outside
// [minjoint, maxjoint], non-finite positions, an unreadable world map or a creature over the
// size limits (sim.too-large). Neurons that cannot act on the body (LMu, Sti, classes without an
// implementation, muscles on fixed joints) give warnings naming them; the creature still builds.
std::optional<Model> build_model(const f0::Model& creature, const Settings& settings, Diagnostics& diags,
                                 const BuildOptions& opt = {});

}  // namespace genokit::sim
