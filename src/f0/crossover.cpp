// f0 crossover by limb exchange (genokit/f0/operators.hpp; design in docs/evolution.md "f0
// operators"). A limb is what lies beyond a bridge joint, away from part 0. The incoming limb keeps
// its shape: its parts are translated (orientations kept, written as rotations), its joints are
// written with absolute positions, and the other parent's bridge joint re-attaches it.
#include <algorithm>

#include "f0/model_edit.hpp"
#include "genokit/f0/operators.hpp"
#include "genokit/f0/parser.hpp"
#include "genokit/f0/writer.hpp"

namespace genokit::f0 {
namespace {

struct Parent {
  Model m;
  edit::BodyGraph graph;
  std::vector<int> bridges;  // joints whose removal splits the body
};

bool load(std::string_view genes, Parent& p) {
  Diagnostics d;
  ParseOptions po;
  po.lint = false;
  p.m = parse(genes, d, po);
  if (!p.m.valid) return false;
  p.graph = edit::analyse(p.m);
  for (std::size_t j = 0; j < p.m.joints.size(); ++j)
    if (p.graph.bridge[j]) p.bridges.push_back(static_cast<int>(j));
  return true;
}

struct Limb {
  int joint = -1;            // the bridge
  int near = -1, root = -1;  // its end on part 0's side, its end in the limb
  std::vector<bool> in;      // per part: in the limb
};

Limb limb_of(const Parent& p, int j) {
  const Model& m = p.m;
  Limb l;
  l.joint = j;
  l.in.assign(m.parts.size(), false);
  for (std::size_t q = 0; q < m.parts.size(); ++q) l.in[q] = p.graph.in_limb(j, static_cast<int>(q));
  const Joint& x = m.joints[static_cast<std::size_t>(j)];
  l.root = p.graph.limb_root[static_cast<std::size_t>(j)];
  l.near = l.root == x.p1 ? x.p2 : x.p1;
  return l;
}

// `host` without its limb `out`, with `donor`'s limb `in` attached in its place. `own` counts the
// elements that came from the host.
Model exchange(const Model& host, const Limb& out, const Model& donor, const Limb& in, std::size_t& own) {
  Model c = host;
  std::vector<bool> kp(c.parts.size()), kj(c.joints.size(), true), kn(c.neurons.size(), true);
  for (std::size_t p = 0; p < kp.size(); ++p) kp[p] = !out.in[p];
  kj[static_cast<std::size_t>(out.joint)] = false;
  const Vec3 at = host.parts[static_cast<std::size_t>(out.root)].pos;
  edit::remove(c, kp, kj, kn);
  own = c.parts.size() + c.joints.size() + c.neurons.size();
  int near = 0;  // the host's near part, re-numbered
  for (int p = 0; p < out.near; ++p) near += kp[static_cast<std::size_t>(p)];

  // The donor's limb: parts translated, orientation kept as rotation angles.
  const Vec3 from = donor.parts[static_cast<std::size_t>(in.root)].pos;
  const Vec3 shift{at.x - from.x, at.y - from.y, at.z - from.z};
  std::vector<int> part_to(donor.parts.size(), -1), joint_to(donor.joints.size(), -1),
      neuron_to(donor.neurons.size(), -1);
  for (std::size_t p = 0; p < donor.parts.size(); ++p) {
    if (!in.in[p]) continue;
    Part x = donor.parts[p];
    x.pos = {x.pos.x + shift.x, x.pos.y + shift.y, x.pos.z + shift.z};
    x.rot = rotation_from_orient(x.orient);
    x.src = {};
    part_to[p] = static_cast<int>(c.parts.size());
    c.parts.push_back(std::move(x));
  }
  for (std::size_t j = 0; j < donor.joints.size(); ++j) {
    const Joint& x = donor.joints[j];
    const bool bridge = static_cast<int>(j) == in.joint;
    if (!bridge && (x.p1 < 0 || x.p2 < 0 || !in.in[static_cast<std::size_t>(x.p1)] ||
                    !in.in[static_cast<std::size_t>(x.p2)]))
      continue;
    Joint y = x;
    y.use_delta = false;  // absolute positions: the limb keeps its shape wherever it lands
    y.src = {};
    y.p1 = bridge ? near : part_to[static_cast<std::size_t>(x.p1)];
    y.p2 = bridge ? part_to[static_cast<std::size_t>(in.root)] : part_to[static_cast<std::size_t>(x.p2)];
    joint_to[j] = static_cast<int>(c.joints.size());
    c.joints.push_back(std::move(y));
  }
  for (std::size_t n = 0; n < donor.neurons.size(); ++n) {
    const Neuron& x = donor.neurons[n];
    const bool on_joint = x.joint >= 0 && joint_to[static_cast<std::size_t>(x.joint)] >= 0;
    const bool on_part = x.joint < 0 && x.part >= 0 && part_to[static_cast<std::size_t>(x.part)] >= 0;
    if (on_joint || on_part) neuron_to[n] = static_cast<int>(c.neurons.size() + n);  // (compacted below)
  }
  int k = static_cast<int>(c.neurons.size());
  for (std::size_t n = 0; n < donor.neurons.size(); ++n)
    if (neuron_to[n] >= 0) neuron_to[n] = k++;
  for (std::size_t n = 0; n < donor.neurons.size(); ++n) {
    if (neuron_to[n] < 0) continue;
    Neuron y = donor.neurons[n];
    y.src = {};
    y.joint = y.joint >= 0 ? joint_to[static_cast<std::size_t>(y.joint)] : -1;
    y.part = y.joint >= 0 ? -1 : part_to[static_cast<std::size_t>(y.part)];
    std::vector<Input> inputs;
    for (Input& i : y.inputs)
      if (i.source >= 0 && i.source < static_cast<int>(neuron_to.size()) &&
          neuron_to[static_cast<std::size_t>(i.source)] >= 0) {
        i.source = neuron_to[static_cast<std::size_t>(i.source)];
        inputs.push_back(std::move(i));
      }
    y.inputs = std::move(inputs);
    c.neurons.push_back(std::move(y));
  }
  c.connections.clear();
  return c;
}

}  // namespace

std::optional<Crossing> crossover(std::string_view genes1, std::string_view genes2,
                                  const OperatorCall& call) {
  Parent a, b;
  if (!load(genes1, a) || !load(genes2, b)) {
    call.diags.error("f0.invalid-genes", "a parent's f0 genes do not build a valid model");
    return std::nullopt;
  }
  if (a.bridges.empty() || b.bridges.empty()) {
    call.diags.error("f0.no-limb",
                     std::string(a.bridges.empty() ? "the first" : "the second") +
                         " parent has no joint whose removal splits its body (a single part, or only loops)");
    return std::nullopt;
  }
  const Limb la = limb_of(a, a.bridges[call.rng.below(static_cast<std::uint32_t>(a.bridges.size()))]);
  const Limb lb = limb_of(b, b.bridges[call.rng.below(static_cast<std::uint32_t>(b.bridges.size()))]);
  std::size_t own1 = 0, own2 = 0;
  const Model c1 = exchange(a.m, la, b.m, lb, own1);
  const Model c2 = exchange(b.m, lb, a.m, la, own2);
  Crossing x;
  x.child1 = write_body(c1);
  x.child2 = write_body(c2);
  auto share = [](std::size_t own, const Model& m) {
    const std::size_t n = m.parts.size() + m.joints.size() + m.neurons.size();
    return n ? static_cast<double>(own) / static_cast<double>(n) : 0.0;
  };
  x.chg1 = share(own1, c1);
  x.chg2 = share(own2, c2);
  x.two_children = true;
  return x;
}

}  // namespace genokit::f0
