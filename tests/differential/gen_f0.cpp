// Random f0 genotypes: parts, joints (plain and delta), neurons and connections with named and
// unnamed values, mostly valid references, sometimes a shape, a checkpoint or an m: line.
#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "differential/encodings.hpp"

namespace genokit::differential {
namespace {

struct Field {
  const char* name;
  double lo, hi;
};

// `count` values: unnamed ones first (in property order), then named ones from `named`.
std::string values(Rng& r, const std::vector<std::string>& unnamed, const std::vector<Field>& named) {
  std::vector<std::string> out = unnamed;
  for (const Field& f : named)
    if (r.chance(15)) out.push_back(std::string(f.name) + "=" + random_number(r, f.lo, f.hi));
  std::string s;
  for (std::size_t i = 0; i < out.size(); ++i) s += (i ? (r.chance(70) ? ", " : ",") : "") + out[i];
  return s;
}

}  // namespace

std::string random_f0(Rng& r) {
  static const std::vector<Field> part = {{"s", 0, 3},   {"sx", 0, 3},  {"sy", 0, 3},  {"sz", 0, 3},
                                          {"rx", -4, 4}, {"ry", -4, 4}, {"rz", -4, 4}, {"dn", 0, 6},
                                          {"fr", 0, 5},  {"ing", 0, 1}, {"as", 0, 1},  {"h", 0, 1},
                                          {"vs", 0, 2},  {"vr", 0, 1},  {"vg", 0, 1},  {"vb", 0, 1}};
  static const std::vector<Field> joint = {{"rx", -4, 4},  {"ry", -4, 4},     {"rz", -4, 4},
                                           {"stif", 0, 2}, {"rotstif", 0, 2}, {"stam", 0, 1},
                                           {"vr", 0, 1},   {"vg", 0, 1},      {"vb", 0, 1}};
  static const std::vector<std::string> classes = {
      "N",       "G",      "T",     "S",   "*",        "|", "@",          "Sin",
      "Rnd",     "D",      "Fuzzy", "Foo", "N:in=0.5", "",  "Sin:f0=0.3", "\"N:fo=0.1,in=2\"",
      "|:p=0.5", "@:r=0.4"};
  std::string g = "//0\n";
  if (r.chance(10)) g += std::string("m:se=") + random_number(r, 0, 3) + "\n";
  // Parts as a tree (each near its parent, so most joints are short enough), joints along it,
  // now and then one more joint or a bad reference.
  // (rng calls one per statement: the order of a call's arguments differs between compilers)
  const int least_parts = r.chance(5) ? 0 : 1;
  const int parts = r.between(least_parts, r.chance(20) ? 12 : 5);
  std::vector<int> parent(static_cast<std::size_t>(std::max(parts, 0)), -1);
  std::vector<double> x(parent.size()), y(parent.size()), z(parent.size());
  for (int i = 0; i < parts; ++i) {
    const auto u = static_cast<std::size_t>(i);
    if (i > 0) {
      parent[u] = r.between(0, i - 1);
      const auto p = static_cast<std::size_t>(parent[u]);
      x[u] = x[p] + r.uniform(-1, 1), y[u] = y[p] + r.uniform(-1, 1), z[u] = z[p] + r.uniform(-0.5, 0.5);
    }
    std::vector<std::string> pos;
    const int n = i == 0 ? r.between(0, 3) : 3;
    char b[40];
    for (const double v : {x[u], y[u], z[u]})
      if (static_cast<int>(pos.size()) < n) {
        std::snprintf(b, sizeof b, r.chance(70) ? "%.2f" : "%.17g", v);
        pos.push_back(r.chance(5) ? random_number(r, -3, 3) : b);
      }
    std::vector<Field> named = part;
    if (r.chance(2)) named.push_back({"m", 0, 3});  // (a property older f0 tables had)
    std::string extra = r.chance(10) ? std::string("sh=") + std::to_string(r.between(0, 3)) : "";
    if (!extra.empty()) pos.push_back(extra);
    g += "p:" + values(r, pos, named) + "\n";
  }
  int joints = 0;
  auto joint_line = [&](int p1, int p2) {
    std::vector<std::string> refs = {std::to_string(p1), std::to_string(p2)};
    if (r.chance(10)) refs = {"p1=" + refs[0], "p2=" + refs[1]};
    if (r.chance(10)) {  // a delta joint
      refs.push_back(std::string("dx=") + random_number(r, -1, 1));
      if (r.chance(50)) refs.push_back(std::string("dy=") + random_number(r, -1, 1));
      if (r.chance(30)) refs.push_back(std::string("dz=") + random_number(r, -1, 1));
    }
    if (r.chance(5)) refs.push_back(std::string("sh=") + std::to_string(r.between(0, 3)));
    g += "j:" + values(r, refs, joint) + "\n";
    ++joints;
  };
  for (int i = 1; i < parts; ++i)
    if (r.chance(95)) joint_line(parent[static_cast<std::size_t>(i)], i);
  if (r.chance(10) && parts > 0) {
    const int p1 = r.between(-1, parts);
    joint_line(p1, r.between(0, parts));
  }
  const int neurons = r.chance(40) ? 0 : r.between(0, 6);
  for (int i = 0; i < neurons; ++i) {
    std::vector<std::string> f;
    if (r.chance(50) && parts)
      f.push_back(std::string("p=") + std::to_string(r.between(0, parts - 1)));
    else if (r.chance(60) && joints)
      f.push_back(std::string("j=") + std::to_string(r.between(0, joints - 1)));
    if (r.chance(85)) f.push_back("d=" + r.pick(classes));
    if (r.chance(5)) f.push_back("i=\"x\"");
    g += "n:" + values(r, f, {}) + "\n";
  }
  const int conns = neurons ? r.between(0, neurons * 2) : (r.chance(5) ? 1 : 0);
  for (int i = 0; i < conns; ++i) {
    const int lo = r.chance(3) ? -1 : 0;
    const int a = r.between(lo, neurons ? neurons - 1 + (r.chance(3) ? 1 : 0) : 1);
    const int b = r.between(0, neurons ? neurons - 1 : 1);
    std::string c = std::string("c:") + std::to_string(a) + ", " + std::to_string(b);
    if (r.chance(80)) c += std::string(", ") + random_number(r, -5, 5);
    if (r.chance(5)) c += ", i=\"c\"";
    g += c + "\n";
  }
  if (r.chance(3)) g += "checkpoint:\np:1\n";
  if (r.chance(3)) g += r.chance(50) ? "# comment\n" : "\n";
  if (r.chance(5) && g.back() == '\n') g.pop_back();
  return g;
}

}  // namespace genokit::differential
