// An XODE scene -> page data: built in ODE through the physics module, stepped, and every body's
// pose recorded per frame; geoms drawn from what ODE holds (sizes, offsets, triangles).
#include <cmath>
#include <string>

#include "genokit/view/read.hpp"

namespace genokit::view {

namespace {

using M3 = xode::Mat3;  // row-major

Vec3 mul(const M3& R, const Vec3& v) {
  return {R[0] * v[0] + R[1] * v[1] + R[2] * v[2], R[3] * v[0] + R[4] * v[1] + R[5] * v[2],
          R[6] * v[0] + R[7] * v[1] + R[8] * v[2]};
}
Vec3 mul_t(const M3& R, const Vec3& v) {  // R^T v
  return {R[0] * v[0] + R[3] * v[1] + R[6] * v[2], R[1] * v[0] + R[4] * v[1] + R[7] * v[2],
          R[2] * v[0] + R[5] * v[1] + R[8] * v[2]};
}
M3 mul(const M3& A, const M3& B) {
  M3 C{};
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      for (int k = 0; k < 3; ++k) C[3 * i + j] += A[3 * i + k] * B[3 * k + j];
  return C;
}
M3 transpose(const M3& A) {
  return {A[0], A[3], A[6], A[1], A[4], A[7], A[2], A[5], A[8]};
}
Vec3 sub(const Vec3& a, const Vec3& b) {
  return {a[0] - b[0], a[1] - b[1], a[2] - b[2]};
}
Vec3 add(const Vec3& a, const Vec3& b) {
  return {a[0] + b[0], a[1] + b[1], a[2] + b[2]};
}

// Rotation matrix -> unit quaternion (w x y z), Shepperd's method.
Quat quaternion(const M3& m) {
  const double tr = m[0] + m[4] + m[8];
  Quat q;
  if (tr > 0) {
    double s = std::sqrt(tr + 1.0) * 2;
    q = {0.25 * s, (m[7] - m[5]) / s, (m[2] - m[6]) / s, (m[3] - m[1]) / s};
  } else if (m[0] > m[4] && m[0] > m[8]) {
    double s = std::sqrt(1.0 + m[0] - m[4] - m[8]) * 2;
    q = {(m[7] - m[5]) / s, 0.25 * s, (m[1] + m[3]) / s, (m[2] + m[6]) / s};
  } else if (m[4] > m[8]) {
    double s = std::sqrt(1.0 + m[4] - m[0] - m[8]) * 2;
    q = {(m[2] - m[6]) / s, (m[1] + m[3]) / s, 0.25 * s, (m[5] + m[7]) / s};
  } else {
    double s = std::sqrt(1.0 + m[8] - m[0] - m[4]) * 2;
    q = {(m[3] - m[1]) / s, (m[2] + m[6]) / s, (m[5] + m[7]) / s, 0.25 * s};
  }
  const double n = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
  if (n > 0)
    for (double& v : q) v /= n;
  return q;
}

bool finite(const Vec3& v) {
  return std::isfinite(v[0]) && std::isfinite(v[1]) && std::isfinite(v[2]);
}

// The geoms of the built world: attached ones relative to their body, the rest in world coordinates.
void read_geoms(const physics::World& world, const physics::Snapshot& snap, Scene& sc) {
  const xode::Scene& scene = world.scene();
  for (std::size_t i = 0; i < snap.geoms.size() && i < scene.geoms.size(); ++i) {
    const auto& gs = snap.geoms[i];
    const xode::SceneGeom& sg = scene.geoms[i];
    Geom g;
    g.shape = std::string(xode::to_string(sg.shape));
    switch (sg.shape) {
      case xode::Shape::box:
        g.params = {gs.lengths[0], gs.lengths[1], gs.lengths[2]};
        break;
      case xode::Shape::sphere:
        g.params = {gs.radius};
        break;
      case xode::Shape::capsule:
      case xode::Shape::cylinder:
        g.params = {gs.radius, gs.length};
        break;
      case xode::Shape::plane:
        g.params = {gs.plane[0], gs.plane[1], gs.plane[2], gs.plane[3]};
        break;
      case xode::Shape::trimesh:
        break;
      default:
        continue;  // rays and cones are not drawn
    }
    // The shape's world pose (a GeomTransform's inner geom is posed relative to the transform).
    Vec3 p = gs.position;
    M3 R = gs.rotation;
    if (gs.via_transform) {
      p = add(gs.outer_position, mul(gs.outer_rotation, gs.position));
      R = mul(gs.outer_rotation, gs.rotation);
    }
    const bool attached = gs.body >= 0 && static_cast<std::size_t>(gs.body) < snap.bodies.size();
    Vec3 bp{0, 0, 0};
    M3 bR{1, 0, 0, 0, 1, 0, 0, 0, 1};
    if (attached) {
      bp = snap.bodies[static_cast<std::size_t>(gs.body)].position;
      bR = snap.bodies[static_cast<std::size_t>(gs.body)].rotation;
    }
    if (sg.shape == xode::Shape::trimesh) {
      for (int t = 0; t < gs.triangle_count && t < 500'000; ++t) {
        for (const Vec3& v : world.triangle(i, t)) {
          const Vec3 local = attached ? mul_t(bR, sub(v, bp)) : v;
          g.vertices.insert(g.vertices.end(), local.begin(), local.end());
          g.indices.push_back(static_cast<int>(g.indices.size()));
        }
      }
    } else if (sg.shape != xode::Shape::plane) {
      g.position = attached ? mul_t(bR, sub(p, bp)) : p;
      g.quaternion = quaternion(attached ? mul(transpose(bR), R) : R);
    }
    if (attached)
      sc.bodies[static_cast<std::size_t>(gs.body)].geoms.push_back(std::move(g));
    else
      sc.statics.push_back(std::move(g));
  }
}

void record(const physics::World& world, const std::vector<double>& mass, std::size_t step, double dt,
            Frames& f) {
  const std::size_t B = world.body_count();
  double m = 0;
  Vec3 com{0, 0, 0};
  for (std::size_t i = 0; i < B; ++i) {
    const physics::Pose p = world.body_pose(i);
    const double w = mass[i] > 0 ? mass[i] : 1;
    for (int k = 0; k < 3; ++k) {
      f.bodies.values.push_back(static_cast<float>(p.position[static_cast<std::size_t>(k)]));
      com[static_cast<std::size_t>(k)] += w * p.position[static_cast<std::size_t>(k)];
    }
    for (double q : p.quaternion) f.bodies.values.push_back(static_cast<float>(q));
    m += w;
  }
  for (double c : com) f.com.values.push_back(static_cast<float>(m > 0 ? c / m : 0));
  f.step.values.push_back(static_cast<float>(step));
  f.time.values.push_back(static_cast<float>(static_cast<double>(step) * dt));
  ++f.count;
}

bool all_finite(const physics::World& world) {
  for (std::size_t i = 0; i < world.body_count(); ++i) {
    const physics::Pose p = world.body_pose(i);
    if (!finite(p.position) ||
        !std::isfinite(p.quaternion[0] + p.quaternion[1] + p.quaternion[2] + p.quaternion[3]))
      return false;
  }
  return true;
}

}  // namespace

std::optional<Page> page_from_xode(std::string_view bytes, Diagnostics& diags, const XodeViewOptions& opt) {
  auto loaded = xode::load(bytes, diags, opt.load);
  if (!loaded) return std::nullopt;
  physics::WorldOptions wo;
  wo.source = &loaded->doc;
  auto world = physics::build_world(std::move(loaded->scene), diags, wo);
  if (!world || !world->configure(opt.sim, diags)) return std::nullopt;
  const xode::Scene& scene = world->scene();
  const physics::Snapshot snap = world->snapshot();

  Scene sc;
  sc.name = opt.load.read.file;
  sc.source.file = opt.load.read.file;
  sc.source.encoding = "xode";
  sc.dt = opt.sim.dt;
  xode::Vec3 g = opt.sim.gravity ? *opt.sim.gravity
                                 : (scene.worlds.empty() ? xode::Vec3{0, 0, 0} : scene.worlds[0].gravity);
  sc.z_up = std::abs(g[2]) > std::abs(g[1]) && std::abs(g[2]) > std::abs(g[0]);
  sc.bodies.resize(world->body_count());
  std::vector<double> mass(world->body_count(), 1);
  for (std::size_t i = 0; i < sc.bodies.size(); ++i) {
    const xode::SceneBody& b = scene.bodies[i];
    sc.bodies[i].name = std::string(!b.name.empty() ? b.name : b.path);
    if (i < snap.bodies.size()) mass[i] = snap.bodies[i].mass;
  }
  read_geoms(*world, snap, sc);

  Frames& f = sc.frames;
  f.step.cols = f.time.cols = 1;
  f.com.cols = 3;
  f.bodies.cols = 7 * world->body_count();
  std::size_t every = std::max<std::size_t>(1, opt.every);
  const std::size_t per_frame = f.bodies.cols + 5,
                    budget = std::max<std::size_t>(2, opt.max_values / per_frame);
  if (opt.steps / every + 2 > budget) {
    every = opt.steps / (budget - 2) + 1;
    sc.notes.push_back("A frame every " + std::to_string(every) + " steps is kept, to keep the page small.");
  }
  record(*world, mass, 0, opt.sim.dt, f);
  std::size_t done = 0;
  for (std::size_t s = 1; s <= opt.steps; ++s) {
    if (!world->step(diags)) {
      sc.status = "failed";
      sc.message = "ODE stopped at step " + std::to_string(s);
      break;
    }
    if (!all_finite(*world)) {
      sc.status = "unstable";
      sc.message = "the simulation diverged (non-finite positions) at step " + std::to_string(s);
      diags.warning("view.diverged", sc.message + "; the frames before it are shown");
      break;
    }
    done = s;
    if (s % every == 0 || s == opt.steps) record(*world, mass, s, opt.sim.dt, f);
  }
  if (f.bodies.cols == 0) f.bodies = {};
  sc.info = {{"bodies", std::to_string(scene.bodies.size())},
             {"geoms", std::to_string(scene.geoms.size())},
             {"joints", std::to_string(scene.joints.size())},
             {"compatibility", std::string(xode::to_string(scene.compat))},
             {"steps simulated", std::to_string(done)},
             {"contacts", std::to_string(world->contacts_total())}};
  Page page;
  page.title = sc.name.empty() ? "XODE scene" : sc.name;
  page.scenes.push_back(std::move(sc));
  return page;
}

}  // namespace genokit::view
