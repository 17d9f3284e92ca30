// Random fB genotypes: a dimension line, then letters, mostly a..z with the start and stop codons
// "aa" and "zz"; now and then quoted classes, upper case, newlines and unclosed quotes.
#include <string>
#include <vector>

#include "differential/encodings.hpp"

namespace genokit::differential {

std::string random_fB(Rng& r) {
  std::string g = "//B\n" + std::to_string(r.chance(3) ? 0 : r.between(1, 3)) + "\n";
  static const std::vector<std::string> classes = {"\"G\"",   "\"T\"",        "\"N\"", "\"|\"", "\"@\"",
                                                   "\"Foo\"", "\"N:in=0.5\"", "\"\"",  "\"S\""};
  for (int n = r.between(3, 42); n > 0; --n) {
    const int x = static_cast<int>(r.below(100));
    if (x < 12)
      g += "aa";
    else if (x < 20)
      g += "zz";
    else if (x < 24)
      g += r.pick(classes);
    else if (x < 25)
      g += static_cast<char>('A' + r.below(26));
    else if (x < 26 && r.chance(25))
      g += "\"";
    else if (x < 27 && r.chance(25))
      g += "\n";
    else
      g += static_cast<char>('a' + r.below(26));
  }
  return g;
}

}  // namespace genokit::differential
