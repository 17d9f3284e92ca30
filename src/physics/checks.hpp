// What is checked before ODE is called. ODE 0.16 (Debian's build, assertions on) aborts on bad
// arguments; every abort a scene can reach through genokit's calls is listed here and turned into
// a diagnostic instead. Where ODE's own condition is numeric (can a rotation be orthonormalised,
// can a vector be normalised), it is evaluated with ODE's own public functions on a copy, in
// ODE's order, so the check says what ODE would do (tests/physics/checks_test.cpp compares).
#pragma once

#include <ode/ode.h>

#include <cstddef>

#include "genokit/core/diagnostics.hpp"
#include "genokit/physics/world.hpp"
#include "genokit/xode/scene.hpp"

namespace genokit::physics::detail {

// line:column of a scene object's byte offset, when the document is known.
struct Locator {
  const xode::Document* doc = nullptr;
  Location at(std::size_t offset) const {
    Location l;
    if (doc) l = doc->locate(offset);
    return l;
  }
};

// Reports (physics.*) everything in `scene` ODE would abort on or genokit could not build (a
// scene made in code may hold any indices); true when there is nothing.
bool check_scene(const xode::Scene& scene, Diagnostics& diags, const Locator& where);
// Reports (physics.bad-option) options ODE would abort on; true when there is nothing.
bool check_sim_options(const SimOptions& opt, Diagnostics& diags);

// dBodySetRotation accepts `r`: ODE orthonormalises it (dxOrthogonalizeR) and normalises the
// quaternion made from it, and asserts when either fails.
bool ode_accepts_rotation(const xode::Mat3& r);
// dNormalize3 accepts `v` (it asserts when dSafeNormalize3 fails).
bool ode_normalizes(const xode::Vec3& v);

// An AMotor in Euler mode: ODE derives its middle axis as the normalised cross product of axis 2
// (stored relative to the joint's second body) and axis 0 (relative to its first body) whenever
// the joint is read or stepped, and asserts when that product is zero; it dereferences the first
// body without a check.
struct EulerAmotor {
  std::size_t joint = 0;
  dVector3 axis0{}, axis2{};                  // as ODE stores them (read before the mode is set)
  dBodyID first = nullptr, second = nullptr;  // ODE's node order (a missing first body swaps them)
};
// ODE can work with the AMotor now (the bodies' rotations as they are).
bool euler_axes_ok(const EulerAmotor& m);

}  // namespace genokit::physics::detail
