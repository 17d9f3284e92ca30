// What a physics::World holds: the scene and the ODE objects made from it, in scene order. Its
// jobs are spread by file: build_objects.cpp (bodies, geoms, spaces), build_joints.cpp, step.cpp
// (stepping and contacts), snapshot.cpp (reading ODE back), world.cpp (lifetime, reuse).
#pragma once

#include <ode/ode.h>

#include <cstdint>
#include <utility>
#include <vector>

#include "genokit/physics/world.hpp"
#include "physics/checks.hpp"

namespace genokit::physics {

struct World::Impl {
  xode::Scene scene;
  std::vector<dWorldID> worlds;
  std::vector<dSpaceID> spaces;
  std::vector<dBodyID> bodies;
  std::vector<dGeomID> geoms;  // what lives in the space (a GeomTransform for wrapped geoms)
  std::vector<dGeomID> inner;  // the shape geom
  std::vector<dJointID> joints;
  std::vector<dJointGroupID> jointgroups;
  std::vector<dTriMeshDataID> meshes;
  std::vector<std::vector<dTriIndex>> mesh_indices;
  // AMotors in Euler mode, which ODE cannot read when their axes are degenerate.
  std::vector<detail::EulerAmotor> euler;
  dJointGroupID contacts = nullptr;  // made by the first step
  // The worlds' own threading implementation (made by the first step), so that a step ODE
  // stops on leaves its half-run jobs in no other world's way (step.cpp).
  dThreadingImplementationID threading = nullptr;
  bool stopped_in_step = false;
  // ODE stopped on an error: no more steps. The objects are still destroyed.
  bool broken = false;
  // Bodies joined by a joint (sorted pairs), for the near callback: made by the first step.
  std::vector<std::pair<dBodyID, dBodyID>> linked;
  bool stepping = false;
  std::size_t contacts_step = 0, contacts_all = 0, contacts_max = 0;
  SimOptions sim;
  bool configured = false;
  double sim_mu = 1;
  int contact_mode = 0;

  // Bodies and geoms carry their scene index + 1 as ODE user data (0 = not ours).
  static int index_of(dBodyID b) {
    return static_cast<int>(reinterpret_cast<std::intptr_t>(dBodyGetData(b))) - 1;
  }
  static int index_of(dGeomID g) {
    return static_cast<int>(reinterpret_cast<std::intptr_t>(dGeomGetData(g))) - 1;
  }
  static void* tag(std::size_t i) { return reinterpret_cast<void*>(static_cast<std::intptr_t>(i + 1)); }
  dBodyID body(int i) const {
    return i >= 0 && static_cast<std::size_t>(i) < bodies.size() ? bodies[static_cast<std::size_t>(i)]
                                                                 : nullptr;
  }

  ~Impl() { destroy(); }
  void destroy();
  // Back to the state of a new Impl, keeping the vectors' capacity (world.cpp).
  void recycle();

  // Creates the ODE objects (the scene passed its checks); false when ODE stopped anyway.
  bool build(Diagnostics& diags);
  void make_spaces_and_bodies();
  void make_geoms();
  void make_joints();

  void configure(const SimOptions& opt);
  void prepare_stepping();
  void near(dGeomID a, dGeomID b);
  // The first Euler AMotor ODE would stop on in the next step, or null.
  const detail::EulerAmotor* euler_amotor_odes_step_stops_on() const;
};

// dMatrix3 (3x4 padded) from a row-major 3x3 and back.
inline void to_ode(const xode::Mat3& r, dMatrix3 R) {
  for (int i = 0; i < 3; ++i) {
    for (int k = 0; k < 3; ++k) R[i * 4 + k] = r[static_cast<std::size_t>(i * 3 + k)];
    R[i * 4 + 3] = 0;
  }
}
inline xode::Mat3 from_ode(const dReal* R) {
  xode::Mat3 r;
  for (int i = 0; i < 3; ++i)
    for (int k = 0; k < 3; ++k) r[static_cast<std::size_t>(i * 3 + k)] = R[i * 4 + k];
  return r;
}
inline xode::Vec3 vec3(const dReal* v) {
  return {v[0], v[1], v[2]};
}

// ODE 0.16's parameter ids of xode::axis_param_names(), in that order.
inline constexpr int kParamIds[] = {dParamLoStop,      dParamHiStop,        dParamVel,          dParamFMax,
                                    dParamFudgeFactor, dParamBounce,        dParamCFM,          dParamStopERP,
                                    dParamStopCFM,     dParamSuspensionERP, dParamSuspensionCFM};

// The parameter setter and getter of a joint type (null for types without axis parameters).
struct ParamAccess {
  void (*set)(dJointID, int, dReal) = nullptr;
  dReal (*get)(dJointID, int) = nullptr;
};
inline ParamAccess param_access(xode::JointType t) {
  switch (t) {
    case xode::JointType::hinge:
      return {dJointSetHingeParam, dJointGetHingeParam};
    case xode::JointType::slider:
      return {dJointSetSliderParam, dJointGetSliderParam};
    case xode::JointType::universal:
      return {dJointSetUniversalParam, dJointGetUniversalParam};
    case xode::JointType::hinge2:
      return {dJointSetHinge2Param, dJointGetHinge2Param};
    case xode::JointType::amotor:
      return {dJointSetAMotorParam, dJointGetAMotorParam};
    default:
      return {};
  }
}

}  // namespace genokit::physics
