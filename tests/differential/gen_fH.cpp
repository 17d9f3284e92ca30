// Random fH genotypes: a dimension line, then sticks (j:), neurons (n:) and connections (c:) with
// named and positional vector values, values out of range, unknown names and classes, bad lines.
#include <string>
#include <vector>

#include "differential/encodings.hpp"

namespace genokit::differential {
namespace {

std::string handle(Rng& r, int dims) {
  const int kind = static_cast<int>(r.below(6));
  const bool stick = kind < 3, neuron = kind >= 3 && kind < 5;
  std::string s = stick ? "j:" : neuron ? "n:" : "c:";
  std::vector<std::string> fields;
  const bool named = r.chance(30);
  for (int v = 0; v < 2 * dims; ++v) {
    if (r.chance(15)) continue;
    const double lo = r.chance(5) ? -3 : -1;  // (one rng call per statement: argument order)
    const std::string x = random_number(r, lo, r.chance(5) ? 3 : 1);
    fields.push_back(named ? std::string(v < dims ? "x" : "y") + std::to_string(v % dims) + "=" + x : x);
  }
  if (!named)
    while (!fields.empty() && r.chance(10)) fields.pop_back();
  if (stick) {
    static const std::vector<std::string> props = {"dn", "fr", "ing", "as", "stif", "rotstif", "stam", "l"};
    for (const auto& p : props)
      if (r.chance(20)) fields.push_back(p + "=" + random_number(r, -0.5, 5.5));
    if (r.chance(5)) fields.push_back(random_number(r, 0, 2));
  } else if (neuron) {
    static const std::vector<std::string> cls = {
        "N", "T", "G", "S", "*", "|", "@", "Sin", "Rnd", "\"N:in=0.5\"", "Foo", "", "\"Sin:f0=0.3\"", "D"};
    if (r.chance(70)) fields.push_back("d=" + r.pick(cls));
  } else if (r.chance(70)) {
    fields.push_back(std::string("w=") + random_number(r, -3, 3));
  }
  if (r.chance(3)) fields.push_back("zz=1");
  if (r.chance(2)) fields.push_back("abc");
  for (std::size_t i = 0; i < fields.size(); ++i) s += (i ? (r.chance(50) ? "," : ", ") : "") + fields[i];
  return s;
}

}  // namespace

std::string random_fH(Rng& r) {
  const int dims = r.between(1, 4);
  std::string g = std::string("//H\n") + std::to_string(r.chance(2) ? 0 : dims) + "\n";
  const int n = r.between(1, r.chance(10) ? 30 : 12);
  for (int i = 0; i < n; ++i) {
    if (r.chance(4)) g += "\n";
    g += r.chance(2) ? "x:0,0" : handle(r, dims);
    if (i + 1 < n) g += "\n";
  }
  return g;
}

}  // namespace genokit::differential
