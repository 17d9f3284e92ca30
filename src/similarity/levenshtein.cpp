// Levenshtein distance on Unicode code points (framspy compares Python str objects).
#include <algorithm>
#include <cstdint>
#include <vector>

#include "genokit/similarity/dissimilarity.hpp"

namespace genokit::similarity {
namespace {

// The characters of a UTF-8 text: code points, and 0x110000 + byte for a byte that does not start
// a well-formed sequence (it then counts as one character of its own).
std::vector<std::uint32_t> characters(std::string_view s) {
  std::vector<std::uint32_t> out;
  out.reserve(s.size());
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  const std::size_t n = s.size();
  for (std::size_t i = 0; i < n;) {
    const unsigned b = p[i];
    int len = b < 0x80 ? 1 : (b >> 5) == 0x6 ? 2 : (b >> 4) == 0xE ? 3 : (b >> 3) == 0x1E ? 4 : 0;
    std::uint32_t cp = len == 1 ? b : len == 2 ? (b & 0x1F) : len == 3 ? (b & 0x0F) : (b & 0x07);
    bool ok = len > 0 && i + len <= n;
    for (int k = 1; ok && k < len; ++k) {
      if ((p[i + k] & 0xC0) != 0x80) ok = false;
      cp = (cp << 6) | (p[i + k] & 0x3F);
    }
    // Overlong forms, surrogates and values past U+10FFFF are not characters either.
    if (ok && ((len == 2 && cp < 0x80) || (len == 3 && (cp < 0x800 || (cp >= 0xD800 && cp < 0xE000))) ||
               (len == 4 && (cp < 0x10000 || cp > 0x10FFFF))))
      ok = false;
    if (!ok) {
      out.push_back(0x110000u + b);
      ++i;
    } else {
      out.push_back(cp);
      i += len;
    }
  }
  return out;
}

}  // namespace

std::size_t levenshtein(std::string_view a, std::string_view b) {
  std::vector<std::uint32_t> x = characters(a), y = characters(b);
  // A common prefix and suffix cost nothing.
  std::size_t pre = 0;
  while (pre < x.size() && pre < y.size() && x[pre] == y[pre]) ++pre;
  std::size_t suf = 0;
  while (suf < x.size() - pre && suf < y.size() - pre && x[x.size() - 1 - suf] == y[y.size() - 1 - suf])
    ++suf;
  const std::uint32_t* s = x.data() + pre;
  const std::uint32_t* t = y.data() + pre;
  std::size_t n = x.size() - pre - suf, m = y.size() - pre - suf;
  if (n < m) std::swap(s, t), std::swap(n, m);  // t is the shorter: one row of m + 1 cells
  if (m == 0) return n;
  std::vector<std::size_t> row(m + 1);
  for (std::size_t j = 0; j <= m; ++j) row[j] = j;
  for (std::size_t i = 1; i <= n; ++i) {
    std::size_t diag = row[0];
    row[0] = i;
    const std::uint32_t c = s[i - 1];
    for (std::size_t j = 1; j <= m; ++j) {
      const std::size_t up = row[j];
      row[j] = std::min({up + 1, row[j - 1] + 1, diag + (c == t[j - 1] ? 0 : 1)});
      diag = up;
    }
  }
  return row[m];
}

}  // namespace genokit::similarity
