// --compat pyode / pybrain: reproduces what Debian's PyODE XODE importer builds, deviations
// included (docs/xode.md lists them): an event-order walk with PyODE's handler per element,
// pass-through group/jointgroup/ext, row-vector 4x4 transforms composed parent*child, the body
// pose taken when its first non-transform child starts, only density mass shapes, links resolved
// when the joint type starts, and PyODE's exception (as a diagnostic) on the first problem.
//
// The builder walks pugixml's tree directly: element ids from a table of names, each element's
// attributes read in one pass into the few values its handler wants, the object path kept as a
// stack instead of rebuilt per object, and the transform of a container computed once. Its
// members are defined by job: pyode_builder.cpp (tree, transforms), pyode_objects.cpp (worlds,
// spaces, bodies, masses), pyode_geoms.cpp, pyode_joints.cpp, pyode_pybrain.cpp.
#pragma once

#include <initializer_list>
#include <optional>
#include <pugixml.hpp>
#include <string>

#include "genokit/xode/scene.hpp"
#include "xode/build_common.hpp"
#include "xode/document_data.hpp"
#include "xode/element_id.hpp"
#include "xode/pyode_state.hpp"

namespace genokit::xode::pyode {

using PN = pugi::xml_node;

// PyODE's exception, raised (thrown) on the first problem and reported as a diagnostic.
struct PyError {
  std::string category;  // the oracle's error categories
  std::string type;      // the Python exception
  std::string message;
  PN at;
};

// Equality of NUL-terminated strings (names are short and mostly differ in the first byte).
inline bool same(const char* a, const char* b) {
  while (*a && *a == *b) ++a, ++b;
  return *a == *b;
}

// Element children in document order (text, comments and PIs are not PyODE events).
inline PN first_el(PN e) {
  return first_element(e);
}
inline PN next_el(PN c) {
  return next_element(c);
}
inline El id_of(PN e) {
  return element_id(e.name());
}

// ---- errors as PyODE raises them -------------------------------------------------------------
PyError child_error(std::string_view parent, PN child);
PyError invalid(std::string msg, PN at);
PyError unsupported(std::string msg, PN at);
PyError key_error(const char* name, PN at);
// Python's float(value) / int(value).
double pyfloat_value(PN e, const char* v);
long long pyint_value(PN e, const char* v);
// Python's float(attrs[name]) for a value found by attrs_of (nullptr: missing).
inline double pyfloat(PN e, const char* v, const char* name) {
  if (!v) throw key_error(name, e);
  return pyfloat_value(e, v);
}
// parser.parseVector
Vec3 vector(PN e);

class Builder {
 public:
  Builder(const Document& d, const BuildOptions& o, Scene& s, Diagnostics& g);
  ~Builder();
  Builder(const Builder&) = delete;
  Builder& operator=(const Builder&) = delete;

  // Builds the scene; false (with PyODE's error as a diagnostic) on the first problem.
  bool run();

 private:
  const Document& doc;
  const DocumentData& data;
  Scene& sc;
  Diagnostics& diags;
  bool pybrain;
  // The thread's scratch, or a private one for a build inside a build.
  Scratch own_;
  Scratch& scratch_ = thread_scratch().busy ? own_ : thread_scratch();
  // Nodes in blocks (a deque would allocate every second node).
  static constexpr std::size_t kBlock = 64;
  std::vector<std::unique_ptr<PNode[]>>& blocks_ = scratch_.blocks;
  std::size_t block_ = 0, used_ = 0;
  unsigned seq_ = 0;
  PNode* root_ = nullptr;
  NameTable& named_ = scratch_.named;
  // <transform> results and memoised world_transform() of containers; version_ counts transform
  // changes, so a memo is valid when no node it depends on changed after it was made.
  std::vector<Mat4>& transforms_ = scratch_.transforms;
  std::vector<Mat4>& memos_ = scratch_.memos;
  unsigned version_ = 1;
  // PyODE's object path of the innermost node being built (/world[0]/space[0]/body[2]) and where
  // each of its components starts.
  std::string& path_ = scratch_.path;
  std::vector<std::size_t>& starts_ = scratch_.starts;
  std::vector<AxisParam>& axis_params_ = scratch_.axis_params;

  std::size_t offset(PN e) const { return node_offset(data, e); }

  // ---- tree (pyode_builder.cpp) ----------------------------------------------------------------
  PNode* new_node();
  PNode* make(PNode* parent, PKind kind, const char* name);
  // The path component of a node, for as long as it is being built.
  class Enter {
   public:
    Enter(Builder& b, const PNode* n);
    ~Enter();
    Enter(const Enter&) = delete;
    Enter& operator=(const Enter&) = delete;

   private:
    Builder& b_;
  };
  std::string_view path();
  std::string_view name_of(const PNode* n) { return n->has_name ? sc.keep(n->name) : std::string_view(); }
  static PNode* ancestor(PNode* n, PKind kind);
  const Mat4& t_of(const PNode* n) const;
  Mat4 transform_of(const PNode* n, const PNode* until) const;
  Mat4 world_transform(PNode* n);
  bool memo_valid(const PNode* p) const;
  Mat4 container_transform(PNode* p);
  static void pose(const Mat4& m, Vec3& pos, Mat3& rot);

  // ---- transform (pyode_builder.cpp) -----------------------------------------------------------
  struct TState {
    Mat4 m = math::identity4();
    std::optional<Vec3> position, euler;
  };
  void transform_child(PN c, TState& st);
  void transform(PN e, PNode* node);

  // ---- containers, bodies, masses (pyode_objects.cpp) -----------------------------------------
  void root_children(PN e, PNode* root);
  void world(PN e, PNode* parent);
  void world_children(PN e, PNode* n);
  void space(PN e, PNode* parent);
  void space_children(PN e, PNode* n);
  struct BodyState {
    PNode* node;
    bool transformed = false;
    std::optional<MassParams> mass;
  };
  SceneBody& body_of(const PNode* n) { return sc.bodies[static_cast<std::size_t>(n->index)]; }
  void body(PN e, PNode* parent);
  void apply_body_pose(BodyState& st);
  void body_children(PN e, BodyState& st);
  MassParams mass_node(PN e, PNode* parent);
  void mass_children(PN e, PNode* n, MassParams& m);
  void mass_shape(PN c, PN e, const char* density, MassParams& m);

  // ---- geoms (pyode_geoms.cpp) ------------------------------------------------------------------
  struct GeomState {
    PNode* node;
    PNode* body;
    int space;
    bool transformed = false;
    bool has_object = false;
  };
  void geom(PN e, PNode* parent);
  void geom_children(PN e, GeomState& st);
  void shape_children(PN e, std::string_view shape);
  void trimesh_children(PN e);
  SceneGeom& add_geom(GeomState& st, PN shape, Shape s);
  void place(GeomState& st, PN shape, Shape s, std::initializer_list<double> params);

  // ---- joints (pyode_joints.cpp) ----------------------------------------------------------------
  PNode* find_named(std::string_view name) const;
  PNode* search_named(PNode* first) const;
  int link_body(std::string_view name, PN at) const;
  struct JointState {
    PNode* node;
    PNode* enclosing;  // the nearest body around the joint
    const char* link1 = nullptr;
    const char* link2 = nullptr;
    bool has_object = false;
  };
  void joint(PN e, PNode* parent);
  void joint_child(PN c, JointState& st);
  struct AxesState {
    El type;
    bool accepts_anchor, accepts_axis;
    bool has_anchor = false;
    Vec3 anchor{0, 0, 0};
    std::array<PN, 3> axes{};  // the first three <axis> (more is always an error)
    std::size_t count = 0;
  };
  void joint_type(PN e, El k, PNode* n, int b1, int b2);
  void joint_type_child(PN c, std::string_view kname, AxesState& st);
  JointAxis axis(PN a);
  SceneJoint& new_joint(PN e, El k, PNode* n, int b1, int b2);

  // ---- PyBrain (pyode_pybrain.cpp) --------------------------------------------------------------
  void pybrain_sections(std::vector<std::string_view>& affix, std::vector<std::string_view>& passpairs) const;
  void pybrain_postprocess();
};

}  // namespace genokit::xode::pyode
