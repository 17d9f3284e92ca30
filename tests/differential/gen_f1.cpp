// Random f1 genotypes: sticks with modifiers, branches, and neurons with properties and inputs
// (relative links, sensor names, weights at the edges).
#include <string>
#include <vector>

#include "differential/encodings.hpp"

namespace genokit::differential {
namespace {

std::string neuron(Rng& r) {
  static const std::vector<std::string> classes = {"N",   "G", "T",   "S", "*",     "|",   "@",    "Sin",
                                                   "Rnd", "D", "Foo", "",  "Fuzzy", "Thr", "Delay"};
  static const std::vector<std::string> props = {"p", "r", "fo", "in", "si", "f0", "t", "x"};
  std::string s = "[" + r.pick(classes);
  const int n = r.between(0, 3);
  for (int i = 0; i < n; ++i) {
    s += r.chance(80) ? "," : ", ";
    const int k = static_cast<int>(r.below(10));
    if (k < 5) {
      s += std::to_string(r.between(-3, 3)) + ":";
    } else if (k < 8) {
      s += r.pick(props) + ":";
    } else {
      s += r.pick(std::vector<std::string>{"G", "T", "S", "*"}) + ":";
    }
    // (its own statement: the order of a + b's operands differs between compilers)
    s += random_number(r, k < 5 ? -3 : -2, k < 5 ? 3 : 2);
  }
  return s + "]";
}

std::string stick(Rng& r, int depth) {
  std::string s;
  for (int n = r.between(0, 4); n > 0; --n) s += r.pick_char("LlRrCcQqFfMmIiSsWwEeDdGgBbHh");
  s += r.chance(97) ? "X" : "x";
  for (int n = r.chance(30) ? r.between(1, 2) : 0; n > 0; --n) s += neuron(r);
  if (depth < 5 && r.chance(50)) {
    if (r.chance(35)) {
      s += "(";
      const int branches = r.between(1, 4);
      for (int b = 0; b < branches; ++b) {
        s += b ? "," : "";
        if (r.chance(90)) s += stick(r, depth + 1);
      }
      s += ")";
    } else {
      s += stick(r, depth + 1);
    }
  }
  return s;
}

}  // namespace

std::string random_f1(Rng& r) {
  std::string g = stick(r, 0);
  if (r.chance(3)) g += r.pick_char(" \n,)");
  return g;
}

}  // namespace genokit::differential
