// --compat pyode / pybrain: reproduces what Debian's PyODE XODE importer builds, deviations
// included (docs/xode.md lists them): an event-order walk with PyODE's handler per element,
// pass-through group/jointgroup/ext, row-vector 4x4 transforms composed parent*child, the body
// pose taken when its first non-transform child starts, only density mass shapes, links resolved
// when the joint type starts, and PyODE's exception (as a diagnostic) on the first problem.
#include <charconv>
#include <cmath>
#include <map>
#include <memory>
#include <optional>
#include <unordered_map>

#include "genokit/core/numbers.hpp"
#include "genokit/core/text.hpp"
#include "genokit/xode/scene.hpp"
#include "genokit/xode/schema.hpp"
#include "xode/build_common.hpp"
#include "xode/element_id.hpp"
#include "xode/mass.hpp"
#include "xode/xmath.hpp"

namespace genokit::xode {
namespace {

using math::Mat4;

struct PyError {
  std::string category;  // the oracle's error categories
  std::string type;      // the Python exception
  std::string message;
  XmlNode at;
};

// PyODE's object tree (the nodes its handlers create).
enum class PKind : std::uint8_t { xode, world, space, body, geom, joint, mass };
constexpr std::array<std::string_view, 7> kPKindNames{"xode", "world", "space", "body",
                                                      "geom", "joint", "mass"};

struct PNode {
  PKind kind = PKind::xode;
  bool has_name = false;
  std::string_view name;  // into the document
  PNode* parent = nullptr;
  PNode* first_child = nullptr;
  PNode* last_child = nullptr;
  PNode* next = nullptr;  // next sibling
  Mat4 t = math::identity4();
  bool absolute = false;
  std::array<int, 7> counters{};  // children made so far, per kind
  int ordinal = 0;                // among the parent's children of the same kind
  int index = -1;                 // into the scene's worlds/spaces/bodies/geoms/joints
};

class PyodeBuilder {
 public:
  PyodeBuilder(const Document& d, const BuildOptions& o, Scene& s, Diagnostics& g)
      : doc(d), sc(s), diags(g), pybrain(o.compat == Compat::pybrain) {}

  bool run() {
    try {
      if (!doc.root() || doc.root().name() != "xode")
        throw invalid("Root element must be <xode>.", doc.root());
      PNode* root = make(nullptr, PKind::xode, XmlNode());
      root_children(doc.root(), root);
      if (pybrain) pybrain_postprocess(root);
    } catch (const PyError& e) {
      diags.error("xode.pyode." + e.category, e.type + ": " + e.message, doc.locate(e.at));
      return false;
    }
    return true;
  }

 private:
  const Document& doc;
  Scene& sc;
  Diagnostics& diags;
  bool pybrain;
  // Nodes in blocks (a deque would allocate every second node).
  static constexpr std::size_t kBlock = 64;
  std::vector<std::unique_ptr<PNode[]>> blocks_;
  std::size_t used_ = kBlock;
  PNode* new_node() {
    if (used_ == kBlock) {
      blocks_.push_back(std::make_unique<PNode[]>(kBlock));
      used_ = 0;
    }
    return &blocks_.back()[used_++];
  }
  PNode* root_ = nullptr;
  // Named nodes: the first one with each name and how many share it.
  struct Named {
    PNode* node;
    int count;
  };
  std::unordered_map<std::string_view, Named> named_;

  // ---- errors as PyODE raises them ---------------------------------------------------------
  static PyError child_error(std::string_view parent, const XmlNode& child) {
    return {"invalid-child", "ChildError",
            "<" + std::string(child.name()) + "> is not a valid child of <" + std::string(parent) + ">.",
            child};
  }
  static PyError invalid(std::string msg, const XmlNode& at) {
    return {"invalid", "InvalidError", std::move(msg), at};
  }
  static PyError unsupported(std::string msg, const XmlNode& at) {
    return {"unsupported", "NotImplementedError", std::move(msg), at};
  }

  // Python's float(attrs[name]).
  double pyfloat(const XmlNode& e, const char* n) const {
    XmlAttr a = e.attr(n);
    if (!a) throw PyError{"missing-attribute", "KeyError", "'" + std::string(n) + "'", e};
    return pyfloat_value(e, a.value());
  }
  double pyfloat_or(const XmlNode& e, const char* n, double def) const {
    XmlAttr a = e.attr(n);
    return a ? pyfloat_value(e, a.value()) : def;
  }
  static double pyfloat_value(const XmlNode& e, std::string_view v) {
    auto d = parse_double(trim_value(v));
    if (!d)
      throw PyError{"bad-value", "ValueError", "could not convert string to float: '" + std::string(v) + "'",
                    e};
    return *d;
  }
  static long long pyint_value(const XmlNode& e, std::string_view v) {
    auto i = parse_int(trim_value(v));
    if (!i)
      throw PyError{"bad-value", "ValueError",
                    "invalid literal for int() with base 10: '" + std::string(v) + "'", e};
    return *i;
  }
  // parser.parseVector
  Vec3 vector(const XmlNode& e) const {
    for (const char* k : {"x", "y", "z"})
      if (!e.has_attr(k)) throw invalid("Vector must have x, y and z attributes.", e);
    Vec3 v;
    int i = 0;
    for (const char* k : {"x", "y", "z"}) {
      auto d = parse_double(trim_value(e.attr(k).value()));
      if (!d) throw invalid("Vector attributes must be numbers.", e);
      v[static_cast<std::size_t>(i++)] = *d;
    }
    return v;
  }

  // ---- tree ----------------------------------------------------------------------------------
  PNode* make(PNode* parent, PKind kind, const XmlNode& e) {
    PNode* n = new_node();
    n->kind = kind;
    n->parent = parent;
    if (!parent) {
      root_ = n;
      return n;
    }
    if (XmlAttr a = e.attr("name")) {
      n->has_name = true;
      n->name = a.value();
      auto [it, fresh] = named_.try_emplace(n->name, Named{n, 0});
      ++it->second.count;
    }
    n->ordinal = parent->counters[static_cast<std::size_t>(kind)]++;
    (parent->last_child ? parent->last_child->next : parent->first_child) = n;
    parent->last_child = n;
    return n;
  }
  // PyODE's object path, e.g. /world[0]/space[0]/body[2].
  static std::string path_of(const PNode* n) {
    std::array<const PNode*, 64> chain;
    std::size_t depth = 0;
    for (; n->parent && depth < chain.size(); n = n->parent) chain[depth++] = n;
    std::string p;
    p.reserve(16 * depth);
    char digits[16];
    while (depth > 0) {
      const PNode* x = chain[--depth];
      p += '/';
      p += kPKindNames[static_cast<std::size_t>(x->kind)];
      p += '[';
      auto [end, ec] = std::to_chars(digits, digits + sizeof digits, x->ordinal);
      p.append(digits, end);
      p += ']';
    }
    return p;
  }
  static std::string name_or_empty(const PNode* n) {
    return std::string(n->has_name ? n->name : std::string_view());
  }
  static PNode* ancestor(PNode* n, PKind kind) {
    for (PNode* p = n; p; p = p->parent)
      if (p->kind == kind) return p;
    return nullptr;
  }
  static Mat4 transform_of(const PNode* n, const PNode* until = nullptr) {
    const PNode* p = n->parent;
    if (!p || n->absolute || p == until) return n->t;
    return math::mul4(transform_of(p, until), n->t);
  }
  static void pose(const Mat4& m, Vec3& pos, Mat3& rot) {
    pos = {m[3][0], m[3][1], m[3][2]};
    rot = {m[0][0], m[0][1], m[0][2], m[1][0], m[1][1], m[1][2], m[2][0], m[2][1], m[2][2]};
  }

  // Elements in `e`; pass-through elements hand their children to the same handler.
  template <class Fn>
  void each(const XmlNode& e, Fn&& fn) {
    for (XmlNode c : e.elements()) fn(c);
  }

  // ---- transform -----------------------------------------------------------------------------
  struct TState {
    Mat4 m = math::identity4();
    std::optional<Vec3> position, euler;
  };
  void transform_child(const XmlNode& c, TState& st) {
    const El cid = element_id(c);
    if (cid == El::matrix4f) {
      for (int r = 0; r < 4; ++r)
        for (int k = 0; k < 4; ++k) st.m[r][k] = pyfloat(c, kMatrixNames[r][k]);
    } else if (cid == El::position) {
      st.position = Vec3{pyfloat(c, "x"), pyfloat(c, "y"), pyfloat(c, "z")};
    } else if (cid == El::euler) {
      double coeff = c.attr_or("aformat", "radians") == "degrees" ? M_PI / 180 : 1.0;
      st.euler = Vec3{coeff * pyfloat(c, "x"), coeff * pyfloat(c, "y"), coeff * pyfloat(c, "z")};
    } else if (cid == El::rotation) {
      // pass-through
    } else {
      throw PyError{"importer-bug", "AttributeError", "module 'xode.parser' has no attribute 'InvalidError'",
                    c};
    }
    each(c, [&](const XmlNode& g) { transform_child(g, st); });
  }
  void transform(const XmlNode& e, PNode* node) {
    double scale = pyfloat_or(e, "scale", 1.0);
    bool absolute = e.attr_or("absolute", "false") == "true";
    TState st;
    each(e, [&](const XmlNode& c) { transform_child(c, st); });
    Mat4 m = st.m;
    if (st.euler) {
      auto [x, y, z] = *st.euler;
      Mat4 rx = math::identity4(), ry = math::identity4(), rz = math::identity4();
      rx[1][1] = std::cos(x), rx[1][2] = std::sin(x), rx[2][1] = -std::sin(x), rx[2][2] = std::cos(x);
      ry[0][0] = std::cos(y), ry[0][2] = -std::sin(y), ry[2][0] = std::sin(y), ry[2][2] = std::cos(y);
      rz[0][0] = std::cos(z), rz[0][1] = std::sin(z), rz[1][0] = -std::sin(z), rz[1][1] = std::cos(z);
      m = math::mul4(math::mul4(math::mul4(m, rx), ry), rz);
    }
    if (st.position) {
      Mat4 t = math::identity4();
      t[3][0] = (*st.position)[0], t[3][1] = (*st.position)[1], t[3][2] = (*st.position)[2];
      m = math::mul4(m, t);
    }
    Mat4 s = math::identity4();
    s[0][0] = s[1][1] = s[2][2] = scale;
    m = math::mul4(m, s);
    node->t = m;
    node->absolute = absolute;
  }

  // ---- containers ----------------------------------------------------------------------------
  void root_children(const XmlNode& e, PNode* root) {
    each(e, [&](const XmlNode& c) {
      const El cid = element_id(c);
      if (cid == El::world)
        world(c, root);
      else if (cid == El::ext)
        root_children(c, root);
      else
        throw child_error("xode", c);
    });
  }

  void world(const XmlNode& e, PNode* parent) {
    PNode* n = make(parent, PKind::world, e);
    SceneWorld w;
    w.path = path_of(n);
    w.name = e.attr_or("name", "");
    w.offset = e.offset();
    sc.worlds.push_back(std::move(w));
    n->index = static_cast<int>(sc.worlds.size()) - 1;
    world_children(e, n);
  }
  void world_children(const XmlNode& e, PNode* n) {
    each(e, [&](const XmlNode& c) {
      const El cid = element_id(c);
      if (cid == El::transform)
        transform(c, n);
      else if (cid == El::space)
        space(c, n);
      else if (cid == El::ext)
        world_children(c, n);
      else
        throw child_error("world", c);
    });
  }

  void space(const XmlNode& e, PNode* parent) {
    PNode* n = make(parent, PKind::space, e);
    SceneSpace s;
    s.path = path_of(n);
    s.name = e.attr_or("name", "");
    s.world = ancestor(n, PKind::world)->index;
    s.offset = e.offset();
    sc.spaces.push_back(std::move(s));
    n->index = static_cast<int>(sc.spaces.size()) - 1;
    space_children(e, n);
  }
  void space_children(const XmlNode& e, PNode* n) {
    each(e, [&](const XmlNode& c) {
      const El cid = element_id(c);
      if (cid == El::transform)
        transform(c, n);
      else if (cid == El::geom)
        geom(c, n);
      else if (cid == El::group || cid == El::jointgroup || cid == El::ext)
        space_children(c, n);
      else if (cid == El::body)
        body(c, n);
      else if (cid == El::joint)
        joint(c, n);
      else
        throw child_error("space", c);
    });
  }

  // ---- body ----------------------------------------------------------------------------------
  struct BodyState {
    PNode* node;
    bool transformed = false;
    std::optional<MassParams> mass;
  };

  void body(const XmlNode& e, PNode* parent) {
    PNode* n = make(parent, PKind::body, e);
    SceneBody b;
    b.path = path_of(n);
    b.name = e.attr_or("name", "");
    b.world = ancestor(n, PKind::world)->index;
    b.offset = e.offset();
    std::string_view enabled = e.attr_or("enabled", "true");
    if (enabled != "true" && enabled != "false")
      throw invalid("Enabled attribute must be either 'true' or 'false'.", e);
    b.enabled = enabled == "true";
    if (XmlAttr g = e.attr("gravitymode")) b.gravity_mode = pyint_value(e, g.value()) == 0 ? 0 : 1;
    sc.bodies.push_back(std::move(b));
    n->index = static_cast<int>(sc.bodies.size()) - 1;
    BodyState st;
    st.node = n;
    body_children(e, st);
    apply_body_pose(st);
    if (st.mass) {
      SceneBody& sb = sc.bodies[static_cast<std::size_t>(n->index)];
      sb.has_mass = true;
      sb.mass = *st.mass;
    }
  }
  void apply_body_pose(BodyState& st) {
    if (st.transformed) return;
    SceneBody& b = sc.bodies[static_cast<std::size_t>(st.node->index)];
    pose(transform_of(st.node), b.position, b.rotation);
    st.transformed = true;
  }
  void body_children(const XmlNode& e, BodyState& st) {
    each(e, [&](const XmlNode& c) {
      const El cid = element_id(c);
      auto& b = [&]() -> SceneBody& { return sc.bodies[static_cast<std::size_t>(st.node->index)]; }();
      if (cid == El::transform) {
        transform(c, st.node);
        return;
      }
      apply_body_pose(st);
      if (cid == El::torque)
        sc.bodies[static_cast<std::size_t>(st.node->index)].torque = vector(c);
      else if (cid == El::force)
        b.force = vector(c);
      else if (cid == El::finiteRotation) {
        long long mode =
            pyint_value(c, c.has_attr("mode") ? c.attr("mode").value()
                                              : throw PyError{"missing-attribute", "KeyError", "'mode'", c});
        if (!c.has_attr("xaxis") || !c.has_attr("yaxis") || !c.has_attr("zaxis"))
          throw invalid("finiteRotation element must have xaxis, yaxis and zaxis attributes", c);
        Vec3 axis{pyfloat(c, "xaxis"), pyfloat(c, "yaxis"), pyfloat(c, "zaxis")};
        if (mode != 0 && mode != 1) throw invalid("finiteRotation mode attribute must be either 0 or 1.", c);
        SceneBody& bb = sc.bodies[static_cast<std::size_t>(st.node->index)];
        bb.finite_rotation_set = true;
        bb.finite_rotation_mode = static_cast<int>(mode);
        bb.finite_rotation_axis = axis;
      } else if (cid == El::linearVel)
        b.linear_velocity = vector(c);
      else if (cid == El::angularVel)
        b.angular_velocity = vector(c);
      else if (cid == El::mass)
        st.mass = mass_node(c, st.node);
      else if (cid == El::joint)
        joint(c, st.node);
      else if (cid == El::body)
        body(c, st.node);
      else if (cid == El::geom)
        geom(c, st.node);
      else
        throw child_error("body", c);
      if (cid == El::torque || cid == El::force || cid == El::linearVel || cid == El::angularVel ||
          cid == El::finiteRotation)
        body_children(c, st);  // these push no handler: their children reach the body's
    });
  }

  // ---- mass ----------------------------------------------------------------------------------
  MassParams mass_node(const XmlNode& e, PNode* parent) {
    PNode* n = make(parent, PKind::mass, e);
    MassParams m = mass::sphere(1.0, 1.0);
    mass_children(e, n, m);
    return m;
  }
  void mass_children(const XmlNode& e, PNode* n, MassParams& m) {
    each(e, [&](const XmlNode& c) {
      const El cid = element_id(c);
      if (cid == El::mass_struct || cid == El::transform)
        mass_children(c, n, m);
      else if (cid == El::mass_shape)
        mass_shape(c, m);
      else if (cid == El::adjust) {
        double total = pyfloat(c, "total");
        mass::adjust(m, total);
        mass_children(c, n, m);
      } else if (cid == El::mass) {
        MassParams child = mass_node(c, n);
        mass::add(m, child);
      } else
        throw child_error("mass", c);
    });
  }
  void mass_shape(const XmlNode& e, MassParams& m) {
    XmlAttr density = e.attr("density");
    auto shape = [&](auto& self, const XmlNode& c) -> void {
      const El cid = element_id(c);
      if (cid == El::sphere) {
        double r = pyfloat_or(c, "radius", 1.0);
        if (density) m = mass::sphere(pyfloat_value(e, density.value()), r);
      } else if (cid == El::box) {
        double lx = pyfloat(c, "sizex"), ly = pyfloat(c, "sizey"), lz = pyfloat(c, "sizez");
        if (density) m = mass::box(pyfloat_value(e, density.value()), lx, ly, lz);
      } else if (pybrain && (cid == El::cappedCylinder || cid == El::cylinder)) {
        double r = pyfloat_or(c, "radius", 1.0);
        double len = pyfloat(c, "length");
        if (density)
          m = cid == El::cylinder ? mass::cylinder(pyfloat_value(e, density.value()), r, len)
                                  : mass::capsule(pyfloat_value(e, density.value()), r, len);
      } else {
        throw unsupported(pybrain ? "mass_shape <" + std::string(c.name()) + "> not supported" : "", c);
      }
      for (XmlNode g : c.elements()) self(self, g);
    };
    for (XmlNode c : e.elements()) shape(shape, c);
  }

  // ---- geom ----------------------------------------------------------------------------------
  struct GeomState {
    PNode* node;
    PNode* body;
    int space;
    bool transformed = false;
    bool has_object = false;
  };

  void geom(const XmlNode& e, PNode* parent) {
    PNode* n = make(parent, PKind::geom, e);
    GeomState st{n, ancestor(parent, PKind::body), ancestor(parent, PKind::space)->index};
    geom_children(e, st);
    if (!st.has_object) throw invalid("No geom type element found.", e);
  }
  void geom_children(const XmlNode& e, GeomState& st) {
    each(e, [&](const XmlNode& c) {
      std::string_view k = c.name();
      const El kid = element_id(k);
      if (kid == El::transform) {
        transform(c, st.node);
        st.transformed = true;
      } else if (kid == El::box) {
        double lx = pyfloat(c, "sizex"), ly = pyfloat(c, "sizey"), lz = pyfloat(c, "sizez");
        place(st, c, Shape::box, {lx, ly, lz});
        shape_children(c, k);
      } else if (kid == El::cappedCylinder) {
        double r = pyfloat(c, "radius"), len = pyfloat(c, "length");
        place(st, c, Shape::capsule, {r, len});
        shape_children(c, k);
      } else if (kid == El::cone) {
        throw unsupported("", c);
      } else if (kid == El::cylinder) {
        if (!pybrain) throw unsupported("", c);
        double r = pyfloat(c, "radius"), len = pyfloat(c, "length");
        place(st, c, Shape::cylinder, {r, len});
        shape_children(c, k);
      } else if (kid == El::plane) {
        double a = pyfloat(c, "a"), b = pyfloat(c, "b"), cc = pyfloat(c, "c"), d = pyfloat(c, "d");
        SceneGeom g = new_geom(st, c, Shape::plane);
        g.params = {a, b, cc, d};
        g.placement = Placement::none;
        push_geom(st, g);
        shape_children(c, k);
      } else if (kid == El::ray) {
        double len = pyfloat(c, "length");
        SceneGeom g = new_geom(st, c, Shape::ray);
        g.params = {len};
        g.placement = Placement::none;
        push_geom(st, g);
        shape_children(c, k);
      } else if (kid == El::sphere) {
        double r = pyfloat(c, "radius");
        place(st, c, Shape::sphere, {r});
        shape_children(c, k);
      } else if (kid == El::trimesh) {
        trimesh_children(c);
        // Debian's PyODE is built without trimesh support (ode.TriMeshData raises).
        throw unsupported("Trimesh support is disabled", c);
      } else if (kid == El::geom) {
        geom(c, st.node);
      } else if (kid == El::body) {
        body(c, st.node);
      } else if (kid == El::joint) {
        if (!pybrain) throw PyError{"importer-bug", "NameError", "name 'nodename' is not defined", c};
        joint(c, st.node);
      } else if (kid == El::jointgroup || kid == El::ext) {
        geom_children(c, st);
      } else {
        throw child_error("geom", c);
      }
    });
  }
  void shape_children(const XmlNode& e, std::string_view shape) {
    each(e, [&](const XmlNode& c) {
      const El cid = element_id(c);
      if (cid != El::ext) throw child_error(shape, c);
      shape_children(c, shape);
    });
  }
  void trimesh_children(const XmlNode& e) {
    each(e, [&](const XmlNode& c) {
      const El cid = element_id(c);
      if (cid == El::vertices || cid == El::triangles) {
      } else if (cid == El::v) {
        vector(c);
      } else if (cid == El::t) {
        for (const char* k : {"ia", "ib", "ic"}) {
          XmlAttr a = c.attr(k);
          if (!a) throw PyError{"missing-attribute", "KeyError", std::string("'") + k + "'", c};
          pyint_value(c, a.value());
        }
      } else {
        throw child_error("trimesh", c);
      }
      trimesh_children(c);
    });
  }
  SceneGeom new_geom(const GeomState& st, const XmlNode& shape, Shape s) {
    SceneGeom g;
    g.path = path_of(st.node);
    g.name = name_or_empty(st.node);
    g.shape = s;
    g.space = st.space;
    g.world = ancestor(st.node, PKind::world)->index;
    g.offset = shape.offset();
    return g;
  }
  void push_geom(GeomState& st, SceneGeom& g) {
    // PyBrain's collision filter names: a body's first geom takes the body's name, a body-less
    // geom keeps its own.
    PNode* parent = st.node->parent;
    if (st.body == nullptr) {
      g.has_pybrain_name = st.node->has_name;
      g.pybrain_name = name_or_empty(st.node);
    } else if (parent->kind == PKind::body) {
      PNode* first = parent->first_child;
      while (first && first->kind != PKind::geom) first = first->next;
      if (first == st.node && parent->has_name) {
        g.has_pybrain_name = true;
        g.pybrain_name = std::string(parent->name);
      }
    }
    sc.geoms.push_back(std::move(g));
    st.node->index = static_cast<int>(sc.geoms.size()) - 1;
    st.has_object = true;
  }
  void place(GeomState& st, const XmlNode& shape, Shape s, std::vector<double> params) {
    SceneGeom g = new_geom(st, shape, s);
    g.params = std::move(params);
    if (!st.body) {
      g.placement = Placement::world;
      pose(transform_of(st.node), g.position, g.rotation);
    } else if (st.transformed) {
      g.placement = Placement::geom_transform;
      g.body = st.body->index;
      pose(transform_of(st.node, st.body), g.position, g.rotation);
    } else {
      g.placement = Placement::body_origin;
      g.body = st.body->index;
    }
    push_geom(st, g);
  }

  // ---- joint ---------------------------------------------------------------------------------
  // PyODE's lookup from the root: a node's named children (the last of equal names), then each
  // child's subtree in order. With one node of that name the search can only find it.
  PNode* find_named(std::string_view name) const {
    auto it = named_.find(name);
    if (it == named_.end()) return nullptr;
    return it->second.count == 1 ? it->second.node : search_named(root_, name);
  }
  static PNode* search_named(PNode* n, std::string_view name) {
    PNode* direct = nullptr;
    for (PNode* c = n->first_child; c; c = c->next)
      if (c->has_name && c->name == name) direct = c;
    if (direct) return direct;
    for (PNode* c = n->first_child; c; c = c->next)
      if (PNode* f = search_named(c, name)) return f;
    return nullptr;
  }
  int link_body(std::string_view name, const XmlNode& at) {
    PNode* target = find_named(name);
    if (!target || target->index < 0) throw invalid("Joint link must reference an already parsed body.", at);
    if (target->kind != PKind::body) throw invalid("Joint link must reference a body.", at);
    return target->index;
  }

  void joint(const XmlNode& e, PNode* parent) {
    PNode* n = make(parent, PKind::joint, e);
    PNode* enclosing = ancestor(parent, PKind::body);
    std::optional<std::string_view> link1, link2;
    bool has_object = false;
    auto child = [&](auto& self, const XmlNode& c) -> void {
      const El k = element_id(c);
      if (k == El::link1 || k == El::link2) {
        XmlAttr b = c.attr("body");
        if (!b) throw PyError{"missing-attribute", "KeyError", "'body'", c};
        (k == El::link1 ? link1 : link2) = b.value();
        for (XmlNode g : c.elements()) self(self, g);
      } else if (k == El::ext) {
        for (XmlNode g : c.elements()) self(self, g);
      } else if (k == El::amotor || k == El::ball || k == El::fixed || k == El::hinge || k == El::hinge2 ||
                 k == El::slider || k == El::universal) {
        // _getLinks
        int env_or_body = enclosing ? enclosing->index : -1;
        int l1, l2;
        if (link1) {
          l1 = link_body(*link1, c);
        } else {
          l1 = env_or_body;
          env_or_body = -1;
        }
        l2 = link2 ? link_body(*link2, c) : env_or_body;
        if (l1 == l2) throw invalid("Joint requires two objects.", c);
        joint_type(c, n, l1, l2);
        has_object = true;
      } else {
        throw child_error("joint", c);
      }
    };
    for (XmlNode c : e.elements()) child(child, c);
    if (!has_object) throw invalid("No joint type element found.", e);
  }

  void joint_type(const XmlNode& e, PNode* n, int b1, int b2) {
    std::string_view k = e.name();
    SceneJoint j;
    j.path = path_of(n);
    j.name = name_or_empty(n);
    j.world = ancestor(n, PKind::world)->index;
    j.body1 = b1;
    j.body2 = b2;
    j.offset = e.offset();
    j.type = k == "amotor"   ? JointType::amotor
             : k == "ball"   ? JointType::ball
             : k == "fixed"  ? JointType::fixed
             : k == "hinge"  ? JointType::hinge
             : k == "hinge2" ? JointType::hinge2
             : k == "slider" ? JointType::slider
                             : JointType::universal;
    bool accepts_anchor = k == "ball" || k == "hinge" || k == "hinge2" || k == "universal";
    bool accepts_axis = k != "ball" && k != "fixed";
    if (k == "fixed") {  // created at the start tag; no child allowed
      push_joint(j, n);
      each(e, [&](const XmlNode& c) { throw child_error("fixed", c); });
      return;
    }
    std::vector<XmlNode> axes;
    auto child = [&](auto& self, const XmlNode& c) -> void {
      const El cid = element_id(c);
      if (cid == El::anchor && accepts_anchor) {
        j.anchor = vector(c);
        j.has_anchor = true;
      } else if (cid == El::axis && accepts_axis) {
        axes.push_back(c);
      } else {
        throw child_error(k, c);
      }
      for (XmlNode g : c.elements()) self(self, g);
    };
    for (XmlNode c : e.elements()) child(child, c);
    std::size_t want = k == "hinge" || k == "slider" ? 1 : (k == "hinge2" || k == "universal") ? 2 : 3;
    bool count_ok = k == "ball" || (k == "amotor" ? axes.size() <= 3 : axes.size() == want);
    if (!count_ok) {
      std::string sep = (k == "hinge" || k == "slider") ? " " : "  ";  // PyODE's messages
      throw invalid("Wrong number of axes for" + sep + std::string(k) + " joint.", e);
    }
    for (const XmlNode& a : axes) {
      JointAxis ax;
      ax.direction = vector(a);
      for (XmlAttr at : a.attrs()) {
        std::string_view an = at.name();
        if (an == "x" || an == "y" || an == "z") continue;
        bool known = axis_param_index(an) >= 0;
        if (!known) throw invalid("Invalid attribute '" + std::string(an) + "' of <axis> element.", a);
        pyfloat_value(a, at.value());
      }
      ax.params = axis_params(a);
      j.axes.push_back(ax);
    }
    push_joint(j, n);
  }
  void push_joint(SceneJoint& j, PNode* n) {
    sc.joints.push_back(std::move(j));
    n->index = static_cast<int>(sc.joints.size()) - 1;
  }

  // ---- PyBrain ---------------------------------------------------------------------------------
  // Sections of PyBrain's trailing "<!--odeenvironment parameters ... <end>-->" comment.
  std::map<std::string, std::vector<std::string>> pybrain_sections() const {
    std::map<std::string, std::vector<std::string>> out;
    for (const XmlNode& n : doc.epilog()) {
      if (n.kind() != NodeKind::comment) continue;
      std::string_view v = n.value();
      constexpr std::string_view kTag = "odeenvironment parameters";
      if (v.substr(0, kTag.size()) != kTag) continue;
      std::string current;
      std::size_t pos = kTag.size();
      while (pos <= v.size()) {
        std::size_t nl = v.find('\n', pos);
        std::string_view line =
            trim(v.substr(pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos));
        pos = nl == std::string_view::npos ? v.size() + 1 : nl + 1;
        if (line.empty()) continue;
        if (line.size() > 2 && line.front() == '<' && line.back() == '>' &&
            line.find_first_of(" \t") == std::string_view::npos) {
          current = std::string(line.substr(1, line.size() - 2));
          if (current == "end") break;
          out[current];
        } else if (!current.empty()) {
          out[current].push_back(std::string(line));
        }
      }
      break;
    }
    return out;
  }

  void pybrain_postprocess(PNode* root) {
    for (auto& j : sc.joints) {
      if (j.type == JointType::fixed) j.set_fixed = true;
      if (j.type == JointType::amotor) j.amotor_mode = 1;
    }
    auto sections = pybrain_sections();
    int i = 0;
    for (const auto& name : sections["affixToEnvironment"]) {
      PNode* t = find_named(name);
      if (t && t->kind == PKind::joint && t->index >= 0) {
        sc.joints[static_cast<std::size_t>(t->index)].reattach_to_environment = true;
      } else if (t && t->kind == PKind::body && t->index >= 0) {
        SceneJoint j;
        j.type = JointType::fixed;
        j.path = "/pybrain/affix[" + std::to_string(i) + "]";
        j.world = sc.bodies[static_cast<std::size_t>(t->index)].world;
        j.body1 = t->index;
        j.body2 = -1;
        j.set_fixed = true;
        j.extra = true;
        sc.joints.push_back(j);
      }
      ++i;
    }
    // passpairs: Python literals, a string or a tuple of strings per line.
    for (const auto& line : sections["passpairs"]) {
      std::vector<std::string> group;
      std::string_view s = line;
      for (std::size_t p = 0; p < s.size(); ++p) {
        char q = s[p];
        if (q != '\'' && q != '"') continue;
        std::size_t e = s.find(q, p + 1);
        if (e == std::string_view::npos) break;
        group.emplace_back(s.substr(p + 1, e - p - 1));
        p = e;
      }
      if (!group.empty()) sc.passpairs.push_back(group);
    }
  }
};

}  // namespace

bool build_pyode(const Document& doc, const BuildOptions& opt, Scene& scene, Diagnostics& diags) {
  PyodeBuilder b(doc, opt, scene, diags);
  return b.run();
}

std::string_view to_string(Compat c) {
  switch (c) {
    case Compat::standard:
      return "standard";
    case Compat::pyode:
      return "pyode";
    case Compat::pybrain:
      return "pybrain";
  }
  return "?";
}
std::string_view to_string(Shape s) {
  switch (s) {
    case Shape::box:
      return "box";
    case Shape::sphere:
      return "sphere";
    case Shape::cylinder:
      return "cylinder";
    case Shape::capsule:
      return "cappedCylinder";
    case Shape::cone:
      return "cone";
    case Shape::plane:
      return "plane";
    case Shape::ray:
      return "ray";
    case Shape::trimesh:
      return "trimesh";
  }
  return "?";
}
std::string_view to_string(JointType t) {
  switch (t) {
    case JointType::amotor:
      return "amotor";
    case JointType::ball:
      return "ball";
    case JointType::fixed:
      return "fixed";
    case JointType::hinge:
      return "hinge";
    case JointType::hinge2:
      return "hinge2";
    case JointType::slider:
      return "slider";
    case JointType::universal:
      return "universal";
  }
  return "?";
}

bool build_scene(const Document& doc, const BuildOptions& opt, Scene& scene, Diagnostics& diags) {
  scene = Scene{};
  scene.compat = opt.compat;
  if (opt.compat == Compat::standard) return build_standard(doc, opt, scene, diags);
  return build_pyode(doc, opt, scene, diags);
}

}  // namespace genokit::xode
