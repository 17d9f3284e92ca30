#include "cli/xode_oracle.hpp"

#include <cmath>
#include <cstdio>
#include <unordered_map>

#include "genokit/core/numbers.hpp"
#include "genokit/xode/schema.hpp"

namespace genokit::cli::xodecli {
namespace {

using xode::Mat3;
using xode::Vec3;
using Q = std::array<double, 4>;

double round_sig(double x, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*g", digits, x);
  auto v = parse_double(buf);
  return v ? *v : x;
}

template <class Seq>
nlohmann::json numbers(const Seq& v, int digits) {
  nlohmann::json j = nlohmann::json::array();
  for (double x : v) j.push_back(oracle_number(x, digits));
  return j;
}

// The oracle's quat_from_mat (for geoms, whose quaternion it derives from the matrix).
Q quat_from_mat(const double m[3][3]) {
  double tr = m[0][0] + m[1][1] + m[2][2];
  if (tr > 0) {
    double s = std::sqrt(tr + 1.0) * 2.0;
    return {0.25 * s, (m[2][1] - m[1][2]) / s, (m[0][2] - m[2][0]) / s, (m[1][0] - m[0][1]) / s};
  }
  if (m[0][0] > m[1][1] && m[0][0] > m[2][2]) {
    double s = std::sqrt(1.0 + m[0][0] - m[1][1] - m[2][2]) * 2.0;
    return {(m[2][1] - m[1][2]) / s, 0.25 * s, (m[0][1] + m[1][0]) / s, (m[0][2] + m[2][0]) / s};
  }
  if (m[1][1] > m[2][2]) {
    double s = std::sqrt(1.0 + m[1][1] - m[0][0] - m[2][2]) * 2.0;
    return {(m[0][2] - m[2][0]) / s, (m[0][1] + m[1][0]) / s, 0.25 * s, (m[1][2] + m[2][1]) / s};
  }
  double s = std::sqrt(1.0 + m[2][2] - m[0][0] - m[1][1]) * 2.0;
  return {(m[1][0] - m[0][1]) / s, (m[0][2] + m[2][0]) / s, (m[1][2] + m[2][1]) / s, 0.25 * s};
}

nlohmann::json name_json(std::string_view n) {
  return n.empty() ? nlohmann::json(nullptr) : nlohmann::json(n);
}

// Refs (a unique name, else the path) of every object kind.
struct Refs {
  std::vector<std::string> bodies, spaces;
  explicit Refs(const xode::Scene& s) {
    std::unordered_map<std::string_view, int> count;
    auto tally = [&](std::string_view n) {
      if (!n.empty()) ++count[n];
    };
    for (auto& w : s.worlds) tally(w.name);
    for (auto& x : s.spaces) tally(x.name);
    for (auto& b : s.bodies) tally(b.name);
    for (auto& g : s.geoms) tally(g.name);
    for (auto& j : s.joints) tally(j.name);
    auto ref = [&](std::string_view name, std::string_view path) {
      return std::string(!name.empty() && count[name] == 1 ? name : path);
    };
    for (auto& b : s.bodies) bodies.push_back(ref(b.name, b.path));
    for (auto& x : s.spaces) spaces.push_back(ref(x.name, x.path));
  }
  nlohmann::json body(int i) const {
    return i < 0 ? nlohmann::json(nullptr) : nlohmann::json(bodies[static_cast<std::size_t>(i)]);
  }
};

// A geom's world and body-relative pose as the oracle derives them.
void geom_pose(const physics::Snapshot& snap, const physics::Snapshot::GeomState& g, nlohmann::json& e,
               int digits) {
  double wp[3], wr[3][3], lp[3], lr[3][3];
  const Vec3& gp = g.position;
  const Mat3& gr = g.rotation;
  const physics::Snapshot::BodyState* body =
      g.body >= 0 ? &snap.bodies[static_cast<std::size_t>(g.body)] : nullptr;
  if (g.via_transform) {
    const Vec3& bp = body ? body->position : g.outer_position;
    const Mat3& br = body ? body->rotation : g.outer_rotation;
    for (int r = 0; r < 3; ++r) {
      lp[r] = gp[r];
      for (int k = 0; k < 3; ++k) lr[r][k] = gr[r * 3 + k];
    }
    for (int r = 0; r < 3; ++r) {
      wp[r] = bp[r] + (br[r * 3] * lp[0] + br[r * 3 + 1] * lp[1] + br[r * 3 + 2] * lp[2]);
      for (int k = 0; k < 3; ++k)
        wr[r][k] = br[r * 3] * lr[0][k] + br[r * 3 + 1] * lr[1][k] + br[r * 3 + 2] * lr[2][k];
    }
  } else {
    for (int r = 0; r < 3; ++r) {
      wp[r] = gp[r];
      for (int k = 0; k < 3; ++k) wr[r][k] = gr[r * 3 + k];
    }
    if (body) {
      const Vec3& bp = body->position;
      const Mat3& br = body->rotation;
      double d[3] = {wp[0] - bp[0], wp[1] - bp[1], wp[2] - bp[2]};
      for (int r = 0; r < 3; ++r) {  // R^T (wp - bp), R^T wr
        lp[r] = br[r] * d[0] + br[3 + r] * d[1] + br[6 + r] * d[2];
        for (int k = 0; k < 3; ++k) lr[r][k] = br[r] * wr[0][k] + br[3 + r] * wr[1][k] + br[6 + r] * wr[2][k];
      }
    } else {
      for (int r = 0; r < 3; ++r) {
        lp[r] = wp[r];
        for (int k = 0; k < 3; ++k) lr[r][k] = wr[r][k];
      }
    }
  }
  auto flat = [](const double m[3][3]) {
    return std::array<double, 9>{m[0][0], m[0][1], m[0][2], m[1][0], m[1][1],
                                 m[1][2], m[2][0], m[2][1], m[2][2]};
  };
  e["position"] = numbers(wp, digits);
  e["rotation"] = numbers(flat(wr), digits);
  e["quaternion"] = numbers(canonical(quat_from_mat(wr)), digits);
  e["local_position"] = numbers(lp, digits);
  e["local_rotation"] = numbers(flat(lr), digits);
}

nlohmann::json geom_params(const physics::World& w, std::size_t i, xode::Shape shape,
                           const physics::Snapshot::GeomState& g, int digits) {
  nlohmann::json params = nlohmann::json::object();
  switch (shape) {
    case xode::Shape::box:
      params["lengths"] = numbers(g.lengths, digits);
      break;
    case xode::Shape::sphere:
      params["radius"] = oracle_number(g.radius, digits);
      break;
    case xode::Shape::capsule:
    case xode::Shape::cylinder:
      params = {{"radius", oracle_number(g.radius, digits)},
                {"length", oracle_number(g.length, digits)},
                {"axis", "z"}};
      break;
    case xode::Shape::plane:
      params = {{"normal", numbers(std::array<double, 3>{g.plane[0], g.plane[1], g.plane[2]}, digits)},
                {"d", oracle_number(g.plane[3], digits)}};
      break;
    case xode::Shape::ray:
      params = {{"length", oracle_number(g.length, digits)},
                {"origin", numbers(g.ray_origin, digits)},
                {"direction", numbers(g.ray_direction, digits)}};
      break;
    case xode::Shape::trimesh: {
      params["triangle_count"] = g.triangle_count;
      nlohmann::json tris = nlohmann::json::array();
      for (int t = 0; t < g.triangle_count && t < 10000; ++t) {
        auto v = w.triangle(i, t);
        tris.push_back({numbers(v[0], digits), numbers(v[1], digits), numbers(v[2], digits)});
      }
      params["triangles"] = tris;
      break;
    }
    case xode::Shape::cone:
      break;
  }
  return params;
}

nlohmann::json joint_json(const xode::SceneJoint& sj, const physics::Snapshot::JointState& j,
                          const Refs& refs, int digits) {
  using JT = xode::JointType;
  nlohmann::json e = {{"path", sj.path}, {"name", name_json(sj.name)}};
  e["type"] = std::string(xode::to_string(sj.type));
  e["bodies"] = {refs.body(j.body1), refs.body(j.body2)};
  if (sj.type == JT::ball || sj.type == JT::hinge || sj.type == JT::hinge2 || sj.type == JT::universal) {
    e["anchor"] = numbers(j.anchor, digits);
    e["anchor2"] = numbers(j.anchor2, digits);
  }
  if (sj.type == JT::hinge || sj.type == JT::slider) e["axis"] = numbers(j.axis1, digits);
  if (sj.type == JT::hinge2 || sj.type == JT::universal) {
    e["axis1"] = numbers(j.axis1, digits);
    e["axis2"] = numbers(j.axis2, digits);
  }
  if (sj.type == JT::amotor) {
    e["mode"] = j.amotor_mode;
    e["num_axes"] = j.amotor_axes;
    nlohmann::json axes = nlohmann::json::array();
    for (std::size_t k = 0; k < static_cast<std::size_t>(j.amotor_axes); ++k)
      axes.push_back({{"axis", numbers(j.amotor_axis[k], digits)}, {"rel", j.amotor_rel[k]}});
    e["axes"] = axes;
  }
  if (j.param_groups > 0) {
    nlohmann::json params = nlohmann::json::array();
    auto names = xode::axis_param_names();
    for (std::size_t gi = 0; gi < static_cast<std::size_t>(j.param_groups); ++gi) {
      nlohmann::json p = nlohmann::json::object();
      for (std::size_t k = 0; k < names.size(); ++k)
        p[std::string(names[k])] = oracle_number(j.params[gi][k], digits);
      params.push_back(p);
    }
    e["params"] = params;
  }
  return e;
}

}  // namespace

nlohmann::json oracle_number(double x, int digits) {
  if (std::isnan(x)) return "nan";
  if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
  if (std::fabs(x) < 1e-14) return 0.0;
  double r = round_sig(x, digits);
  return r == 0.0 ? 0.0 : r;
}

Q canonical(Q r) {
  double lead = r[0];
  if (lead == 0.0)
    for (std::size_t i = 1; i < 4; ++i)
      if (r[i] != 0.0) {
        lead = r[i];
        break;
      }
  if (lead < 0)
    for (auto& v : r) v = -v;
  return r;
}

std::vector<std::string> body_refs(const xode::Scene& s) {
  return Refs(s).bodies;
}

nlohmann::json oracle_world(const physics::World& w, int digits) {
  const xode::Scene& s = w.scene();
  const physics::Snapshot snap = w.snapshot();
  if (snap.failure)
    return {{"status", "error"},
            {"error",
             {{"category", "ode-abort"},
              {"message", snap.failure->message},
              {"phase", "dump " + std::string(s.joints[snap.failure->joint].path)}}}};
  const Refs refs(s);
  nlohmann::json out = nlohmann::json::object();
  out["worlds"] = nlohmann::json::array();
  for (std::size_t i = 0; i < s.worlds.size(); ++i)
    out["worlds"].push_back({{"path", s.worlds[i].path},
                             {"name", name_json(s.worlds[i].name)},
                             {"gravity", numbers(snap.worlds[i].gravity, digits)},
                             {"erp", oracle_number(snap.worlds[i].erp, digits)},
                             {"cfm", oracle_number(snap.worlds[i].cfm, digits)}});
  out["spaces"] = nlohmann::json::array();
  for (std::size_t i = 0; i < s.spaces.size(); ++i) {
    const auto& sp = s.spaces[i];
    out["spaces"].push_back({{"path", sp.path},
                             {"name", name_json(sp.name)},
                             {"class", sp.kind == "hash"  ? "HashSpace"
                                       : sp.kind == "sap" ? "SweepAndPruneSpace"
                                                          : "SimpleSpace"},
                             {"num_geoms", snap.spaces[i].num_geoms}});
  }
  out["bodies"] = nlohmann::json::array();
  for (std::size_t i = 0; i < s.bodies.size(); ++i) {
    const auto& b = snap.bodies[i];
    out["bodies"].push_back(
        {{"path", s.bodies[i].path},
         {"name", name_json(s.bodies[i].name)},
         {"position", numbers(b.position, digits)},
         {"rotation", numbers(b.rotation, digits)},
         {"quaternion", numbers(canonical(b.quaternion), digits)},
         {"enabled", b.enabled},
         {"gravity_mode", b.gravity_mode},
         {"mass",
          {{"mass", oracle_number(b.mass, digits)},
           {"center", numbers(b.center, digits)},
           {"inertia", numbers(b.inertia, digits)}}},
         {"linear_velocity", numbers(b.linear_velocity, digits)},
         {"angular_velocity", numbers(b.angular_velocity, digits)},
         {"force", numbers(b.force, digits)},
         {"torque", numbers(b.torque, digits)},
         {"finite_rotation",
          {{"mode", b.finite_rotation_mode}, {"axis", numbers(b.finite_rotation_axis, digits)}}}});
  }
  out["geoms"] = nlohmann::json::array();
  static const char* kClass[] = {"GeomBox",  "GeomSphere", "GeomCylinder", "GeomCapsule",
                                 "GeomCone", "GeomPlane",  "GeomRay",      "GeomTriMesh"};
  static const char* kShape[] = {"box", "sphere", "cylinder", "capsule", "cone", "plane", "ray", "trimesh"};
  for (std::size_t i = 0; i < s.geoms.size(); ++i) {
    const auto& sg = s.geoms[i];
    const auto& g = snap.geoms[i];
    nlohmann::json e = {{"path", sg.path}, {"name", name_json(sg.name)}};
    std::string cls = kClass[static_cast<int>(sg.shape)];
    e["shape"] = kShape[static_cast<int>(sg.shape)];
    e["ode_class"] = g.via_transform ? "GeomTransform(" + cls + ")" : cls;
    e["via_geom_transform"] = g.via_transform;
    e["body"] = refs.body(g.body);
    e["space"] = g.space >= 0 ? nlohmann::json(refs.spaces[static_cast<std::size_t>(g.space)])
                              : nlohmann::json(nullptr);
    e["params"] = geom_params(w, i, sg.shape, g, digits);
    const bool placeable = sg.shape != xode::Shape::plane;
    e["placeable"] = placeable;
    if (placeable) geom_pose(snap, g, e, digits);
    out["geoms"].push_back(e);
  }
  out["joints"] = nlohmann::json::array();
  for (std::size_t i = 0; i < s.joints.size(); ++i)
    out["joints"].push_back(joint_json(s.joints[i], snap.joints[i], refs, digits));
  out["counts"] = {{"worlds", s.worlds.size()},
                   {"spaces", s.spaces.size()},
                   {"bodies", s.bodies.size()},
                   {"geoms", s.geoms.size()},
                   {"joints", s.joints.size()}};
  return out;
}

nlohmann::json oracle_body_states(const physics::World& w, int digits) {
  const xode::Scene& s = w.scene();
  const physics::Snapshot snap = w.snapshot();
  const Refs refs(s);
  nlohmann::json out = nlohmann::json::array();
  for (std::size_t i = 0; i < s.bodies.size(); ++i) {
    const auto& b = snap.bodies[i];
    const auto& sb = s.bodies[i];
    out.push_back({{"ref", refs.bodies[i]},
                   {"path", sb.path},
                   {"name", name_json(sb.name)},
                   {"position", numbers(b.position, digits)},
                   {"rotation", numbers(b.rotation, digits)},
                   {"quaternion", numbers(canonical(b.quaternion), digits)},
                   {"linear_velocity", numbers(b.linear_velocity, digits)},
                   {"angular_velocity", numbers(b.angular_velocity, digits)}});
  }
  return out;
}

}  // namespace genokit::cli::xodecli
