// Standard-mode scene builder: XODE 1.0r22 with the conventions in docs/xode.md. Frames compose
// parent-then-child down the whole tree; geoms take their pose relative to the nearest body
// ancestor (bgig); joints are linked after the walk (postlink); masses are applied in document
// order and an off-centre mass moves the body frame to its centre of mass.
#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <deque>
#include <functional>
#include <memory>
#include <unordered_map>

#include "genokit/core/numbers.hpp"
#include "genokit/xode/scene.hpp"
#include "genokit/xode/schema.hpp"
#include "xode/build_common.hpp"
#include "xode/element_id.hpp"
#include "xode/mass.hpp"
#include "xode/xmath.hpp"

namespace genokit::xode {
namespace {

using math::Frame;

struct Ctx {
  int world = -1;
  int space = -1;
  int body = -1;  // nearest body ancestor
  int jointgroup = -1;
  Frame frame;                             // absolute frame of the current element
  std::string_view path;                   // PyODE-style object path (kept in the scene's store)
  std::array<int, 5>* counters = nullptr;  // objects made so far in the container, per path kind
};

struct PendingJoint {
  XmlNode e;
  int scene_index;
  int enclosing_body;
};

class StandardBuilder {
 public:
  StandardBuilder(const Document& d, const BuildOptions& o, Scene& s, Diagnostics& g)
      : doc(d), opt(o), sc(s), diags(g) {}

  void run() {
    validate_document(doc, diags);
    if (!doc.root() || doc.root().name() != "xode") return;
    Ctx root;
    root.counters = new_counters();
    children(doc.root(), root);
    link_joints();
    if (sc.worlds.empty())
      diags.warning("xode.no-world", "the document has no <world>", doc.locate(doc.root()));
  }

 private:
  const Document& doc;
  const BuildOptions& opt;
  Scene& sc;
  Diagnostics& diags;
  std::vector<PendingJoint> pending;
  std::deque<std::array<int, 5>> counter_store;

  Location loc(const XmlNode& e) const { return doc.locate(e); }
  double num(const XmlNode& e, std::string_view n, double def = 0) const { return attr_number(e, n, def); }
  Vec3 vec(const XmlNode& e) const { return {num(e, "x"), num(e, "y"), num(e, "z")}; }

  // PyODE-style object path of the next `kind` (world, space, body, geom, joint) in `c`, kept in
  // the scene's store (built in one buffer: no allocation per object).
  std::string_view child_path(Ctx& c, std::string_view kind) {
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
  std::string path_buffer;
  std::array<int, 5>* new_counters() { return &counter_store.emplace_back(); }

  // The frame an element's own <transform> defines (identity when it has none).
  bool own_transform(const XmlNode& e, Frame& f, bool& absolute) {
    absolute = false;
    f = Frame{};
    XmlNode t = e.child("transform");
    if (!t) return false;
    transform_frame(t, f, absolute);
    return true;
  }

  // The frame a <transform> element defines.
  void transform_frame(const XmlNode& t, Frame& f, bool& absolute) {
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
        rot = math::mul3(rot, math::from_euler(k * num(r, "x"), k * num(r, "y"), k * num(r, "z")));
      } else if (rid == El::axisangle) {
        Vec3 a = vec(r);
        if (math::norm(a) == 0) {
          diags.error("xode.zero-axis", "<axisangle> has a zero-length axis", loc(r));
          return;
        }
        rot = math::mul3(rot, math::from_axis_angle(a, k * num(r, "angle")));
      } else if (rid == El::quaternion) {
        double w = num(r, "w"), x = num(r, "x"), y = num(r, "y"), z = num(r, "z");
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
        Mat3 r;
        for (int i = 0; i < 3; ++i)
          for (int j = 0; j < 3; ++j) r[i * 3 + j] = num(c, kMatrixNames[i][j]);
        double err = math::rigidity_error(r);
        if (!(err < 1e-6))
          diags.error("xode.non-rigid-matrix",
                      "the 3x3 part of <matrix4f> is not a rotation (|R^T R - I| or |det R - 1| = " +
                          format_double(err) + "); use the scale attribute for scaling",
                      loc(c));
        m.R = r;
        m.p = {num(c, "m30"), num(c, "m31"), num(c, "m32")};
        if (num(c, "m03") != 0 || num(c, "m13") != 0 || num(c, "m23") != 0 || num(c, "m33", 1) != 1)
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
        double x = num(c, "x", 1), y = num(c, "y", 1), z = num(c, "z", 1);
        if (x != y || y != z)
          diags.error("xode.non-uniform-scale", "<scale> must be uniform (x = y = z) for rigid bodies",
                      loc(c));
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

  Frame frame_of(const XmlNode& e, const Ctx& parent) {
    Frame f;
    bool absolute = false;
    if (!own_transform(e, f, absolute)) return parent.frame;
    return absolute ? f : math::compose(parent.frame, f);
  }

  void children(const XmlNode& e, Ctx& c) {
    for (XmlNode ch : e.elements()) element(ch, c);
  }

  int implicit_space(Ctx& c, const XmlNode& e) {
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

  void element(const XmlNode& e, Ctx& c) {
    std::string_view n = e.name();
    const El nid = element_id(n);
    if (nid == El::world) {
      Ctx w = c;
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
      w.world = static_cast<int>(sc.worlds.size()) - 1;
      w.space = -1;
      w.body = -1;
      w.path = sw.path;
      w.counters = new_counters();
      w.frame = frame_of(e, c);
      children(e, w);
    } else if (nid == El::space) {
      Ctx s = c;
      SceneSpace ss;
      ss.path = child_path(c, "space");
      ss.name = sc.keep(e.attr_or("name", ""));
      ss.world = std::max(0, c.world);
      ss.parent = c.space;
      std::string_view kind = e.attr_or("class", "simple");
      if (kind == "hash" || kind == "sap") {
        ss.kind = kind == "hash" ? "hash" : "sap";
      } else if (kind != "simple") {
        diags.error("xode.bad-space-class",
                    "space class must be simple, hash or sap, not '" + std::string(kind) + "'", loc(e));
      }
      ss.offset = e.offset();
      sc.spaces.push_back(ss);
      s.space = static_cast<int>(sc.spaces.size()) - 1;
      s.path = ss.path;
      s.counters = new_counters();
      s.frame = frame_of(e, c);
      children(e, s);
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

  void body(const XmlNode& e, Ctx& c) {
    implicit_space(c, e);
    Ctx b = c;
    SceneBody sb;
    sb.path = child_path(c, "body");
    sb.name = sc.keep(e.attr_or("name", ""));
    sb.world = std::max(0, c.world);
    sb.offset = e.offset();
    b.frame = frame_of(e, c);
    sb.position = b.frame.p;
    sb.rotation = b.frame.R;
    sb.enabled = e.attr_or("enabled", "true") != "false";
    sb.gravity_mode = to_int(attr_number(e, "gravitymode", 1), 1);
    bool any_mass = false;
    MassParams total = mass::zero();
    int masses = 0;
    for (XmlNode ch : e.elements()) {
      std::string_view k = ch.name();
      const El kid = element_id(k);
      if (kid == El::torque)
        sb.torque = vec(ch);
      else if (kid == El::force)
        sb.force = vec(ch);
      else if (kid == El::linearVel)
        sb.linear_velocity = vec(ch);
      else if (kid == El::angularVel)
        sb.angular_velocity = vec(ch);
      else if (kid == El::finiteRotation) {
        sb.finite_rotation_set = true;
        sb.finite_rotation_mode = to_int(num(ch, "mode"), 0);
        sb.finite_rotation_axis = {num(ch, "xaxis"), num(ch, "yaxis"), num(ch, "zaxis")};
        if (sb.finite_rotation_mode != 0 && sb.finite_rotation_mode != 1)
          diags.error("xode.bad-finite-rotation-mode", "finiteRotation mode must be 0 or 1", loc(ch));
      } else if (kid == El::mass) {
        MassParams m;
        if (mass_element(ch, m)) {
          if (masses++ == 0)
            total = m;
          else
            mass::add(total, m);
          any_mass = true;
        }
      }
    }
    if (masses > 1)
      diags.warning("xode.multiple-mass", "<body> has several <mass> elements; they are added together",
                    loc(e));
    if (any_mass) {
      sb.has_mass = true;
      sb.mass = total;
    }
    sc.bodies.push_back(sb);
    int index = static_cast<int>(sc.bodies.size()) - 1;
    b.body = index;
    b.path = sb.path;
    b.counters = new_counters();
    children(e, b);
    recentre(index);
  }

  // Moves an off-centre mass's body frame to the centre of mass and shifts the body's geoms, so
  // dBodySetMass gets c = 0 (ODE aborts otherwise).
  void recentre(int index) {
    SceneBody& b = sc.bodies[static_cast<std::size_t>(index)];
    Vec3 c = b.mass.c;
    if (!b.has_mass || (c[0] == 0 && c[1] == 0 && c[2] == 0)) return;
    b.position = math::add(b.position, math::mulv(b.rotation, c));
    mass::translate(b.mass, math::scale(c, -1));
    b.mass.c = {0, 0, 0};
    for (auto& g : sc.geoms) {
      if (g.body != index) continue;
      if (g.placement == Placement::body_origin) g.placement = Placement::body_offset;
      if (g.placement == Placement::body_offset) g.position = math::sub(g.position, c);
    }
    diags.note("xode.mass-recentred",
               "the centre of mass of body '" + std::string(b.name) +
                   "' is off the body origin; the body frame was moved to it "
                   "and its geoms shifted",
               doc.locate(b.offset));
  }

  // Evaluates a <mass> element: operations in document order.
  bool mass_element(const XmlNode& e, MassParams& m) {
    m = mass::zero();
    bool defined = false;
    for (XmlNode ch : e.elements()) {
      std::string_view k = ch.name();
      const El kid = element_id(k);
      if (kid == El::mass_struct) {
        m = mass::zero();
        m.mass = num(ch, "total");
        bool have_i = false;
        for (XmlNode s : ch.elements()) {
          if (element_id(s) == El::centerGravity) m.c = vec(s);
          if (element_id(s) == El::imatrix) {
            have_i = true;
            double i11 = num(s, "m00"), i12 = num(s, "m01"), i13 = num(s, "m02"), i22 = num(s, "m11"),
                   i23 = num(s, "m12"), i33 = num(s, "m22");
            m.I = {i11, i12, i13, i12, i22, i23, i13, i23, i33};
          }
        }
        if (!have_i) {
          diags.error(
              "xode.mass-struct-incomplete",
              "<mass_struct> needs an <imatrix m00.. m22> inertia tensor (XODE: all children are required)",
              loc(ch));
          return false;
        }
        defined = true;
      } else if (kid == El::mass_shape) {
        bool by_density = ch.has_attr("density");
        double amount = by_density ? num(ch, "density") : num(ch, "total");
        for (XmlNode s : ch.elements()) {
          std::string_view sh = s.name();
          const El shid = element_id(sh);
          MassParams unit;
          if (shid == El::sphere)
            unit = mass::sphere(1, num(s, "radius"));
          else if (shid == El::box)
            unit = mass::box(1, num(s, "sizex"), num(s, "sizey"), num(s, "sizez"));
          else if (shid == El::cappedCylinder)
            unit = mass::capsule(1, num(s, "radius"), num(s, "length"));
          else if (shid == El::cylinder)
            unit = mass::cylinder(1, num(s, "radius"), num(s, "length"));
          else
            continue;
          if (by_density) {
            if (shid == El::sphere)
              unit = mass::sphere(amount, num(s, "radius"));
            else if (shid == El::box)
              unit = mass::box(amount, num(s, "sizex"), num(s, "sizey"), num(s, "sizez"));
            else if (shid == El::cappedCylinder)
              unit = mass::capsule(amount, num(s, "radius"), num(s, "length"));
            else
              unit = mass::cylinder(amount, num(s, "radius"), num(s, "length"));
          } else if (unit.mass > 0) {
            mass::adjust(unit, amount);
          }
          m = unit;
          defined = true;
        }
      } else if (kid == El::transform) {
        Frame f;
        bool absolute = false;
        transform_frame(ch, f, absolute);
        if (!defined) {
          diags.warning("xode.mass-transform-before-shape",
                        "<transform> in <mass> before any mass is defined has no "
                        "effect",
                        loc(ch));
          continue;
        }
        mass::rotate(m, f.R);
        mass::translate(m, f.p);
      } else if (kid == El::adjust) {
        if (!defined) {
          // PyODE starts every <mass> as ODE's default sphere; files written for it rely on that.
          m = mass::sphere(1.0, 1.0);
          defined = true;
          diags.warning(
              "xode.adjust-default-sphere",
              "<adjust> with no mass before it scales ODE's default sphere (density 1, radius 1), as "
              "PyODE does",
              loc(ch));
        }
        mass::adjust(m, num(ch, "total"));
      } else if (kid == El::mass) {
        MassParams child;
        if (!mass_element(ch, child)) continue;
        if (!defined)
          m = child;
        else
          mass::add(m, child);
        defined = true;
      }
    }
    if (!defined) {
      m = mass::sphere(1.0, 1.0);
      diags.warning("xode.empty-mass",
                    "<mass> defines no mass; ODE's default sphere (density 1, radius 1) is used, as in PyODE",
                    loc(e));
    }
    if (!(m.mass > 0) || !std::isfinite(m.mass)) {
      diags.error("xode.bad-mass", "the mass must be greater than 0, got " + format_double(m.mass), loc(e));
      return false;
    }
    return true;
  }

  void geom(const XmlNode& e, Ctx& c) {
    implicit_space(c, e);
    Ctx g = c;
    g.frame = frame_of(e, c);
    std::string_view path = child_path(c, "geom");
    g.path = path;
    g.counters = new_counters();
    for (XmlNode s : e.elements()) {
      std::string_view k = s.name();
      const El kid = element_id(k);
      if (kid != El::box && kid != El::sphere && kid != El::cylinder && kid != El::cappedCylinder &&
          kid != El::cone && kid != El::plane && kid != El::ray && kid != El::trimesh)
        continue;
      SceneGeom sg;
      sg.path = path;
      sg.name = sc.keep(e.attr_or("name", ""));
      sg.space = c.space;
      sg.world = std::max(0, c.world);
      sg.offset = e.offset();
      if (kid == El::box)
        sg.shape = Shape::box, sg.params = sc.keep({num(s, "sizex"), num(s, "sizey"), num(s, "sizez")});
      else if (kid == El::sphere)
        sg.shape = Shape::sphere, sg.params = sc.keep({num(s, "radius")});
      else if (kid == El::cylinder)
        sg.shape = Shape::cylinder, sg.params = sc.keep({num(s, "radius"), num(s, "length")});
      else if (kid == El::cappedCylinder)
        sg.shape = Shape::capsule, sg.params = sc.keep({num(s, "radius"), num(s, "length")});
      else if (kid == El::cone) {
        diags.error("xode.cone-unsupported", "ODE 0.16 has no cone geom; <cone> cannot be built", loc(s));
        continue;
      } else if (kid == El::plane)
        sg.shape = Shape::plane;
      else if (kid == El::ray)
        sg.shape = Shape::ray, sg.params = sc.keep({num(s, "length")});
      else if (kid == El::trimesh) {
        sg.shape = Shape::trimesh;
        if (!trimesh(s, sg)) continue;
      }
      if (sg.shape == Shape::plane) {
        // Planes are not placeable: the transform is folded into (a, b, c, d).
        Vec3 nrm{num(s, "a"), num(s, "b"), num(s, "c")};
        double d = num(s, "d");
        double len = math::norm(nrm);
        if (len == 0) {
          diags.error("xode.zero-plane-normal", "<plane> normal (a, b, c) is zero", loc(s));
          continue;
        }
        nrm = math::scale(nrm, 1 / len);
        d /= len;
        Vec3 wn = g.frame.rotate(nrm);
        double wd = d * g.frame.s + math::dot(wn, g.frame.p);
        sg.params = sc.keep({wn[0], wn[1], wn[2], wd});
        sg.placement = Placement::none;
        if (c.body >= 0)
          diags.warning("xode.plane-in-body",
                        "planes cannot move; this plane stays static instead of following its body", loc(s));
      } else if (c.body >= 0) {
        const SceneBody& b = sc.bodies[static_cast<std::size_t>(c.body)];
        Frame bf;
        bf.R = b.rotation;
        bf.p = b.position;
        bf.s = 1;
        Frame rel = math::relative(bf, g.frame);
        sg.body = c.body;
        sg.position = rel.p;
        sg.rotation = rel.R;
        bool identity = rel.p == Vec3{0, 0, 0} && rel.R == math::identity3();
        sg.placement = identity ? Placement::body_origin : Placement::body_offset;
      } else {
        sg.placement = Placement::world;
        sg.position = g.frame.p;
        sg.rotation = g.frame.R;
      }
      sc.geoms.push_back(sg);
    }
    for (XmlNode ch : e.elements())
      if (ElementSet{bit(element_id(ch))} & set_of(El::geom, El::group, El::jointgroup, El::body, El::joint))
        element(ch, g);
  }

  bool trimesh(const XmlNode& e, SceneGeom& sg) {
    int base = opt.trimesh_index_base;
    bool explicit_base = e.has_attr("indexbase");
    if (explicit_base) base = to_int(num(e, "indexbase", 1), 1);
    if (base != 0 && base != 1) {
      diags.error("xode.bad-index-base", "trimesh indexbase must be 0 or 1", loc(e));
      return false;
    }
    std::vector<XmlNode> tris;
    for (XmlNode part : e.elements()) {
      if (element_id(part) == El::vertices)
        for (XmlNode v : part.elements())
          if (element_id(v) == El::v) {
            Vec3 p = vec(v);
            sg.vertices.insert(sg.vertices.end(), p.begin(), p.end());
          }
      if (element_id(part) == El::triangles)
        for (XmlNode t : part.elements())
          if (element_id(t) == El::t) tris.push_back(t);
    }
    if (tris.size() > opt.max_triangles) {
      diags.error("xode.trimesh-too-large",
                  "trimesh has " + std::to_string(tris.size()) + " triangles; the limit is " +
                      std::to_string(opt.max_triangles),
                  loc(e));
      return false;
    }
    long long nv = static_cast<long long>(sg.vertices.size() / 3);
    long long lo = 0, hi = 0;
    bool first = true;
    for (XmlNode t : tris)
      for (const char* k : {"ia", "ib", "ic"}) {
        long long v = to_integer(num(t, k, -1), -1);
        lo = first ? v : std::min(lo, v);
        hi = first ? v : std::max(hi, v);
        first = false;
      }
    if (!explicit_base && !first && base == 1 && lo == 0 && hi < nv) {
      base = 0;
      diags.warning(
          "xode.trimesh-zero-based",
          "trimesh indices contain 0, so they were read as 0-based (write indexbase=\"0\" to say so)",
          loc(e));
    }
    for (XmlNode t : tris)
      for (const char* k : {"ia", "ib", "ic"}) {
        long long v = to_integer(num(t, k, -1), -1) - base;
        if (v < 0 || v >= nv) {
          diags.error("xode.trimesh-index",
                      std::string("triangle index ") + k + " is out of range (" + std::to_string(nv) +
                          " vertices, " + std::to_string(base) + "-based)",
                      loc(t));
          return false;
        }
        sg.indices.push_back(static_cast<int>(v));
      }
    if (sg.indices.empty()) {
      diags.error("xode.trimesh-empty", "trimesh has no triangles", loc(e));
      return false;
    }
    return true;
  }

  void joint(const XmlNode& e, Ctx& c) {
    SceneJoint sj;
    sj.path = child_path(c, "joint");
    sj.name = sc.keep(e.attr_or("name", ""));
    sj.world = std::max(0, c.world);
    sj.jointgroup = c.jointgroup;
    sj.offset = e.offset();
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
    std::vector<JointAxis> axes;
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
        ax.params = sc.keep(std::span<const AxisParam>(axis_params(ch)));
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

  static std::size_t distance(const std::string& a, const std::string& b) {
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
  static std::string suggest(const std::string& n,
                             const std::unordered_map<std::string, std::vector<int>>& names) {
    std::string best;
    std::size_t bd = 3;
    for (const auto& [k, v] : names) {
      std::size_t d = distance(n, k);
      if (d < bd || (d == bd && k < best)) bd = d, best = k;
    }
    return best.empty() ? std::string() : " (did you mean '" + best + "'?)";
  }

  // Postlink: every body exists now.
  void link_joints() {
    std::unordered_map<std::string, std::vector<int>> bodies_by_name;
    for (std::size_t i = 0; i < sc.bodies.size(); ++i)
      if (!sc.bodies[i].name.empty())
        bodies_by_name[std::string(sc.bodies[i].name)].push_back(static_cast<int>(i));
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
        std::string n(l.attr_or("body", ""));
        auto it = bodies_by_name.find(n);
        if (it == bodies_by_name.end()) {
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
        if (it->second.size() > 1) {
          diags.error("xode.ambiguous-link",
                      "joint link '" + n + "' is ambiguous: several bodies have that name", loc(l));
          ok = false;
        }
        return it->second.front();
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
};

}  // namespace

bool build_standard(const Document& doc, const BuildOptions& opt, Scene& scene, Diagnostics& diags) {
  StandardBuilder b(doc, opt, scene, diags);
  b.run();
  return !diags.has_errors();
}

}  // namespace genokit::xode
