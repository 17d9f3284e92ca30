// The f4 text regeneration (notes encodings.md §2.6): a code tree printed back as genes, the way
// SDK r909 writes a repaired, mutated or crossed-over genotype. Iterative (deep trees are fine).
#include <string>

#include "f1/rounding.hpp"
#include "f4/tree.hpp"
#include "genokit/f0/neuron_classes.hpp"

namespace genokit::f4::detail {
namespace {

void print_node(const Tree& t, const Node& n, std::string& out) {
  if (n.name == "#") {
    out += '#';
    if (n.reps != 1) out += std::to_string(n.reps);  // (the SDK omits 1, which does not parse back)
  } else if (n.name == "[") {
    out += '[';
    if (n.link == 1 || n.link == -1)
      out += n.link_class;
    else
      out += std::to_string(n.offset);
    char buf[40];
    f1::detail::format_g6(n.weight, buf, sizeof buf);
    out += ':';
    out += buf;
    out += ']';
  } else if (n.name == ":") {
    out += ':';
    out += n.sign;
    out += n.kind;
    out += ':';
  } else if (n.name == "@" || n.name == "|") {
    if (n.parent == kNone || t.nodes[static_cast<std::size_t>(n.parent)].name != "N") out += "N:";
    out += n.name;
  } else {
    const f0::NeuronClass* c = f0::find_neuron_class(n.name);
    if (c && c->sdk) out += "N:";
    out += n.name;
  }
}

}  // namespace

std::string regenerate(const Tree& t) {
  std::string out;
  const int top = t.top();
  if (top == kNone) return out;
  // (node, phase): 0 print and descend into the first child, 1 the second child, 2 close it.
  struct Step {
    int node;
    int phase;
  };
  std::vector<Step> stack{{top, 0}};
  auto close = [&] {
    if (out.empty() || out.back() != '>') out += '>';
  };
  while (!stack.empty()) {
    Step& s = stack.back();
    const Node& n = t.nodes[static_cast<std::size_t>(s.node)];
    if (s.phase == 0) {
      print_node(t, n, out);
      s.phase = 1;
      if (n.child != kNone) stack.push_back({n.child, 0});
    } else if (s.phase == 1) {
      s.phase = 2;
      if (n.child2 != kNone) {
        close();
        stack.push_back({n.child2, 0});
      } else {
        stack.pop_back();
      }
    } else {
      close();
      stack.pop_back();
    }
  }
  if (out.size() > 1 && out.back() == '>') out.pop_back();
  return out;
}

}  // namespace genokit::f4::detail
