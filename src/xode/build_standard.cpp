// The standard-mode builder (standard_builder.hpp): containers (worlds, spaces, groups,
// jointgroups), object paths and frames, and the entry point.
#include "xode/standard_builder.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>

#include "genokit/core/numbers.hpp"

namespace genokit::xode {
namespace standard {

void Builder::run() {
  validate_document(doc, diags);
  if (!doc.root() || doc.root().name() != "xode") return;
  Ctx root;
  root.counters = new_counters();
  children(doc.root(), root);
  link_joints();
  if (sc.worlds.empty())
    diags.warning("xode.no-world", "the document has no <world>", doc.locate(doc.root()));
}

std::string_view Builder::child_path(Ctx& c, std::string_view kind) {
  std::size_t k = kind[0] == 'w' ? 0 : kind[0] == 's' ? 1 : kind[0] == 'b' ? 2 : kind[0] == 'g' ? 3 : 4;
  int idx = (*c.counters)[k]++;
  std::string& p = path_buffer;
  p.assign(c.path);
  p += '/';
  p += kind;
  p += '[';
  char digits[16];
  p.append(digits, std::to_chars(digits, digits + sizeof digits, idx).ptr);
  p += ']';
  return sc.keep(p);
}

bool Builder::own_transform(const XmlNode& e, Frame& f, bool& absolute) {
  absolute = false;
  f = Frame{};
  XmlNode t = e.child("transform");
  if (!t) return false;
  transform_frame(t, f, absolute);
  return true;
}

// The frame a <transform> element defines.
void Builder::transform_frame(const XmlNode& t, Frame& f, bool& absolute) {
  absolute = t.attr_or("absolute", "false") == "true";
  double s = num(t, "scale", 1.0);
  Frame m;  // matrix4f part
  Mat3 rot = math::identity3();
  Vec3 pos{0, 0, 0};
  bool have_matrix = false;
  auto apply_rotation = [&](const XmlNode& r) {
    double k = r.attr_or("aformat", "radians") == "degrees" ? M_PI / 180.0 : 1.0;
    const El rid = element_id(r);
    if (rid == El::euler) {
      const Vec3 v = vec(r);
      rot = math::mul3(rot, math::from_euler(k * v[0], k * v[1], k * v[2]));
    } else if (rid == El::axisangle) {
      Vec3 a = vec(r);
      if (math::norm(a) == 0) {
        diags.error("xode.zero-axis", "<axisangle> has a zero-length axis", loc(r));
        return;
      }
      rot = math::mul3(rot, math::from_axis_angle(a, k * num(r, "angle")));
    } else if (rid == El::quaternion) {
      const auto [w, x, y, z] = numbers_of(r, {"w", "x", "y", "z"});
      if (w == 0 && x == 0 && y == 0 && z == 0) {
        diags.error("xode.zero-quaternion", "<quaternion> is all zeros", loc(r));
        return;
      }
      rot = math::mul3(rot, math::from_quaternion(w, x, y, z));
    }
  };
  for (XmlNode c : t.elements()) {
    const El cid = element_id(c);
    if (cid == El::matrix4f) {
      have_matrix = true;
      // m00 .. m33 at once (an absent or malformed m33 reads as 1).
      static constexpr const char* kNames[16] = {"m00", "m01", "m02", "m03", "m10", "m11", "m12", "m13",
                                                 "m20", "m21", "m22", "m23", "m30", "m31", "m32", "m33"};
      const auto mv = numbers_of(c, kNames);
      const double m33 = attr_number(c, "m33", 1);
      Mat3 r;
      for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) r[i * 3 + j] = mv[static_cast<std::size_t>(i * 4 + j)];
      double err = math::rigidity_error(r);
      if (!(err < 1e-6))
        diags.error("xode.non-rigid-matrix",
                    "the 3x3 part of <matrix4f> is not a rotation (|R^T R - I| or |det R - 1| = " +
                        format_double(err) + "); use the scale attribute for scaling",
                    loc(c));
      m.R = r;
      m.p = {mv[12], mv[13], mv[14]};
      if (mv[3] != 0 || mv[7] != 0 || mv[11] != 0 || m33 != 1)
        diags.warning(
            "xode.matrix-projective",
            "<matrix4f> has m03, m13, m23 not 0 or m33 not 1; only the rotation and m30..m32 are used",
            loc(c));
    } else if (cid == El::position) {
      pos = math::add(pos, vec(c));
    } else if (cid == El::rotation) {
      for (XmlNode r : c.elements()) apply_rotation(r);
    } else if (cid == El::euler) {
      apply_rotation(c);
    } else if (cid == El::scale) {
      const auto [x, y, z] = vec(c, 1);
      if (x != y || y != z)
        diags.error("xode.non-uniform-scale", "<scale> must be uniform (x = y = z) for rigid bodies", loc(c));
      s *= x;
    }
  }
  // Matrix first, then rotation, then translation, then scale (see docs/xode.md).
  Frame rt;
  rt.R = rot;
  rt.p = pos;
  f = have_matrix ? math::compose(rt, m) : rt;
  f.p = math::scale(f.p, s);
  f.s = s;
  if (s != 1)
    diags.warning("xode.scale",
                  "transform scale " + format_double(s) +
                      " scales positions below it; rotations stay rigid and shape sizes are not "
                      "scaled",
                  loc(t));
}

Frame Builder::frame_of(const XmlNode& e, const Ctx& parent) {
  Frame f;
  bool absolute = false;
  if (!own_transform(e, f, absolute)) return parent.frame;
  return absolute ? f : math::compose(parent.frame, f);
}

void Builder::children(const XmlNode& e, Ctx& c) {
  for (XmlNode ch : e.elements()) element(ch, c);
}

int Builder::implicit_space(Ctx& c, const XmlNode& e) {
  if (c.space >= 0) return c.space;
  // A body or geom outside any space (already reported as an invalid child): give it one so
  // the rest of the document can still be checked.
  SceneSpace s;
  s.path = sc.keep(std::string(c.path) + "/space[implicit]");
  s.world = std::max(0, c.world);
  s.offset = e.offset();
  sc.spaces.push_back(s);
  c.space = static_cast<int>(sc.spaces.size()) - 1;
  return c.space;
}

void Builder::enter(const XmlNode& e, const Ctx& outer, std::string_view path, Ctx inner) {
  inner.path = path;
  inner.counters = new_counters();
  inner.frame = frame_of(e, outer);
  children(e, inner);
}

void Builder::world(const XmlNode& e, Ctx& c) {
  SceneWorld sw;
  sw.path = child_path(c, "world");
  sw.name = sc.keep(e.attr_or("name", ""));
  sw.offset = e.offset();
  for (XmlNode x : e.elements())
    if (element_id(x) == El::ext)
      for (XmlNode g : x.elements())
        if (g.name() == "gravity" && !sc.has_ext_gravity) {
          sc.has_ext_gravity = true;
          sc.ext_gravity = vec(g);
        }
  sc.worlds.push_back(sw);
  Ctx w = c;
  w.world = static_cast<int>(sc.worlds.size()) - 1;
  w.space = -1;
  w.body = -1;
  enter(e, c, sw.path, w);
}

void Builder::space(const XmlNode& e, Ctx& c) {
  SceneSpace ss = object<SceneSpace>(c, e, "space");
  ss.parent = c.space;
  std::string_view kind = e.attr_or("class", "simple");
  if (kind == "hash" || kind == "sap") {
    ss.kind = kind == "hash" ? "hash" : "sap";
  } else if (kind != "simple") {
    diags.error("xode.bad-space-class",
                "space class must be simple, hash or sap, not '" + std::string(kind) + "'", loc(e));
  }
  sc.spaces.push_back(ss);
  Ctx s = c;
  s.space = static_cast<int>(sc.spaces.size()) - 1;
  enter(e, c, ss.path, s);
}

void Builder::element(const XmlNode& e, Ctx& c) {
  const El nid = element_id(e);
  if (nid == El::world) {
    world(e, c);
  } else if (nid == El::space) {
    space(e, c);
  } else if (nid == El::group) {
    Ctx g = c;
    g.frame = frame_of(e, c);
    children(e, g);  // groups have no ODE object: their content belongs to the parent (paths too)
  } else if (nid == El::jointgroup) {
    Ctx g = c;
    SceneJointGroup jg;
    jg.path = sc.keep(std::string(c.path) + "/jointgroup[" + std::to_string(sc.jointgroups.size()) + "]");
    jg.name = sc.keep(e.attr_or("name", ""));
    sc.jointgroups.push_back(jg);
    g.jointgroup = static_cast<int>(sc.jointgroups.size()) - 1;
    g.frame = frame_of(e, c);
    children(e, g);
  } else if (nid == El::body) {
    body(e, c);
  } else if (nid == El::geom) {
    geom(e, c);
  } else if (nid == El::joint) {
    joint(e, c);
  }
  // transform, ext, mass and body state elements are read by their parents; unknown elements
  // were reported by the validator.
}

}  // namespace standard

bool build_standard(const Document& doc, const BuildOptions& opt, Scene& scene, Diagnostics& diags) {
  standard::Builder b(doc, opt, scene, diags);
  b.run();
  return true;  // build_scene tells success from the errors reported
}

}  // namespace genokit::xode
