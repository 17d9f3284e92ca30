// Standard-mode scene builder: XODE 1.0r22 with the conventions in docs/xode.md. Frames compose
// parent-then-child down the whole tree; geoms take their pose relative to the nearest body
// ancestor (bgig); joints are linked after the walk (postlink); masses are applied in document
// order and an off-centre mass moves the body frame to its centre of mass. Its members are defined
// by job: build_standard.cpp (containers, frames), standard_bodies.cpp (bodies, masses),
// standard_geoms.cpp, standard_joints.cpp.
#pragma once

#include <algorithm>
#include <array>
#include <deque>
#include <string>
#include <unordered_map>
#include <vector>

#include "genokit/xode/scene.hpp"
#include "xode/build_common.hpp"
#include "xode/xmath.hpp"

namespace genokit::xode::standard {

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

class Builder {
 public:
  Builder(const Document& d, const BuildOptions& o, Scene& s, Diagnostics& g)
      : doc(d), opt(o), sc(s), diags(g) {}
  void run();

 private:
  const Document& doc;
  const BuildOptions& opt;
  Scene& sc;
  Diagnostics& diags;
  std::vector<PendingJoint> pending;
  std::deque<std::array<int, 5>> counter_store;
  std::string path_buffer;
  std::vector<JointAxis> axes_;    // a joint's axes while it is read
  std::vector<AxisParam> params_;  // an axis's parameters while it is read

  Location loc(const XmlNode& e) const { return doc.locate(e); }
  double num(const XmlNode& e, std::string_view n, double def = 0) const { return attr_number(e, n, def); }
  Vec3 vec(const XmlNode& e, double def = 0) const { return numbers_of(e, {"x", "y", "z"}, def); }

  // ---- containers and frames (build_standard.cpp) -----------------------------------------------
  // PyODE-style object path of the next `kind` (world, space, body, geom, joint) in `c`, kept in
  // the scene's store (built in one buffer: no allocation per object).
  std::string_view child_path(Ctx& c, std::string_view kind);
  std::array<int, 5>* new_counters() { return &counter_store.emplace_back(); }
  // A new space, body or joint of `kind` for `e`: its path, name, world and offset.
  template <class T>
  T object(Ctx& c, const XmlNode& e, std::string_view kind) {
    T o;
    o.path = child_path(c, kind);
    o.name = sc.keep(e.attr_or("name", ""));
    o.world = std::max(0, c.world);
    o.offset = e.offset();
    return o;
  }
  // The frame an element's own <transform> defines (identity when it has none).
  bool own_transform(const XmlNode& e, Frame& f, bool& absolute);
  // The frame a <transform> element defines.
  void transform_frame(const XmlNode& t, Frame& f, bool& absolute);
  Frame frame_of(const XmlNode& e, const Ctx& parent);
  void children(const XmlNode& e, Ctx& c);
  // The content of the container `e` in its own context `inner` (path, counters, frame).
  void enter(const XmlNode& e, const Ctx& outer, std::string_view path, Ctx inner);
  int implicit_space(Ctx& c, const XmlNode& e);
  void element(const XmlNode& e, Ctx& c);
  void world(const XmlNode& e, Ctx& c);
  void space(const XmlNode& e, Ctx& c);

  // ---- bodies and masses (standard_bodies.cpp) --------------------------------------------------
  void body(const XmlNode& e, Ctx& c);
  // Moves an off-centre mass's body frame to the centre of mass and shifts the body's geoms, so
  // dBodySetMass gets c = 0 (ODE aborts otherwise).
  void recentre(int index);
  // Evaluates a <mass> element: operations in document order.
  bool mass_element(const XmlNode& e, MassParams& m);

  // ---- geoms (standard_geoms.cpp) ---------------------------------------------------------------
  void geom(const XmlNode& e, Ctx& c);
  bool trimesh(const XmlNode& e, SceneGeom& sg);

  // ---- joints (standard_joints.cpp) -------------------------------------------------------------
  void joint(const XmlNode& e, Ctx& c);
  static std::size_t distance(const std::string& a, const std::string& b);
  static std::string suggest(const std::string& n,
                             const std::vector<std::pair<std::string_view, int>>& names);
  // Postlink: every body exists now.
  void link_joints();
};

}  // namespace genokit::xode::standard
