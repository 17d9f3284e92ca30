// Reading a world back through ODE's getters into plain data (physics::Snapshot).
#include "physics/ode_guard.hpp"
#include "physics/world_impl.hpp"

namespace genokit::physics {
namespace {

using JT = xode::JointType;

Snapshot::BodyState body_state(dBodyID b) {
  Snapshot::BodyState s;
  s.position = vec3(dBodyGetPosition(b));
  s.rotation = from_ode(dBodyGetRotation(b));
  const dReal* q = dBodyGetQuaternion(b);
  s.quaternion = {q[0], q[1], q[2], q[3]};
  s.enabled = dBodyIsEnabled(b) != 0;
  s.gravity_mode = dBodyGetGravityMode(b);
  dMass m;
  dBodyGetMass(b, &m);
  s.mass = m.mass;
  s.center = vec3(m.c);
  s.inertia = from_ode(m.I);
  s.linear_velocity = vec3(dBodyGetLinearVel(b));
  s.angular_velocity = vec3(dBodyGetAngularVel(b));
  s.force = vec3(dBodyGetForce(b));
  s.torque = vec3(dBodyGetTorque(b));
  s.finite_rotation_mode = dBodyGetFiniteRotationMode(b);
  dVector3 axis;
  dBodyGetFiniteRotationAxis(b, axis);
  s.finite_rotation_axis = vec3(axis);
  return s;
}

void shape_params(dGeomID g, xode::Shape shape, Snapshot::GeomState& s) {
  switch (shape) {
    case xode::Shape::box: {
      dVector3 l;
      dGeomBoxGetLengths(g, l);
      s.lengths = vec3(l);
      break;
    }
    case xode::Shape::sphere:
      s.radius = dGeomSphereGetRadius(g);
      break;
    case xode::Shape::capsule:
      dGeomCapsuleGetParams(g, &s.radius, &s.length);
      break;
    case xode::Shape::cylinder:
      dGeomCylinderGetParams(g, &s.radius, &s.length);
      break;
    case xode::Shape::plane: {
      dVector4 p;
      dGeomPlaneGetParams(g, p);
      s.plane = {p[0], p[1], p[2], p[3]};
      break;
    }
    case xode::Shape::ray: {
      dVector3 start, dir;
      dGeomRayGet(g, start, dir);
      s.length = dGeomRayGetLength(g);
      s.ray_origin = vec3(start);
      s.ray_direction = vec3(dir);
      break;
    }
    case xode::Shape::trimesh:
      s.triangle_count = dGeomTriMeshGetTriangleCount(g);
      break;
    case xode::Shape::cone:
      break;
  }
}

void joint_state(dJointID j, JT t, Snapshot::JointState& s) {
  auto index = [](dBodyID b) { return b ? World::Impl::index_of(b) : -1; };
  s.body1 = index(dJointGetBody(j, 0));
  s.body2 = index(dJointGetBody(j, 1));
  dVector3 a, b, c, d;
  switch (t) {
    case JT::ball:
      dJointGetBallAnchor(j, a), dJointGetBallAnchor2(j, b);
      s.anchor = vec3(a), s.anchor2 = vec3(b);
      break;
    case JT::hinge:
      dJointGetHingeAnchor(j, a), dJointGetHingeAnchor2(j, b), dJointGetHingeAxis(j, c);
      s.anchor = vec3(a), s.anchor2 = vec3(b), s.axis1 = vec3(c);
      break;
    case JT::slider:
      dJointGetSliderAxis(j, c);
      s.axis1 = vec3(c);
      break;
    case JT::hinge2:
      dJointGetHinge2Anchor(j, a), dJointGetHinge2Anchor2(j, b);
      dJointGetHinge2Axis1(j, c), dJointGetHinge2Axis2(j, d);
      s.anchor = vec3(a), s.anchor2 = vec3(b), s.axis1 = vec3(c), s.axis2 = vec3(d);
      break;
    case JT::universal:
      dJointGetUniversalAnchor(j, a), dJointGetUniversalAnchor2(j, b);
      dJointGetUniversalAxis1(j, c), dJointGetUniversalAxis2(j, d);
      s.anchor = vec3(a), s.anchor2 = vec3(b), s.axis1 = vec3(c), s.axis2 = vec3(d);
      break;
    default:
      break;
  }
  s.param_groups = t == JT::hinge || t == JT::slider ? 1 : (t == JT::hinge2 || t == JT::universal) ? 2 : 0;
  if (t == JT::amotor) {
    s.param_groups = dJointGetAMotorNumAxes(j);
    s.amotor_mode = dJointGetAMotorMode(j);
    s.amotor_axes = s.param_groups;
    for (int k = 0; k < s.amotor_axes; ++k) {
      dJointGetAMotorAxis(j, k, a);
      s.amotor_axis[static_cast<std::size_t>(k)] = vec3(a);
      s.amotor_rel[static_cast<std::size_t>(k)] = dJointGetAMotorAxisRel(j, k);
    }
  }
  const ParamAccess access = param_access(t);
  for (int g = 0; g < s.param_groups; ++g)
    for (std::size_t k = 0; k < std::size(kParamIds); ++k)
      s.params[static_cast<std::size_t>(g)][k] = access.get(j, kParamIds[k] + dParamGroup * g);
}

}  // namespace

Snapshot World::snapshot() const {
  const Impl& im = *impl_;
  const auto& sc = im.scene;
  Snapshot out;
  for (dWorldID w : im.worlds) {
    Snapshot::WorldState s;
    dVector3 g;
    dWorldGetGravity(w, g);
    s.gravity = vec3(g);
    s.erp = dWorldGetERP(w);
    s.cfm = dWorldGetCFM(w);
    out.worlds.push_back(s);
  }
  for (dSpaceID sp : im.spaces) out.spaces.push_back({dSpaceGetNumGeoms(sp)});
  for (dBodyID b : im.bodies) out.bodies.push_back(body_state(b));
  for (std::size_t i = 0; i < im.geoms.size(); ++i) {
    Snapshot::GeomState s;
    dGeomID outer = im.geoms[i], g = im.inner[i];
    s.via_transform = outer != g;
    dBodyID body = dGeomGetBody(outer);
    s.body = body ? Impl::index_of(body) : -1;
    dSpaceID space = dGeomGetSpace(outer);
    for (std::size_t k = 0; k < im.spaces.size(); ++k)
      if (im.spaces[k] == space) s.space = static_cast<int>(k);
    const xode::Shape shape = sc.geoms[i].shape;
    shape_params(g, shape, s);
    if (shape != xode::Shape::plane) {
      s.position = vec3(dGeomGetPosition(g));
      s.rotation = from_ode(dGeomGetRotation(g));
      if (s.via_transform) {
        s.outer_position = vec3(dGeomGetPosition(outer));
        s.outer_rotation = from_ode(dGeomGetRotation(outer));
      }
    }
    out.geoms.push_back(s);
  }
  for (std::size_t i = 0; i < im.joints.size(); ++i) {
    // ODE reads an Euler AMotor's axes from its bodies and aborts on degenerate ones.
    for (const auto& e : im.euler)
      if (e.joint == i && !detail::euler_axes_ok(e)) {
        out.failure = Snapshot::Failure{i,
                                        "ODE cannot derive the axes of this AMotor in Euler mode: its axes 0 "
                                        "and 2 are unset or parallel, "
                                        "or it links no body (ODE would abort in dxNormalize3)"};
        return out;
      }
    Snapshot::JointState s;
    if (auto error = detail::guarded([&] { joint_state(im.joints[i], sc.joints[i].type, s); })) {
      out.failure = Snapshot::Failure{i, *error};
      return out;
    }
    out.joints.push_back(s);
  }
  return out;
}

std::array<xode::Vec3, 3> World::triangle(std::size_t geom, int t) const {
  dVector3 v0, v1, v2;
  dGeomTriMeshGetTriangle(impl_->inner[geom], t, &v0, &v1, &v2);
  return {vec3(v0), vec3(v1), vec3(v2)};
}

}  // namespace genokit::physics
