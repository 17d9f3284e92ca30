#include "genokit/core/numbers.hpp"

#include "core/fast_decimal.hpp"

#include <charconv>
#include <cmath>
#include <limits>

namespace genokit {
std::size_t parse_double_prefix(std::string_view s, double& out) {
  std::size_t pos = 0;
  bool neg = false;
  if (pos < s.size() && (s[pos] == '+' || s[pos] == '-')) {
    neg = s[pos] == '-';
    ++pos;
  }
  std::string_view rest = s.substr(pos);
  if (!rest.empty() && (rest[0] == '+' || rest[0] == '-')) return 0;  // "+-1"
  // from_chars rejects a leading '+', and we handle the sign ourselves so "-nan" works too.
  double v = 0;
  auto [ptr, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), v, std::chars_format::general);
  std::size_t used = static_cast<std::size_t>(ptr - rest.data());
  if (ec == std::errc::result_out_of_range) {
    // Overflow gives +-inf, underflow gives 0, as strtod does.
    bool tiny = false;
    for (std::size_t i = 0; i < used; ++i)
      if (rest[i] == 'e' || rest[i] == 'E') tiny = i + 1 < used && rest[i + 1] == '-';
    v = tiny ? 0.0 : std::numeric_limits<double>::infinity();
  } else if (ec != std::errc()) {
    return 0;
  }
  if (used == 0) return 0;
  out = neg ? -v : v;
  return pos + used;
}

std::optional<double> parse_double(std::string_view s) {
  double v = 0;
  // Plain decimals (most numbers in files) exactly as from_chars reads them, without its set-up.
  if (!s.empty() && scan_plain_decimal(s.data(), s.data() + s.size(), v) == s.size()) return v;
  std::size_t n = parse_double_prefix(s, v);
  if (n == 0 || n != s.size()) return std::nullopt;
  return v;
}

std::size_t parse_int_prefix(std::string_view s, std::int64_t& out) {
  std::size_t pos = 0;
  if (pos < s.size() && s[pos] == '+') ++pos;
  std::int64_t v = 0;
  auto [ptr, ec] = std::from_chars(s.data() + pos, s.data() + s.size(), v, 10);
  if (ec != std::errc() || ptr == s.data() + pos) return 0;
  if (pos == 1 && s.size() > 1 && s[1] == '-') return 0;  // "+-5"
  out = v;
  return static_cast<std::size_t>(ptr - s.data());
}

std::optional<std::int64_t> parse_int(std::string_view s) {
  std::int64_t v = 0;
  std::size_t n = parse_int_prefix(s, v);
  if (n == 0 || n != s.size()) return std::nullopt;
  return v;
}

std::string format_double(double v) {
  if (std::isnan(v)) return std::signbit(v) ? "-nan" : "nan";
  if (std::isinf(v)) return v < 0 ? "-inf" : "inf";
  char buf[64];
  auto [ptr, ec] = std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, ptr);
}

std::string format_double_g17(double v) {
  if (std::isnan(v)) return std::signbit(v) ? "-nan" : "nan";
  if (std::isinf(v)) return v < 0 ? "-inf" : "inf";
  char buf[64];
  auto [ptr, ec] = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::general, 17);
  return std::string(buf, ptr);
}

}  // namespace genokit
