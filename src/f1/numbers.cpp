#include "numbers.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>

namespace genokit::f1::detail {
namespace {

bool is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

std::string_view skip_blanks(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size() && is_blank(s[i])) ++i;
  return s.substr(i);
}

// "[+-]0x<hex digits>" as a whole string.
bool parse_hex(std::string_view s, std::int64_t& out) {
  bool neg = false;
  std::size_t i = 0;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) neg = s[i++] == '-';
  if (s.size() < i + 3 || s[i] != '0' || (s[i + 1] != 'x' && s[i + 1] != 'X')) return false;
  std::uint64_t v = 0;
  auto [p, ec] = std::from_chars(s.data() + i + 2, s.data() + s.size(), v, 16);
  if (ec != std::errc() || p != s.data() + s.size() ||
      v > std::uint64_t(std::numeric_limits<std::int64_t>::max()))
    return false;
  out = neg ? -static_cast<std::int64_t>(v) : static_cast<std::int64_t>(v);
  return true;
}

bool parse_dec_double(std::string_view s, double& out) {
  if (s.empty()) return false;
  bool neg = false;
  std::size_t i = 0;
  if (s[0] == '+' || s[0] == '-') neg = s[i++] == '-';
  if (i >= s.size() || s[i] == '+' || s[i] == '-') return false;
  double v = 0;
  auto [p, ec] = std::from_chars(s.data() + i, s.data() + s.size(), v, std::chars_format::general);
  if (ec != std::errc() || p != s.data() + s.size()) return false;
  out = neg ? -v : v;
  return true;
}

}  // namespace

bool sdk_parse_double(std::string_view s, double& out) {
  s = skip_blanks(s);
  std::int64_t h = 0;
  if (parse_hex(s, h)) {
    out = static_cast<double>(h);
    return true;
  }
  return parse_dec_double(s, out);
}

bool sdk_parse_int(std::string_view s, std::int64_t& out) {
  s = skip_blanks(s);
  if (parse_hex(s, out)) return true;
  std::size_t i = 0;
  if (!s.empty() && s[0] == '+') i = 1;
  if (i < s.size() && s[i] != '+') {
    auto [p, ec] = std::from_chars(s.data() + i, s.data() + s.size(), out, 10);
    if (ec == std::errc() && p == s.data() + s.size()) return true;
  }
  double d = 0;
  if (!parse_dec_double(s, d) || !std::isfinite(d) || std::fabs(d) >= 9.2e18) return false;
  out = static_cast<std::int64_t>(d);
  return true;
}

namespace {
struct CacheSlot {
  double in = 0, out = 0;
  bool used = false;
};
// Most f1 values repeat (defaults, decay fixed points, branch angles), so a small direct-mapped
// cache per thread saves the text round trip almost every time.
thread_local CacheSlot cache[1024];
}  // namespace

double round6(double v) {
  if (v == 0 || !std::isfinite(v)) return v;
  std::uint64_t bits;
  std::memcpy(&bits, &v, sizeof bits);
  CacheSlot& slot = cache[(bits ^ (bits >> 29) ^ (bits >> 41)) & 1023];
  if (slot.used && slot.in == v) return slot.out;
  char buf[40];
  auto r = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::scientific, 5);
  double out = v;
  std::from_chars(buf, r.ptr, out, std::chars_format::scientific);
  slot = {v, out, true};
  return out;
}

void format_g6(double v, char* buf, std::size_t size) {
  auto r = std::to_chars(buf, buf + size - 1, v, std::chars_format::general, 6);
  *r.ptr = 0;
}

}  // namespace genokit::f1::detail

namespace genokit::f1::detail {

std::string sdk_number(double v) {
  if (std::isnan(v)) return "NaN8000000000000.0";
  if (std::isinf(v)) return v < 0 ? "-Inf.0" : "Inf.0";
  char buf[64];
  auto r = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::scientific);
  std::string s(buf, r.ptr);
  const std::size_t e = s.find('e');
  const int exp = std::atoi(s.c_str() + e + 1);
  if (exp < -4 || exp >= 17) {
    std::size_t d = e + 1;
    if (s[d] == '+' || s[d] == '-') ++d;
    std::size_t z = d;
    while (z + 1 < s.size() && s[z] == '0') ++z;
    s.erase(d, z - d);
    return s;
  }
  r = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed);
  s.assign(buf, r.ptr);
  if (s.find('.') == std::string::npos) s += ".0";
  return s;
}

}  // namespace genokit::f1::detail
