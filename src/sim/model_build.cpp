// f0 model -> sim::Model: sticks grouped into rigid bodies, links at muscles, placement, masses.
// Every number ODE will be given is checked here (finite, positive masses), so that a run never
// hands ODE something it would abort on.
#include <ode/ode.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <string>

#include "genokit/neuro/network.hpp"
#include "sim/model_data.hpp"
#include "sim/model_neurons.hpp"
#include "sim/vec.hpp"

namespace genokit::sim {
namespace {

// f1's modifier anchors of friction (fffff, FFFFF): simulation.md §3.3; odecolmumin/max are the
// friction coefficients at these anchors.
constexpr double kFrictionMin = 0.131, kFrictionMax = 2.82;

double lerp_anchored(double v, double a, double b, double lo, double hi) {
  double t = std::clamp((v - a) / (b - a), 0.0, 1.0);
  return lo + t * (hi - lo);
}

struct DisjointSets {
  std::vector<int> up;
  explicit DisjointSets(std::size_t n) : up(n) { std::iota(up.begin(), up.end(), 0); }
  int find(int a) {
    while (up[static_cast<std::size_t>(a)] != a)
      a = up[static_cast<std::size_t>(a)] = up[static_cast<std::size_t>(up[static_cast<std::size_t>(a)])];
    return a;
  }
  // The smaller root wins, so groups do not depend on the order of unions.
  void unite(int a, int b) {
    a = find(a), b = find(b);
    if (a != b) up[static_cast<std::size_t>(std::max(a, b))] = std::min(a, b);
  }
};

struct Builder {
  const f0::Model& in;
  const Settings& s;
  Diagnostics& diags;
  Model::Data out;

  std::vector<int> rods;      // f0 joint index of each stick
  std::vector<char> muscled;  // per f0 joint: a muscle acts on it
  std::vector<f0::Vec3> pos;  // part positions after placement
  std::vector<int> held_by;   // per part: the muscled stick (f0 joint) holding it, or -1

  bool check() {
    std::size_t errors = diags.error_count();
    check_settings(s, diags);
    if (!in.valid)
      diags.error("sim.invalid-model", "the creature's f0 model is not valid and cannot be simulated");
    if (in.shape_type == f0::ShapeType::solids)
      diags.error("sim.solids", "solid-shape bodies (parts with sh>0) are not simulated yet");
    for (const f0::Part& p : in.parts)
      if (!finite(p.pos) || !std::isfinite(p.dn) || !std::isfinite(p.fr) || !finite(p.orient.z)) {
        diags.error("sim.non-finite", "a part has a non-finite position or property");
        break;
      }
    if (in.parts.empty()) diags.error("sim.empty", "the creature has no parts");
    return diags.error_count() == errors;
  }

  void find_muscles() {
    plan_neurons(in, s, out, diags);
    muscled.assign(in.joints.size(), 0);
    for (const MuscleDef& m : out.muscles) muscled[static_cast<std::size_t>(m.joint)] = 1;
  }

  bool articulated_at(int j, int p) const {
    const auto u = static_cast<std::size_t>(j);
    return muscled[u] && in.joints[u].p1 == p;
  }

  void place() {
    pos.resize(in.parts.size());
    double r = s.gk_stickradius;
    double lo[3] = {1e300, 1e300, 1e300}, hi[3] = {-1e300, -1e300, -1e300};
    for (const f0::Part& p : in.parts) {
      const double v[3] = {p.pos.x, p.pos.y, p.pos.z};
      for (int k = 0; k < 3; ++k) lo[k] = std::min(lo[k], v[k] - r), hi[k] = std::max(hi[k], v[k] + r);
    }
    f0::Vec3 shift{s.wrldsiz / 2 - (lo[0] + hi[0]) / 2, s.wrldsiz / 2 - (lo[1] + hi[1]) / 2,
                   std::max(s.creath, 0.0) - lo[2]};
    for (std::size_t i = 0; i < pos.size(); ++i) pos[i] = add(in.parts[i].pos, shift);
  }

  bool collect_rods() {
    for (std::size_t j = 0; j < in.joints.size(); ++j) {
      const f0::Joint& jt = in.joints[j];
      if (jt.sh != 0) continue;
      double len = norm(sub(pos[static_cast<std::size_t>(jt.p2)], pos[static_cast<std::size_t>(jt.p1)]));
      // A relative tolerance: f1 makes sticks of length 2 that print as 2 but are 2 + 1 ulp.
      const double tol = 1e-9 * (1 + s.maxjoint);
      if (len < s.minjoint - tol || len > s.maxjoint + tol) {
        diags.error("sim.stick-length",
                    "stick " + std::to_string(j) + " is " + std::to_string(len) + " long, outside minjoint " +
                        std::to_string(s.minjoint) + " .. maxjoint " + std::to_string(s.maxjoint),
                    Location{{}, jt.src.line, jt.src.column, jt.src.offset});
        return false;
      }
      rods.push_back(static_cast<int>(j));
    }
    out.sticks = rods.size();
    return true;
  }

  // Element ids: sticks 0..R-1, then parts R..R+P-1.
  void group(DisjointSets& sets, std::vector<std::array<int, 3>>& balls,
             std::vector<std::array<int, 3>>& fixed) {
    const int R = static_cast<int>(rods.size());
    held_by.assign(in.parts.size(), -1);
    std::vector<std::vector<int>> at(in.parts.size());  // sticks at each part
    for (int k = 0; k < R; ++k) {
      const f0::Joint& jt = in.joints[static_cast<std::size_t>(rods[static_cast<std::size_t>(k)])];
      at[static_cast<std::size_t>(jt.p1)].push_back(k);
      at[static_cast<std::size_t>(jt.p2)].push_back(k);
    }
    for (std::size_t p = 0; p < at.size(); ++p) {
      std::vector<int> anchors, hanging;
      for (int k : at[p])
        (articulated_at(rods[static_cast<std::size_t>(k)], static_cast<int>(p)) ? hanging : anchors)
            .push_back(k);
      if (anchors.empty() && !hanging.empty()) {  // only muscled sticks meet here: the first holds the part
        anchors.push_back(hanging.front());
        hanging.erase(hanging.begin());
        held_by[p] = rods[static_cast<std::size_t>(anchors.front())];
      }
      if (anchors.empty()) continue;
      sets.unite(R + static_cast<int>(p), anchors.front());
      for (std::size_t a = 1; a < anchors.size(); ++a) {
        if (s.odesepsticks)
          fixed.push_back({anchors.front(), anchors[a], static_cast<int>(p)});
        else
          sets.unite(anchors.front(), anchors[a]);
      }
      for (int k : hanging) balls.push_back({anchors.front(), k, static_cast<int>(p)});
    }
    for (const f0::Joint& jt : in.joints)  // fixed (and 5.x hinge) f0 joints merge their parts
      if (jt.sh != 0) sets.unite(R + jt.p1, R + jt.p2);
  }

  GeomDef capsule(int k) const {
    const f0::Joint& jt = in.joints[static_cast<std::size_t>(rods[static_cast<std::size_t>(k)])];
    const f0::Part &a = in.parts[static_cast<std::size_t>(jt.p1)],
                   &b = in.parts[static_cast<std::size_t>(jt.p2)];
    f0::Vec3 pa = pos[static_cast<std::size_t>(jt.p1)], pb = pos[static_cast<std::size_t>(jt.p2)];
    GeomDef g;
    g.center = scale(add(pa, pb), 0.5);
    f0::Vec3 d = sub(pb, pa);
    g.length = norm(d);
    g.radius = s.gk_stickradius;
    if (g.length > 1e-12)
      dRFromZAxis(g.rotation.data(), d.x, d.y, d.z);
    else
      dRSetIdentity(g.rotation.data());
    g.mu = lerp_anchored((a.fr + b.fr) / 2, kFrictionMin, kFrictionMax, s.odecolmumin, s.odecolmumax);
    return g;
  }

  // Bodies from the groups, in the order of their smallest element (deterministic).
  bool make_bodies(DisjointSets& sets, std::vector<int>& body_of) {
    const int R = static_cast<int>(rods.size()), n = R + static_cast<int>(in.parts.size());
    body_of.assign(static_cast<std::size_t>(n), -1);
    std::vector<dMass> masses;
    std::vector<char> holds_stick(static_cast<std::size_t>(n), 0);
    for (int k = 0; k < R; ++k) holds_stick[static_cast<std::size_t>(sets.find(k))] = 1;
    for (int e = 0; e < n; ++e) {
      int root = sets.find(e);
      if (body_of[static_cast<std::size_t>(root)] < 0) {
        body_of[static_cast<std::size_t>(root)] = static_cast<int>(out.bodies.size());
        out.bodies.emplace_back();
        masses.emplace_back();
        dMassSetZero(&masses.back());
      }
      int b = body_of[static_cast<std::size_t>(e)] = body_of[static_cast<std::size_t>(root)];
      BodyDef& body = out.bodies[static_cast<std::size_t>(b)];
      dMass m;
      if (e < R) {
        GeomDef g = capsule(e);
        const f0::Joint& jt = in.joints[static_cast<std::size_t>(rods[static_cast<std::size_t>(e)])];
        double dn =
            (in.parts[static_cast<std::size_t>(jt.p1)].dn + in.parts[static_cast<std::size_t>(jt.p2)].dn) / 2;
        // Mass = density x length (all sticks share one cross-section; a stick shorter than its
        // radius weighs as one of that length, so no body is massless).
        dMassSetCapsuleTotal(&m, dn * std::max(g.length, g.radius), 3, g.radius, g.length);
        dMassRotate(&m, g.rotation.data());
        dMassTranslate(&m, g.center.x, g.center.y, g.center.z);
        body.geoms.push_back(g);
      } else {
        // A part that no stick holds: a sphere weighing its density (the SDK's mass 1 of a
        // part without joints, at density 1).
        std::size_t p = static_cast<std::size_t>(e - R);
        if (holds_stick[static_cast<std::size_t>(root)]) continue;
        GeomDef g;
        g.center = pos[p];
        g.radius = s.gk_stickradius;
        dRSetIdentity(g.rotation.data());
        g.mu = lerp_anchored(in.parts[p].fr, kFrictionMin, kFrictionMax, s.odecolmumin, s.odecolmumax);
        dMassSetSphereTotal(&m, in.parts[p].dn, g.radius);
        dMassTranslate(&m, g.center.x, g.center.y, g.center.z);
        body.geoms.push_back(g);
      }
      dMassAdd(&masses[static_cast<std::size_t>(b)], &m);
    }
    for (std::size_t b = 0; b < out.bodies.size(); ++b) {
      dMass& m = masses[b];
      BodyDef& body = out.bodies[b];
      body.com = {m.c[0], m.c[1], m.c[2]};
      dMassTranslate(&m, -m.c[0], -m.c[1], -m.c[2]);
      if (!(m.mass > 0) || !std::isfinite(m.mass) || !finite(body.com) || !dMassCheck(&m)) {
        diags.error("sim.bad-mass",
                    "body " + std::to_string(b) + " has no valid mass (check the densities dn)");
        return false;
      }
      body.mass = m.mass;
      std::copy(m.I, m.I + 12, body.inertia.begin());
      out.mass += m.mass;
    }
    return true;
  }

  void make_links(const std::vector<int>& body_of, const std::vector<std::array<int, 3>>& balls,
                  const std::vector<std::array<int, 3>>& fixed) {
    for (const auto& [a, k, p] : fixed) {
      LinkDef l;
      l.kind = LinkDef::Kind::fixed;
      l.body1 = body_of[static_cast<std::size_t>(a)];
      l.body2 = body_of[static_cast<std::size_t>(k)];
      l.anchor = pos[static_cast<std::size_t>(p)];
      if (l.body1 != l.body2) out.links.push_back(l);
    }
    for (const auto& [a, k, p] : balls) {
      LinkDef l;
      l.body1 = body_of[static_cast<std::size_t>(a)];
      l.body2 = body_of[static_cast<std::size_t>(k)];
      if (l.body1 == l.body2) continue;  // a loop of rigid connections holds it anyway
      l.anchor = pos[static_cast<std::size_t>(p)];
      l.joint = rods[static_cast<std::size_t>(k)];
      l.counter_joint = held_by[static_cast<std::size_t>(p)];
      const f0::Joint& jt = in.joints[static_cast<std::size_t>(l.joint)];
      // Bend about the first part's Z axis (made perpendicular to the stick); twist about the
      // stick; (bend, third, twist) is a right-handed frame.
      f0::Vec3 t = sub(pos[static_cast<std::size_t>(jt.p2)], pos[static_cast<std::size_t>(jt.p1)]);
      t = norm(t) > 1e-12 ? unit(t) : in.parts[static_cast<std::size_t>(jt.p1)].orient.x;
      f0::Vec3 c = cross(t, in.parts[static_cast<std::size_t>(jt.p1)].orient.z);
      if (norm(c) < 1e-6) c = cross(t, std::abs(t.x) < 0.9 ? f0::Vec3{1, 0, 0} : f0::Vec3{0, 1, 0});
      c = unit(c);
      l.twist = t;
      l.third = c;
      l.bend = cross(c, t);
      out.links.push_back(l);
    }
  }

  void record_parts(const std::vector<int>& body_of) {
    const std::size_t R = rods.size();
    for (std::size_t p = 0; p < in.parts.size(); ++p) {
      PartDef d;
      d.body = body_of[R + p];
      d.local = sub(pos[p], out.bodies[static_cast<std::size_t>(d.body)].com);
      out.parts.push_back(d);
    }
    out.part_start = pos;
  }
};

}  // namespace

namespace {

std::string limit_message(const char* what, std::size_t n, std::size_t limit) {
  return "the creature has " + std::to_string(n) + " " + what + ", over the limit of " +
         std::to_string(limit) + " (BuildOptions::max_" + what + ")";
}

}  // namespace

std::optional<Model> build_model(const f0::Model& creature, const Settings& settings, Diagnostics& diags,
                                 const BuildOptions& opt) {
  const std::size_t errors = diags.error_count();
  if (creature.parts.size() > opt.max_parts)
    diags.error("sim.too-large", limit_message("parts", creature.parts.size(), opt.max_parts));
  if (creature.joints.size() > opt.max_joints)
    diags.error("sim.too-large", limit_message("joints", creature.joints.size(), opt.max_joints));
  if (creature.neurons.size() > opt.max_neurons)
    diags.error("sim.too-large", limit_message("neurons", creature.neurons.size(), opt.max_neurons));
  if (diags.error_count() != errors) return std::nullopt;
  Builder b{creature, settings, diags, {}, {}, {}, {}, {}};
  if (!b.check()) return std::nullopt;
  b.out.settings = settings;
  std::vector<MapProblem> problems;
  std::optional<Terrain> terrain =
      parse_world_map(settings.wrldmap, settings.wrldtyp, settings.wrldsiz, problems);
  if (!terrain) {
    for (const MapProblem& p : problems)
      diags.error("sim.bad-world-map", p.message + " (wrldmap line " + std::to_string(p.line) + ")");
    return std::nullopt;
  }
  b.out.terrain = std::move(*terrain);
  b.out.blocks = b.out.terrain.boxes();
  if (b.out.terrain.type == 1) {
    b.out.block_first.assign(static_cast<std::size_t>(b.out.terrain.nx * b.out.terrain.ny) + 1, 0);
    for (const StaticBox& box : b.out.blocks) ++b.out.block_first[static_cast<std::size_t>(box.cell) + 1];
    for (std::size_t c = 1; c < b.out.block_first.size(); ++c)
      b.out.block_first[c] += b.out.block_first[c - 1];
  }
  b.find_muscles();
  b.place();
  if (!b.collect_rods()) return std::nullopt;
  DisjointSets sets(b.rods.size() + creature.parts.size());
  std::vector<std::array<int, 3>> balls, fixed;
  b.group(sets, balls, fixed);
  std::vector<int> body_of;
  if (!b.make_bodies(sets, body_of)) return std::nullopt;
  b.make_links(body_of, balls, fixed);
  attach_muscles(b.out, creature, diags);
  b.record_parts(body_of);
  b.out.stick_joint = b.rods;
  b.out.energy_joints =
      static_cast<int>(creature.joints.empty() ? creature.parts.size() : creature.joints.size());
  b.out.creature = std::make_shared<const f0::Model>(creature);
  // The constraint rows ODE solves, roughly: 6 per link, 3 per shape (a stick on the ground
  // makes about one full contact).
  std::size_t rows = 6 * b.out.links.size();
  for (const BodyDef& body : b.out.bodies) rows += 3 * body.geoms.size();
  b.out.exact = settings.gk_stepper == 1 ||
                (settings.gk_stepper == 2 && rows <= static_cast<std::size_t>(settings.gk_exactrows));
  // The network's own build messages (clamped parameters, neurons that cannot initialise).
  neuro::Network::build(creature, {settings.randinit, settings.nnoise, 0}, &diags);
  return Model(std::make_shared<const Model::Data>(std::move(b.out)));
}

const Settings& Model::settings() const {
  return data_->settings;
}
std::size_t Model::part_count() const {
  return data_->parts.size();
}
std::size_t Model::stick_count() const {
  return data_->sticks;
}
std::size_t Model::body_count() const {
  return data_->bodies.size();
}
std::size_t Model::link_count() const {
  return data_->links.size();
}
bool Model::exact_stepper() const {
  return data_->exact;
}
double Model::mass() const {
  return data_->mass;
}
const std::vector<f0::Vec3>& Model::initial_part_positions() const {
  return data_->part_start;
}
std::size_t Model::joint_count() const {
  return data_->creature->joints.size();
}
std::size_t Model::neuron_count() const {
  return data_->creature->neurons.size();
}
std::size_t Model::connection_count() const {
  return data_->creature->connections.size();
}
std::size_t Model::muscle_count() const {
  return data_->muscles.size();
}
const f0::Model& Model::creature() const {
  return *data_->creature;
}

}  // namespace genokit::sim
