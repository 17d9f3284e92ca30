// Writing a recorded run (sim::simulate) as the trajectory file of CONTRACTS.md: JSON (one
// object, bulk data as flat sample-major number arrays) or CSV (one row per sample). Read by the
// web viewer, the Python package and users.
#pragma once

#include <string>

#include "genokit/sim/model.hpp"
#include "genokit/sim/run.hpp"

namespace genokit::sim {

// Where the creature came from (the JSON "source" object).
struct TrajectorySource {
  std::string file;      // as given
  std::string name;      // org name, or ""
  std::string encoding;  // "f0", "f1", ...
  std::string genotype;  // the genotype text as read
};

// {"format": "genokit-trajectory", "version": 1, "source", "settings", "world", "body", "dt",
//  "sample_every", "samples": {count, step, time, com, parts, orientations, neurons, muscles},
//  "status", "message", "criteria"?}; non-finite numbers are written as null.
std::string trajectory_json(const Model& model, const Trajectory& t, const TrajectorySource& source);
// Header step,time,com_x,com_y,com_z,p0_x,p0_y,p0_z,...,n0,...,m0,... then one row per sample.
std::string trajectory_csv(const Model& model, const Trajectory& t);

}  // namespace genokit::sim
