// Random f9 genotypes: turtle moves LRBFDU, sometimes with characters f9 ignores or rejects.
#include <string>
#include <vector>

#include "differential/encodings.hpp"

namespace genokit::differential {

std::string random_f9(Rng& r) {
  std::string g = "//9\n";
  for (int n = r.pick(std::vector<int>{0, 1, 2, 3, 4, 7, 13, 40, 90}); n > 0; --n)
    g += r.chance(97) ? r.pick_char("LRBFDU") : r.pick_char("xl \n");
  return g;
}

}  // namespace genokit::differential
