#include "physics/checks.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "genokit/core/numbers.hpp"
#include "physics/ode_guard.hpp"
#include "physics/world_impl.hpp"

namespace genokit::physics::detail {
namespace {

using xode::Mat3;
using xode::Vec3;

bool finite(const Vec3& v) {
  return std::isfinite(v[0]) && std::isfinite(v[1]) && std::isfinite(v[2]);
}
bool finite(const Mat3& m) {
  return std::all_of(m.begin(), m.end(), [](double x) { return std::isfinite(x); });
}
bool finite(std::span<const double> v) {
  return std::all_of(v.begin(), v.end(), [](double x) { return std::isfinite(x); });
}
bool all_zero(const dReal* v) {
  return v[0] == 0 && v[1] == 0 && v[2] == 0;
}

// dMassCheck's tests (mass > 0, inertia positive definite, centre consistent) for a mass centred
// on the body origin, with a wide margin: a mass that passes here passes dMassCheck, whose general
// version (Cholesky factorisations through ODE's matrix code) costs more than creating the body.
// Positive definite by the leading principal minors (Sylvester; no square root or division on
// the way), each above 1e-6 of the largest diagonal entry to its power: far above the rounding of
// these products and of ODE's own pivots. Masses near the boundary or off-centre are left to
// dMassCheck, which decides as before.
bool clearly_valid_mass(const xode::MassParams& m) {
  if (!(m.mass > 0) || m.c != Vec3{0, 0, 0}) return false;
  const auto& I = m.I;  // row-major; ODE reads the lower triangle
  const double a = I[0], b = I[3], c = I[4], d = I[6], e = I[7], f = I[8];  // a; b c; d e f
  const double s = std::max({a, c, f});
  if (!(s > 0) || !std::isfinite(s)) return false;
  const double m1 = a, m2 = a * c - b * b;
  const double m3 = a * (c * f - e * e) - b * (b * f - e * d) + d * (b * e - c * d);
  const double k = 1e-6;
  return m1 > k * s && m2 > k * s * s && m3 > k * s * s * s && std::isfinite(m3);
}

std::string label(std::string_view kind, std::string_view name, std::string_view path) {
  return std::string(kind) + " '" + std::string(name.empty() ? path : name) + "'";
}

std::size_t params_of(xode::Shape s) {
  switch (s) {
    case xode::Shape::box:
      return 3;
    case xode::Shape::sphere:
    case xode::Shape::ray:
      return 1;
    case xode::Shape::capsule:
    case xode::Shape::cylinder:
      return 2;
    case xode::Shape::plane:
      return 4;
    default:
      return 0;
  }
}

// The checks in the order the objects are made; the first problem stops, as ODE's abort would
// have.
class Checker {
 public:
  Checker(const xode::Scene& s, Diagnostics& d, const Locator& w) : s_(s), d_(d), where_(w) {}

  bool run() { return masses() && spaces() && bodies() && geoms() && joints(); }

 private:
  const xode::Scene& s_;
  Diagnostics& d_;
  const Locator& where_;

  bool fail(const char* code, const std::string& message, std::size_t offset) {
    d_.error(code, message, where_.at(offset));
    return false;
  }
  bool structure(const std::string& what, std::size_t offset) {
    return fail("physics.bad-scene", what + " (the scene cannot be built)", offset);
  }
  bool non_finite(const std::string& what, std::size_t offset) {
    return fail("physics.non-finite", what + " is not a finite number; ODE cannot simulate it", offset);
  }
  static bool index_ok(int i, std::size_t n, bool optional) {
    return (optional && i == -1) || (i >= 0 && static_cast<std::size_t>(i) < n);
  }

  // Masses with ODE's own dMassCheck before anything can abort (masses that clearly pass are not
  // handed to it: see clearly_valid_mass).
  bool masses() {
    for (const auto& b : s_.bodies) {
      if (!b.has_mass || clearly_valid_mass(b.mass)) continue;
      auto who = [&] { return label("body", b.name, b.path); };  // made only for a report
      dMass m;
      dMassSetZero(&m);
      m.mass = b.mass.mass;
      for (int i = 0; i < 3; ++i) {
        m.c[i] = b.mass.c[static_cast<std::size_t>(i)];
        for (int k = 0; k < 3; ++k) m.I[i * 4 + k] = b.mass.I[static_cast<std::size_t>(i * 3 + k)];
      }
      auto& messages = ode_messages();
      messages.clear();
      int ok = 0;
      guarded([&] { ok = dMassCheck(&m); });
      if (!ok) {
        std::string why = messages.empty() ? "dMassCheck failed" : messages.back();
        return fail("physics.bad-mass", who() + ": ODE rejects its mass (" + why + ")", b.offset);
      }
      if (!finite(b.mass.c) || !finite(b.mass.I)) return non_finite(who() + ": its mass", b.offset);
      if (b.mass.c != Vec3{0, 0, 0})
        return fail("physics.mass-off-centre",
                    who() + ": the centre of mass is not at the body origin (ODE would abort)", b.offset);
    }
    return true;
  }

  bool spaces() {
    for (std::size_t i = 0; i < s_.spaces.size(); ++i) {
      const auto& sp = s_.spaces[i];
      if (sp.parent < -1 || sp.parent >= static_cast<int>(i))
        return structure(label("space", sp.name, sp.path) + " is inside a space made after it", sp.offset);
    }
    return true;
  }

  bool bodies() {
    for (const auto& b : s_.bodies) {
      auto who = [&] { return label("body", b.name, b.path); };  // made only for a report
      if (!index_ok(b.world, s_.worlds.size(), false)) return structure(who() + " is in no world", b.offset);
      if (!finite(b.position)) return non_finite(who() + ": its position", b.offset);
      if (!finite(b.rotation)) return non_finite(who() + ": its rotation", b.offset);
      if (!finite(b.linear_velocity) || !finite(b.angular_velocity))
        return non_finite(who() + ": its velocity", b.offset);
      if (!finite(b.force) || !finite(b.torque)) return non_finite(who() + ": its force or torque", b.offset);
      if (b.finite_rotation_set && !finite(b.finite_rotation_axis))
        return non_finite(who() + ": its finite rotation axis", b.offset);
      if (!ode_accepts_rotation(b.rotation))
        return fail("physics.bad-rotation",
                    who() + ": its rotation matrix cannot be made orthonormal (ODE would abort)", b.offset);
      const Vec3& a = b.finite_rotation_axis;
      if (b.finite_rotation_set && a != Vec3{0, 0, 0} && !ode_normalizes(a))
        return fail("physics.bad-axis",
                    who() + ": its finite rotation axis has no direction (ODE would abort)", b.offset);
    }
    return true;
  }

  bool geoms() {
    using xode::Placement;
    using xode::Shape;
    for (const auto& g : s_.geoms) {
      auto who = [&] { return label("geom", g.name, g.path); };  // made only for a report
      if (!index_ok(g.space, s_.spaces.size(), true) || !index_ok(g.body, s_.bodies.size(), true))
        return structure(who() + " refers to a space or body the scene does not have", g.offset);
      if (g.shape == Shape::cone)
        return fail("physics.cone-unsupported", who() + ": ODE 0.16 has no cone geom", g.offset);
      if (g.shape != Shape::trimesh && g.params.size() != params_of(g.shape))
        return structure(who() + " has " + std::to_string(g.params.size()) + " size parameters for a " +
                             std::string(xode::to_string(g.shape)),
                         g.offset);
      if (!finite(g.params) || !finite(g.vertices)) return non_finite(who() + ": a size or vertex", g.offset);
      const bool sized = g.shape == Shape::box || g.shape == Shape::sphere || g.shape == Shape::capsule ||
                         g.shape == Shape::cylinder;
      if (sized && std::any_of(g.params.begin(), g.params.end(), [](double p) { return p < 0; }))
        return fail("physics.bad-geom-size",
                    who() + ": a " + std::string(xode::to_string(g.shape)) +
                        " size must not be negative (ODE would abort)",
                    g.offset);
      if (g.shape == Shape::trimesh && !trimesh_ok(g, who())) return false;
      const bool on_body = g.placement == Placement::body_origin || g.placement == Placement::body_offset ||
                           g.placement == Placement::geom_transform;
      if (g.shape == Shape::plane && g.placement != Placement::none)
        return structure(who() + ": a plane cannot be placed", g.offset);
      if (on_body && g.body < 0) return structure(who() + " is placed on a body but has none", g.offset);
      if ((g.placement != Placement::none && g.placement != Placement::body_origin) &&
          (!finite(g.position) || !finite(g.rotation)))
        return non_finite(who() + ": its pose", g.offset);
    }
    return true;
  }

  bool trimesh_ok(const xode::SceneGeom& g, const std::string& who) {
    const std::size_t nv = g.vertices.size() / 3;
    if (g.vertices.size() % 3 != 0 || g.indices.size() % 3 != 0)
      return structure(who + ": trimesh vertices and indices come in threes", g.offset);
    if (g.indices.empty())
      return fail("physics.trimesh-empty", who + ": the trimesh has no triangles", g.offset);
    for (int i : g.indices)
      if (i < 0 || static_cast<std::size_t>(i) >= nv)
        return structure(who + ": a triangle index is out of range", g.offset);
    return true;
  }

  bool joints() {
    using xode::JointType;
    for (const auto& j : s_.joints) {
      auto who = [&] { return label("joint", j.name, j.path); };  // made only for a report
      if (!index_ok(j.world, s_.worlds.size(), false) || !index_ok(j.body1, s_.bodies.size(), true) ||
          !index_ok(j.body2, s_.bodies.size(), true) || !index_ok(j.jointgroup, s_.jointgroups.size(), true))
        return structure(who() + " refers to a world, body or joint group the scene does not have", j.offset);
      for (int b : {j.body1, j.body2})
        if (b >= 0 && s_.bodies[static_cast<std::size_t>(b)].world != j.world)
          return fail("physics.joint-across-worlds",
                      who() + " links a body of another world (ODE would abort)", j.offset);
      if (j.body1 >= 0 && j.body1 == j.body2)
        return fail("physics.joint-same-body", who() + " links a body to itself (ODE would abort)", j.offset);
      const bool reattached = j.reattach_to_environment && !(j.body1 < 0 && j.body2 < 0);
      if (j.type == JointType::hinge2 && (j.body1 < 0 || j.body2 < 0 || reattached))
        return fail(
            "physics.hinge2-needs-two-bodies",
            who() + ": a hinge2 joint must link two bodies, not a body and the environment (ODE would abort)",
            j.offset);
      if (j.axes.size() > 3) return structure(who() + " has more than three axes", j.offset);
      if (j.has_anchor && !finite(j.anchor)) return non_finite(who() + ": its anchor", j.offset);
      for (std::size_t k = 0; k < j.axes.size(); ++k) {
        const auto& ax = j.axes[k];
        if (!finite(ax.direction)) return non_finite(who() + ": axis " + std::to_string(k + 1), j.offset);
        if (!ode_normalizes(ax.direction))
          return fail("physics.bad-axis",
                      who() + ": axis " + std::to_string(k + 1) + " has no direction (ODE would abort)",
                      j.offset);
        for (const auto& p : ax.params) {
          if (p.index < 0 || p.index >= static_cast<int>(std::size(kParamIds)))
            return structure(who() + ": an axis parameter is unknown", j.offset);
          if (std::isnan(p.value)) return non_finite(who() + ": an axis parameter", j.offset);
        }
      }
    }
    return true;
  }
};

}  // namespace

bool check_scene(const xode::Scene& scene, Diagnostics& diags, const Locator& where) {
  return Checker(scene, diags, where).run();
}

bool check_sim_options(const SimOptions& opt, Diagnostics& diags) {
  auto bad = [&](const std::string& what) {
    diags.error("physics.bad-option", what);
    return false;
  };
  if (!(opt.dt > 0) || !std::isfinite(opt.dt)) return bad("the step size must be a positive number");
  if (opt.gravity && !finite(*opt.gravity)) return bad("the gravity must be finite");
  if (opt.quickstep_iterations < 1) return bad("quickstep needs at least one iteration");
  if (opt.mu && !(*opt.mu >= 0)) return bad("the contact friction mu must not be negative");
  if (opt.max_contacts < 0) return bad("the number of contacts per pair must not be negative");
  return true;
}

bool ode_normalizes(const Vec3& v) {
  dVector3 a{v[0], v[1], v[2], 0};
  return dSafeNormalize3(a) != 0;
}

bool ode_accepts_rotation(const Mat3& r) {
  dMatrix3 m;
  to_ode(r, m);
  const dReal* row0 = m;
  const dReal* row1 = m + 4;
  // The rows' Gram-Schmidt step as dxOrthogonalizeR makes it.
  if (all_zero(row0)) return false;
  const dReal n0 = dCalcVectorLengthSquare3(row0);
  const dReal proj = dCalcVectorDot3(row0, row1);
  dVector3 row2{row1[0], row1[1], row1[2], 0};
  if (proj != 0) {
    const dReal k = proj / n0;
    for (int i = 0; i < 3; ++i) row2[i] = row1[i] - k * row0[i];
  }
  if (all_zero(row2)) return false;
  dVector3 r0{row0[0], row0[1], row0[2], 0};
  if (n0 != 1 && !dSafeNormalize3(r0)) return false;
  if (dCalcVectorLengthSquare3(row2) != 1 && !dSafeNormalize3(row2)) return false;
  if (!(std::fabs(dCalcVectorDot3(r0, row2)) < 1e-6)) return false;
  // The quaternion of the matrix as given.
  dQuaternion q;
  dQfromR(q, m);
  return dSafeNormalize4(q) != 0;
}

bool euler_axes_ok(const EulerAmotor& m) {
  if (!m.first) return false;
  dVector3 ax0, ax2, ax1;
  dMultiply0_331(ax0, dBodyGetRotation(m.first), m.axis0);
  if (m.second)
    dMultiply0_331(ax2, dBodyGetRotation(m.second), m.axis2);
  else
    for (int i = 0; i < 3; ++i) ax2[i] = m.axis2[i];
  dCalcVectorCross3(ax1, ax2, ax0);
  return dSafeNormalize3(ax1) != 0;
}

}  // namespace genokit::physics::detail
