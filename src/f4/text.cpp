// The f4 text regeneration (notes encodings.md §2.6): a code tree printed back as genes, the way
// SDK r909 writes a repaired, mutated or crossed-over genotype. Iterative (deep trees are fine).
#include <string>

#include "f1/rounding.hpp"
#include "f4/tree.hpp"
#include "genokit/f0/neuron_classes.hpp"

namespace genokit::f4::detail {
namespace {

// Where "N:<class>" was written (offset of the N, length of the class name).
using ClassForms = std::vector<std::pair<std::size_t, std::size_t>>;

void print_node(const Tree& t, const Node& n, std::string& out, ClassForms& forms) {
  if (n.name == "#") {
    out += '#';
    out += std::to_string(n.reps);  // (the SDK omits a count of 1, and a bare '#' does not parse back)
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
    if (n.parent == kNone || t.nodes[static_cast<std::size_t>(n.parent)].name != "N") {
      forms.emplace_back(out.size(), 1);
      out += "N:";
    }
    out += n.name;
  } else {
    // Classes are written "N:<class>" as the SDK does, except the one-letter ones (N, T, *, and the
    // modifiers G, S, D), which mean the same written bare: the SDK's "N:N" followed by two
    // characters and ':' reads back as N and a parameter code.
    const f0::NeuronClass* c = f0::find_neuron_class(n.name);
    if (c && c->sdk && n.name.size() > 1) {
      forms.emplace_back(out.size(), n.name.size());
      out += "N:";
    }
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
  ClassForms forms;
  auto close = [&] {
    if (out.empty() || out.back() != '>') out += '>';
  };
  while (!stack.empty()) {
    Step& s = stack.back();
    const Node& n = t.nodes[static_cast<std::size_t>(s.node)];
    if (s.phase == 0) {
      print_node(t, n, out, forms);
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
  // "N:<c>" or "N:<cc>" followed by ':' would read as N and a parameter code: a blank after the
  // name keeps it a class (the parser skips blanks).
  for (auto it = forms.rbegin(); it != forms.rend(); ++it)
    if (it->first + 4 < out.size() && out[it->first + 4] == ':')
      out.insert(it->first + 2 + it->second, 1, ' ');
  return out;
}

}  // namespace genokit::f4::detail
