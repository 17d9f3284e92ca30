// A physics world in the JSON shape of ../shared/tools/xode_oracle.py (what PyODE builds), for
// `genokit show --built` and `genokit simulate --json`: the oracle's number format, object refs
// (the unique name, else the path), canonical quaternions and derived geom poses.
#pragma once

#include <nlohmann/json.hpp>

#include "genokit/physics/world.hpp"

namespace genokit::cli::xodecli {

// `digits` significant digits, |x| < 1e-14 -> 0, non-finite as "inf"/"-inf"/"nan" strings.
nlohmann::json oracle_number(double x, int digits = 12);
// worlds, spaces, bodies, geoms, joints, counts; or status "error" with the oracle's ode-abort
// error when ODE cannot report a joint.
nlohmann::json oracle_world(const physics::World& w, int digits = 12);
// The final body states in the oracle's "simulation.bodies" shape.
nlohmann::json oracle_body_states(const physics::World& w, int digits = 12);
// The sign of a quaternion (w x y z) that makes its first non-zero component positive.
std::array<double, 4> canonical(std::array<double, 4> q);
// The oracle's ref of each body (its name when unique in the scene, else its path).
std::vector<std::string> body_refs(const xode::Scene& s);

}  // namespace genokit::cli::xodecli
