// Levenshtein distance on Unicode code points (framspy compares Python str objects), bit-parallel.
#include <algorithm>
#include <cstdint>
#include <unordered_map>
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

// Myers' bit-vector algorithm (J. ACM 46(3), 1999) in its blocked form for patterns longer than a
// word (as in H. Hyyrö's formulation): the vertical differences of one column of the DP matrix are
// kept as bit vectors (+1 in pv, -1 in mv), 64 pattern characters per word, and a column advances
// in O(words). O(n * ceil(m / 64)) instead of O(n * m).
std::size_t bit_parallel(const std::uint32_t* pattern, std::size_t m, const std::uint32_t* text,
                         std::size_t n) {
  const std::size_t words = (m + 63) / 64;
  // Match masks: row 0 is "no character of the pattern"; ASCII is looked up directly.
  std::vector<std::uint64_t> peq(words);
  std::vector<std::uint32_t> ascii(128, 0);
  std::unordered_map<std::uint32_t, std::uint32_t> other;
  auto row_of = [&](std::uint32_t c, bool add) -> std::uint32_t {
    std::uint32_t* slot = nullptr;
    if (c < 128) {
      slot = &ascii[c];
    } else {
      auto it = other.find(c);
      if (it == other.end()) {
        if (!add) return 0;
        it = other.emplace(c, 0).first;
      }
      slot = &it->second;
    }
    if (*slot == 0 && add) {
      *slot = static_cast<std::uint32_t>(peq.size() / words);
      peq.resize(peq.size() + words, 0);
    }
    return *slot;
  };
  for (std::size_t i = 0; i < m; ++i)
    peq[row_of(pattern[i], true) * words + i / 64] |= std::uint64_t{1} << (i % 64);
  std::vector<std::uint64_t> pv(words, ~std::uint64_t{0}), mv(words, 0);
  const unsigned last_shift = static_cast<unsigned>((m - 1) % 64);
  std::size_t score = m;
  for (std::size_t j = 0; j < n; ++j) {
    const std::uint64_t* eq_row = &peq[row_of(text[j], false) * words];
    // The horizontal difference entering each word from above, as two bits (+1: hp, -1: hn);
    // the top row grows by one per text character. Branch-free: these are data-dependent.
    std::uint64_t hp = 1, hn = 0;
    for (std::size_t w = 0; w < words; ++w) {
      const std::uint64_t p = pv[w], mm = mv[w];
      const std::uint64_t xv = eq_row[w] | mm;
      const std::uint64_t eq = eq_row[w] | hn;
      const std::uint64_t xh = (((eq & p) + p) ^ p) | eq;
      std::uint64_t ph = mm | ~(xh | p);
      std::uint64_t mh = p & xh;
      const unsigned shift = w + 1 == words ? last_shift : 63;
      const std::uint64_t out_p = (ph >> shift) & 1, out_n = (mh >> shift) & 1;
      ph = (ph << 1) | hp;
      mh = (mh << 1) | hn;
      pv[w] = mh | ~(xv | ph);
      mv[w] = ph & xv;
      hp = out_p;
      hn = out_n;
    }
    score = score + hp - hn;  // the bottom row's change in this column
  }
  return score;
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
  if (n < m) std::swap(s, t), std::swap(n, m);  // t, the shorter, is the pattern
  if (m == 0) return n;
  return bit_parallel(t, m, s, n);
}

}  // namespace genokit::similarity
