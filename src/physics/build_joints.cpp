// Creating the ODE joints of a checked scene (world_impl.hpp): attached, anchored and given their
// axes and parameters in the order PyODE applies them.
#include "physics/world_impl.hpp"

namespace genokit::physics {
namespace {

dJointID create(xode::JointType t, dWorldID w, dJointGroupID group) {
  switch (t) {
    case xode::JointType::amotor:
      return dJointCreateAMotor(w, group);
    case xode::JointType::ball:
      return dJointCreateBall(w, group);
    case xode::JointType::fixed:
      return dJointCreateFixed(w, group);
    case xode::JointType::hinge:
      return dJointCreateHinge(w, group);
    case xode::JointType::hinge2:
      return dJointCreateHinge2(w, group);
    case xode::JointType::slider:
      return dJointCreateSlider(w, group);
    case xode::JointType::universal:
      return dJointCreateUniversal(w, group);
  }
  return nullptr;
}

void set_anchor(dJointID id, xode::JointType t, const xode::Vec3& a) {
  switch (t) {
    case xode::JointType::ball:
      dJointSetBallAnchor(id, a[0], a[1], a[2]);
      break;
    case xode::JointType::hinge:
      dJointSetHingeAnchor(id, a[0], a[1], a[2]);
      break;
    case xode::JointType::hinge2:
      dJointSetHinge2Anchor(id, a[0], a[1], a[2]);
      break;
    case xode::JointType::universal:
      dJointSetUniversalAnchor(id, a[0], a[1], a[2]);
      break;
    default:
      break;
  }
}

void set_axis(dJointID id, xode::JointType t, std::size_t k, const xode::Vec3& d) {
  switch (t) {
    case xode::JointType::hinge:
      dJointSetHingeAxis(id, d[0], d[1], d[2]);
      break;
    case xode::JointType::slider:
      dJointSetSliderAxis(id, d[0], d[1], d[2]);
      break;
    case xode::JointType::universal:
      if (k == 0)
        dJointSetUniversalAxis1(id, d[0], d[1], d[2]);
      else
        dJointSetUniversalAxis2(id, d[0], d[1], d[2]);
      break;
    case xode::JointType::hinge2: {
      dVector3 v{d[0], d[1], d[2], 0};
      if (k == 0)
        dJointSetHinge2Axes(id, v, nullptr);
      else
        dJointSetHinge2Axes(id, nullptr, v);
      break;
    }
    case xode::JointType::amotor:
      dJointSetAMotorAxis(id, static_cast<int>(k), 0, d[0], d[1], d[2]);
      break;
    default:
      break;
  }
}

}  // namespace

void World::Impl::make_joints() {
  jointgroups.reserve(scene.jointgroups.size());
  for (std::size_t i = 0; i < scene.jointgroups.size(); ++i) jointgroups.push_back(dJointGroupCreate(0));
  joints.reserve(scene.joints.size());
  for (std::size_t i = 0; i < scene.joints.size(); ++i) {
    const auto& j = scene.joints[i];
    dWorldID w = worlds[static_cast<std::size_t>(j.world)];
    dJointGroupID grp = j.jointgroup >= 0 ? jointgroups[static_cast<std::size_t>(j.jointgroup)] : nullptr;
    dJointID id = create(j.type, w, grp);
    joints.push_back(id);
    dBodyID b1 = body(j.body1), b2 = body(j.body2);
    dJointAttach(id, b1, b2);
    if (j.has_anchor) set_anchor(id, j.type, j.anchor);
    if (j.type == xode::JointType::amotor) dJointSetAMotorNumAxes(id, static_cast<int>(j.axes.size()));
    const ParamAccess params = param_access(j.type);
    for (std::size_t k = 0; k < j.axes.size(); ++k) {
      set_axis(id, j.type, k, j.axes[k].direction);
      if (params.set)
        for (const auto& [pi, v] : j.axes[k].params)
          params.set(id, kParamIds[pi] + dParamGroup * static_cast<int>(k), v);
    }
    if (j.set_fixed && j.type == xode::JointType::fixed) dJointSetFixed(id);
    const bool is_euler = j.type == xode::JointType::amotor && j.amotor_mode == 1;
    detail::EulerAmotor e;
    if (is_euler) {
      // ODE's stored axes 0 and 2, read while the motor is still in user mode.
      e.joint = i;
      dJointGetAMotorAxis(id, 0, e.axis0);
      dJointGetAMotorAxis(id, 2, e.axis2);
      dJointSetAMotorMode(id, dAMotorEuler);
    }
    // ODE keeps a joint's bodies in order, the first missing one swapped to the end.
    e.first = b1 ? b1 : b2;
    e.second = b1 ? b2 : nullptr;
    if (j.reattach_to_environment) {
      dJointAttach(id, b1, nullptr);
      e.first = b1;
      e.second = nullptr;
    }
    if (is_euler) euler.push_back(e);
  }
}

}  // namespace genokit::physics
