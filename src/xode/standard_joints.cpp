// The standard-mode builder (standard_builder.hpp): joints with their anchors and axes in the
// parent's frame, linked after the walk (postlink) with suggestions for misspelt links.
#include "xode/standard_builder.hpp"

#include <algorithm>

#include "genokit/core/numbers.hpp"

namespace genokit::xode::standard {

void Builder::joint(const XmlNode& e, Ctx& c) {
  SceneJoint sj = object<SceneJoint>(c, e, "joint");
  sj.jointgroup = c.jointgroup;
  XmlNode type;
  for (XmlNode ch : e.elements()) {
    std::string_view k = ch.name();
    const El kid = element_id(k);
    if (kid == El::amotor || kid == El::ball || kid == El::fixed || kid == El::hinge || kid == El::hinge2 ||
        kid == El::slider || kid == El::universal) {
      type = ch;
      break;
    }
  }
  if (!type) return;  // reported by the validator
  std::string_view k = type.name();
  const El kid = element_id(k);
  sj.type = joint_type_of(kid);
  sj.set_fixed = sj.type == JointType::fixed;
  std::size_t want = sj.type == JointType::amotor                                      ? 3
                     : sj.type == JointType::hinge || sj.type == JointType::slider     ? 1
                     : sj.type == JointType::hinge2 || sj.type == JointType::universal ? 2
                                                                                       : 0;
  const Frame& pf = c.frame;
  std::vector<JointAxis>& axes = axes_;
  axes.clear();
  bool under_frame = !(pf.R == math::identity3() && pf.p == Vec3{0, 0, 0} && pf.s == 1);
  for (XmlNode ch : type.elements()) {
    bool absolute = ch.attr_or("absolute", "false") == "true";
    if (element_id(ch) == El::anchor) {
      sj.has_anchor = true;
      Vec3 a = vec(ch);
      sj.anchor = absolute ? a : pf.apply(a);
      if (!absolute && under_frame)
        diags.note("xode.anchor-relative",
                   "anchor read in its parent's frame (XODE); PyODE reads it as world coordinates "
                   "(absolute=\"true\")",
                   loc(ch));
    } else if (element_id(ch) == El::axis) {
      JointAxis ax;
      Vec3 d = vec(ch);
      if (math::norm(d) == 0) {
        diags.error("xode.zero-axis", "joint axis (x, y, z) has zero length", loc(ch));
        d = {1, 0, 0};
      }
      ax.direction = absolute ? d : pf.rotate(d);
      axis_params(ch, params_);
      ax.params = sc.keep(std::span<const AxisParam>(params_));
      axes.push_back(ax);
    }
  }
  sj.axes = sc.keep(std::span<const JointAxis>(axes));
  if (sj.axes.size() != want)
    diags.error("xode.axis-count",
                "wrong number of axes for " + std::string(k) + " joint: " + std::to_string(sj.axes.size()) +
                    " given, XODE requires exactly " + std::to_string(want),
                loc(type));
  sc.joints.push_back(sj);
  pending.push_back({e, static_cast<int>(sc.joints.size()) - 1, c.body});
}

std::size_t Builder::distance(const std::string& a, const std::string& b) {
  std::vector<std::size_t> prev(b.size() + 1), cur(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j)
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
    std::swap(prev, cur);
  }
  return prev[b.size()];
}
std::string Builder::suggest(const std::string& n,
                             const std::vector<std::pair<std::string_view, int>>& names) {
  std::string best;
  std::size_t bd = 3;
  for (const auto& [view, i] : names) {
    std::string k(view);
    std::size_t d = distance(n, k);
    if (d < bd || (d == bd && k < best)) bd = d, best = k;
  }
  return best.empty() ? std::string() : " (did you mean '" + best + "'?)";
}

// Postlink: every body exists now.
void Builder::link_joints() {
  // The named bodies by name (then index).
  std::vector<std::pair<std::string_view, int>> bodies_by_name;
  for (std::size_t i = 0; i < sc.bodies.size(); ++i)
    if (!sc.bodies[i].name.empty()) bodies_by_name.emplace_back(sc.bodies[i].name, static_cast<int>(i));
  std::sort(bodies_by_name.begin(), bodies_by_name.end());
  auto named_elsewhere = [&](const std::string& n) {
    for (const auto& g : sc.geoms)
      if (g.name == n) return std::string("geom");
    for (const auto& s : sc.spaces)
      if (s.name == n) return std::string("space");
    for (const auto& j : sc.joints)
      if (j.name == n) return std::string("joint");
    for (const auto& w : sc.worlds)
      if (w.name == n) return std::string("world");
    return std::string();
  };
  for (const auto& p : pending) {
    SceneJoint& j = sc.joints[static_cast<std::size_t>(p.scene_index)];
    XmlNode l1;
    XmlNode l2;
    for (XmlNode ch : p.e.elements()) {
      El id = element_id(ch);
      if (id == El::link1 && !l1) l1 = ch;
      if (id == El::link2 && !l2) l2 = ch;
    }
    bool ok = true;
    auto resolve = [&](const XmlNode& l) -> int {
      const std::string_view name = l.attr_or("body", "");
      const auto [from, to] = std::equal_range(
          bodies_by_name.begin(), bodies_by_name.end(), std::pair<std::string_view, int>(name, -1),
          [](const auto& a, const auto& b) { return a.first < b.first; });
      if (from == to) {
        const std::string n(name);
        std::string other = named_elsewhere(n);
        if (!other.empty())
          diags.error("xode.link-not-body", "joint link '" + n + "' names a " + other + ", not a body",
                      loc(l));
        else
          diags.error("xode.unknown-link",
                      "joint link '" + n + "' names no body in the document" + suggest(n, bodies_by_name),
                      loc(l));
        ok = false;
        return -1;
      }
      if (to - from > 1) {
        diags.error("xode.ambiguous-link",
                    "joint link '" + std::string(name) + "' is ambiguous: several bodies have that name",
                    loc(l));
        ok = false;
      }
      return from->second;  // the first body with the name
    };
    int enclosing = p.enclosing_body;
    if (!l1) {
      j.body1 = enclosing;
      j.body2 = l2 ? resolve(l2) : -1;
    } else {
      j.body1 = resolve(l1);
      j.body2 = l2 ? resolve(l2) : enclosing;
    }
    if (ok && j.body1 == j.body2)
      diags.error("xode.joint-needs-two-bodies",
                  j.body1 < 0
                      ? "joint requires two objects: it links the environment to itself (give link1/link2 "
                        "or put it inside a body)"
                      : "joint requires two objects: both links name the same body",
                  loc(p.e));
  }
}
}  // namespace genokit::xode::standard
