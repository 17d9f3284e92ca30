// f1 mutation (genokit/f1/operators.hpp; design in docs/evolution.md "f1 operators"): nine groups
// drawn by roulette over the f1_sm*/f1_nm* weights, each an edit of the genes that keeps valid
// genes valid (modifiers that would act on no stick go with the stick removed, relative
// connections are re-numbered when a neuron is inserted or removed, values stay in range).
#include <algorithm>
#include <array>
#include <cmath>

#include "f1/genes.hpp"
#include "genokit/f1/operator_table.hpp"
#include "genokit/f1/operators.hpp"

namespace genokit::f1 {
namespace {

using namespace genes;

constexpr std::array<std::string_view, 16> kKinds{
    "f1.add-stick",    "f1.remove-stick",    "f1.add-junction",   "f1.remove-junction",
    "f1.add-comma",    "f1.remove-comma",    "f1.add-modifier",   "f1.remove-modifier",
    "f1.add-neuron",   "f1.remove-neuron",   "f1.add-connection", "f1.remove-connection",
    "f1.add-property", "f1.remove-property", "f1.change-weight",  "f1.change-value"};

enum Group {
  kStick,
  kJunction,
  kComma,
  kModifier,
  kNeuron,
  kConnection,
  kProperty,
  kWeight,
  kValue,
  kGroups
};
constexpr std::array<std::string_view, kGroups> kRateIds{"f1_smX",     "f1_smJunct", "f1_smComma",
                                                         "f1_smModif", "f1_nmNeu",   "f1_nmConn",
                                                         "f1_nmProp",  "f1_nmWei",   "f1_nmVal"};

// Row numbers of the rates in f1's table (looked up once).
struct Rows {
  std::array<int, kGroups> rate{};
  int modifiers = -1, exmod = -1;
  Rows() {
    const frams::ParamValues v(operator_table());
    for (int g = 0; g < kGroups; ++g)
      rate[static_cast<std::size_t>(g)] = v.find(kRateIds[static_cast<std::size_t>(g)]);
    modifiers = v.find("f1_smModifiers");
    exmod = v.find("f1_mut_exmod");
  }
};

double rate(const frams::ParamValues& p, int g) {
  static const Rows rows;
  if (p.table().data() == operator_table().data()) return p.number(rows.rate[static_cast<std::size_t>(g)]);
  return p.number(kRateIds[static_cast<std::size_t>(g)]);
}

// The modifiers mutation may add or remove: f1_smModifiers without f1_mut_exmod.
std::string usable_modifiers(const frams::ParamValues& p) {
  std::string out;
  const std::string& ex = p.text("f1_mut_exmod");
  for (char c : p.text("f1_smModifiers"))
    if (is_modifier(c) && ex.find(c) == std::string::npos && out.find(c) == std::string::npos) out += c;
  return out;
}

bool joint_effector(const f0::NeuronClass& c) {
  return c.pref_location == f0::NeuronLocation::joint && c.pref_output == 0;
}

// Everything one mutation call needs, with the candidates of every group. One per thread, its
// vectors reused from call to call (reset()).
struct Mutator {
  std::string_view g;
  const Index* ixp = nullptr;
  const f0::OperatorCall* callp = nullptr;
  std::string mods;
  std::vector<Edit> edits;
  int kind = -1;

  // Candidates (positions or indices), filled by collect().
  std::vector<std::uint32_t> stick_slots;  // where an X may be inserted
  std::vector<int> removable_sticks;       // stick numbers
  std::vector<int> junction_targets;       // symbols X and '('
  std::vector<int> single_groups;          // '(' with one branch and a ')'
  std::vector<std::uint32_t> comma_slots;
  std::vector<int> removable_commas;         // ',' symbols
  std::vector<int> removable_mods;           // modifier symbols
  std::vector<int> in_targets, out_sources;  // brackets taking inputs, giving an output
  std::vector<std::pair<int, std::uint32_t>> conns, props, weights, values;  // (bracket, token)
  std::vector<std::pair<int, int>> absent;  // (bracket, class property) a property token may add
  std::vector<int> commas, group, open;     // per symbol (scratch of collect)

  void reset(std::string_view genes, const Index& index, const f0::OperatorCall& c) {
    g = genes, ixp = &index, callp = &c;
    mods = usable_modifiers(c.params);
    kind = -1;
    for (auto* v : {&removable_sticks, &junction_targets, &single_groups, &removable_commas, &removable_mods,
                    &in_targets, &out_sources})
      v->clear();
    stick_slots.clear(), comma_slots.clear(), edits.clear();
    conns.clear(), props.clear(), weights.clear(), values.clear(), absent.clear();
  }
  const Index& ix_() const { return *ixp; }
  const f0::OperatorCall& call_() const { return *callp; }

  std::uint32_t pos(int s) const { return ixp->sym[static_cast<std::size_t>(s)].pos; }
  char sym(int s) const {
    return s >= 0 && s < static_cast<int>(ixp->sym.size()) ? ixp->sym[static_cast<std::size_t>(s)].c : '\0';
  }
  int nsym() const { return static_cast<int>(ixp->sym.size()); }

  void collect();
  bool can_add(int grp) const;
  bool can_remove(int grp) const;
  bool run(int grp, bool add);
  bool add_neuron();
  bool remove_neuron();

  // Modifiers directly before symbol k (its segment's run) that would act on no stick once
  // symbol k is gone: erased with it.
  void erase_dead_modifiers_before(int k, int next) {
    const char c = sym(next);
    if (c == 'X' || c == '(' || is_modifier(c)) return;
    for (int j = k - 1; j >= 0 && is_modifier(sym(j)); --j) edits.push_back({pos(j), 1, {}});
  }
  std::uint32_t pick(std::size_t n) { return callp->rng.below(static_cast<std::uint32_t>(n)); }
  void erase_char(int k) { edits.push_back({pos(k), 1, {}}); }
};

void Mutator::collect() {
  const int ns = nsym();
  const auto nsticks = ixp->sticks.size();
  // Sticks and empty branches.
  for (std::size_t s = 0; s < nsticks; ++s) stick_slots.push_back(ixp->run_end[s]);
  for (int k = 0; k + 1 < ns; ++k)
    if ((sym(k) == '(' || (sym(k) == ',' && ixp->sym[static_cast<std::size_t>(k)].match >= 0)) &&
        (sym(k + 1) == ',' || sym(k + 1) == ')'))
      stick_slots.push_back(pos(k) + 1);
  if (nsticks >= 2) {
    const bool first_holds =
        !ixp->br.empty() && ixp->br.front().open < pos(ixp->sticks[1]);  // a neuron needs an X before it
    for (std::size_t s = first_holds ? 1 : 0; s < nsticks; ++s)
      removable_sticks.push_back(static_cast<int>(s));
  }
  // Branch groups: the innermost open group of every symbol, commas per group.
  commas.assign(static_cast<std::size_t>(ns), 0);
  group.assign(static_cast<std::size_t>(ns), -1);
  open.clear();
  for (int k = 0; k < ns; ++k) {
    const Symbol& y = ixp->sym[static_cast<std::size_t>(k)];
    group[static_cast<std::size_t>(k)] = open.empty() ? -1 : open.back();
    if (y.c == '(') {
      open.push_back(k);
    } else if (y.c == ')' && y.match >= 0) {
      if (!open.empty()) open.pop_back();
    } else if (y.c == ',' && y.match >= 0) {
      ++commas[static_cast<std::size_t>(y.match)];
      // Merging two branches: fine unless the left one ends with a group and the right is not empty.
      if (!(sym(k - 1) == ')' && sym(k + 1) != ',' && sym(k + 1) != ')')) removable_commas.push_back(k);
    }
    if (y.c == 'X' || y.c == '(') junction_targets.push_back(k);
    if (is_modifier(y.c) && mods.find(y.c) != std::string::npos) removable_mods.push_back(k);
  }
  for (int k = 0; k < ns; ++k) {
    const Symbol& y = ixp->sym[static_cast<std::size_t>(k)];
    if (y.c == '(' && y.match >= 0) {
      comma_slots.push_back(y.pos + 1);
      if (commas[static_cast<std::size_t>(k)] == 0) single_groups.push_back(k);
    }
    if (y.c == 'X') {
      const int gr = group[static_cast<std::size_t>(k)];
      if (gr >= 0 && ixp->sym[static_cast<std::size_t>(gr)].match >= 0)
        comma_slots.push_back(
            ixp->run_end[static_cast<std::size_t>(ixp->stick_of_symbol[static_cast<std::size_t>(k)])]);
    }
  }
  // Neurons and their tokens.
  for (std::size_t b = 0; b < ixp->br.size(); ++b) {
    const Bracket& br = ixp->br[b];
    const int bi = static_cast<int>(b);
    if (br.cls && br.cls->pref_inputs != 0) in_targets.push_back(bi);
    if (br.cls && br.cls->pref_output != 0) out_sources.push_back(bi);
    std::uint64_t present = 0;  // class properties given (bit per property index < 64)
    for (std::uint32_t t = br.first_token; t < br.first_token + br.tokens; ++t) {
      const Token& k = ixp->tok[t];
      // (Numbers are read only for the token drawn: in valid genes every one is readable.)
      const bool readable = k.value_end > k.value_begin;
      if (k.kind == TokenKind::connection && k.offset_ok) {
        conns.emplace_back(bi, t);
        if (readable) weights.emplace_back(bi, t);
      } else if (k.kind == TokenKind::receptor && readable) {
        weights.emplace_back(bi, t);
      } else if (k.kind == TokenKind::property) {
        props.emplace_back(bi, t);
        if (br.cls) {
          const int pi = f0::find_neuron_prop(*br.cls, k.prop);
          if (pi >= 0 && pi < 64) {
            present |= std::uint64_t(1) << pi;
            const char type = br.cls->props[static_cast<std::size_t>(pi)].type;
            if (readable && (type == 'f' || type == 'd')) values.emplace_back(bi, t);
          }
        }
      }
    }
    if (br.cls)
      for (std::size_t pi = 0; pi < br.cls->props.size() && pi < 64; ++pi) {
        const frams::Property& p = br.cls->props[pi];
        if ((p.type == 'f' || p.type == 'd') && !p.id.empty() && p.id[0] >= 'a' && p.id[0] <= 'z' &&
            !(present >> pi & 1))
          absent.emplace_back(bi, static_cast<int>(pi));
      }
  }
}

bool Mutator::can_add(int grp) const {
  switch (grp) {
    case kStick:
      return !stick_slots.empty();
    case kJunction:
      return !junction_targets.empty();
    case kComma:
      return !comma_slots.empty();
    case kModifier:
      return !mods.empty() && !junction_targets.empty();
    case kNeuron:
      return !callp->neurons.active.empty() && !ixp->sticks.empty();
    case kConnection:
      return !in_targets.empty() && !out_sources.empty();
    case kProperty:
      return !absent.empty();
    case kWeight:
      return !weights.empty();
    case kValue:
      return !values.empty();
    default:
      return false;
  }
}

bool Mutator::can_remove(int grp) const {
  switch (grp) {
    case kStick:
      return !removable_sticks.empty();
    case kJunction:
      return !single_groups.empty();
    case kComma:
      return !removable_commas.empty();
    case kModifier:
      return !removable_mods.empty();
    case kNeuron:
      return !ixp->br.empty();
    case kConnection:
      return !conns.empty();
    case kProperty:
      return !props.empty();
    default:
      return false;
  }
}

bool Mutator::run(int grp, bool add) {
  kind = grp * 2 + (add ? 0 : 1);
  if (grp == kWeight) kind = 14;
  if (grp == kValue) kind = 15;
  switch (grp) {
    case kStick:
      if (add) {
        edits.push_back({stick_slots[pick(stick_slots.size())], 0, "X"});
      } else {
        const int k = ixp->sticks[static_cast<std::size_t>(removable_sticks[pick(removable_sticks.size())])];
        erase_char(k);
        erase_dead_modifiers_before(k, k + 1);
      }
      return true;
    case kJunction:
      if (add) {
        const int k = junction_targets[pick(junction_targets.size())];
        const int level = ixp->sym[static_cast<std::size_t>(k)].level;
        std::uint32_t end = static_cast<std::uint32_t>(g.size());
        for (int j = k + 1; j < nsym(); ++j)
          if ((sym(j) == ',' || sym(j) == ')') && ixp->sym[static_cast<std::size_t>(j)].level == level) {
            end = pos(j);
            break;
          }
        edits.push_back({pos(k), 0, "("});
        edits.push_back({end, 0, ")"});
      } else {
        const int k = single_groups[pick(single_groups.size())];
        const int close = ixp->sym[static_cast<std::size_t>(k)].match;
        erase_char(k);
        erase_char(close);
        bool holds = false;  // a stick or a group inside: modifiers before '(' still act
        for (int j = k + 1; j < close && !holds; ++j) holds = sym(j) == 'X' || sym(j) == '(';
        if (!holds) erase_dead_modifiers_before(k, -1);
      }
      return true;
    case kComma:
      if (add)
        edits.push_back({comma_slots[pick(comma_slots.size())], 0, ","});
      else
        erase_char(removable_commas[pick(removable_commas.size())]);
      return true;
    case kModifier:
      if (add) {
        const int k = junction_targets[pick(junction_targets.size())];
        int first = k;  // the modifiers directly before the target, and the target: the slots
        while (is_modifier(sym(first - 1))) --first;
        const int slot = first + static_cast<int>(pick(static_cast<std::size_t>(k - first + 1)));
        const char letter = mods[pick(mods.size())];
        edits.push_back({pos(slot), 0, std::string(1, letter)});
      } else {
        erase_char(removable_mods[pick(removable_mods.size())]);
      }
      return true;
    case kNeuron:
      return add ? add_neuron() : remove_neuron();
    case kConnection:
      if (add) {
        const int t = in_targets[pick(in_targets.size())];
        const int s = out_sources[pick(out_sources.size())];
        edits.push_back({ixp->br[static_cast<std::size_t>(t)].close, 0, ", " + std::to_string(s - t) + ":1"});
      } else {
        const auto [b, t] = conns[pick(conns.size())];
        edits.push_back(
            rebuild_bracket(g, *ixp, b, [t = t](std::uint32_t u, std::string&) { return u != t; }));
      }
      return true;
    case kProperty:
      if (add) {
        const auto [b, pi] = absent[pick(absent.size())];
        const f0::NeuronClass& c = *ixp->br[static_cast<std::size_t>(b)].cls;
        const frams::Property& p = c.props[static_cast<std::size_t>(pi)];
        double v = f0::mut_neuron_prop(c, pi, p.def, callp->rng);
        if (p.ranged) v = std::clamp(v, p.min, p.max);
        edits.push_back({ixp->br[static_cast<std::size_t>(b)].close, 0,
                         ", " + std::string(p.id) + ":" + format_value(p.type, v)});
      } else {
        const auto [b, t] = props[pick(props.size())];
        edits.push_back(
            rebuild_bracket(g, *ixp, b, [t = t](std::uint32_t u, std::string&) { return u != t; }));
      }
      return true;
    case kWeight: {
      const Token& k = ixp->tok[weights[pick(weights.size())].second];
      double w = 0;
      parse_value(g.substr(k.value_begin, k.value_end - k.value_begin), w);
      edits.push_back(
          {k.value_begin, k.value_end - k.value_begin, format3(frams::mut_weight(callp->rng, w))});
      return true;
    }
    case kValue: {
      const auto [b, t] = values[pick(values.size())];
      const Token& k = ixp->tok[t];
      const f0::NeuronClass& c = *ixp->br[static_cast<std::size_t>(b)].cls;
      const int pi = f0::find_neuron_prop(c, k.prop);
      const frams::Property& p = c.props[static_cast<std::size_t>(pi)];
      double v = 0;
      parse_value(g.substr(k.value_begin, k.value_end - k.value_begin), v);
      if (p.ranged) v = std::clamp(v, p.min, p.max);
      double nv = f0::mut_neuron_prop(c, pi, v, callp->rng);
      if (p.ranged) nv = std::clamp(nv, p.min, p.max);
      edits.push_back({k.value_begin, k.value_end - k.value_begin, format_value(p.type, nv)});
      return true;
    }
    default:
      return false;
  }
}

bool Mutator::add_neuron() {
  const f0::NeuronClass* c = f0::random_class(callp->neurons.active, callp->rng);
  if (!c) return false;
  // A muscle goes on a stick that has no muscle of its kind yet (two would not make a creature).
  std::vector<int> sticks;
  for (std::size_t s = 0; s < ixp->sticks.size(); ++s) {
    bool taken = false;
    if (joint_effector(*c))
      for (const Bracket& b : ixp->br)
        if (b.stick == static_cast<int>(s) && b.close < ixp->run_end[s])
          taken = taken || b.class_name == c->name || (b.old_style && g.substr(b.body - 1, 1) == c->name);
    if (!taken) sticks.push_back(static_cast<int>(s));
  }
  if (sticks.empty()) {
    callp->diags.error("f1.no-room-for-neuron",
                       "every stick already has a '" + std::string(c->name) + "' muscle");
    return false;
  }
  const std::uint32_t at = ixp->run_end[static_cast<std::size_t>(sticks[pick(sticks.size())])];
  int m = 0;  // the new neuron's f1 number
  while (m < static_cast<int>(ixp->br.size()) && ixp->br[static_cast<std::size_t>(m)].open < at) ++m;
  std::string text(1, '[');
  text += c->name;
  if (c->pref_inputs != 0 && !out_sources.empty()) {  // connected: an input from a neuron with an output
    const int s = out_sources[pick(out_sources.size())];
    text += ", " + std::to_string(s + (s >= m ? 1 : 0) - m) + ":1";
  }
  text += "]";
  renumber(g, *ixp, m, +1, edits);
  edits.push_back({at, 0, std::move(text)});
  return true;
}

bool Mutator::remove_neuron() {
  const int b = static_cast<int>(pick(ixp->br.size()));
  const Bracket& br = ixp->br[static_cast<std::size_t>(b)];
  edits.push_back(
      {br.open, std::min<std::uint32_t>(br.close + 1, static_cast<std::uint32_t>(g.size())) - br.open, {}});
  renumber(g, *ixp, b, -1, edits);
  return true;
}

}  // namespace

std::span<const std::string_view> mutation_kinds() {
  return kKinds;
}

std::optional<f0::Mutation> mutate(std::string_view genes, const f0::OperatorCall& call) {
  thread_local Index ix;
  scan(genes, ix);
  thread_local Mutator m;
  m.reset(genes, ix, call);
  m.collect();
  std::array<double, kGroups> w{};
  std::array<bool, kGroups> add{}, remove{};
  for (int grp = 0; grp < kGroups; ++grp) {
    add[static_cast<std::size_t>(grp)] = m.can_add(grp);
    remove[static_cast<std::size_t>(grp)] = m.can_remove(grp);
    if (add[static_cast<std::size_t>(grp)] || remove[static_cast<std::size_t>(grp)])
      w[static_cast<std::size_t>(grp)] = rate(call.params, grp);
  }
  const int grp = call.rng.roulette(w);
  if (grp < 0) {
    call.diags.error("f1.no-mutation",
                     "no f1 mutation can act on these genes with these settings (every applicable "
                     "f1_sm*/f1_nm* weight is 0)");
    return std::nullopt;
  }
  const auto gi = static_cast<std::size_t>(grp);
  const bool do_add = add[gi] && remove[gi] ? call.rng.below(2) == 0 : add[gi];
  if (!m.run(grp, do_add)) return std::nullopt;
  f0::Mutation out;
  std::size_t edited = 0;
  out.genes = apply(genes, m.edits, edited);
  // How much changed: the differing middle of the two texts (a bracket rebuilt to drop one token
  // counts only that token).
  const std::string_view a = genes, b = out.genes;
  std::size_t prefix = 0, suffix = 0;
  while (prefix < a.size() && prefix < b.size() && a[prefix] == b[prefix]) ++prefix;
  while (suffix < a.size() - prefix && suffix < b.size() - prefix &&
         a[a.size() - 1 - suffix] == b[b.size() - 1 - suffix])
    ++suffix;
  const std::size_t changed = std::max(a.size(), b.size()) - prefix - suffix;
  out.kind = std::string(kKinds[static_cast<std::size_t>(m.kind)]);
  out.method = m.kind;
  out.chg = std::min(
      1.0, static_cast<double>(changed) / static_cast<double>(std::max<std::size_t>(1, genes.size())));
  return out;
}

}  // namespace genokit::f1
