// Editing f4 code trees (tree.hpp): what mutation, crossover and repair do to them. Iterative.
#include "f4/tree.hpp"

namespace genokit::f4::detail {

std::vector<int> dfs_order(const Tree& t) {
  std::vector<int> out, stack;
  if (t.top() != kNone) stack.push_back(t.top());
  while (!stack.empty()) {
    const int n = stack.back();
    stack.pop_back();
    out.push_back(n);
    const Node& nd = t.nodes[static_cast<std::size_t>(n)];
    if (nd.child2 != kNone) stack.push_back(nd.child2);
    if (nd.child != kNone) stack.push_back(nd.child);
  }
  return out;
}

void replace_child(Tree& t, int old, int replacement) {
  const int parent = t.nodes[static_cast<std::size_t>(old)].parent;
  if (parent != kNone) {
    Node& p = t.nodes[static_cast<std::size_t>(parent)];
    if (p.child == old)
      p.child = replacement;
    else if (p.child2 == old)
      p.child2 = replacement;
  }
  if (replacement != kNone) t.nodes[static_cast<std::size_t>(replacement)].parent = parent;
  t.nodes[static_cast<std::size_t>(old)].parent = kNone;
}

int insert_above(Tree& t, int n, std::string_view name) {
  const int fresh = static_cast<int>(t.nodes.size());
  Node nd;
  nd.name = name;
  nd.pos = t.nodes[static_cast<std::size_t>(n)].pos;
  t.nodes.push_back(nd);
  replace_child(t, n, fresh);
  t.nodes[static_cast<std::size_t>(fresh)].child = n;
  t.nodes[static_cast<std::size_t>(n)].parent = fresh;
  return fresh;
}

int copy_subtree(Tree& dst, const Tree& src, int root) {
  // (source node, its copy's parent in dst, which slot)
  struct Item {
    int from, parent;
    bool second;
  };
  std::vector<Item> stack{{root, kNone, false}};
  int result = kNone;
  while (!stack.empty()) {
    const Item it = stack.back();
    stack.pop_back();
    Node nd = src.nodes[static_cast<std::size_t>(it.from)];
    const int c1 = nd.child, c2 = nd.child2;
    nd.child = nd.child2 = kNone;
    nd.parent = it.parent;
    const int k = static_cast<int>(dst.nodes.size());
    dst.nodes.push_back(nd);
    if (it.parent == kNone)
      result = k;
    else if (it.second)
      dst.nodes[static_cast<std::size_t>(it.parent)].child2 = k;
    else
      dst.nodes[static_cast<std::size_t>(it.parent)].child = k;
    if (c2 != kNone) stack.push_back({c2, k, true});
    if (c1 != kNone) stack.push_back({c1, k, false});
  }
  return result;
}

}  // namespace genokit::f4::detail
