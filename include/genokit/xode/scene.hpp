// The scene an XODE document describes, resolved into plain data: every world, space, body, geom
// and joint with its final pose, mass and links, ready to be instantiated in ODE (genokit/physics)
// or printed. No ODE types here.
#pragma once

#include <array>
#include <cstddef>
#include <initializer_list>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "genokit/core/diagnostics.hpp"
#include "genokit/xode/document.hpp"

namespace genokit::xode {

using Vec3 = std::array<double, 3>;
using Mat3 = std::array<double, 9>;  // row-major, ODE convention: world = R * local

// How to interpret the document.
//  standard: XODE 1.0r22 as documented in docs/xode.md (correct nesting, quaternion/axisangle,
//            postlink, groups, anchors in the parent frame, dJointSetFixed, ...).
//  pyode:    what Debian's PyODE importer builds, deviations included (for side-by-side runs).
//  pybrain:  pyode plus PyBrain's patched importer and post-processing.
enum class Compat { standard, pyode, pybrain };
std::string_view to_string(Compat c);

// Where a scene's objects keep their texts and short lists (paths, names, geom parameters, axis
// parameters): a few large blocks per scene instead of a heap string or vector per object. Only
// appended to; what was kept stays in place until the last scene sharing the store is gone.
class SceneStore {
 public:
  SceneStore() {}  // user-provided: make_shared does not zero the inline block first
  ~SceneStore();
  SceneStore(const SceneStore&) = delete;
  SceneStore& operator=(const SceneStore&) = delete;
  void* allocate(std::size_t bytes, std::size_t align);

 private:
  struct Block;
  Block* blocks_ = nullptr;  // heap blocks, newest first
  char* next_ = first_;
  char* end_ = first_ + sizeof first_;
  alignas(std::max_align_t) char first_[3072];  // enough for a typical document
};

struct MassParams {
  double mass = 1;
  Vec3 c{0, 0, 0};
  Mat3 I{1, 0, 0, 0, 1, 0, 0, 0, 1};
};

// Texts (std::string_view) and lists (std::span) of the objects below point into the scene's
// store (Scene::keep), or at other storage that outlives the scene (string literals).
struct SceneWorld {
  std::string_view path, name;
  Vec3 gravity{0, 0, 0};
  std::size_t offset = kNoOffset;
};

struct SceneSpace {
  std::string_view path, name;
  int world = 0;
  int parent = -1;                   // enclosing space, -1 = top level
  std::string_view kind = "simple";  // simple, hash or sap
  std::size_t offset = kNoOffset;
};

struct SceneBody {
  SceneBody() {}  // the member initialisers only (no zero-filling first)
  std::string_view path, name;
  int world = 0;
  Vec3 position{0, 0, 0};
  Mat3 rotation{1, 0, 0, 0, 1, 0, 0, 0, 1};
  bool enabled = true;
  int gravity_mode = 1;
  bool has_mass = false;  // false = ODE's default (mass 1, I = identity)
  MassParams mass;
  Vec3 linear_velocity{0, 0, 0}, angular_velocity{0, 0, 0}, force{0, 0, 0}, torque{0, 0, 0};
  int finite_rotation_mode = 0;
  Vec3 finite_rotation_axis{0, 0, 0};
  bool finite_rotation_set = false;
  std::size_t offset = kNoOffset;
};

enum class Shape { box, sphere, cylinder, capsule, cone, plane, ray, trimesh };
std::string_view to_string(Shape s);

// How a geom is placed.
enum class Placement {
  world,           // static: position/rotation are world coordinates
  body_origin,     // dGeomSetBody, no offset
  body_offset,     // dGeomSetBody + dGeomSetOffsetPosition/Rotation (position/rotation relative to the body)
  geom_transform,  // PyODE: inner geom posed at position/rotation, wrapped in a GeomTransform on the body
  none,            // plane / PyODE ray: not placed
};

struct SceneGeom {
  SceneGeom() {}  // the member initialisers only (no zero-filling first)
  std::string_view path, name;
  Shape shape = Shape::box;
  // box lx ly lz | sphere r | cylinder/capsule/cone r len | plane a b c d | ray len
  std::span<const double> params;
  std::vector<double> vertices;  // trimesh: x y z ...
  std::vector<int> indices;      // trimesh: 0-based, 3 per triangle
  int body = -1;
  int space = 0;
  int world = 0;
  Placement placement = Placement::world;
  Vec3 position{0, 0, 0};
  Mat3 rotation{1, 0, 0, 0, 1, 0, 0, 0, 1};
  std::string_view pybrain_name;  // the name PyBrain's passpairs filter uses ("" = none)
  bool has_pybrain_name = false;
  std::size_t offset = kNoOffset;
};

enum class JointType { amotor, ball, fixed, hinge, hinge2, slider, universal };
std::string_view to_string(JointType t);

struct AxisParam {
  int index = 0;  // in axis_param_names()
  double value = 0;
};

struct JointAxis {
  Vec3 direction{0, 0, 0};
  std::span<const AxisParam> params;  // in the order they are applied
};

struct SceneJoint {
  SceneJoint() {}  // the member initialisers only (no zero-filling first)
  std::string_view path, name;
  JointType type = JointType::ball;
  int world = 0;
  int body1 = -1, body2 = -1;  // -1 = the static environment
  bool has_anchor = false;
  Vec3 anchor{0, 0, 0};             // world coordinates
  std::span<const JointAxis> axes;  // world directions
  int jointgroup = -1;
  bool set_fixed = false;  // call dJointSetFixed after attaching
  int amotor_mode = 0;     // 0 = dAMotorUser, 1 = dAMotorEuler
  bool extra = false;      // created by PyBrain post-processing (not in the document)
  // PyBrain's affixToEnvironment on a joint: re-attached to (first body, environment) after it was
  // set up, so ODE keeps the anchors it computed for the original pair.
  bool reattach_to_environment = false;
  std::size_t offset = kNoOffset;
};

struct SceneJointGroup {
  std::string_view path, name;
};

struct Scene {
  Compat compat = Compat::standard;
  std::vector<SceneWorld> worlds;
  std::vector<SceneSpace> spaces;
  std::vector<SceneBody> bodies;
  std::vector<SceneGeom> geoms;
  std::vector<SceneJoint> joints;
  std::vector<SceneJointGroup> jointgroups;
  std::vector<std::vector<std::string_view>> passpairs;  // PyBrain collision filter
  bool has_ext_gravity = false;
  Vec3 ext_gravity{0, 0, 0};  // <gravity> inside a world-level <ext> (used by simulate when asked)

  // Storage of the texts and lists above (made on first use; copies of the scene share it).
  std::shared_ptr<SceneStore> store;
  // A copy of `s` / `v` in the store, for the objects' texts and lists.
  std::string_view keep(std::string_view s);
  template <class T>
  std::span<const T> keep(std::span<const T> v) {
    static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);
    if (v.empty()) return {};
    T* p = static_cast<T*>(storage().allocate(v.size_bytes(), alignof(T)));
    std::uninitialized_copy(v.begin(), v.end(), p);
    return {p, v.size()};
  }
  std::span<const double> keep(std::initializer_list<double> v) {
    return keep(std::span<const double>(v.begin(), v.size()));
  }

 private:
  SceneStore& storage();
};

struct BuildOptions {
  Compat compat = Compat::standard;
  // <t ia ib ic> index base (PyODE and PyBrain write 1-based); <trimesh indexbase=> overrides it.
  int trimesh_index_base = 1;
  std::size_t max_triangles = 2'000'000;
};

// Resolves the document into a scene. Every problem goes to `diags` with line:column; the result
// is std::nullopt when the scene has errors. In the pyode/pybrain modes the first error stops,
// as in PyODE.
std::optional<Scene> build_scene(const Document& doc, Diagnostics& diags, const BuildOptions& opt = {});

// Schema-driven structural validation (the first step of build_scene in standard mode): unknown
// elements and attributes, children not allowed in their parent, missing required attributes,
// malformed or non-finite numbers, non-positive sizes/masses, duplicate names.
void validate_document(const Document& doc, Diagnostics& diags);

// The resolved scene (poses, masses, links, every object's path) as JSON text (`genokit show`).
std::string to_json(const Scene& s);

}  // namespace genokit::xode
