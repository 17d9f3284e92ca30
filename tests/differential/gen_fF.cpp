// Random fF (foraminifera) genotypes: a chamber count and the nine shape values, in and out of
// their ranges, sometimes cut short or with an extra value.
#include <cstdio>
#include <string>

#include "differential/encodings.hpp"

namespace genokit::differential {

std::string random_fF(Rng& r) {
  auto num = [&](double lo, double hi) {
    if (r.chance(4)) return random_number(r, lo, hi);
    char b[32];
    const int digits = r.between(1, 4);
    std::snprintf(b, sizeof b, "%.*f", digits, r.uniform(lo, hi));
    return std::string(b);
  };
  // (rng calls one per statement: the order of a call's arguments differs between compilers)
  const int lo = r.chance(3) ? -1 : 1;
  std::string g = std::to_string(r.between(lo, r.chance(5) ? 60 : 16));
  for (int i = 0; i < 3; ++i) g += std::string(", ") + num(0.005, 1.2);
  for (int i = 0; i < 3; ++i) g += std::string(", ") + num(0.98, 1.12);
  g += std::string(", ") + num(-1.2, 1.2);
  for (int i = 0; i < 2; ++i) g += std::string(", ") + num(-3.5, 3.5);
  if (r.chance(10)) g += ", 7";
  if (r.chance(5)) g = g.substr(0, r.below(g.size()));
  return "//F\n" + g;
}

}  // namespace genokit::differential
