// A creature's life as the standard evaluation schedules it (internal): at rest first (brain and
// measurement wait until the centre of mass stays within stabledist for stabilperiod steps),
// then alive with brain, metabolism and performance sampling until its energy runs out.
#pragma once

#include <cstddef>
#include <vector>

#include "genokit/sim/evaluate.hpp"
#include "genokit/sim/run.hpp"

namespace genokit::sim {

class Life {
 public:
  enum class Phase {
    resting,   // waiting for the body to come to rest
    living,    // brain and/or measurement on
    dead,      // energy ran out: criteria are final
    given_up,  // never came to rest within killnostable steps
    broken,    // the run is not running (unstable or failed)
  };

  Life(Run& run, const Settings& s);
  // One step of the run and of the schedule.
  Phase step();
  Phase phase() const { return phase_; }
  bool measuring() const { return measuring_; }
  // The performance so far (final once dead): every field but the sizes and fit.
  Criteria performance() const;

 private:
  void start_living();
  void sample();

  Run& run_;
  const Settings& s_;
  Phase phase_ = Phase::resting;
  bool wait_brain_ = false, wait_measure_ = false, measuring_ = false;
  f0::Vec3 rest_ref_;
  std::size_t rest_steps_ = 0, rest_total_ = 0, lifespan_ = 0;
  std::vector<f0::Vec3> samples_;  // travelled centre of mass every perfperiod steps
};

}  // namespace genokit::sim
