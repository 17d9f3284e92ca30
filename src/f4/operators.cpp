// f4's mutation (notes encodings.md §2.8): one random change of the code tree, developed before it
// is accepted (20 attempts). Random draws in the SDK's order; two differences, on purpose
// (docs/encodings.md): new relative links point at the neuron they were drawn for (the SDK stores
// the offset with the wrong sign), and a repetition count of 1 is written "#1" (the SDK writes a
// bare '#', which does not parse back).
#include "genokit/f4/operators.hpp"

#include <array>
#include <cmath>

#include "f4/cells.hpp"
#include "f4/mutation.hpp"
#include "f4/tree.hpp"
#include "genokit/f0/neuron_classes.hpp"
#include "genokit/frams/operator_params.hpp"

namespace genokit::f4 {
namespace {

using namespace detail;

constexpr frams::Property weight(std::string_view id, double def, std::string_view name,
                                 std::string_view help) {
  return frams::operator_param(id, 'f', 0, 100, def, name, help);
}

constexpr std::array kTable{
    weight("f4_mut_add", 50, "Add node",
           "relative weight of adding a code (one of the five f4_mut_add_* kinds)"),
    weight("f4_mut_add_div", 20, "- add division",
           "within 'add node': a division '<' with a new stick or neuron"),
    weight("f4_mut_add_conn", 15, "- add connection", "within 'add node': a neural input '[...]'"),
    weight("f4_mut_add_neupar", 5, "- add neuron property",
           "within 'add node': a neuron parameter ':+!:' ..."),
    weight("f4_mut_add_rep", 10, "- add repetition", "within 'add node': a repetition '#2'"),
    weight("f4_mut_add_simp", 50, "- add simple node", "within 'add node': a modifier letter or ','"),
    weight("f4_mut_del", 20, "Delete node", "relative weight of deleting a code"),
    weight("f4_mut_mod", 30, "Modify node", "relative weight of changing a division, repetition or input"),
    frams::operator_text_param("f4_mut_exmod", 30, "EeWwAaSsDdGgBbHh", "Excluded modifiers",
                               "modifier letters that 'add simple node' never inserts"),
    // Parameters of newer Framsticks versions (SIM1303), found in their .sim files: read so those
    // files load; only f4_mut_modifiers acts (when set, it replaces the choice made by f4_mut_exmod).
    weight("f4_mut_modneu_conn", 3, "Modify neuron connection (newer Framsticks)",
           "accepted; no effect in r909's operators"),
    weight("f4_mut_modneu_weight", 3, "Modify neuron weight (newer Framsticks)",
           "accepted; no effect in r909's operators"),
    frams::operator_param("f4_mut_max_rep", 'd', 1, 100, 6, "Maximum repetitions (newer Framsticks)",
                          "accepted; no effect (r909 keeps modified counts within 1..19)"),
    frams::operator_text_param(
        "f4_mut_modifiers", 0, "LlRrCcQqFfMm", "Modifiers (newer Framsticks)",
        "when set, the modifier letters 'add simple node' inserts (',' is always possible)"),
};

constexpr std::array<const char*, 7> kKinds{
    "f4.add-division",    "f4.add-connection", "f4.add-neuron-property", "f4.add-repetition",
    "f4.add-simple-node", "f4.delete-node",    "f4.modify-node"};
constexpr std::string_view kSimpleCodes = "LlRrCcQqFfMmIiEeWwAaSsDdGgBbHh,";

// The neuron class a node's name starts with (the SDK's numbering: "G", "S", "D" modifiers count).
const f0::NeuronClass* class_of(const Node& n) {
  const std::string_view c = class_prefix(n.name);
  return c.empty() ? nullptr : f0::find_neuron_class(c);
}

// The operators' neuron numbering: nodes whose name starts with a class name, in depth-first order.
struct Numbering {
  std::vector<int> nodes;
  // The index of `n` (or of the nearest numbered node before it): -1 when none comes before.
  int index_of(const std::vector<int>& order, int n) const {
    int idx = -1;
    for (const int k : order) {
      if (idx + 1 < static_cast<int>(nodes.size()) && nodes[static_cast<std::size_t>(idx + 1)] == k) ++idx;
      if (k == n) return idx;
    }
    return idx;
  }
};

Numbering number(const Tree& t, const std::vector<int>& order) {
  Numbering out;
  for (const int k : order)
    if (class_of(t.nodes[static_cast<std::size_t>(k)])) out.nodes.push_back(k);
  return out;
}

class Mutator {
 public:
  Mutator(Tree& t, const f0::OperatorCall& call) : t_(t), call_(call), rng_(call.rng) {}

  // One change; false when this attempt cannot change the tree. `method` gets the SDK's id.
  bool apply(int& method) {
    order_ = dfs_order(t_);
    if (order_.empty()) return false;
    numbering_ = number(t_, order_);
    int n = order_[rng_.below(static_cast<std::uint32_t>(order_.size()))];
    const auto& p = call_.params;
    const std::array<double, 3> top{p.number("f4_mut_add"), p.number("f4_mut_del"), p.number("f4_mut_mod")};
    switch (rng_.roulette(top)) {
      case 0: {
        const std::array<double, 5> add{p.number("f4_mut_add_div"), p.number("f4_mut_add_conn"),
                                        p.number("f4_mut_add_neupar"), p.number("f4_mut_add_rep"),
                                        p.number("f4_mut_add_simp")};
        method = rng_.roulette(add);
        switch (method) {
          case 0:
            return add_division(n);
          case 1:
            return add_connection(n);
          case 2:
            return add_neuron_property(n);
          case 3:
            return add_repetition(n);
          case 4:
            return add_simple(n);
          default:
            return fail("every 'add node' weight is 0");
        }
      }
      case 1:
        method = 5;
        return delete_node(n);
      case 2:
        method = 6;
        return modify(n);
      default:
        return fail("f4_mut_add, f4_mut_del and f4_mut_mod are all 0");
    }
  }

 private:
  bool fail(const std::string& why) {
    call_.diags.note("f4.mutation-attempt", why);
    return false;
  }
  Node& at(int k) { return t_.nodes[static_cast<std::size_t>(k)]; }
  int add(std::string_view name) {
    Node nd;
    nd.name = name;
    t_.nodes.push_back(nd);
    return static_cast<int>(t_.nodes.size()) - 1;
  }
  void hang(int parent, int child, bool second = false) {
    (second ? at(parent).child2 : at(parent).child) = child;
    at(child).parent = parent;
  }

  // Makes '[' node `link` an input from a random numbered neuron with an output, for the neuron
  // numbered `own`. (The SDK stores own - j, so its inputs point the wrong way; genokit stores j - own.)
  void link_to_neuron(int link, int own) {
    std::vector<int> outputs;  // numbering indices of classes with an output
    for (std::size_t j = 0; j < numbering_.nodes.size(); ++j) {
      const f0::NeuronClass* c = class_of(at(numbering_.nodes[j]));
      if (c && c->pref_output != 0) outputs.push_back(static_cast<int>(j));
    }
    const int j = outputs.empty() ? -1 : outputs[rng_.below(static_cast<std::uint32_t>(outputs.size()))];
    at(link).link = 0, at(link).offset = j - own, at(link).link_class = {};
  }
  // make-link: a random sensor (probability 0.35), else a random neuron; weight mutWeight(0).
  void make_link(int link, int own) {
    const f0::NeuronClass* sensor = nullptr;
    if (rng_.uniform() - 0.35 < 0) sensor = f0::random_class(call_.neurons.sensors, rng_);
    if (sensor)
      at(link).link = 1, at(link).link_class = sensor->name;
    else
      link_to_neuron(link, own);
    at(link).weight = frams::mut_weight(rng_, 0);
  }

  bool add_division(int n) {
    const int parent = at(n).parent;
    const int div = insert_above(t_, n, char_name('<'));
    int branch;
    if (rng_.uniform() < 0.5) {
      branch = add(char_name('X'));
    } else {
      const f0::NeuronClass* c = f0::random_class(call_.neurons.active, rng_);
      branch = add(c ? c->name : char_name('X'));
      if (c && c->pref_inputs != 0) {
        const int own = parent == 0 ? -1 : numbering_.index_of(order_, parent);
        if (own < 0) return fail("no neuron comes before the new division to number its input");
        const int link = add(char_name('['));
        make_link(link, own);
        hang(branch, link);
        const int close = add(char_name('>'));
        hang(link, close);
        hang(div, branch, true);
        if (rng_.below(2) == 0) std::swap(at(div).child, at(div).child2);
        return true;
      }
    }
    hang(branch, add(char_name('>')));
    hang(div, branch, true);
    if (rng_.below(2) == 0) std::swap(at(div).child, at(div).child2);
    return true;
  }

  bool add_connection(int n) {
    const int parent = at(n).parent;
    if (parent <= 0 || !f0::find_neuron_class(at(parent).name)) return true;  // (the SDK: no change, success)
    const int own = numbering_.index_of(order_, parent);
    make_link(insert_above(t_, n, char_name('[')), own);
    return true;
  }

  bool add_neuron_property(int n) {
    const int colon = insert_above(t_, n, char_name(':'));
    at(colon).sign = static_cast<int>(rng_.uniform(2)) == 1 ? '+' : '-';
    at(colon).kind = "!=/"[static_cast<int>(rng_.uniform(3))];
    at(colon).len = 4;
    return true;
  }

  bool add_repetition(int n) {
    const int rep = insert_above(t_, n, char_name('#'));
    at(rep).reps = 2;
    hang(rep, add(char_name('>')), true);
    return true;
  }

  bool add_simple(int n) {
    std::string allowed;
    if (const int row = call_.params.find("f4_mut_modifiers"); row >= 0 && call_.params.was_set(row)) {
      for (const char c : kSimpleCodes)  // (in the table's order)
        if (c == ',' || call_.params.text(row).find(c) != std::string::npos) allowed += c;
    } else {
      const std::string_view excluded = call_.params.text("f4_mut_exmod");
      for (const char c : kSimpleCodes)
        if (excluded.find(c) == std::string_view::npos) allowed += c;
    }
    if (allowed.empty()) return fail("f4_mut_exmod excludes every simple code");
    insert_above(t_, n, char_name(allowed[rng_.below(static_cast<std::uint32_t>(allowed.size()))]));
    return true;
  }

  bool delete_node(int n) {
    const int top = t_.top();
    for (int k = 0; k < 10 && !(at(n).parent > 0 && at(n).child != kNone); ++k)
      n = order_[rng_.below(static_cast<std::uint32_t>(order_.size()))];
    if (n == top) return fail("the first code cannot be deleted");
    const Node& nd = at(n);
    if (nd.child == kNone) return true;  // (nothing to delete: the SDK reports success)
    int keep = nd.child;
    if (nd.child2 != kNone && rng_.below(2) != 0) keep = nd.child2;
    replace_child(t_, n, keep);
    return true;
  }

  bool modify(int n) {
    auto modifiable = [&](int k) {
      const std::string_view nm = at(k).name;
      return nm == "<" || nm == "[" || nm == "#";
    };
    for (int k = 0; k < 20 && !modifiable(n); ++k)
      n = order_[rng_.below(static_cast<std::uint32_t>(order_.size()))];
    if (!modifiable(n)) return fail("no division, repetition or input to modify");
    Node& nd = at(n);
    if (nd.name == "<") {
      std::swap(nd.child, nd.child2);
      if (nd.child == kNone) std::swap(nd.child, nd.child2);
      return true;
    }
    if (nd.name == "#") {
      nd.reps = std::clamp(nd.reps + (rng_.uniform() < 0.5 ? 1 : -1), 1, 19);
      return true;
    }
    const int own = numbering_.index_of(order_, n);
    if (own < 0) return fail("no neuron comes before this input");
    const std::array<double, 3> w{0.1, 0.3, 0.6};
    switch (rng_.roulette(w)) {
      case 0:  // another source: a sensor (probability 0.2) or a neuron
        if (rng_.uniform() < 0.2) {
          if (const f0::NeuronClass* s = f0::random_class(call_.neurons.sensors, rng_)) {
            at(n).link = 1, at(n).link_class = s->name;
            return true;
          }
        }
        link_to_neuron(n, own);
        return true;
      case 1:  // another neuron (an input from a sensor: another sensor)
        if (at(n).link == 1) {
          if (const f0::NeuronClass* s = f0::random_class(call_.neurons.sensors, rng_))
            at(n).link_class = s->name;
        } else {
          link_to_neuron(n, own);
        }
        return true;
      default:
        at(n).weight = frams::mut_weight(rng_, at(n).weight);
        return true;
    }
  }

  Tree& t_;
  const f0::OperatorCall& call_;
  frams::SdkRandom& rng_;
  std::vector<int> order_;
  Numbering numbering_;
};

}  // namespace

bool detail::mutate_once(Tree& t, const f0::OperatorCall& call, int& method) {
  return Mutator(t, call).apply(method);
}

std::span<const frams::Property> operator_table() {
  return kTable;
}

std::optional<f0::Mutation> mutate(std::string_view genes, const f0::OperatorCall& call) {
  Tree original;
  parse(genes, original);
  if (original.error || original.child_count(0) != 1) {
    call.diags.error("f4.unreadable-parent", "The f4 genes do not parse, so they cannot be mutated");
    return std::nullopt;
  }
  if (!Development(original, false).run()) {  // (GenMan passes valid genes; this is not worth 20 attempts)
    call.diags.error("f4.invalid-parent", "These f4 genes do not develop, so they are not mutated");
    return std::nullopt;
  }
  const std::size_t count = dfs_order(original).size();
  const double chg = 1.0 / static_cast<double>(count);
  for (int attempt = 0; attempt < 20; ++attempt) {
    Tree t = original;
    int method = -1;
    if (!mutate_once(t, call, method)) continue;
    Development dev(t, false);
    if (!dev.run()) {
      call.diags.note("f4.mutation-attempt",
                      std::string(method >= 0 ? kKinds[static_cast<std::size_t>(method)] : "f4.mutation") +
                          " made a genotype that does not develop");
      continue;
    }
    return f0::Mutation{regenerate(t), kKinds[static_cast<std::size_t>(method)], method, chg};
  }
  call.diags.error("f4.mutation-failed", "20 attempts to mutate these f4 genes made nothing that develops");
  return std::nullopt;
}

}  // namespace genokit::f4
