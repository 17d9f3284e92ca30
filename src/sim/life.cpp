// The standard evaluation's schedule of one life and its performance sampling.
#include "sim/life.hpp"

#include <cmath>

namespace genokit::sim {

Life::Life(Run& run, const Settings& s) : run_(run), s_(s) {
  wait_brain_ = s.initial_nn_active == 2;
  wait_measure_ = s.initial_perf_measuring == 2;
  run_.set_brain_active(s.initial_nn_active == 1);
  rest_ref_ = run_.center_of_mass();
  if (!wait_brain_ && !wait_measure_) start_living();
}

void Life::start_living() {
  phase_ = Phase::living;
  if (wait_brain_) run_.set_brain_active(true);
  measuring_ = s_.initial_perf_measuring != 0;
  run_.set_metabolism(measuring_);
  if (measuring_) sample();
}

void Life::sample() {
  samples_.push_back(run_.travelled_center_of_mass());
}

Life::Phase Life::step() {
  if (phase_ == Phase::dead || phase_ == Phase::given_up || phase_ == Phase::broken) return phase_;
  if (run_.step() != Status::running) return phase_ = Phase::broken;
  if (phase_ == Phase::resting) {
    ++rest_total_;
    const f0::Vec3 c = run_.center_of_mass();
    const double dx = c.x - rest_ref_.x, dy = c.y - rest_ref_.y, dz = c.z - rest_ref_.z;
    if (std::sqrt(dx * dx + dy * dy + dz * dz) > s_.stabledist) {
      rest_ref_ = c;  // still moving: the window starts again here
      rest_steps_ = 0;
    } else {
      ++rest_steps_;
    }
    if (rest_steps_ >= static_cast<std::size_t>(s_.stabilperiod)) {
      start_living();
    } else if (rest_total_ >= static_cast<std::size_t>(s_.killnostable)) {
      phase_ = Phase::given_up;
    }
    return phase_;
  }
  if (!measuring_) return phase_;
  ++lifespan_;
  const bool died = run_.energy() <= 0;
  if (died || lifespan_ % static_cast<std::size_t>(s_.perfperiod) == 0) sample();
  if (died) phase_ = Phase::dead;
  return phase_;
}

Criteria Life::performance() const {
  Criteria c;
  c.instances = 1;
  c.lifespan = static_cast<double>(lifespan_);
  for (std::size_t k = 1; k < samples_.size(); ++k) {
    const f0::Vec3 &a = samples_[k - 1], &b = samples_[k];
    c.distance +=
        std::sqrt((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y) + (b.z - a.z) * (b.z - a.z));
  }
  double z = 0;
  for (const f0::Vec3& p : samples_) z += p.z;
  if (!samples_.empty()) c.vertpos = z / static_cast<double>(samples_.size());
  if (lifespan_ > 0) {
    c.velocity = c.distance / c.lifespan;
    c.vertvel = (samples_.back().z - samples_.front().z) / c.lifespan;
  }
  return c;
}

}  // namespace genokit::sim
