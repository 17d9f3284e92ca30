// f0 mutation (genokit/f0/operators.hpp; design in docs/evolution.md "f0 operators"): the genes
// are parsed into the model, one of 24 kinds is drawn by roulette over the f0_* weights among the
// kinds that can act (tags honoured, the body kept connected, joints kept short enough), the model
// is changed and written back in the SDK writer's canonical form.
#include <algorithm>
#include <array>
#include <cmath>

#include "f0/model_edit.hpp"
#include "genokit/f0/operator_table.hpp"
#include "genokit/f0/operators.hpp"
#include "genokit/f0/parser.hpp"
#include "genokit/f0/properties.hpp"
#include "genokit/f0/writer.hpp"

namespace genokit::f0 {
namespace {

enum Kind {
  kPartNew,
  kPartDel,
  kPartSwap,
  kPartPos,
  kPartDen,
  kPartFrc,
  kPartIng,
  kPartAsm,
  kPartColor,
  kJointNew,
  kJointDel,
  kJointStm,
  kJointStf,
  kJointRsf,
  kJointColor,
  kJointRed,
  kJointGreen,
  kJointBlue,
  kNeuronNew,
  kNeuronDel,
  kNeuronProp,
  kConnNew,
  kConnDel,
  kConnWeight,
  kKinds
};

constexpr std::array<std::string_view, kKinds> kNames{"f0.add-part",
                                                      "f0.remove-part",
                                                      "f0.swap-parts",
                                                      "f0.move-part",
                                                      "f0.change-density",
                                                      "f0.change-friction",
                                                      "f0.change-ingestion",
                                                      "f0.change-assimilation",
                                                      "f0.change-part-colour",
                                                      "f0.add-joint",
                                                      "f0.remove-joint",
                                                      "f0.change-stamina",
                                                      "f0.change-stiffness",
                                                      "f0.change-rotational-stiffness",
                                                      "f0.change-joint-colour",
                                                      "f0.change-joint-red",
                                                      "f0.change-joint-green",
                                                      "f0.change-joint-blue",
                                                      "f0.add-neuron",
                                                      "f0.remove-neuron",
                                                      "f0.change-neuron",
                                                      "f0.add-connection",
                                                      "f0.remove-connection",
                                                      "f0.change-weight"};
constexpr std::array<std::string_view, kKinds> kIds{
    "f0_p_new",   "f0_p_del",  "f0_p_swp", "f0_p_pos", "f0_p_den", "f0_p_frc", "f0_p_ing",   "f0_p_asm",
    "f0_p_color", "f0_j_new",  "f0_j_del", "f0_j_stm", "f0_j_stf", "f0_j_rsf", "f0_j_color", "f0_j_vred",
    "f0_j_vgrn",  "f0_j_vblu", "f0_n_new", "f0_n_del", "f0_n_prp", "f0_c_new", "f0_c_del",   "f0_c_wei"};

// A joint may be at most this long (the f0 check: 2.0); new joints and moves stay below.
constexpr double kMaxJoint = 2.0;
// Standard deviation of a part's move, per coordinate.
constexpr double kMoveSd = 0.1;

const frams::Property& prop(std::string_view cls, std::string_view id) {
  const ClassTable* t = find_table(cls);
  return t->props[static_cast<std::size_t>(find_prop(*t, id))];
}

double creep_prop(frams::SdkRandom& rng, std::string_view cls, std::string_view id, double v) {
  const frams::Property& p = prop(cls, id);
  return frams::creep(rng, 'f', std::clamp(v, p.min, p.max), p.min, p.max, true);
}

double& colour(Vec3& c, std::uint32_t channel) {
  return channel == 0 ? c.x : channel == 1 ? c.y : c.z;
}

bool joint_effector(const NeuronClass& c) {
  return c.pref_location == NeuronLocation::joint && c.pref_output == 0;
}

struct Mutator {
  Model& m;
  const OperatorCall& call;
  bool nodel_tags, nomod_tags;
  int changed = 1;

  std::vector<int> del_parts, mod_parts, del_joints, mod_joints, del_neurons, prp_neurons;
  std::vector<int> in_targets, out_sources;
  std::vector<std::pair<int, int>> new_joints, del_inputs, mod_inputs;  // (a, b) / (neuron, input)

  Mutator(Model& model, const OperatorCall& c) : m(model), call(c) {
    nodel_tags = c.params.number("f0_nodel_tag") != 0;
    nomod_tags = c.params.number("f0_nomod_tag") != 0;
  }
  bool nodel(const std::string& info) const { return nodel_tags && edit::tags_of(info).nodel; }
  bool nomod(const std::string& info) const { return nomod_tags && edit::tags_of(info).nomod; }
  std::uint32_t pick(std::size_t n) { return call.rng.below(static_cast<std::uint32_t>(n)); }

  void collect();
  bool can(int k) const;
  bool run(int k);
  bool move_part();
  bool add_neuron();
  void drop(std::vector<bool> kp, std::vector<bool> kj, std::vector<bool> kn) {
    const std::size_t before = m.parts.size() + m.joints.size() + m.neurons.size();
    edit::remove(m, kp, kj, kn);
    changed = static_cast<int>(before - (m.parts.size() + m.joints.size() + m.neurons.size()));
  }
  int new_joint_shape() const {
    if (!m.joints.empty()) return m.joints.front().sh;
    return !m.parts.empty() && m.parts.front().sh != 0 ? 1 : 0;
  }
};

void Mutator::collect() {
  const std::size_t np = m.parts.size(), nj = m.joints.size(), nn = m.neurons.size();
  const edit::BodyGraph graph = edit::analyse(m);
  // What removing an element takes with it must not be tagged mi=d either.
  std::vector<bool> neuron_held(nn, false);  // tagged, or in a tagged connection
  for (std::size_t i = 0; i < nn; ++i) {
    if (nodel(m.neurons[i].info)) neuron_held[i] = true;
    for (const Input& in : m.neurons[i].inputs)
      if (nodel(in.info)) {
        neuron_held[i] = true;
        if (in.source >= 0 && in.source < static_cast<int>(nn))
          neuron_held[static_cast<std::size_t>(in.source)] = true;
      }
  }
  std::vector<bool> joint_held(nj, false), part_held(np, false);
  for (std::size_t j = 0; j < nj; ++j) joint_held[j] = nodel(m.joints[j].info);
  for (std::size_t i = 0; i < nn; ++i) {
    if (!neuron_held[i]) continue;
    const Neuron& n = m.neurons[i];
    if (n.joint >= 0 && n.joint < static_cast<int>(nj))
      joint_held[static_cast<std::size_t>(n.joint)] = true;
    else if (n.part >= 0 && n.part < static_cast<int>(np))
      part_held[static_cast<std::size_t>(n.part)] = true;
  }
  for (std::size_t p = 0; p < np; ++p) part_held[p] = part_held[p] || nodel(m.parts[p].info);
  std::vector<bool> part_joint_held(np, false);  // a joint of the part is held
  std::vector<std::vector<bool>> joined(np, std::vector<bool>(np, false));
  for (std::size_t j = 0; j < nj; ++j) {
    const Joint& x = m.joints[j];
    const bool ends = x.p1 >= 0 && x.p2 >= 0 && x.p1 < static_cast<int>(np) && x.p2 < static_cast<int>(np);
    if (ends) {
      joined[static_cast<std::size_t>(x.p1)][static_cast<std::size_t>(x.p2)] =
          joined[static_cast<std::size_t>(x.p2)][static_cast<std::size_t>(x.p1)] = true;
      if (joint_held[j])
        part_joint_held[static_cast<std::size_t>(x.p1)] = part_joint_held[static_cast<std::size_t>(x.p2)] =
            true;
    }
    if (!nomod(x.info)) mod_joints.push_back(static_cast<int>(j));
    if (!joint_held[j] && !graph.bridge[j] && ends) del_joints.push_back(static_cast<int>(j));
  }
  for (std::size_t p = 0; p < np; ++p) {
    if (!nomod(m.parts[p].info)) mod_parts.push_back(static_cast<int>(p));
    if (np >= 2 && !part_held[p] && !part_joint_held[p] && !graph.cut_part[p] && graph.enter[p] >= 0)
      del_parts.push_back(static_cast<int>(p));
  }
  for (std::size_t a = 0; a < np; ++a)
    for (std::size_t b = a + 1; b < np; ++b)
      if (!joined[a][b] && edit::distance(m.parts[a].pos, m.parts[b].pos) < kMaxJoint)
        new_joints.emplace_back(static_cast<int>(a), static_cast<int>(b));
  for (std::size_t i = 0; i < nn; ++i) {
    const Neuron& n = m.neurons[i];
    const NeuronClass* c = find_neuron_class(n.class_name);
    if (c && c->pref_inputs != 0) in_targets.push_back(static_cast<int>(i));
    if (c && c->pref_output != 0) out_sources.push_back(static_cast<int>(i));
    if (c && !c->props.empty() && !nomod(n.info)) prp_neurons.push_back(static_cast<int>(i));
    if (!neuron_held[i]) del_neurons.push_back(static_cast<int>(i));
    for (std::size_t k = 0; k < n.inputs.size(); ++k) {
      if (!nodel(n.inputs[k].info)) del_inputs.emplace_back(static_cast<int>(i), static_cast<int>(k));
      if (!nomod(n.inputs[k].info)) mod_inputs.emplace_back(static_cast<int>(i), static_cast<int>(k));
    }
  }
}

bool Mutator::can(int k) const {
  switch (k) {
    case kPartNew:
      return !m.parts.empty();
    case kPartDel:
      return !del_parts.empty();
    case kPartSwap:
      return m.parts.size() >= 2;
    case kPartPos:
    case kPartDen:
    case kPartFrc:
    case kPartIng:
    case kPartAsm:
    case kPartColor:
      return !mod_parts.empty();
    case kJointNew:
      return !new_joints.empty();
    case kJointDel:
      return !del_joints.empty();
    case kJointStm:
    case kJointStf:
    case kJointRsf:
    case kJointColor:
    case kJointRed:
    case kJointGreen:
    case kJointBlue:
      return !mod_joints.empty();
    case kNeuronNew:
      return !call.neurons.active.empty();
    case kNeuronDel:
      return !del_neurons.empty();
    case kNeuronProp:
      return !prp_neurons.empty();
    case kConnNew:
      return !in_targets.empty() && !out_sources.empty();
    case kConnDel:
      return !del_inputs.empty();
    case kConnWeight:
      return !mod_inputs.empty();
    default:
      return false;
  }
}

bool Mutator::move_part() {
  const int p = mod_parts[pick(mod_parts.size())];
  // A part placed by a delta joint moves by that joint's offset.
  for (Joint& j : m.joints)
    if (j.use_delta && j.p2 == p) {
      if (nomod(j.info)) break;
      Vec3 d{frams::round3(j.d.x + call.rng.gauss(0, kMoveSd)),
             frams::round3(j.d.y + call.rng.gauss(0, kMoveSd)),
             frams::round3(j.d.z + call.rng.gauss(0, kMoveSd))};
      const double len = std::sqrt(d.x * d.x + d.y * d.y + d.z * d.z);
      if (len > kMaxJoint * 0.999) {
        const double s = kMaxJoint * 0.999 / len;
        d = {frams::round3(d.x * s), frams::round3(d.y * s), frams::round3(d.z * s)};
      }
      j.d = d;
      return true;
    }
  Part& x = m.parts[static_cast<std::size_t>(p)];
  const Vec3 to{frams::round3(x.pos.x + call.rng.gauss(0, kMoveSd)),
                frams::round3(x.pos.y + call.rng.gauss(0, kMoveSd)),
                frams::round3(x.pos.z + call.rng.gauss(0, kMoveSd))};
  for (const Joint& j : m.joints) {
    if (j.use_delta || j.sh == 1 || (j.p1 != p && j.p2 != p)) continue;
    const int other = j.p1 == p ? j.p2 : j.p1;
    if (other < 0 || other >= static_cast<int>(m.parts.size())) continue;
    if (edit::distance(to, m.parts[static_cast<std::size_t>(other)].pos) > kMaxJoint) {
      call.diags.error("f0.move-too-far",
                       "moving part #" + std::to_string(p) + " would make a joint too long");
      return false;
    }
  }
  x.pos = to;
  return true;
}

bool Mutator::add_neuron() {
  const NeuronClass* c = random_class(call.neurons.active, call.rng);
  if (!c) return false;
  Neuron n;
  n.details = std::string(c->name);
  n.class_name = n.details;
  n.known_class = true;
  if (c->pref_location == NeuronLocation::joint) {
    std::vector<int> joints;
    for (std::size_t j = 0; j < m.joints.size(); ++j) {
      bool taken = false;
      if (joint_effector(*c))
        for (const Neuron& o : m.neurons)
          taken = taken || (o.joint == static_cast<int>(j) && o.class_name == c->name);
      if (!taken) joints.push_back(static_cast<int>(j));
    }
    if (joints.empty()) {
      call.diags.error("f0.no-room-for-neuron", "no joint can take a '" + std::string(c->name) + "' neuron");
      return false;
    }
    n.joint = joints[pick(joints.size())];
  } else if (c->pref_location == NeuronLocation::part) {
    if (m.parts.empty()) return false;
    n.part = static_cast<int>(pick(m.parts.size()));
  }
  if (c->pref_inputs != 0 && !out_sources.empty())
    n.inputs.push_back({out_sources[pick(out_sources.size())], 1.0, {}});
  m.neurons.push_back(std::move(n));
  return true;
}

bool Mutator::run(int k) {
  const std::size_t np = m.parts.size(), nj = m.joints.size(), nn = m.neurons.size();
  switch (k) {
    case kPartNew: {
      const int a = static_cast<int>(pick(np));
      Vec3 d;
      double len = 0;
      do {
        d = {call.rng.gauss(), call.rng.gauss(), call.rng.gauss()};
        len = std::sqrt(d.x * d.x + d.y * d.y + d.z * d.z);
      } while (len < 1e-9);
      const double stick = 0.5 + call.rng.uniform();  // 0.5 .. 1.5
      Part p = m.parts[static_cast<std::size_t>(a)];  // a new part like its neighbour
      p.info.clear();
      p.src = {};
      p.pos = {frams::round3(p.pos.x + d.x / len * stick), frams::round3(p.pos.y + d.y / len * stick),
               frams::round3(p.pos.z + d.z / len * stick)};
      m.parts.push_back(std::move(p));
      Joint j;
      j.p1 = a;
      j.p2 = static_cast<int>(np);
      j.sh = new_joint_shape();
      m.joints.push_back(std::move(j));
      changed = 2;
      return true;
    }
    case kPartDel: {
      std::vector<bool> kp(np, true);
      kp[static_cast<std::size_t>(del_parts[pick(del_parts.size())])] = false;
      drop(kp, std::vector<bool>(nj, true), std::vector<bool>(nn, true));
      return true;
    }
    case kPartSwap: {
      const int a = static_cast<int>(pick(np));
      int b = static_cast<int>(pick(np - 1));
      if (b >= a) ++b;
      std::swap(m.parts[static_cast<std::size_t>(a)], m.parts[static_cast<std::size_t>(b)]);
      auto sw = [&](int& p) { p = p == a ? b : p == b ? a : p; };
      for (Joint& j : m.joints) sw(j.p1), sw(j.p2);
      for (Neuron& n : m.neurons) sw(n.part);
      changed = 2;
      return true;
    }
    case kPartPos:
      return move_part();
    case kPartDen:
    case kPartFrc:
    case kPartIng:
    case kPartAsm: {
      Part& p = m.parts[static_cast<std::size_t>(mod_parts[pick(mod_parts.size())])];
      double& v = k == kPartDen ? p.dn : k == kPartFrc ? p.fr : k == kPartIng ? p.ing : p.as;
      v = creep_prop(call.rng, "p",
                     k == kPartDen   ? "dn"
                     : k == kPartFrc ? "fr"
                     : k == kPartIng ? "ing"
                                     : "as",
                     v);
      return true;
    }
    case kPartColor: {
      Part& p = m.parts[static_cast<std::size_t>(mod_parts[pick(mod_parts.size())])];
      const std::uint32_t ch = pick(3);
      double& v = colour(p.color, ch);
      v = creep_prop(call.rng, "p", ch == 0 ? "vr" : ch == 1 ? "vg" : "vb", v);
      return true;
    }
    case kJointNew: {
      const auto [a, b] = new_joints[pick(new_joints.size())];
      Joint j;
      j.p1 = a, j.p2 = b;
      j.sh = new_joint_shape();
      m.joints.push_back(std::move(j));
      return true;
    }
    case kJointDel: {
      std::vector<bool> kj(nj, true);
      kj[static_cast<std::size_t>(del_joints[pick(del_joints.size())])] = false;
      drop(std::vector<bool>(np, true), kj, std::vector<bool>(nn, true));
      return true;
    }
    case kJointStm:
    case kJointStf:
    case kJointRsf: {
      Joint& j = m.joints[static_cast<std::size_t>(mod_joints[pick(mod_joints.size())])];
      double& v = k == kJointStm ? j.stam : k == kJointStf ? j.stif : j.rotstif;
      v = creep_prop(call.rng, "j", k == kJointStm ? "stam" : k == kJointStf ? "stif" : "rotstif", v);
      return true;
    }
    case kJointColor:
    case kJointRed:
    case kJointGreen:
    case kJointBlue: {
      Joint& j = m.joints[static_cast<std::size_t>(mod_joints[pick(mod_joints.size())])];
      const std::uint32_t ch = k == kJointColor ? pick(3) : static_cast<std::uint32_t>(k - kJointRed);
      double& v = colour(j.color, ch);
      v = creep_prop(call.rng, "j", ch == 0 ? "vr" : ch == 1 ? "vg" : "vb", v);
      return true;
    }
    case kNeuronNew:
      return add_neuron();
    case kNeuronDel: {
      std::vector<bool> kn(nn, true);
      kn[static_cast<std::size_t>(del_neurons[pick(del_neurons.size())])] = false;
      drop(std::vector<bool>(np, true), std::vector<bool>(nj, true), kn);
      return true;
    }
    case kNeuronProp: {
      Neuron& n = m.neurons[static_cast<std::size_t>(prp_neurons[pick(prp_neurons.size())])];
      std::optional<std::string> d = mut_neuron_details(n.details, call.rng);
      if (!d || *d == n.details) {
        call.diags.error("f0.no-neuron-change", "the drawn neuron property is not a number");
        return false;
      }
      n.details = std::move(*d);
      return true;
    }
    case kConnNew: {
      const int t = in_targets[pick(in_targets.size())];
      const int s = out_sources[pick(out_sources.size())];
      m.neurons[static_cast<std::size_t>(t)].inputs.push_back({s, 1.0, {}});
      return true;
    }
    case kConnDel: {
      const auto [n, i] = del_inputs[pick(del_inputs.size())];
      auto& in = m.neurons[static_cast<std::size_t>(n)].inputs;
      in.erase(in.begin() + i);
      return true;
    }
    case kConnWeight: {
      const auto [n, i] = mod_inputs[pick(mod_inputs.size())];
      double& w = m.neurons[static_cast<std::size_t>(n)].inputs[static_cast<std::size_t>(i)].weight;
      w = frams::mut_weight(call.rng, w);
      return true;
    }
    default:
      return false;
  }
}

}  // namespace

std::span<const std::string_view> mutation_kinds() {
  return kNames;
}
std::span<const std::string_view> mutation_weight_ids() {
  return kIds;
}

std::optional<Mutation> mutate(std::string_view genes, const OperatorCall& call) {
  Diagnostics pd;
  ParseOptions po;
  po.lint = false;
  Model m = parse(genes, pd, po);
  if (!m.valid) {
    call.diags.error("f0.invalid-genes", "these f0 genes do not build a valid model");
    return std::nullopt;
  }
  std::size_t total = m.parts.size() + m.joints.size() + m.neurons.size();
  for (const Neuron& n : m.neurons) total += n.inputs.size();
  Mutator mu(m, call);
  mu.collect();
  std::array<double, kKinds> w{};
  for (int k = 0; k < kKinds; ++k)
    if (mu.can(k)) w[static_cast<std::size_t>(k)] = call.params.number(kIds[static_cast<std::size_t>(k)]);
  const int k = call.rng.roulette(w);
  if (k < 0) {
    call.diags.error("f0.no-mutation",
                     "no f0 mutation can act on these genes with these settings (every applicable f0_* "
                     "weight is 0, or the elements are tagged mi=d/mi=m)");
    return std::nullopt;
  }
  if (!mu.run(k)) return std::nullopt;
  Mutation out;
  out.genes = write_body(m);
  out.kind = std::string(kNames[static_cast<std::size_t>(k)]);
  out.method = k;
  out.chg =
      std::min(1.0, static_cast<double>(mu.changed) / static_cast<double>(std::max<std::size_t>(1, total)));
  return out;
}

}  // namespace genokit::f0
