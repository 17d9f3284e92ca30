// f4's crossover (subtree exchange) and repair (the SDK's validate), notes encodings.md §2.6, §2.8.
#include "f4/cells.hpp"
#include "f4/tree.hpp"
#include "genokit/f4/operators.hpp"

namespace genokit::f4 {
namespace {

using namespace detail;

bool parse_whole(std::string_view genes, Tree& t) {
  parse(genes, t);
  return !t.error && t.child_count(0) == 1;
}

// A random node under the root whose subtree size is in [lo, hi] (up to `count` draws; else the
// last one drawn).
int node_with_size(const Tree& t, frams::SdkRandom& rng, int lo, int hi, std::size_t count) {
  const std::vector<int> order = dfs_order(t);
  // Subtree sizes of all nodes at once (children come after their parent in `order`).
  std::vector<int> size(t.nodes.size(), 0);
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    const Node& nd = t.nodes[static_cast<std::size_t>(*it)];
    size[static_cast<std::size_t>(*it)] =
        1 + (nd.child != kNone ? size[static_cast<std::size_t>(nd.child)] : 0) +
        (nd.child2 != kNone ? size[static_cast<std::size_t>(nd.child2)] : 0);
  }
  int n = kNone;
  for (std::size_t k = 0; k < count && !order.empty(); ++k) {
    n = order[rng.below(static_cast<std::uint32_t>(order.size()))];
    if (size[static_cast<std::size_t>(n)] >= lo && size[static_cast<std::size_t>(n)] <= hi) break;
  }
  return n;
}

// Exchanges the subtree at `a` of tree `ta` with the one at `b` of tree `tb`.
void swap_subtrees(Tree& ta, int a, Tree& tb, int b) {
  const int into_a = copy_subtree(ta, tb, b);
  const int into_b = copy_subtree(tb, ta, a);
  replace_child(ta, a, into_a);
  replace_child(tb, b, into_b);
}

// One child: `mine` gets a subtree of `other` of about (1 - share) of its size, in exchange for one
// of its own (the SDK's f4 crossover; `other` is changed too).
void cross(Tree& mine, Tree& other, double share, frams::SdkRandom& rng) {
  const std::size_t count = dfs_order(mine).size() + 1;  // (with the root, as the SDK counts)
  const double size = (1 - share) * static_cast<double>(count);
  const int lo = static_cast<int>(0.9 * size - 1), hi = static_cast<int>(1.1 * size + 1);
  const int a = node_with_size(mine, rng, lo, hi, count);
  const int b = node_with_size(other, rng, lo, hi, dfs_order(other).size() + 1);
  if (a != kNone && b != kNone) swap_subtrees(mine, a, other, b);
}

}  // namespace

std::optional<f0::Crossing> crossover(std::string_view genes1, std::string_view genes2,
                                      const f0::OperatorCall& call) {
  Tree p1, p2;
  if (!parse_whole(genes1, p1) || !parse_whole(genes2, p2)) {
    call.diags.error("f4.unreadable-parent",
                     "The f4 genes of a parent do not parse, so they cannot be crossed");
    return std::nullopt;
  }
  const double chg1 = 0.1 + call.rng.uniform(0.8), chg2 = 0.1 + call.rng.uniform(0.8);
  Tree child1 = p1;
  cross(child1, p2, chg1, call.rng);  // (the SDK changes parent 2's tree itself ...)
  Tree child2 = p2;                   // (... and makes child 2 from it)
  cross(child2, p1, chg2, call.rng);
  f0::Crossing x{regenerate(child1), regenerate(child2), true, chg1, chg2, ""};
  if (x.child1.empty() && x.child2.empty()) {
    call.diags.error("f4.empty-children", "Both children of this f4 crossover are empty");
    return std::nullopt;
  }
  return x;
}

std::optional<std::string> repair(std::string_view genes, const f0::OperatorCall& call) {
  Tree t;
  if (!parse_whole(genes, t)) {
    call.diags.error("f4.unrepairable", "The f4 genes do not parse; the SDK's repair cannot fix that");
    return std::nullopt;
  }
  bool repaired = false;
  for (int round = 0; round < 21; ++round) {
    Development dev(t, false);
    if (dev.run()) return repaired ? regenerate(t) : std::string(genes);
    const DevError& e = dev.error();
    if (e.repair == DevError::Repair::none) {
      call.diags.error("f4.unrepairable",
                       "The first error in development cannot be repaired (it is not a code to "
                       "delete or an X to insert)");
      return std::nullopt;
    }
    if (e.repair == DevError::Repair::insert_x) {
      insert_above(t, e.node, char_name('X'));
    } else {
      const Node& n = t.nodes[static_cast<std::size_t>(e.node)];
      if (n.child == kNone) {
        call.diags.error("f4.unrepairable", "The code to delete ends its branch");
        return std::nullopt;
      }
      replace_child(t, e.node, n.child);  // (a second branch of the deleted code goes with it)
    }
    repaired = true;
  }
  return regenerate(t);
}

}  // namespace genokit::f4
