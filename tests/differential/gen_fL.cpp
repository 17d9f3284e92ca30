// Random fL genotypes: user words with parameters, an axiom, rules with conditions, and the
// built-in words S, N, C, rotX/Y/Z and branches with formulas over the parameters.
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "differential/encodings.hpp"

namespace genokit::differential {
namespace {

using Words = std::vector<std::pair<std::string, int>>;  // user word, its parameter count

std::string number(Rng& r, bool negative) {
  static const std::vector<std::string> fixed = {"0", "1", "2", "0.5", "3", "10", "0.25", "-1", "-2"};
  if (r.chance(70)) return fixed[r.below(negative || r.chance(3) ? 9 : 7)];
  if (r.chance(5)) return random_number(r, 0, 5);
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g", r.uniform(negative ? -5 : 0, 5));
  return buf;
}

std::string formula(Rng& r, int vars, int depth = 0) {
  const int x = static_cast<int>(r.below(100));
  if (depth > 2 || x < 35) return number(r, depth == 0);
  if (x < 55) {
    if (vars > 0 && r.chance(75))
      return std::string("$") + std::to_string(r.below(static_cast<std::size_t>(vars)));
    return r.chance(50) ? "$t" : number(r, false);
  }
  static const std::vector<std::string> ops = {"+", "-", "*", ">", "<", ">=", "<=", "=", "<>", "&", "|"};
  // (one rng-drawing call per statement: the order of a + b's operands differs between compilers)
  std::string s = formula(r, vars, depth + 1);
  s += ops[r.chance(70) ? r.below(3) : r.below(11)];
  s += formula(r, vars, depth + 1);
  if (r.chance(30)) s = "(" + s + ")";
  if (r.chance(5)) s = "-" + s;
  return s;
}

std::string word(Rng& r, int vars, const Words& user) {
  const int x = static_cast<int>(r.below(100));
  if (x < 35) {
    static const std::vector<std::string> props = {"dn", "fr", "ing", "as", "stif", "rotstif", "stam", "l"};
    std::string s = "S(";
    bool first = true;
    for (const auto& p : props)
      if (r.chance(15)) s += (first ? "" : ",") + p + "=" + formula(r, vars), first = false;
    return s + ")";
  }
  if (x < 45) {
    static const std::vector<std::string> cls = {"",    "d=N", "d=T", "d=G",   "d=|",
                                                 "d=@", "d=S", "d=*", "d=Sin", "d=Foo"};
    return "N(" + cls[r.chance(97) ? r.below(9) : 9] + ")";
  }
  if (x < 55) {
    std::string s = "C(";
    if (r.chance(70)) s += std::string("w=") + formula(r, vars);
    if (!user.empty() && r.chance(30)) {
      const auto& u = r.pick(user);
      std::string a = u.first + "(";
      for (int k = 0; k < u.second; ++k) {
        a += k ? "," : "";
        a += number(r, false);
      }
      s += std::string(s.size() > 2 ? "," : "") + "attr=\\\"" + a + ")\\\"";
    }
    return s + ")";
  }
  if (x < 70) {
    static const std::vector<std::string> rot = {"rotX", "rotY", "rotZ"};
    std::string s = r.pick(rot) + "(";
    return s + (r.chance(85) ? formula(r, vars) : "") + ")";
  }
  if (x < 78) {
    std::string s = "[" + word(r, vars, user);
    return s + word(r, vars, user) + "]";
  }
  if (!user.empty()) {
    const auto& u = r.pick(user);
    std::string s = u.first + "(";
    for (int k = 0; k < u.second; ++k) {
      s += k ? "," : "";
      if (r.chance(80)) s += formula(r, vars);
    }
    return s + ")";
  }
  return "S()";
}

std::string sequence(Rng& r, int vars, const Words& user, int n) {
  std::string s;
  for (int i = 0; i < n; ++i) s += word(r, vars, user);
  return s;
}

}  // namespace

std::string random_fL(Rng& r) {
  std::string g = "//L\n";
  Words user;
  for (int i = 0, nw = r.between(0, 3); i < nw; ++i) {
    const std::string name(1, static_cast<char>('A' + i));
    const int np = r.between(0, 3);
    user.push_back({name, np});
    g += "w:name=" + name + (np ? std::string(", npar=") + std::to_string(np) : "") + "\n";
  }
  g += std::string("i:axiom=\"") + sequence(r, 0, user, r.between(1, 5)) + "\"";
  if (r.chance(70)) {
    g += std::string(", time=") + std::to_string(r.between(0, 5));
    if (r.chance(20)) g += ".5";
  }
  if (r.chance(15)) g += std::string(", numckp=") + std::to_string(r.between(1, 4));
  if (r.chance(40)) g += std::string(", maxwords=") + std::to_string(r.between(5, 64));
  g += "\n";
  for (int i = 0, nr = user.empty() ? 0 : r.between(0, 3); i < nr; ++i) {
    const auto& u = r.pick(user);
    g += "r:pred=" + u.first;
    if (u.second > 0 && r.chance(40)) g += std::string(", cond=\"") + formula(r, u.second) + "\"";
    g += std::string(", succ=\"") + sequence(r, u.second, user, r.between(1, 4)) + "\"\n";
  }
  if (r.chance(3)) g += "w:name=Z\n";
  return g;
}

}  // namespace genokit::differential
