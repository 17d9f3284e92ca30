// Criteria as JSON, for framspy's result list and the trajectory file (internal).
#pragma once

#include <nlohmann/json.hpp>

#include "genokit/sim/criteria.hpp"

namespace genokit::sim {

// {numparts, numjoints, numneurons, numconnections, instances (whole numbers), lifespan, velocity,
// distance, vertvel, vertpos, fit, fit_stdev}
inline nlohmann::json criteria_json(const Criteria& c) {
  auto whole = [](double v) { return static_cast<long long>(v); };
  return {{"numparts", whole(c.numparts)},
          {"numjoints", whole(c.numjoints)},
          {"numneurons", whole(c.numneurons)},
          {"numconnections", whole(c.numconnections)},
          {"instances", whole(c.instances)},
          {"lifespan", c.lifespan},
          {"velocity", c.velocity},
          {"distance", c.distance},
          {"vertvel", c.vertvel},
          {"vertpos", c.vertpos},
          {"fit", c.fit},
          {"fit_stdev", c.fit_stdev}};
}

}  // namespace genokit::sim
