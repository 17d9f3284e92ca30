// XODE 1.0r22 as data. The spec's element lists were partly lost; where it is silent the table
// follows what files in the wild use (PyODE's body state elements, Yake's <scale>), and
// docs/xode.md says so.
#include "genokit/xode/schema.hpp"

#include <array>
#include <string>
#include <unordered_map>

#include "xode/element_id.hpp"

namespace genokit::xode {
namespace {

using SV = std::string_view;
using A = AttrSpec;
constexpr AttrType N = AttrType::number;
constexpr AttrType I = AttrType::integer;
constexpr AttrType B = AttrType::boolean;
constexpr AttrType T = AttrType::text;
constexpr AttrType F = AttrType::angle_format;

// ---- children --------------------------------------------------------------------------------
constexpr std::array<SV, 2> c_xode{"world", "ext"};
constexpr std::array<SV, 3> c_world{"transform", "space", "ext"};
constexpr std::array<SV, 8> c_space{"transform", "space", "group",      "body",
                                    "geom",      "joint", "jointgroup", "ext"};
constexpr std::array<SV, 8> c_group{"transform", "group", "space",      "body",
                                    "geom",      "joint", "jointgroup", "ext"};
constexpr std::array<SV, 4> c_jointgroup{"transform", "joint", "group", "ext"};
constexpr std::array<SV, 13> c_body{"transform",  "mass",           "geom",   "joint", "body",
                                    "group",      "jointgroup",     "torque", "force", "linearVel",
                                    "angularVel", "finiteRotation", "ext"};
constexpr std::array<SV, 6> c_mass{"mass_struct", "mass_shape", "transform", "adjust", "mass", "ext"};
constexpr std::array<SV, 3> c_mass_struct{"centerGravity", "imatrix", "ext"};
constexpr std::array<SV, 5> c_mass_shape{"sphere", "box", "cylinder", "cappedCylinder", "ext"};
constexpr std::array<SV, 13> c_geom{"transform", "box",        "sphere", "cylinder", "cappedCylinder",
                                    "cone",      "plane",      "ray",    "trimesh",  "geom",
                                    "group",     "jointgroup", "ext"};
constexpr std::array<SV, 1> c_shape{"ext"};
constexpr std::array<SV, 3> c_trimesh{"vertices", "triangles", "ext"};
constexpr std::array<SV, 1> c_vertices{"v"};
constexpr std::array<SV, 1> c_triangles{"t"};
constexpr std::array<SV, 10> c_joint{"link1", "link2",  "amotor", "ball",      "fixed",
                                     "hinge", "hinge2", "slider", "universal", "ext"};
constexpr std::array<SV, 2> c_ball{"anchor", "ext"};
constexpr std::array<SV, 3> c_anchor_axis{"anchor", "axis", "ext"};
constexpr std::array<SV, 2> c_axis_only{"axis", "ext"};
constexpr std::array<SV, 6> c_transform{"matrix4f", "position", "rotation", "scale", "euler", "ext"};
constexpr std::array<SV, 3> c_rotation{"euler", "axisangle", "quaternion"};
constexpr std::array<SV, 0> c_none{};

// ---- attributes ------------------------------------------------------------------------------
constexpr std::array<A, 2> a_xode{
    {{"version", T, true, "", Range::any, "XODE version, e.g. 1.0r22 (required)"},
     {"name", T, false, "", Range::any, "document name"}}};
constexpr std::array<A, 1> a_named{{{"name", T, false, "", Range::any, "unique object name"}}};
constexpr std::array<A, 2> a_ext{{{"name", T, false, "", Range::any, "extension name (1.0r22 text)"},
                                  {"ename", T, false, "", Range::any, "extension name (1.0r22 example)"}}};
constexpr std::array<A, 3> a_body{
    {{"name", T, false, "", Range::any, "unique object name"},
     {"enabled", B, false, "true", Range::any, "false = dBodyDisable"},
     {"gravitymode", I, false, "1", Range::any, "0 = not affected by gravity"}}};
constexpr std::array<A, 2> a_space{
    {{"name", T, false, "", Range::any, "unique object name"},
     {"class", T, false, "simple", Range::any, "genokit extension: simple, hash, sap (sweep and prune)"}}};
constexpr std::array<A, 1> a_massstruct{{{"total", N, true, "", Range::positive, "total mass"}}};
constexpr std::array<A, 2> a_massshape{{{"density", N, false, "", Range::positive, "density (preferred)"},
                                        {"total", N, false, "", Range::positive, "total mass"}}};
constexpr std::array<A, 1> a_adjust{
    {{"total", N, true, "", Range::positive, "new total mass (dMassAdjust)"}}};
constexpr std::array<A, 3> a_xyz{{{"x", N, true, "", Range::any, ""},
                                  {"y", N, true, "", Range::any, ""},
                                  {"z", N, true, "", Range::any, ""}}};
constexpr std::array<A, 6> a_imatrix{{{"m00", N, true, "", Range::any, "I11"},
                                      {"m01", N, true, "", Range::any, "I12"},
                                      {"m02", N, true, "", Range::any, "I13"},
                                      {"m11", N, true, "", Range::any, "I22"},
                                      {"m12", N, true, "", Range::any, "I23"},
                                      {"m22", N, true, "", Range::any, "I33"}}};
constexpr std::array<A, 3> a_box{{{"sizex", N, true, "", Range::positive, "full side length"},
                                  {"sizey", N, true, "", Range::positive, "full side length"},
                                  {"sizez", N, true, "", Range::positive, "full side length"}}};
constexpr std::array<A, 1> a_sphere{{{"radius", N, true, "", Range::positive, ""}}};
constexpr std::array<A, 2> a_rl{
    {{"radius", N, true, "", Range::positive, ""},
     {"length", N, true, "", Range::positive, "along local Z (capsule: caps excluded)"}}};
constexpr std::array<A, 4> a_plane{{{"a", N, true, "", Range::any, "normal x"},
                                    {"b", N, true, "", Range::any, "normal y"},
                                    {"c", N, true, "", Range::any, "normal z"},
                                    {"d", N, true, "", Range::any, "offset: a*x+b*y+c*z = d"}}};
constexpr std::array<A, 1> a_ray{{{"length", N, true, "", Range::positive, "along local +Z"}}};
constexpr std::array<A, 4> a_v{{{"x", N, true, "", Range::any, ""},
                                {"y", N, true, "", Range::any, ""},
                                {"z", N, true, "", Range::any, ""},
                                {"e", T, false, "", Range::any, "extension data"}}};
constexpr std::array<A, 3> a_t{{{"ia", I, true, "", Range::any, "vertex index (1-based by default)"},
                                {"ib", I, true, "", Range::any, ""},
                                {"ic", I, true, "", Range::any, ""}}};
constexpr std::array<A, 1> a_trimesh{
    {{"indexbase", I, false, "1", Range::any, "genokit extension: 0 or 1, base of <t> indices"}}};
constexpr std::array<A, 1> a_link{{{"body", T, true, "", Range::any, "name of the linked <body>"}}};
constexpr std::array<A, 4> a_anchor{{{"x", N, true, "", Range::any, ""},
                                     {"y", N, true, "", Range::any, ""},
                                     {"z", N, true, "", Range::any, ""},
                                     {"absolute", B, false, "false", Range::any,
                                      "true = world coordinates; false = in the joint's parent frame"}}};
constexpr std::array<A, 16> a_axis{
    {{"x", N, true, "", Range::any, ""},
     {"y", N, true, "", Range::any, ""},
     {"z", N, true, "", Range::any, ""},
     {"absolute", B, false, "false", Range::any,
      "true = world frame; false = rotated by the joint's parent frame"},
     {"LoStop", N, false, "", Range::any, "dParamLoStop"},
     {"LowStop", N, false, "", Range::any, "alias of LoStop (PyODE)"},
     {"HiStop", N, false, "", Range::any, "dParamHiStop"},
     {"Vel", N, false, "", Range::any, "dParamVel"},
     {"FMax", N, false, "", Range::non_negative, "dParamFMax"},
     {"FudgeFactor", N, false, "", Range::any, "dParamFudgeFactor"},
     {"Bounce", N, false, "", Range::any, "dParamBounce"},
     {"CFM", N, false, "", Range::non_negative, "dParamCFM"},
     {"StopERP", N, false, "", Range::any, "dParamStopERP"},
     {"StopCFM", N, false, "", Range::non_negative, "dParamStopCFM"},
     {"SuspensionERP", N, false, "", Range::any, "dParamSuspensionERP"},
     {"SuspensionCFM", N, false, "", Range::non_negative, "dParamSuspensionCFM"}}};
constexpr std::array<A, 2> a_transform{
    {{"absolute", B, false, "false", Range::any, "true = ignore every ancestor transform"},
     {"scale", N, false, "1", Range::positive, "uniform scale"}}};
constexpr std::array<A, 16> a_matrix{{{"m00", N, true, "", Range::any, ""},
                                      {"m01", N, true, "", Range::any, ""},
                                      {"m02", N, true, "", Range::any, ""},
                                      {"m03", N, true, "", Range::any, ""},
                                      {"m10", N, true, "", Range::any, ""},
                                      {"m11", N, true, "", Range::any, ""},
                                      {"m12", N, true, "", Range::any, ""},
                                      {"m13", N, true, "", Range::any, ""},
                                      {"m20", N, true, "", Range::any, ""},
                                      {"m21", N, true, "", Range::any, ""},
                                      {"m22", N, true, "", Range::any, ""},
                                      {"m23", N, true, "", Range::any, ""},
                                      {"m30", N, true, "", Range::any, "translation x"},
                                      {"m31", N, true, "", Range::any, "translation y"},
                                      {"m32", N, true, "", Range::any, "translation z"},
                                      {"m33", N, true, "", Range::any, ""}}};
constexpr std::array<A, 4> a_euler{{{"x", N, true, "", Range::any, "angle about X"},
                                    {"y", N, true, "", Range::any, "angle about Y"},
                                    {"z", N, true, "", Range::any, "angle about Z"},
                                    {"aformat", F, false, "radians", Range::any, "radians or degrees"}}};
constexpr std::array<A, 5> a_axisangle{{{"x", N, true, "", Range::any, "axis"},
                                        {"y", N, true, "", Range::any, ""},
                                        {"z", N, true, "", Range::any, ""},
                                        {"angle", N, true, "", Range::any, ""},
                                        {"aformat", F, false, "radians", Range::any, "radians or degrees"}}};
constexpr std::array<A, 4> a_quat{{{"x", N, true, "", Range::any, ""},
                                   {"y", N, true, "", Range::any, ""},
                                   {"z", N, true, "", Range::any, ""},
                                   {"w", N, true, "", Range::any, "scalar part"}}};
constexpr std::array<A, 3> a_scale{{{"x", N, true, "", Range::positive, ""},
                                    {"y", N, true, "", Range::positive, ""},
                                    {"z", N, true, "", Range::positive, ""}}};
constexpr std::array<A, 4> a_finrot{{{"mode", I, true, "", Range::any, "0 or 1"},
                                     {"xaxis", N, true, "", Range::any, ""},
                                     {"yaxis", N, true, "", Range::any, ""},
                                     {"zaxis", N, true, "", Range::any, ""}}};

constexpr std::array<ElementSpec, 44> kSchema{{
    {"xode", c_xode, a_xode, false, false, "root; holds worlds"},
    {"world", c_world, a_named, false, false, "an ODE world (dWorldCreate)"},
    {"space", c_space, a_space, false, false, "an ODE space; may nest"},
    {"group", c_group, a_named, false, false, "organisational container with a transform"},
    {"jointgroup", c_jointgroup, a_named, false, false, "dJointGroup for the joints inside"},
    {"ext", c_none, a_ext, true, true, "extension data, kept verbatim"},
    {"body", c_body, a_body, false, false, "a rigid body"},
    {"mass", c_mass, a_named, false, false, "mass operations applied in document order"},
    {"mass_struct", c_mass_struct, a_massstruct, false, false, "dMassSetParameters"},
    {"centerGravity", c_none, a_xyz, false, false, "centre of mass of a mass_struct"},
    {"imatrix", c_none, a_imatrix, false, false, "inertia tensor of a mass_struct (upper triangle)"},
    {"mass_shape", c_mass_shape, a_massshape, false, false, "mass of a shape by density or total"},
    {"adjust", c_none, a_adjust, false, false, "dMassAdjust"},
    {"geom", c_geom, a_named, false, false, "a collision geom; static or attached to its body"},
    {"box", c_shape, a_box, false, false, "box shape"},
    {"sphere", c_shape, a_sphere, false, false, "sphere shape"},
    {"cylinder", c_shape, a_rl, false, false, "cylinder along Z"},
    {"cappedCylinder", c_shape, a_rl, false, false, "capsule along Z"},
    {"cone", c_shape, a_rl, false, false, "cone (ODE 0.16 has no cone geom)"},
    {"plane", c_shape, a_plane, false, false, "static plane"},
    {"ray", c_shape, a_ray, false, false, "ray"},
    {"trimesh", c_trimesh, a_trimesh, false, false, "triangle mesh"},
    {"vertices", c_vertices, {}, false, false, "trimesh vertices"},
    {"triangles", c_triangles, {}, false, false, "trimesh triangles"},
    {"v", c_none, a_v, false, false, "a vertex"},
    {"t", c_none, a_t, false, false, "a triangle"},
    {"joint", c_joint, a_named, false, false, "a joint between two bodies (or a body and the world)"},
    {"link1", c_none, a_link, false, false, "first body"},
    {"link2", c_none, a_link, false, false, "second body"},
    {"amotor", c_axis_only, {}, false, false, "angular motor, 3 axes"},
    {"ball", c_ball, {}, false, false, "ball and socket"},
    {"fixed", c_shape, {}, false, false, "fixed joint"},
    {"hinge", c_anchor_axis, {}, false, false, "hinge, 1 axis"},
    {"hinge2", c_anchor_axis, {}, false, false, "hinge-2, 2 axes"},
    {"slider", c_axis_only, {}, false, false, "slider, 1 axis"},
    {"universal", c_anchor_axis, {}, false, false, "universal, 2 axes"},
    {"anchor", c_none, a_anchor, false, false, "joint anchor point"},
    {"axis", c_none, a_axis, false, false, "joint axis and its limit/motor parameters"},
    {"transform", c_transform, a_transform, false, false, "placement relative to the parent"},
    {"matrix4f", c_none, a_matrix, false, false, "4x4 matrix, row-vector layout (translation m30..m32)"},
    {"position", c_none, a_xyz, false, false, "translation"},
    {"rotation", c_rotation, {}, false, false, "one of euler, axisangle, quaternion"},
    {"euler", c_none, a_euler, false, false, "ODE dRFromEulerAngles(x, y, z)"},
    {"axisangle", c_none, a_axisangle, false, false, "rotation about an axis"},
}};
constexpr std::array<ElementSpec, 7> kSchema2{{
    {"quaternion", c_none, a_quat, false, false, "unit quaternion (x, y, z, w)"},
    {"scale", c_none, a_scale, false, false, "scale (Yake); must be uniform"},
    {"torque", c_none, a_xyz, false, false, "initial torque accumulator (PyODE)"},
    {"force", c_none, a_xyz, false, false, "initial force accumulator (PyODE)"},
    {"linearVel", c_none, a_xyz, false, false, "initial linear velocity (PyODE)"},
    {"angularVel", c_none, a_xyz, false, false, "initial angular velocity (PyODE)"},
    {"finiteRotation", c_none, a_finrot, false, false, "finite rotation mode and axis (PyODE)"},
}};

constexpr std::array<SV, 11> kAxisParams{"LoStop",      "HiStop",        "Vel",          "FMax",
                                         "FudgeFactor", "Bounce",        "CFM",          "StopERP",
                                         "StopCFM",     "SuspensionERP", "SuspensionCFM"};

// The element ids (element_id.hpp) follow the table order.
constexpr bool ids_match_table() {
  for (std::size_t i = 0; i < kSchema.size(); ++i)
    if (kSchema[i].name != kElementNames[i]) return false;
  for (std::size_t i = 0; i < kSchema2.size(); ++i)
    if (kSchema2[i].name != kElementNames[kSchema.size() + i]) return false;
  return kSchema.size() + kSchema2.size() == kElementCount;
}
static_assert(ids_match_table(), "element_id.hpp lists the elements in another order than the schema table");

const std::vector<ElementSpec>& all() {
  static const std::vector<ElementSpec> v = [] {
    std::vector<ElementSpec> r(kSchema.begin(), kSchema.end());
    r.insert(r.end(), kSchema2.begin(), kSchema2.end());
    return r;
  }();
  return v;
}

}  // namespace

ElementSet allowed_children(El parent) {
  static const std::array<ElementSet, kElementCount> masks = [] {
    std::array<ElementSet, kElementCount> m{};
    for (std::size_t i = 0; i < kElementCount; ++i)
      for (auto c : all()[i].children) m[i] |= bit(element_id(c));
    return m;
  }();
  return parent == El::unknown ? 0 : masks[static_cast<std::size_t>(parent)];
}

std::span<const ElementSpec> schema() {
  return all();
}

const ElementSpec* find_element(std::string_view name) {
  El id = element_id(name);
  return id == El::unknown ? nullptr : &all()[static_cast<std::size_t>(id)];
}

const AttrSpec* find_attr(const ElementSpec& e, std::string_view attr) {
  for (const auto& a : e.attrs)
    if (a.name == attr) return &a;
  return nullptr;
}

bool allows_child(const ElementSpec& e, std::string_view child) {
  if (e.open_content) return true;
  for (auto c : e.children)
    if (c == child) return true;
  return false;
}

std::string_view to_string(AttrType t) {
  switch (t) {
    case AttrType::number:
      return "number";
    case AttrType::integer:
      return "integer";
    case AttrType::boolean:
      return "boolean";
    case AttrType::text:
      return "text";
    case AttrType::angle_format:
      return "radians|degrees";
  }
  return "?";
}

std::span<const std::string_view> axis_param_names() {
  return kAxisParams;
}

std::string schema_markdown() {
  std::string s = "| element | children | attributes |\n|---|---|---|\n";
  for (const auto& e : all()) {
    std::string ch, at;
    for (auto c : e.children) ch += (ch.empty() ? "" : ", ") + std::string(c);
    if (e.open_content) ch = "anything (kept verbatim)";
    for (const auto& a : e.attrs) {
      at += (at.empty() ? "" : ", ") + std::string("`") + std::string(a.name) + "` " +
            std::string(to_string(a.type));
      if (a.required) at += " (required)";
      if (!a.default_value.empty()) at += " = " + std::string(a.default_value);
      if (a.range == Range::positive) at += " > 0";
    }
    s += "| `" + std::string(e.name) + "` | " + ch + " | " + at + " |\n";
  }
  return s;
}

}  // namespace genokit::xode
