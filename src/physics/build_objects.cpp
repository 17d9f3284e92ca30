// Creating the ODE worlds, spaces, bodies and geoms of a checked scene (world_impl.hpp).
#include <cstring>

#include "physics/world_impl.hpp"

namespace genokit::physics {
namespace {

// All three components +0.0 (what ODE gives a new body): +0.0 is the one double whose bits are
// all zero.
std::uint64_t bits(double x) {
  std::uint64_t b;
  std::memcpy(&b, &x, sizeof b);
  return b;
}
bool zero(const xode::Vec3& v) {
  return (bits(v[0]) | bits(v[1]) | bits(v[2])) == 0;
}
// Exactly the identity with +0.0 off the diagonal (what ODE gives a new body).
bool identity(const xode::Mat3& r) {
  std::uint64_t differ = 0;
  for (std::size_t i = 0; i < 9; ++i) differ |= bits(r[i]) ^ (i % 4 == 0 ? bits(1.0) : 0);
  return differ == 0;
}

}  // namespace

void World::Impl::make_spaces_and_bodies() {
  const auto& s = scene;
  worlds.reserve(s.worlds.size());
  spaces.reserve(s.spaces.size());
  bodies.reserve(s.bodies.size());
  for (std::size_t i = 0; i < s.worlds.size(); ++i) worlds.push_back(dWorldCreate());
  for (const auto& sp : s.spaces) {
    dSpaceID parent = sp.parent >= 0 ? spaces[static_cast<std::size_t>(sp.parent)] : nullptr;
    dSpaceID id = sp.kind == "hash"  ? dHashSpaceCreate(parent)
                  : sp.kind == "sap" ? dSweepAndPruneSpaceCreate(parent, dSAP_AXES_XYZ)
                                     : dSimpleSpaceCreate(parent);
    dSpaceSetCleanup(id, 0);  // geoms are destroyed by us
    spaces.push_back(id);
  }
  for (std::size_t i = 0; i < s.bodies.size(); ++i) {
    const auto& b = s.bodies[i];
    dBodyID id = dBodyCreate(worlds[static_cast<std::size_t>(b.world)]);
    bodies.push_back(id);
    dBodySetData(id, tag(i));
    if (!b.enabled) dBodyDisable(id);
    if (b.gravity_mode == 0) dBodySetGravityMode(id, 0);
    // A new body is at +0 with the identity rotation and has zero force, torque and velocities:
    // only other values (-0.0 included) are set (setting them again would change nothing).
    if (!zero(b.position)) dBodySetPosition(id, b.position[0], b.position[1], b.position[2]);
    if (!identity(b.rotation)) {
      dMatrix3 R;
      to_ode(b.rotation, R);
      dBodySetRotation(id, R);
    }
    if (!zero(b.torque)) dBodySetTorque(id, b.torque[0], b.torque[1], b.torque[2]);
    if (!zero(b.force)) dBodySetForce(id, b.force[0], b.force[1], b.force[2]);
    if (b.finite_rotation_set) {
      dBodySetFiniteRotationMode(id, b.finite_rotation_mode);
      dBodySetFiniteRotationAxis(id, b.finite_rotation_axis[0], b.finite_rotation_axis[1],
                                 b.finite_rotation_axis[2]);
    }
    if (!zero(b.linear_velocity))
      dBodySetLinearVel(id, b.linear_velocity[0], b.linear_velocity[1], b.linear_velocity[2]);
    if (!zero(b.angular_velocity))
      dBodySetAngularVel(id, b.angular_velocity[0], b.angular_velocity[1], b.angular_velocity[2]);
    if (b.has_mass) {
      dMass m;
      dMassSetZero(&m);
      m.mass = b.mass.mass;
      for (int r = 0; r < 3; ++r)
        for (int k = 0; k < 3; ++k) m.I[r * 4 + k] = b.mass.I[static_cast<std::size_t>(r * 3 + k)];
      dBodySetMass(id, &m);
    }
  }
}

void World::Impl::make_geoms() {
  geoms.reserve(scene.geoms.size());
  inner.reserve(scene.geoms.size());
  for (const auto& g : scene.geoms) {
    dSpaceID space = g.space >= 0 ? spaces[static_cast<std::size_t>(g.space)] : nullptr;
    const bool wrapped = g.placement == xode::Placement::geom_transform;
    dSpaceID target = wrapped ? nullptr : space;
    const auto& p = g.params;
    dGeomID id = nullptr;
    switch (g.shape) {
      case xode::Shape::box:
        id = dCreateBox(target, p[0], p[1], p[2]);
        break;
      case xode::Shape::sphere:
        id = dCreateSphere(target, p[0]);
        break;
      case xode::Shape::capsule:
        id = dCreateCapsule(target, p[0], p[1]);
        break;
      case xode::Shape::cylinder:
        id = dCreateCylinder(target, p[0], p[1]);
        break;
      case xode::Shape::plane:
        id = dCreatePlane(target, p[0], p[1], p[2], p[3]);
        break;
      case xode::Shape::ray:
        id = dCreateRay(target, p[0]);
        break;
      case xode::Shape::trimesh: {
        // ODE keeps pointers to the vertices (the scene's, which the world owns) and indices.
        mesh_indices.emplace_back(g.indices.begin(), g.indices.end());
        dTriMeshDataID data = dGeomTriMeshDataCreate();
        meshes.push_back(data);
        dGeomTriMeshDataBuildDouble(data, g.vertices.data(), 3 * sizeof(double),
                                    static_cast<int>(g.vertices.size() / 3), mesh_indices.back().data(),
                                    static_cast<int>(mesh_indices.back().size()), 3 * sizeof(dTriIndex));
        id = dCreateTriMesh(target, data, nullptr, nullptr, nullptr);
        break;
      }
      case xode::Shape::cone:  // rejected by the checks
        break;
    }
    // Kept at once, so the geom is destroyed with the world whatever happens below.
    geoms.push_back(id);
    inner.push_back(id);
    dGeomID outer = id;
    dBodyID b = body(g.body);
    dMatrix3 R;
    to_ode(g.rotation, R);
    switch (g.placement) {
      case xode::Placement::world:
        dGeomSetPosition(id, g.position[0], g.position[1], g.position[2]);
        dGeomSetRotation(id, R);
        break;
      case xode::Placement::body_origin:
        dGeomSetBody(id, b);
        break;
      case xode::Placement::body_offset:
        dGeomSetBody(id, b);
        dGeomSetOffsetPosition(id, g.position[0], g.position[1], g.position[2]);
        dGeomSetOffsetRotation(id, R);
        break;
      case xode::Placement::geom_transform:
        dGeomSetPosition(id, g.position[0], g.position[1], g.position[2]);
        dGeomSetRotation(id, R);
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
        // PyODE's GeomTransform (compat modes only; standard mode uses geom offsets).
        outer = dCreateGeomTransform(space);
        geoms.back() = outer;  // owns `id` from the next line on (cleanup set)
        dGeomTransformSetGeom(outer, id);
        dGeomTransformSetCleanup(outer, 1);
#pragma GCC diagnostic pop
        dGeomSetBody(outer, b);
        break;
      case xode::Placement::none:
        break;
    }
    if (outer) dGeomSetData(outer, tag(geoms.size() - 1));
  }
}

}  // namespace genokit::physics
