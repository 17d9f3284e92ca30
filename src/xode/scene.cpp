// The scene model's names and the dispatch to the builder of each mode.
#include "genokit/xode/scene.hpp"

#include "xode/build_common.hpp"

namespace genokit::xode {

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

std::optional<Scene> build_scene(const Document& doc, Diagnostics& diags, const BuildOptions& opt) {
  const std::size_t before = diags.error_count();
  Scene scene;
  scene.compat = opt.compat;
  const bool ok = opt.compat == Compat::standard ? build_standard(doc, opt, scene, diags)
                                                 : build_pyode(doc, opt, scene, diags);
  if (!ok || diags.error_count() != before) return std::nullopt;
  return scene;
}

}  // namespace genokit::xode
