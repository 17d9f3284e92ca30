// Random fn (vector of numbers) genotypes: JSON-like lists with numbers at the edges, strings,
// nested lists and missing brackets.
#include <string>
#include <vector>

#include "differential/encodings.hpp"

namespace genokit::differential {
namespace {

std::string list(Rng& r, int depth) {
  std::string g = "[";
  for (int n = r.pick(std::vector<int>{0, 1, 2, 3, 5, 8}), i = 0; i < n; ++i) {
    if (i) g += r.pick(std::vector<std::string>{", ", ",", " , ", ",,", " "});
    const int x = static_cast<int>(r.below(100));
    if (x < 65)
      g += random_number(r, -10, 10);
    else if (x < 80)
      g += r.pick(std::vector<std::string>{"\"2\"", "\"abc\"", "null", "true", "Foo[1]", "nullx"});
    else if (depth < 2)
      g += list(r, depth + 1);
    else
      g += "{\"a\":1}";
  }
  // (no line break: a dump message is one line)
  return g + r.pick(std::vector<std::string>{"]", "]", "]", " ]", "", "] x", "] "});
}

}  // namespace

std::string random_fn(Rng& r) {
  return "//n\n" + list(r, 0);
}

}  // namespace genokit::differential
