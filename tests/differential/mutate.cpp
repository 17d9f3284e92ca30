#include "differential/mutate.hpp"

#include <cctype>

#include "genokit/frams/genotype_header.hpp"

namespace genokit::differential {
namespace {

bool digit(char c) {
  return std::isdigit(static_cast<unsigned char>(c)) != 0;
}

// Splits at '\n' keeping every piece (the last may be empty).
std::vector<std::string> lines_of(const std::string& s) {
  std::vector<std::string> out(1);
  for (char c : s) {
    if (c == '\n')
      out.emplace_back();
    else
      out.back() += c;
  }
  return out;
}

std::string join(const std::vector<std::string>& v, const std::string& sep) {
  std::string s;
  for (std::size_t i = 0; i < v.size(); ++i) s += (i ? sep : "") + v[i];
  return s;
}

// Pieces of a line between separator characters (separators kept at the end of their piece).
std::vector<std::string> elements_of(const std::string& s, const std::string& seps) {
  std::vector<std::string> out(1);
  for (char c : s) {
    out.back() += c;
    if (seps.find(c) != std::string::npos) out.emplace_back();
  }
  if (out.back().empty()) out.pop_back();
  return out;
}

void edit(Rng& r, const EncodingSpec& e, std::string& body) {
  const int op = static_cast<int>(r.below(100));
  if (op < 18 || body.empty()) {  // insert
    const auto at = static_cast<std::ptrdiff_t>(r.below(body.size() + 1));
    body.insert(body.begin() + at, r.pick_char(e.alphabet));
  } else if (op < 34) {  // delete
    body.erase(r.below(body.size()), 1);
  } else if (op < 50) {  // replace
    body[r.below(body.size())] = r.pick_char(e.alphabet);
  } else if (op < 72) {  // a number at the edge
    const auto nums = number_tokens(body);
    if (nums.empty()) return edit(r, e, body);
    const auto [a, b] = nums[r.below(nums.size())];
    body.replace(a, b - a, r.pick(edge_numbers()));
  } else if (op < 86) {  // lines: swap, duplicate, drop
    auto lines = lines_of(body);
    if (lines.size() < 2 && r.chance(50)) return edit(r, e, body);
    const std::size_t i = r.below(lines.size()), j = r.below(lines.size());
    const int k = static_cast<int>(r.below(3));
    if (k == 0)
      std::swap(lines[i], lines[j]);
    else if (k == 1)
      lines.insert(lines.begin() + static_cast<std::ptrdiff_t>(j), lines[i]);
    else
      lines.erase(lines.begin() + static_cast<std::ptrdiff_t>(i));
    body = join(lines, "\n");
  } else {  // elements of one line: swap, duplicate, drop
    if (e.separators.empty()) return edit(r, e, body);
    auto lines = lines_of(body);
    std::string& line = lines[r.below(lines.size())];
    auto parts = elements_of(line, e.separators);
    if (parts.empty()) return edit(r, e, body);
    const std::size_t i = r.below(parts.size()), j = r.below(parts.size());
    const int k = static_cast<int>(r.below(3));
    if (k == 0)
      std::swap(parts[i], parts[j]);
    else if (k == 1)
      parts.insert(parts.begin() + static_cast<std::ptrdiff_t>(j), parts[i]);
    else
      parts.erase(parts.begin() + static_cast<std::ptrdiff_t>(i));
    line = join(parts, "");
    body = join(lines, "\n");
  }
}

}  // namespace

std::vector<std::pair<std::size_t, std::size_t>> number_tokens(const std::string& s) {
  std::vector<std::pair<std::size_t, std::size_t>> out;
  for (std::size_t i = 0; i < s.size();) {
    const bool starts = digit(s[i]) || (s[i] == '.' && i + 1 < s.size() && digit(s[i + 1]));
    if (!starts || (i > 0 && (std::isalpha(static_cast<unsigned char>(s[i - 1])) || s[i - 1] == '_'))) {
      ++i;
      continue;
    }
    std::size_t a = i;
    if (a > 0 && (s[a - 1] == '-' || s[a - 1] == '+')) --a;
    std::size_t b = i;
    if (s.compare(b, 2, "0x") == 0 || s.compare(b, 2, "0X") == 0) {
      b += 2;
      while (b < s.size() && std::isxdigit(static_cast<unsigned char>(s[b]))) ++b;
    } else {
      while (b < s.size() && (digit(s[b]) || s[b] == '.')) ++b;
      if (b < s.size() && (s[b] == 'e' || s[b] == 'E')) {
        std::size_t c = b + 1;
        if (c < s.size() && (s[c] == '-' || s[c] == '+')) ++c;
        if (c < s.size() && digit(s[c])) {
          while (c < s.size() && digit(s[c])) ++c;
          b = c;
        }
      }
    }
    out.push_back({a, b});
    i = b;
  }
  return out;
}

std::string mutant(Rng& r, const EncodingSpec& e, const std::string& seed) {
  const auto h = frams::parse_genotype_header(seed);
  const std::size_t at = h.declared ? h.body_offset : 0;
  std::string body = seed.substr(at);
  for (int n = r.between(1, 4); n > 0; --n) edit(r, e, body);
  return seed.substr(0, at) + body;
}

}  // namespace genokit::differential
