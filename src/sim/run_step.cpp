// One step of a run: muscles, water, contacts (floor, fences, blocks, height field, other sticks
// of the creature), the ODE step, the checks that end an unstable run, teleporting boundaries,
// energy, and the network.
#include <algorithm>
#include <cmath>
#include <mutex>

#include "physics/ode_guard.hpp"
#include "sim/run_impl.hpp"

namespace genokit::sim {
namespace {

f0::Vec3 from(const dReal* v) {
  return {v[0], v[1], v[2]};
}

// A geom's ends in the world (both the centre for a sphere) and its axis.
void ends(const GeomRt& g, f0::Vec3& a, f0::Vec3& b, f0::Vec3& axis) {
  const dReal *p = dGeomGetPosition(g.geom), *R = dGeomGetRotation(g.geom);
  axis = {R[2], R[6], R[10]};
  const double h = g.length / 2;
  a = {p[0] - axis.x * h, p[1] - axis.y * h, p[2] - axis.z * h};
  b = {p[0] + axis.x * h, p[1] + axis.y * h, p[2] + axis.z * h};
}

}  // namespace

void Run::Impl::add_contacts(std::size_t g, dGeomID other, dBodyID other_body, double mu,
                             const dContactGeom* cg, int n) {
  const Settings& s = m.settings;
  int mode = dContactBounce | dContactApprox1;
  if (s.odecolsofterp > 0) mode |= dContactSoftERP;
  if (s.odecolsoftcfm > 0) mode |= dContactSoftCFM;
  for (int k = 0; k < n; ++k) {
    dContact c{};
    c.surface.mode = mode;
    c.surface.mu = mu;
    c.surface.bounce = s.odecolbounce;
    c.surface.bounce_vel = s.odecolbouncevel;
    c.surface.soft_erp = s.odecolsofterp;
    c.surface.soft_cfm = s.odecolsoftcfm;
    c.geom = cg[k];
    c.geom.g1 = geoms[g].geom;
    c.geom.g2 = other;
    dJointAttach(dJointCreateContact(world, contacts, &c), bodies[static_cast<std::size_t>(geoms[g].body)],
                 other_body);
    ++contacts_last;
  }
}

// Contacts with the height field: the geom's ends and middle against the triangle under each (a
// sphere of the stick's radius around each point). ODE's own height field keeps scratch values in
// static variables, so two threads could not collide with height fields at once.
void Run::Impl::touch_height_field(std::size_t g) {
  const GeomRt& gr = geoms[g];
  f0::Vec3 a, b, axis;
  ends(gr, a, b, axis);
  const f0::Vec3 points[3] = {a, {(a.x + b.x) / 2, (a.y + b.y) / 2, (a.z + b.z) / 2}, b};
  dContactGeom cg[3];
  int n = 0;
  for (int k = 0; k < (gr.length > 0 ? 3 : 1); ++k) {
    const f0::Vec3& p = gr.length > 0 ? points[k] : points[1];
    f0::Vec3 normal;
    const double h = m.terrain.surface(p.x, p.y, normal);
    const double d = (p.z - h) * normal.z;  // distance from the triangle's plane
    if (d >= gr.radius) continue;
    dContactGeom& c = cg[n++];
    c = dContactGeom{};
    c.pos[0] = p.x - normal.x * d;
    c.pos[1] = p.y - normal.y * d;
    c.pos[2] = p.z - normal.z * d;
    c.normal[0] = normal.x;
    c.normal[1] = normal.y;
    c.normal[2] = normal.z;
    c.depth = gr.radius - d;
  }
  add_contacts(g, nullptr, nullptr, gr.mu, cg, n);
}

void Run::Impl::collide() {
  const Settings& s = m.settings;
  const Terrain& t = m.terrain;
  const double size = s.wrldsiz;
  contacts_last = 0;
  dContactGeom cg[4];
  for (std::size_t g = 0; g < geoms.size(); ++g) {
    dGeomID geom = geoms[g].geom;
    dReal bb[6];
    dGeomGetAABB(geom, bb);
    for (std::size_t k = 0; k < planes.size(); ++k) {
      // The floor (when there is one) comes first, then the fences at x = 0, size and y = 0, size.
      const bool floor = k == 0 && t.type != 2;
      const std::size_t f = floor ? 4 : k - (t.type != 2);
      const bool near = floor    ? bb[4] <= t.lo
                        : f == 0 ? bb[0] <= 0
                        : f == 1 ? bb[1] >= size
                        : f == 2 ? bb[2] <= 0
                                 : bb[3] >= size;
      if (!near) continue;
      add_contacts(g, planes[k], nullptr, geoms[g].mu, cg,
                   dCollide(geom, planes[k], 4, cg, sizeof(dContactGeom)));
    }
    if (t.type == 1 && bb[5] > t.lo) {
      // The blocks of the cells under the geom (one more around: a ramp's slab overhangs its cell).
      const double cw = size / t.nx, ch = size / t.ny;
      const int i0 = std::max(0, static_cast<int>(std::floor(bb[0] / cw)) - 1),
                i1 = std::min(t.nx - 1, static_cast<int>(std::floor(bb[1] / cw)) + 1),
                j0 = std::max(0, static_cast<int>(std::floor(bb[2] / ch)) - 1),
                j1 = std::min(t.ny - 1, static_cast<int>(std::floor(bb[3] / ch)) + 1);
      for (int j = j0; j <= j1; ++j)
        for (int i = i0; i <= i1; ++i) {
          const std::size_t cell = static_cast<std::size_t>(j * t.nx + i);
          for (std::uint32_t q = m.block_first[cell]; q < m.block_first[cell + 1]; ++q)
            add_contacts(g, boxes[q], nullptr, geoms[g].mu, cg,
                         dCollide(geom, boxes[q], 4, cg, sizeof(dContactGeom)));
        }
    }
    if (t.type == 2) touch_height_field(g);
  }
  if (s.initial_self_collisions) {
    // Sticks of different bodies that no joint links (sticks meeting at a part never collide).
    for (std::size_t a = 0; a < geoms.size(); ++a)
      for (std::size_t b = a + 1; b < geoms.size(); ++b) {
        dBodyID ba = bodies[static_cast<std::size_t>(geoms[a].body)],
                bb = bodies[static_cast<std::size_t>(geoms[b].body)];
        if (ba == bb || dAreConnectedExcluding(ba, bb, dJointTypeContact)) continue;
        dReal x[6], y[6];
        dGeomGetAABB(geoms[a].geom, x);
        dGeomGetAABB(geoms[b].geom, y);
        if (x[0] > y[1] || y[0] > x[1] || x[2] > y[3] || y[2] > x[3] || x[4] > y[5] || y[4] > x[5]) continue;
        add_contacts(a, geoms[b].geom, bb, (geoms[a].mu + geoms[b].mu) / 2, cg,
                     dCollide(geoms[a].geom, geoms[b].geom, 4, cg, sizeof(dContactGeom)));
      }
  }
}

// Buoyancy and drag on the submerged length of every stick, at four points along it (one for a
// lone part): buoyancy odewaterbuoy x g per unit of length (a stick of density 1 floats
// neutrally), drag odewaterdrag per unit of length and of speed, five times weaker along the
// stick than across it (so a stroke across the water pushes the body forward).
void Run::Impl::push_water() {
  const Settings& s = m.settings;
  const double level = s.wrldwat, g = kGravity * s.wrldg, dt = s.odestep;
  for (const GeomRt& gr : geoms) {
    f0::Vec3 a, b, axis;
    ends(gr, a, b, axis);
    if (std::min(a.z, b.z) - gr.radius >= level) continue;
    const int n = gr.length > 0 ? 4 : 1;
    const double w = gr.weight / n;
    dBodyID body = bodies[static_cast<std::size_t>(gr.body)];
    // Explicit drag removes at most half of a body's velocity per step, whatever the setting.
    const double cap = 0.5 * m.bodies[static_cast<std::size_t>(gr.body)].mass / dt /
                       (n * static_cast<double>(m.bodies[static_cast<std::size_t>(gr.body)].geoms.size()));
    for (int k = 0; k < n; ++k) {
      const double f = (k + 0.5) / n;
      const f0::Vec3 p =
          gr.length > 0 ? f0::Vec3{a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f, a.z + (b.z - a.z) * f} : a;
      const double wet = std::clamp((level - p.z) / (2 * gr.radius) + 0.5, 0.0, 1.0);
      if (wet == 0) continue;
      dVector3 v;
      dBodyGetPointVel(body, p.x, p.y, p.z, v);
      const double along = gr.length > 0 ? v[0] * axis.x + v[1] * axis.y + v[2] * axis.z : 0;
      const double c = std::min(s.odewaterdrag * w * wet, cap), keep = gr.length > 0 ? 0.8 : 0;
      const double fx = -c * (v[0] - keep * along * axis.x), fy = -c * (v[1] - keep * along * axis.y),
                   fz = -c * (v[2] - keep * along * axis.z) + s.odewaterbuoy * g * w * wet;
      dBodyAddForceAtPos(body, fx, fy, fz, p.x, p.y, p.z);
    }
  }
}

// The state is one ODE can step: finite, and no body faster than the runaway limit.
bool Run::Impl::sane() {
  const double vmax = m.settings.gk_maxvelocity;
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    const dReal *p = dBodyGetPosition(bodies[i]), *q = dBodyGetQuaternion(bodies[i]),
                *v = dBodyGetLinearVel(bodies[i]), *w = dBodyGetAngularVel(bodies[i]);
    bool finite = true;
    for (int k = 0; k < 3; ++k)
      finite = finite && std::isfinite(p[k]) && std::isfinite(v[k]) && std::isfinite(w[k]);
    for (int k = 0; k < 4; ++k) finite = finite && std::isfinite(q[k]);
    if (!finite) {
      fail(Status::unstable, "body " + std::to_string(i) + " has a non-finite position or velocity at step " +
                                 std::to_string(steps));
      return false;
    }
    const double sv = std::sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]),
                 sw = std::sqrt(w[0] * w[0] + w[1] * w[1] + w[2] * w[2]);
    if (sv > vmax || sw > vmax) {
      fail(Status::unstable, "body " + std::to_string(i) + " runs away (speed " + std::to_string(sv) +
                                 ", spin " + std::to_string(sw) + ") at step " + std::to_string(steps));
      return false;
    }
  }
  return true;
}

// A creature whose centre of mass left the world comes back on the opposite side.
void Run::Impl::teleport() {
  const double size = m.settings.wrldsiz;
  const f0::Vec3 c = com();
  const double dx = c.x < 0 ? size : c.x > size ? -size : 0, dy = c.y < 0 ? size : c.y > size ? -size : 0;
  if (dx == 0 && dy == 0) return;
  for (dBodyID b : bodies) {
    const dReal* p = dBodyGetPosition(b);
    dBodySetPosition(b, p[0] + dx, p[1] + dy, p[2]);
  }
  teleported.x -= dx;
  teleported.y -= dy;
}

void Run::Impl::step_once() {
  const Settings& s = m.settings;
  auto error = physics::detail::guarded([&] {
    drive_muscles();
    if (water) push_water();
    collide();
    if (m.exact) {
      dWorldStep(world, s.odestep);
    } else {
      // QuickStep reorders constraints with ODE's one process-wide generator (dRand): each run
      // restores its own generator state around its step, under a lock, so a run's result never
      // depends on other runs (docs/simulation.md, "Determinism").
      // (A forked worker process is single-threaded and owns its generator: no lock there.)
      static std::mutex generator;
      std::unique_lock<std::mutex> lock(generator, std::defer_lock);
      if (!in_worker_process()) lock.lock();
      dRandSetSeed(ode_seed);
      dWorldQuickStep(world, s.odestep);
      ode_seed = dRandGetSeed();
    }
    dJointGroupEmpty(contacts);
  });
  ++steps;
  // ODE's non-fatal messages ("LCP internal error" on a degenerate contact set) are kept per
  // thread by the guard; a long run would pile them up.
  physics::detail::ode_messages().clear();
  if (error) {
    stopped_in_step = true;
    fail(Status::failed, "ODE stopped at step " + std::to_string(steps) + ": " + *error);
    return;
  }
  if (!sane()) return;
  if (s.wrldbnd == 2) teleport();
  if (metabolism) {
    double idle = s.e_meta * m.energy_joints;
    if (s.aging > 0) idle *= std::exp(0.6931471805599453 * static_cast<double>(metabolic_steps) / s.aging);
    energy -= idle;
    ++metabolic_steps;
  }
  think();
}

f0::Vec3 Run::Impl::part(std::size_t p) const {
  const PartDef& d = m.parts[p];
  dVector3 out;
  // Body axes are the model axes, so the model-frame offset is the body-frame offset.
  dBodyGetRelPointPos(bodies[static_cast<std::size_t>(d.body)], d.local.x, d.local.y, d.local.z, out);
  return from(out);
}

f0::Vec3 Run::Impl::com() const {
  f0::Vec3 c;
  double total = 0;
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    const dReal* p = dBodyGetPosition(bodies[i]);
    const double w = m.bodies[i].mass;
    c.x += w * p[0], c.y += w * p[1], c.z += w * p[2];
    total += w;
  }
  return {c.x / total, c.y / total, c.z / total};
}

}  // namespace genokit::sim
