// ODE instantiation, dump and stepping for a resolved XODE scene.
#include "genokit/physics/world.hpp"

#include <ode/ode.h>

#include <algorithm>
#include <cmath>
#include <csetjmp>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <unordered_map>

#include "genokit/core/numbers.hpp"
#include "genokit/xode/schema.hpp"
#include "physics/ode_memory.hpp"

namespace genokit::physics {
namespace {

// ---- ODE error handling ----------------------------------------------------------------------
// ODE calls the error/debug handler and then aborts if it returns, so the handler jumps back to
// the guarded region instead. Only plain C ODE frames lie between the setjmp and the handler.
thread_local std::jmp_buf* g_jump = nullptr;
thread_local std::string g_fatal;
thread_local std::vector<std::string> g_messages;

std::string vformat(const char* fmt, va_list ap) {
  char buf[1024];
  std::vsnprintf(buf, sizeof buf, fmt, ap);
  return buf;
}

void on_fatal(int num, const char* msg, va_list ap) {
  g_fatal = vformat(msg, ap);
  if (g_jump) std::longjmp(*g_jump, 1);
  std::fprintf(stderr, "genokit: ODE fatal error outside a guarded call: %s\n", g_fatal.c_str());
  std::abort();
}
void on_message(int num, const char* msg, va_list ap) {
  g_messages.push_back(vformat(msg, ap));
}

void init_ode() {
  static std::once_flag once;
  std::call_once(once, [] {
    install_ode_memory();
    dInitODE2(0);
    dSetErrorHandler(on_fatal);
    dSetDebugHandler(on_fatal);
    dSetMessageHandler(on_message);
  });
}

constexpr int kParamIds[] = {dParamLoStop,      dParamHiStop,        dParamVel,          dParamFMax,
                             dParamFudgeFactor, dParamBounce,        dParamCFM,          dParamStopERP,
                             dParamStopCFM,     dParamSuspensionERP, dParamSuspensionCFM};

// dMassCheck's tests (mass > 0, inertia positive definite, centre consistent) for a mass centred
// on the body origin, with a wide margin: a mass that passes here passes dMassCheck, whose general
// version (Cholesky factorisations through ODE's matrix code) costs more than creating the body.
// Positive definite by the leading principal minors (Sylvester; no square root or division on
// the way), each above 1e-6 of the largest diagonal entry to its power: far above the rounding of
// these products and of ODE's own pivots. Masses near the boundary, off-centre or not finite are
// left to dMassCheck, which decides as before.
bool clearly_valid_mass(const xode::MassParams& m) {
  if (!(m.mass > 0) || m.c != xode::Vec3{0, 0, 0}) return false;
  const auto& I = m.I;  // row-major; ODE reads the lower triangle
  const double a = I[0], b = I[3], c = I[4], d = I[6], e = I[7], f = I[8];  // a; b c; d e f
  const double s = std::max({a, c, f});
  if (!(s > 0) || !std::isfinite(s)) return false;
  const double m1 = a, m2 = a * c - b * b;
  const double m3 = a * (c * f - e * e) - b * (b * f - e * d) + d * (b * e - c * d);
  const double k = 1e-6;
  return m1 > k * s && m2 > k * s * s && m3 > k * s * s * s && std::isfinite(m3);
}

double round_sig(double x, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*g", digits, x);
  auto v = parse_double(buf);
  return v ? *v : x;
}

}  // namespace

nlohmann::json oracle_number(double x, int digits) {
  if (std::isnan(x)) return "nan";
  if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
  if (std::fabs(x) < 1e-14) return 0.0;
  double r = round_sig(x, digits);
  return r == 0.0 ? 0.0 : r;
}

struct World::Impl {
  const xode::Scene* scene = nullptr;
  std::vector<dWorldID> worlds;
  std::vector<dSpaceID> spaces;
  std::vector<dBodyID> bodies;
  std::vector<dGeomID> geoms;  // what lives in the space (a GeomTransform for wrapped geoms)
  std::vector<dGeomID> inner;  // the shape geom
  std::vector<dJointID> joints;
  std::vector<dJointGroupID> jointgroups;
  std::vector<dTriMeshDataID> meshes;
  std::vector<std::vector<double>> mesh_vertices;
  std::vector<std::vector<dTriIndex>> mesh_indices;
  dJointGroupID contacts = nullptr;  // made by the first step
  // ODE reported a fatal error: no more steps. The objects are still destroyed: ODE's assertions
  // check arguments before changing state, and leaking would hide real leaks from LeakSanitizer.
  bool broken = false;
  std::vector<std::string> refs_body, refs_geom, refs_joint, refs_space;
  // Bodies and geoms carry their scene index + 1 as ODE user data (0 = not ours).
  static int index_of(dBodyID b) {
    return static_cast<int>(reinterpret_cast<std::intptr_t>(dBodyGetData(b))) - 1;
  }
  static int index_of(dGeomID g) {
    return static_cast<int>(reinterpret_cast<std::intptr_t>(dGeomGetData(g))) - 1;
  }
  static void* tag(std::size_t i) { return reinterpret_cast<void*>(static_cast<std::intptr_t>(i + 1)); }
  // Bodies joined by a joint (sorted pairs), for the near callback: made by the first step.
  std::vector<std::pair<dBodyID, dBodyID>> linked;
  bool stepping = false;
  void prepare_stepping();
  std::size_t contacts_step = 0, contacts_all = 0, contacts_max = 0;
  SimOptions sim;
  double sim_mu = 1;
  int contact_mode = 0;
  std::string last_error;

  ~Impl() { destroy(); }
  void destroy() {
    if (contacts) dJointGroupDestroy(contacts);
    for (auto g : jointgroups) dJointGroupDestroy(g);
    for (auto g : geoms)
      if (g) dGeomDestroy(g);
    for (std::size_t i = 0; i < inner.size(); ++i)
      if (inner[i] && inner[i] != geoms[i] && !geoms[i]) dGeomDestroy(inner[i]);
    for (auto s : spaces)
      if (s) dSpaceDestroy(s);
    for (auto w : worlds) dWorldDestroy(w);
    for (auto m : meshes) dGeomTriMeshDataDestroy(m);
    contacts = nullptr;
    jointgroups.clear();
    geoms.clear();
    inner.clear();
    spaces.clear();
    worlds.clear();
    meshes.clear();
  }
  // Back to the state of a new Impl (every member), keeping the vectors' capacity: a World
  // reuses the Impl of a previous one on the same thread (see take_impl()).
  void recycle() {
    destroy();
    scene = nullptr;
    bodies.clear();
    joints.clear();
    mesh_vertices.clear();
    mesh_indices.clear();
    broken = false;
    refs_body.clear();
    refs_geom.clear();
    refs_joint.clear();
    refs_space.clear();
    refs_made = false;
    linked.clear();
    stepping = false;
    contacts_step = contacts_all = contacts_max = 0;
    sim = SimOptions{};
    sim_mu = 1;
    contact_mode = 0;
    last_error.clear();
    // Large worlds do not keep their memory.
    auto trim = [](auto& v) {
      if (v.capacity() > 4096) std::remove_reference_t<decltype(v)>().swap(v);
    };
    trim(worlds), trim(spaces), trim(bodies), trim(geoms), trim(inner), trim(joints), trim(jointgroups);
    trim(meshes), trim(mesh_vertices), trim(mesh_indices), trim(linked);
    trim(refs_body), trim(refs_geom), trim(refs_joint), trim(refs_space);
  }

  // Refs (a unique name, else the path) are needed only for dumps and reports.
  bool refs_made = false;
  void make_refs() {
    if (refs_made) return;
    refs_made = true;
    const auto& s = *scene;
    std::unordered_map<std::string_view, int> count;
    auto tally = [&](std::string_view n) {
      if (!n.empty()) ++count[n];
    };
    for (auto& w : s.worlds) tally(w.name);
    for (auto& x : s.spaces) tally(x.name);
    for (auto& b : s.bodies) tally(b.name);
    for (auto& g : s.geoms) tally(g.name);
    for (auto& j : s.joints) tally(j.name);
    auto ref = [&](std::string_view name, std::string_view path) {
      return std::string(!name.empty() && count[name] == 1 ? name : path);
    };
    for (auto& b : s.bodies) refs_body.push_back(ref(b.name, b.path));
    for (auto& g : s.geoms) refs_geom.push_back(ref(g.name, g.path));
    for (auto& j : s.joints) refs_joint.push_back(ref(j.name, j.path));
    for (auto& x : s.spaces) refs_space.push_back(ref(x.name, x.path));
  }

  bool build(Diagnostics& diags, const xode::Document* doc);
  void near(dGeomID a, dGeomID b);
};

namespace {
void near_trampoline(void* data, dGeomID a, dGeomID b) {
  static_cast<World::Impl*>(data)->near(a, b);
}

void set_axis_param(dJointID j, xode::JointType t, int param, double v) {
  switch (t) {
    case xode::JointType::hinge:
      dJointSetHingeParam(j, param, v);
      break;
    case xode::JointType::slider:
      dJointSetSliderParam(j, param, v);
      break;
    case xode::JointType::universal:
      dJointSetUniversalParam(j, param, v);
      break;
    case xode::JointType::hinge2:
      dJointSetHinge2Param(j, param, v);
      break;
    case xode::JointType::amotor:
      dJointSetAMotorParam(j, param, v);
      break;
    default:
      break;
  }
}
double get_axis_param(dJointID j, xode::JointType t, int param) {
  switch (t) {
    case xode::JointType::hinge:
      return dJointGetHingeParam(j, param);
    case xode::JointType::slider:
      return dJointGetSliderParam(j, param);
    case xode::JointType::universal:
      return dJointGetUniversalParam(j, param);
    case xode::JointType::hinge2:
      return dJointGetHinge2Param(j, param);
    case xode::JointType::amotor:
      return dJointGetAMotorParam(j, param);
    default:
      return 0;
  }
}
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
void to_ode(const xode::Mat3& r, dMatrix3 R) {
  for (int i = 0; i < 3; ++i) {
    for (int k = 0; k < 3; ++k) R[i * 4 + k] = r[static_cast<std::size_t>(i * 3 + k)];
    R[i * 4 + 3] = 0;
  }
}
}  // namespace

bool World::Impl::build(Diagnostics& diags, const xode::Document* doc) {
  const auto& s = *scene;
  auto where = [&](std::size_t off) {
    Location l;
    if (doc) l = doc->locate(off);
    return l;
  };
  // Check masses with ODE's own dMassCheck before anything can abort (masses that clearly pass
  // are not handed to it: see clearly_valid_mass).
  for (const auto& b : s.bodies) {
    if (!b.has_mass || clearly_valid_mass(b.mass)) continue;
    dMass m;
    dMassSetZero(&m);
    m.mass = b.mass.mass;
    for (int i = 0; i < 3; ++i) {
      m.c[i] = b.mass.c[static_cast<std::size_t>(i)];
      for (int k = 0; k < 3; ++k) m.I[i * 4 + k] = b.mass.I[static_cast<std::size_t>(i * 3 + k)];
    }
    g_messages.clear();
    if (!dMassCheck(&m)) {
      std::string why = g_messages.empty() ? "dMassCheck failed" : g_messages.back();
      diags.error(
          "physics.bad-mass",
          "body '" + std::string(b.name.empty() ? b.path : b.name) + "': ODE rejects its mass (" + why + ")",
          where(b.offset));
      return false;
    }
    if (b.mass.c != xode::Vec3{0, 0, 0}) {
      diags.error("physics.mass-off-centre",
                  "body '" + std::string(b.name.empty() ? b.path : b.name) +
                      "': the centre of mass is not at the body origin (ODE would abort)",
                  where(b.offset));
      return false;
    }
  }
  worlds.reserve(s.worlds.size());
  spaces.reserve(s.spaces.size());
  bodies.reserve(s.bodies.size());
  geoms.reserve(s.geoms.size());
  inner.reserve(s.geoms.size());
  joints.reserve(s.joints.size());
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
  for (const auto& g : s.geoms) {
    dSpaceID space = g.space >= 0 && static_cast<std::size_t>(g.space) < spaces.size()
                         ? spaces[static_cast<std::size_t>(g.space)]
                         : nullptr;
    bool wrapped = g.placement == xode::Placement::geom_transform;
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
        mesh_vertices.push_back(g.vertices);
        std::vector<dTriIndex> idx(g.indices.begin(), g.indices.end());
        mesh_indices.push_back(std::move(idx));
        dTriMeshDataID data = dGeomTriMeshDataCreate();
        meshes.push_back(data);
        dGeomTriMeshDataBuildDouble(data, mesh_vertices.back().data(), 3 * sizeof(double),
                                    static_cast<int>(g.vertices.size() / 3), mesh_indices.back().data(),
                                    static_cast<int>(mesh_indices.back().size()), 3 * sizeof(dTriIndex));
        id = dCreateTriMesh(target, data, nullptr, nullptr, nullptr);
        break;
      }
      case xode::Shape::cone:
        break;
    }
    // Kept at once: when ODE rejects the placement below (and jumps out of the build), the geom
    // is still destroyed with the world.
    geoms.push_back(id);
    inner.push_back(id);
    dGeomID outer = id;
    dBodyID body = g.body >= 0 ? bodies[static_cast<std::size_t>(g.body)] : nullptr;
    dMatrix3 R;
    to_ode(g.rotation, R);
    switch (g.placement) {
      case xode::Placement::world:
        dGeomSetPosition(id, g.position[0], g.position[1], g.position[2]);
        dGeomSetRotation(id, R);
        break;
      case xode::Placement::body_origin:
        dGeomSetBody(id, body);
        break;
      case xode::Placement::body_offset:
        dGeomSetBody(id, body);
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
        dGeomSetBody(outer, body);
        break;
      case xode::Placement::none:
        break;
    }
    if (outer) dGeomSetData(outer, tag(geoms.size() - 1));
  }
  for (const auto& jg : s.jointgroups) {
    (void)jg;
    jointgroups.push_back(dJointGroupCreate(0));
  }
  for (const auto& j : s.joints) {
    dWorldID w = worlds[static_cast<std::size_t>(j.world)];
    dJointGroupID grp = j.jointgroup >= 0 ? jointgroups[static_cast<std::size_t>(j.jointgroup)] : nullptr;
    dJointID id = nullptr;
    switch (j.type) {
      case xode::JointType::amotor:
        id = dJointCreateAMotor(w, grp);
        break;
      case xode::JointType::ball:
        id = dJointCreateBall(w, grp);
        break;
      case xode::JointType::fixed:
        id = dJointCreateFixed(w, grp);
        break;
      case xode::JointType::hinge:
        id = dJointCreateHinge(w, grp);
        break;
      case xode::JointType::hinge2:
        id = dJointCreateHinge2(w, grp);
        break;
      case xode::JointType::slider:
        id = dJointCreateSlider(w, grp);
        break;
      case xode::JointType::universal:
        id = dJointCreateUniversal(w, grp);
        break;
    }
    joints.push_back(id);
    dBodyID b1 = j.body1 >= 0 ? bodies[static_cast<std::size_t>(j.body1)] : nullptr;
    dBodyID b2 = j.body2 >= 0 ? bodies[static_cast<std::size_t>(j.body2)] : nullptr;
    dJointAttach(id, b1, b2);
    const auto& a = j.anchor;
    if (j.has_anchor) {
      switch (j.type) {
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
    if (j.type == xode::JointType::amotor) dJointSetAMotorNumAxes(id, static_cast<int>(j.axes.size()));
    for (std::size_t k = 0; k < j.axes.size(); ++k) {
      const auto& d = j.axes[k].direction;
      switch (j.type) {
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
      for (const auto& [pi, v] : j.axes[k].params)
        set_axis_param(id, j.type, kParamIds[pi] + dParamGroup * static_cast<int>(k), v);
    }
    if (j.set_fixed && j.type == xode::JointType::fixed) dJointSetFixed(id);
    if (j.type == xode::JointType::amotor && j.amotor_mode == 1) dJointSetAMotorMode(id, dAMotorEuler);
    if (j.reattach_to_environment) dJointAttach(id, b1, nullptr);
  }
  return true;
}

void World::Impl::prepare_stepping() {
  if (stepping) return;
  stepping = true;
  contacts = dJointGroupCreate(0);
  // The pairs the joints attach (as built: a joint re-attached to the environment has none).
  const auto& s = *scene;
  auto body = [&](int i) {
    return i >= 0 && static_cast<std::size_t>(i) < bodies.size() ? bodies[static_cast<std::size_t>(i)]
                                                                 : nullptr;
  };
  for (std::size_t i = 0; i < joints.size(); ++i) {
    const auto& j = s.joints[i];
    dBodyID b1 = body(j.body1), b2 = j.reattach_to_environment ? nullptr : body(j.body2);
    if (b1 && b2) linked.emplace_back(std::min(b1, b2), std::max(b1, b2));
  }
  std::sort(linked.begin(), linked.end());
}

void World::Impl::near(dGeomID a, dGeomID b) {
  if (dGeomIsSpace(a) || dGeomIsSpace(b)) {
    dSpaceCollide2(a, b, this, near_trampoline);
    return;
  }
  dBodyID b1 = dGeomGetBody(a), b2 = dGeomGetBody(b);
  if (!b1 && !b2) return;
  if (b1 == b2) return;
  if (!sim.collide_connected && b1 && b2 &&
      std::binary_search(linked.begin(), linked.end(), std::make_pair(std::min(b1, b2), std::max(b1, b2))))
    return;
  if (!scene->passpairs.empty()) {
    int i1 = index_of(a), i2 = index_of(b);
    const xode::SceneGeom* g1 = i1 >= 0 ? &scene->geoms[static_cast<std::size_t>(i1)] : nullptr;
    const xode::SceneGeom* g2 = i2 >= 0 ? &scene->geoms[static_cast<std::size_t>(i2)] : nullptr;
    if (g1 && g2 && g1->has_pybrain_name && g2->has_pybrain_name)
      for (const auto& group : scene->passpairs) {
        bool in1 = false, in2 = false;
        for (const auto& x : group) {
          in1 = in1 || g1->pybrain_name.find(x) != std::string::npos;
          in2 = in2 || g2->pybrain_name.find(x) != std::string::npos;
        }
        if (in1 && in2) return;
      }
  }
  // Same as PyODE's ode.collide (room for 150 contacts), then the first max_contacts are used.
  dContactGeom cg[150];
  int n = dCollide(a, b, 150, cg, sizeof(dContactGeom));
  if (n <= 0) return;
  dBodyID any = b1 ? b1 : b2;
  dWorldID w = worlds[static_cast<std::size_t>(scene->bodies[static_cast<std::size_t>(index_of(any))].world)];
  int use = std::min(n, sim.max_contacts);
  for (int i = 0; i < use; ++i) {
    dContact c{};
    c.geom = cg[i];
    c.surface.mode = contact_mode;
    c.surface.mu = sim_mu;
    if (sim.contact_model == "pybrain") {
      c.surface.bounce = 0.2;
      c.surface.bounce_vel = 0.05;
      c.surface.soft_erp = 0.6;
      c.surface.soft_cfm = 0.00005;
      c.surface.slip1 = 0.02;
      c.surface.slip2 = 0.02;
    }
    dJointID cj = dJointCreateContact(w, contacts, &c);
    dJointAttach(cj, b1, b2);
    ++contacts_step;
  }
}

namespace {
// Impls of destroyed Worlds, per thread, for the next Worlds (their vectors keep their capacity:
// a world built after another allocates nothing of ours).
std::vector<std::unique_ptr<World::Impl>>& impl_pool() {
  thread_local std::vector<std::unique_ptr<World::Impl>> pool;
  return pool;
}
}  // namespace

World::World() {
  init_ode();
  auto& pool = impl_pool();
  if (pool.empty()) {
    impl_ = std::make_unique<Impl>();
  } else {
    impl_ = std::move(pool.back());
    pool.pop_back();
  }
}
World::~World() {
  if (!impl_) return;
  impl_->recycle();
  auto& pool = impl_pool();
  if (pool.size() < 4) pool.push_back(std::move(impl_));
}

bool World::instantiate(const xode::Scene& scene, Diagnostics& diags, const xode::Document* doc) {
  impl_->scene = &scene;
  std::jmp_buf jb;
  g_jump = &jb;
  if (setjmp(jb) != 0) {
    g_jump = nullptr;
    impl_->broken = true;
    diags.error("physics.ode-error", "ODE stopped while building the world: " + g_fatal);
    return false;
  }
  bool ok = impl_->build(diags, doc);
  g_jump = nullptr;
  return ok;
}

namespace {
nlohmann::json vec(const dReal* v, int digits) {
  return {oracle_number(v[0], digits), oracle_number(v[1], digits), oracle_number(v[2], digits)};
}
nlohmann::json mat(const dReal* R, int digits) {  // dMatrix3, 3x4 padded
  nlohmann::json j = nlohmann::json::array();
  for (int i = 0; i < 3; ++i)
    for (int k = 0; k < 3; ++k) j.push_back(oracle_number(R[i * 4 + k], digits));
  return j;
}
nlohmann::json mat9(const double* m, int digits) {
  nlohmann::json j = nlohmann::json::array();
  for (int i = 0; i < 9; ++i) j.push_back(oracle_number(m[i], digits));
  return j;
}
std::array<double, 4> canonical(const dReal* q) {
  std::array<double, 4> r{q[0], q[1], q[2], q[3]};
  double lead = r[0];
  if (lead == 0.0)
    for (int i = 1; i < 4; ++i)
      if (r[static_cast<std::size_t>(i)] != 0.0) {
        lead = r[static_cast<std::size_t>(i)];
        break;
      }
  if (lead < 0)
    for (auto& v : r) v = -v;
  return r;
}
nlohmann::json quat(const std::array<double, 4>& q, int digits) {
  return {oracle_number(q[0], digits), oracle_number(q[1], digits), oracle_number(q[2], digits),
          oracle_number(q[3], digits)};
}
// The oracle's quat_from_mat (for geoms, whose quaternion it derives from the matrix).
std::array<double, 4> quat_from_mat(const double m[3][3]) {
  double tr = m[0][0] + m[1][1] + m[2][2];
  if (tr > 0) {
    double s = std::sqrt(tr + 1.0) * 2.0;
    return {0.25 * s, (m[2][1] - m[1][2]) / s, (m[0][2] - m[2][0]) / s, (m[1][0] - m[0][1]) / s};
  }
  if (m[0][0] > m[1][1] && m[0][0] > m[2][2]) {
    double s = std::sqrt(1.0 + m[0][0] - m[1][1] - m[2][2]) * 2.0;
    return {(m[2][1] - m[1][2]) / s, 0.25 * s, (m[0][1] + m[1][0]) / s, (m[0][2] + m[2][0]) / s};
  }
  if (m[1][1] > m[2][2]) {
    double s = std::sqrt(1.0 + m[1][1] - m[0][0] - m[2][2]) * 2.0;
    return {(m[0][2] - m[2][0]) / s, (m[0][1] + m[1][0]) / s, 0.25 * s, (m[1][2] + m[2][1]) / s};
  }
  double s = std::sqrt(1.0 + m[2][2] - m[0][0] - m[1][1]) * 2.0;
  return {(m[1][0] - m[0][1]) / s, (m[0][2] + m[2][0]) / s, (m[1][2] + m[2][1]) / s, 0.25 * s};
}
}  // namespace

namespace {
struct JointPod {
  dBodyID b0, b1;
  dVector3 anchor, anchor2, axis1, axis2;
  dVector3 axes[3];
  int rel[3];
  int mode;
  int groups;
  double params[3][11];
};

// Runs `f` with ODE's fatal errors turned into a `false` return. `f` must keep only trivially
// destructible locals: the jump skips its frame and ODE's.
template <class F>
bool guarded(F&& f) {
  std::jmp_buf jb;
  std::jmp_buf* prev = g_jump;
  g_jump = &jb;
  if (setjmp(jb) != 0) {
    g_jump = prev;
    return false;
  }
  f();
  g_jump = prev;
  return true;
}

bool read_joint(dJointID j, xode::JointType t, JointPod& p) {
  return guarded([&] {
    using JT = xode::JointType;
    p.b0 = dJointGetBody(j, 0);
    p.b1 = dJointGetBody(j, 1);
    switch (t) {
      case JT::ball:
        dJointGetBallAnchor(j, p.anchor), dJointGetBallAnchor2(j, p.anchor2);
        break;
      case JT::hinge:
        dJointGetHingeAnchor(j, p.anchor), dJointGetHingeAnchor2(j, p.anchor2),
            dJointGetHingeAxis(j, p.axis1);
        break;
      case JT::slider:
        dJointGetSliderAxis(j, p.axis1);
        break;
      case JT::hinge2:
        dJointGetHinge2Anchor(j, p.anchor), dJointGetHinge2Anchor2(j, p.anchor2);
        dJointGetHinge2Axis1(j, p.axis1), dJointGetHinge2Axis2(j, p.axis2);
        break;
      case JT::universal:
        dJointGetUniversalAnchor(j, p.anchor), dJointGetUniversalAnchor2(j, p.anchor2);
        dJointGetUniversalAxis1(j, p.axis1), dJointGetUniversalAxis2(j, p.axis2);
        break;
      default:
        break;
    }
    p.groups = t == JT::hinge || t == JT::slider ? 1 : (t == JT::hinge2 || t == JT::universal) ? 2 : 0;
    if (t == JT::amotor) {
      p.groups = dJointGetAMotorNumAxes(j);
      p.mode = dJointGetAMotorMode(j);
      for (int k = 0; k < p.groups; ++k) {
        dJointGetAMotorAxis(j, k, p.axes[k]);
        p.rel[k] = dJointGetAMotorAxisRel(j, k);
      }
    }
    for (int g = 0; g < p.groups; ++g)
      for (int k = 0; k < 11; ++k) p.params[g][k] = get_axis_param(j, t, kParamIds[k] + dParamGroup * g);
  });
}
}  // namespace

nlohmann::json World::dump(int digits) const {
  impl_->make_refs();
  const Impl& im = *impl_;
  const auto& s = *im.scene;
  nlohmann::json out = nlohmann::json::object();
  auto name_json = [](std::string_view n) { return n.empty() ? nlohmann::json(nullptr) : nlohmann::json(n); };
  auto body_ref = [&](dBodyID b) -> nlohmann::json {
    if (!b) return nullptr;
    int i = Impl::index_of(b);
    return i < 0 ? nlohmann::json("<unknown Body>")
                 : nlohmann::json(im.refs_body[static_cast<std::size_t>(i)]);
  };
  out["worlds"] = nlohmann::json::array();
  for (std::size_t i = 0; i < s.worlds.size(); ++i) {
    dVector3 g;
    dWorldGetGravity(im.worlds[i], g);
    out["worlds"].push_back({{"path", s.worlds[i].path},
                             {"name", name_json(s.worlds[i].name)},
                             {"gravity", vec(g, digits)},
                             {"erp", oracle_number(dWorldGetERP(im.worlds[i]), digits)},
                             {"cfm", oracle_number(dWorldGetCFM(im.worlds[i]), digits)}});
  }
  out["spaces"] = nlohmann::json::array();
  for (std::size_t i = 0; i < s.spaces.size(); ++i) {
    const auto& sp = s.spaces[i];
    out["spaces"].push_back({{"path", sp.path},
                             {"name", name_json(sp.name)},
                             {"class", sp.kind == "hash"  ? "HashSpace"
                                       : sp.kind == "sap" ? "SweepAndPruneSpace"
                                                          : "SimpleSpace"},
                             {"num_geoms", dSpaceGetNumGeoms(im.spaces[i])}});
  }
  out["bodies"] = nlohmann::json::array();
  for (std::size_t i = 0; i < s.bodies.size(); ++i) {
    dBodyID b = im.bodies[i];
    dMass m;
    dBodyGetMass(b, &m);
    double I[9];
    for (int r = 0; r < 3; ++r)
      for (int k = 0; k < 3; ++k) I[r * 3 + k] = m.I[r * 4 + k];
    dVector3 fr;
    dBodyGetFiniteRotationAxis(b, fr);
    out["bodies"].push_back(
        {{"path", s.bodies[i].path},
         {"name", name_json(s.bodies[i].name)},
         {"position", vec(dBodyGetPosition(b), digits)},
         {"rotation", mat(dBodyGetRotation(b), digits)},
         {"quaternion", quat(canonical(dBodyGetQuaternion(b)), digits)},
         {"enabled", dBodyIsEnabled(b) != 0},
         {"gravity_mode", dBodyGetGravityMode(b)},
         {"mass",
          {{"mass", oracle_number(m.mass, digits)},
           {"center", vec(m.c, digits)},
           {"inertia", mat9(I, digits)}}},
         {"linear_velocity", vec(dBodyGetLinearVel(b), digits)},
         {"angular_velocity", vec(dBodyGetAngularVel(b), digits)},
         {"force", vec(dBodyGetForce(b), digits)},
         {"torque", vec(dBodyGetTorque(b), digits)},
         {"finite_rotation", {{"mode", dBodyGetFiniteRotationMode(b)}, {"axis", vec(fr, digits)}}}});
  }
  out["geoms"] = nlohmann::json::array();
  for (std::size_t i = 0; i < s.geoms.size(); ++i) {
    const auto& sg = s.geoms[i];
    dGeomID outer = im.geoms[i], g = im.inner[i];
    nlohmann::json e = {{"path", sg.path}, {"name", name_json(sg.name)}};
    if (!g) {
      e["shape"] = nullptr;
      out["geoms"].push_back(e);
      continue;
    }
    bool via = outer != g;
    static const char* kClass[] = {"GeomBox",  "GeomSphere", "GeomCylinder", "GeomCapsule",
                                   "GeomCone", "GeomPlane",  "GeomRay",      "GeomTriMesh"};
    static const char* kShape[] = {"box", "sphere", "cylinder", "capsule", "cone", "plane", "ray", "trimesh"};
    std::string cls = kClass[static_cast<int>(sg.shape)];
    e["shape"] = kShape[static_cast<int>(sg.shape)];
    e["ode_class"] = via ? "GeomTransform(" + cls + ")" : cls;
    e["via_geom_transform"] = via;
    dBodyID body = dGeomGetBody(outer);
    e["body"] = body_ref(body);
    dSpaceID sp = dGeomGetSpace(outer);
    nlohmann::json spref = nullptr;
    for (std::size_t k = 0; k < im.spaces.size(); ++k)
      if (im.spaces[k] == sp) spref = im.refs_space[k];
    e["space"] = spref;
    nlohmann::json params = nlohmann::json::object();
    switch (sg.shape) {
      case xode::Shape::box: {
        dVector3 l;
        dGeomBoxGetLengths(g, l);
        params["lengths"] = vec(l, digits);
        break;
      }
      case xode::Shape::sphere:
        params["radius"] = oracle_number(dGeomSphereGetRadius(g), digits);
        break;
      case xode::Shape::capsule:
      case xode::Shape::cylinder: {
        dReal r, len;
        if (sg.shape == xode::Shape::capsule)
          dGeomCapsuleGetParams(g, &r, &len);
        else
          dGeomCylinderGetParams(g, &r, &len);
        params = {
            {"radius", oracle_number(r, digits)}, {"length", oracle_number(len, digits)}, {"axis", "z"}};
        break;
      }
      case xode::Shape::plane: {
        dVector4 p;
        dGeomPlaneGetParams(g, p);
        params = {{"normal", vec(p, digits)}, {"d", oracle_number(p[3], digits)}};
        break;
      }
      case xode::Shape::ray: {
        dVector3 st, dir;
        dGeomRayGet(g, st, dir);
        params = {{"length", oracle_number(dGeomRayGetLength(g), digits)},
                  {"origin", vec(st, digits)},
                  {"direction", vec(dir, digits)}};
        break;
      }
      case xode::Shape::trimesh: {
        int n = dGeomTriMeshGetTriangleCount(g);
        params["triangle_count"] = n;
        nlohmann::json tris = nlohmann::json::array();
        for (int t = 0; t < n && t < 10000; ++t) {
          dVector3 v0, v1, v2;
          dGeomTriMeshGetTriangle(g, t, &v0, &v1, &v2);
          tris.push_back({vec(v0, digits), vec(v1, digits), vec(v2, digits)});
        }
        params["triangles"] = tris;
        break;
      }
      case xode::Shape::cone:
        break;
    }
    e["params"] = params;
    bool placeable = sg.shape != xode::Shape::plane;
    e["placeable"] = placeable;
    if (placeable) {
      double wp[3], wr[3][3], lp[3], lr[3][3];
      const dReal* gp = dGeomGetPosition(g);
      const dReal* gr = dGeomGetRotation(g);
      if (via) {
        const dReal* bp = body ? dBodyGetPosition(body) : dGeomGetPosition(outer);
        const dReal* br = body ? dBodyGetRotation(body) : dGeomGetRotation(outer);
        for (int r = 0; r < 3; ++r) {
          lp[r] = gp[r];
          for (int k = 0; k < 3; ++k) lr[r][k] = gr[r * 4 + k];
        }
        for (int r = 0; r < 3; ++r) {
          wp[r] = bp[r] + (br[r * 4] * lp[0] + br[r * 4 + 1] * lp[1] + br[r * 4 + 2] * lp[2]);
          for (int k = 0; k < 3; ++k)
            wr[r][k] = br[r * 4] * lr[0][k] + br[r * 4 + 1] * lr[1][k] + br[r * 4 + 2] * lr[2][k];
        }
      } else {
        for (int r = 0; r < 3; ++r) {
          wp[r] = gp[r];
          for (int k = 0; k < 3; ++k) wr[r][k] = gr[r * 4 + k];
        }
        if (body) {
          const dReal* bp = dBodyGetPosition(body);
          const dReal* br = dBodyGetRotation(body);
          double d[3] = {wp[0] - bp[0], wp[1] - bp[1], wp[2] - bp[2]};
          for (int r = 0; r < 3; ++r) {  // R^T (wp - bp), R^T wr
            lp[r] = br[r] * d[0] + br[4 + r] * d[1] + br[8 + r] * d[2];
            for (int k = 0; k < 3; ++k)
              lr[r][k] = br[r] * wr[0][k] + br[4 + r] * wr[1][k] + br[8 + r] * wr[2][k];
          }
        } else {
          for (int r = 0; r < 3; ++r) {
            lp[r] = wp[r];
            for (int k = 0; k < 3; ++k) lr[r][k] = wr[r][k];
          }
        }
      }
      e["position"] = vec(wp, digits);
      e["rotation"] = mat9(&wr[0][0], digits);
      e["quaternion"] = quat(canonical(quat_from_mat(wr).data()), digits);
      e["local_position"] = vec(lp, digits);
      e["local_rotation"] = mat9(&lr[0][0], digits);
    }
    out["geoms"].push_back(e);
  }
  out["joints"] = nlohmann::json::array();
  for (std::size_t i = 0; i < s.joints.size(); ++i) {
    const auto& sj = s.joints[i];
    dJointID j = im.joints[i];
    // Joint getters can hit ODE assertions (an AMotor in Euler mode with < 3 axes): read into
    // plain data under the guard, so a jump skips no destructor; build JSON afterwards.
    JointPod pod{};
    if (!read_joint(j, sj.type, pod)) {
      return {{"status", "error"},
              {"error",
               {{"category", "ode-abort"}, {"message", g_fatal}, {"phase", "dump " + std::string(sj.path)}}}};
    }
    nlohmann::json e = {{"path", sj.path}, {"name", name_json(sj.name)}};
    e["type"] = std::string(xode::to_string(sj.type));
    e["bodies"] = {body_ref(pod.b0), body_ref(pod.b1)};
    using JT = xode::JointType;
    if (sj.type == JT::ball || sj.type == JT::hinge || sj.type == JT::hinge2 || sj.type == JT::universal) {
      e["anchor"] = vec(pod.anchor, digits);
      e["anchor2"] = vec(pod.anchor2, digits);
    }
    if (sj.type == JT::hinge || sj.type == JT::slider) e["axis"] = vec(pod.axis1, digits);
    if (sj.type == JT::hinge2 || sj.type == JT::universal) {
      e["axis1"] = vec(pod.axis1, digits);
      e["axis2"] = vec(pod.axis2, digits);
    }
    if (sj.type == JT::amotor) {
      e["mode"] = pod.mode;
      e["num_axes"] = pod.groups;
      nlohmann::json axes = nlohmann::json::array();
      for (int k = 0; k < pod.groups; ++k)
        axes.push_back({{"axis", vec(pod.axes[k], digits)}, {"rel", pod.rel[k]}});
      e["axes"] = axes;
    }
    if (pod.groups > 0) {
      nlohmann::json params = nlohmann::json::array();
      auto names = xode::axis_param_names();
      for (int gi = 0; gi < pod.groups; ++gi) {
        nlohmann::json p = nlohmann::json::object();
        for (std::size_t k = 0; k < names.size(); ++k)
          p[std::string(names[k])] = oracle_number(pod.params[gi][k], digits);
        params.push_back(p);
      }
      e["params"] = params;
    }
    out["joints"].push_back(e);
  }
  out["counts"] = {{"worlds", s.worlds.size()},
                   {"spaces", s.spaces.size()},
                   {"bodies", s.bodies.size()},
                   {"geoms", s.geoms.size()},
                   {"joints", s.joints.size()}};
  return out;
}

void World::prepare(const SimOptions& opt) {
  Impl& im = *impl_;
  im.sim = opt;
  bool pyb = opt.contact_model == "pybrain";
  im.sim_mu = opt.mu ? *opt.mu : (pyb ? 8.0 : 1.0);
  im.contact_mode =
      pyb ? (dContactBounce | dContactSoftERP | dContactSoftCFM | dContactSlip1 | dContactSlip2) : 0;
  for (auto w : im.worlds) {
    if (opt.gravity) dWorldSetGravity(w, (*opt.gravity)[0], (*opt.gravity)[1], (*opt.gravity)[2]);
    if (opt.quickstep) dWorldSetQuickStepNumIterations(w, opt.quickstep_iterations);
  }
}

bool World::step(const SimOptions& opt, Diagnostics& diags) {
  Impl& im = *impl_;
  if (im.broken) return false;
  std::jmp_buf jb;
  g_jump = &jb;
  if (setjmp(jb) != 0) {
    g_jump = nullptr;
    im.broken = true;
    diags.error("physics.ode-error", "ODE stopped during a step: " + g_fatal);
    return false;
  }
  im.prepare_stepping();
  im.contacts_step = 0;
  for (std::size_t i = 0; i < im.spaces.size(); ++i)
    if (im.scene->spaces[i].parent < 0) dSpaceCollide(im.spaces[i], &im, near_trampoline);
  im.contacts_all += im.contacts_step;
  im.contacts_max = std::max(im.contacts_max, im.contacts_step);
  for (auto w : im.worlds) {
    if (opt.quickstep)
      dWorldQuickStep(w, opt.dt);
    else
      dWorldStep(w, opt.dt);
  }
  dJointGroupEmpty(im.contacts);
  g_jump = nullptr;
  return true;
}

std::size_t World::body_count() const {
  return impl_->bodies.size();
}
const std::string& World::body_ref(std::size_t i) const {
  impl_->make_refs();
  return impl_->refs_body[i];
}
std::size_t World::contacts_last_step() const {
  return impl_->contacts_step;
}
std::size_t World::contacts_total() const {
  return impl_->contacts_all;
}
std::size_t World::max_contacts_in_step() const {
  return impl_->contacts_max;
}

Pose World::body_pose(std::size_t i) const {
  dBodyID b = impl_->bodies[i];
  Pose p;
  const dReal* x = dBodyGetPosition(b);
  p.position = {x[0], x[1], x[2]};
  p.quaternion = canonical(dBodyGetQuaternion(b));
  const dReal* v = dBodyGetLinearVel(b);
  p.linear_velocity = {v[0], v[1], v[2]};
  const dReal* w = dBodyGetAngularVel(b);
  p.angular_velocity = {w[0], w[1], w[2]};
  return p;
}

bool World::finite() const {
  for (auto b : impl_->bodies) {
    const dReal* x = dBodyGetPosition(b);
    for (int k = 0; k < 3; ++k)
      if (!std::isfinite(x[k])) return false;
  }
  return true;
}

nlohmann::json World::body_states(int digits) const {
  impl_->make_refs();
  const Impl& im = *impl_;
  nlohmann::json out = nlohmann::json::array();
  for (std::size_t i = 0; i < im.bodies.size(); ++i) {
    dBodyID b = im.bodies[i];
    const auto& sb = im.scene->bodies[i];
    out.push_back({{"ref", im.refs_body[i]},
                   {"path", sb.path},
                   {"name", sb.name.empty() ? nlohmann::json(nullptr) : nlohmann::json(sb.name)},
                   {"position", vec(dBodyGetPosition(b), digits)},
                   {"rotation", mat(dBodyGetRotation(b), digits)},
                   {"quaternion", quat(canonical(dBodyGetQuaternion(b)), digits)},
                   {"linear_velocity", vec(dBodyGetLinearVel(b), digits)},
                   {"angular_velocity", vec(dBodyGetAngularVel(b), digits)}});
  }
  return out;
}

}  // namespace genokit::physics
