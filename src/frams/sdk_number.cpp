// The SDK r909 number rules (sdk_number.hpp), on std::from_chars (locale-independent) with the
// checks glibc's strtod/strtoul make for the SDK.
#include "frams/sdk_number.hpp"

#include <cctype>
#include <cfloat>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>

#include "core/fast_decimal.hpp"
#include "genokit/core/text.hpp"

namespace genokit::frams::sdk {
namespace {

constexpr bool is_hex_digit(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}
constexpr bool starts_hex(std::string_view s, std::size_t at) {
  return at + 1 < s.size() && s[at] == '0' && (s[at + 1] == 'x' || s[at + 1] == 'X');
}
// The text after "0x" as the SDK's strtoul(.., 16) reads it: [+-]? (0x)? hexdigits, the whole
// text, at most 64 bits; a '-' negates modulo 2^64.
std::optional<std::uint64_t> hex_value(std::string_view s) {
  if (s.empty() || is_blank(s[0])) return std::nullopt;  // the SDK refuses "0x 1" itself
  std::size_t i = 0;
  const bool neg = s[0] == '-';
  if (s[0] == '+' || s[0] == '-') ++i;
  if (starts_hex(s, i) && i + 2 < s.size() && is_hex_digit(s[i + 2])) i += 2;
  if (i == s.size()) return std::nullopt;
  std::uint64_t v = 0;
  auto [p, ec] = std::from_chars(s.data() + i, s.data() + s.size(), v, 16);
  if (ec != std::errc() || p != s.data() + s.size()) return std::nullopt;  // also > 64 bits
  return neg ? 0 - v : v;
}

// nan(n-char-sequence): glibc's payload, strtoull(sequence, base 0) when it reads the whole
// sequence, in the low 51 bits of a quiet NaN.
double nan_with_payload(std::string_view body) {
  double nan = std::numeric_limits<double>::quiet_NaN();
  const std::size_t open = body.find('(');
  if (open == std::string_view::npos || body.size() < open + 3) return nan;
  std::string seq(body.substr(open + 1, body.size() - open - 2));
  char* end = nullptr;
  const unsigned long long payload = std::strtoull(seq.c_str(), &end, 0);
  if (end != seq.c_str() + seq.size()) return nan;
  std::uint64_t bits;
  std::memcpy(&bits, &nan, sizeof bits);
  bits |= payload & ((std::uint64_t{1} << 51) - 1);
  std::memcpy(&nan, &bits, sizeof nan);
  return nan;
}

// glibc's strtod sets ERANGE for a non-zero value that is "tiny": below DBL_MIN after rounding to
// 53 bits with an unbounded exponent. `v` is the correctly rounded double of `body`.
bool underflows(std::string_view body, double v) {
  const double a = std::fabs(v);
  if (a > DBL_MIN || std::isnan(v)) return false;
  if (a == 0) {  // zero from a non-zero mantissa
    for (char c : body) {
      if (c == 'e' || c == 'E') break;
      if (c >= '1' && c <= '9') return true;
    }
    return false;
  }
  if (a < DBL_MIN) return true;
  // Exactly DBL_MIN: tiny when the value is below the midpoint DBL_MIN - 2^-1076.
  long double l = 0;
  std::from_chars(body.data(), body.data() + body.size(), l, std::chars_format::general);
  return std::fabs(l) < static_cast<long double>(DBL_MIN) - std::ldexp(1.0L, -1076);
}

// The decimal part of parseNumber: strtod on the whole text (sign handled here: from_chars
// takes no '+', and "-nan" keeps its sign).
std::optional<double> strtod_whole(std::string_view s) {
  bool neg = false;
  std::size_t i = 0;
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) neg = s[0] == '-', i = 1;
  const std::string_view body = s.substr(i);
  if (body.empty() || body[0] == '+' || body[0] == '-') return std::nullopt;
  double v = 0;
  auto [p, ec] = std::from_chars(body.data(), body.data() + body.size(), v, std::chars_format::general);
  if (ec != std::errc() || p != body.data() + body.size()) return std::nullopt;  // also overflow
  if (std::isnan(v) && body.size() > 3) v = nan_with_payload(body);
  if (underflows(body, v)) return std::nullopt;
  return neg ? -v : v;
}

bool has_fraction_marks(std::string_view s) {
  return s.find_first_of(".eE") != std::string_view::npos;
}

// Whether the decimal `sci` ("d.ddde+X", at most 17 digits) is exactly the midpoint between the
// double v (an integer, |v| >= 2^53) and a neighbour: with v = M * 2^E, the midpoints are
// (2M +- 1) * 2^(E-1), and (4M - 1) * 2^(E-2) below a power of two. A decimal D * 10^K
// (D = D' * 2^a, D' odd) equals B * 2^F (B odd) when a + K == F and D' * 5^K == B.
bool on_midpoint(std::string_view sci, double v) {
  const std::size_t e = sci.find('e');
  if (e == std::string_view::npos) return false;
  std::uint64_t d = 0;
  int ndigits = 0;
  for (std::size_t k = 0; k < e; ++k)
    if (sci[k] >= '0' && sci[k] <= '9') d = d * 10 + static_cast<std::uint64_t>(sci[k] - '0'), ++ndigits;
  int exp10 = 0;
  const std::size_t es = e + 1 + (sci[e + 1] == '+');
  std::from_chars(sci.data() + es, sci.data() + sci.size(), exp10);
  int k10 = exp10 - (ndigits - 1);
  if (d == 0) return false;
  while (d % 10 == 0) d /= 10, ++k10;
  if (k10 < 0) return false;  // (not an integer: midpoints of such v are integers)
  int a = 0;
  while (d % 2 == 0) d /= 2, ++a;
  int exp2 = 0;
  const double m = std::frexp(std::fabs(v), &exp2);
  const auto mant = static_cast<std::uint64_t>(std::ldexp(m, 53));
  const int e2 = exp2 - 53;
  // (below a power of two the neighbour is closer: its midpoint is a quarter step away)
  const bool power_of_two = mant == (std::uint64_t{1} << 52);
  const std::pair<std::uint64_t, int> mids[2] = {
      {2 * mant + 1, e2 - 1},
      power_of_two ? std::pair{4 * mant - 1, e2 - 2} : std::pair{2 * mant - 1, e2 - 1}};
  for (const auto& [b, f] : mids) {
    if (a + k10 != f) continue;
    std::uint64_t q = b;  // b / 5^k10 == d?
    int k = 0;
    for (; k < k10 && q % 5 == 0; ++k) q /= 5;
    if (k == k10 && q == d) return true;
  }
  return false;
}

}  // namespace

Number parse_number(std::string_view text, Want want) {
  Number out;
  const std::string_view s = trim_left(text, Blanks::space);
  const bool sign = !s.empty() && (s[0] == '-' || s[0] == '+');
  const std::size_t at = sign ? 1 : 0;
  if (starts_hex(s, at)) {
    const auto v = hex_value(s.substr(at + 2));
    if (!v || *v > 0xFFFFFFFFull) return out;
    const bool minus = s[0] == '-';
    if (want == Want::real) {
      out.kind = Number::Kind::real;
      out.d = minus ? -static_cast<double>(*v) : static_cast<double>(*v);
    } else {
      out.kind = Number::Kind::integer;
      out.i = static_cast<std::int32_t>(static_cast<std::uint32_t>(minus ? 0 - *v : *v));
    }
    return out;
  }
  double d = 0;
  if (want == Want::real && !s.empty() && scan_plain_decimal(s.data(), s.data() + s.size(), d) == s.size()) {
    out.kind = Number::Kind::real, out.d = d;  // the usual "0.25": exact, without from_chars
    return out;
  }
  const auto v = strtod_whole(s);
  if (!v) return out;
  if (want != Want::real) {
    if (!has_fraction_marks(s) && *v == std::floor(*v) && *v >= INT32_MIN && *v <= INT32_MAX) {
      out.kind = Number::Kind::integer, out.i = static_cast<std::int32_t>(*v);
      return out;
    }
    if (want == Want::integer) return out;
  }
  out.kind = Number::Kind::real, out.d = *v;
  return out;
}

Number parse_number_prefix(std::string_view text, Want want, std::size_t& end) {
  const std::size_t n = text.size();
  std::size_t start = 0;
  while (start < n && is_blank(text[start], Blanks::space)) ++start;
  auto is_digit = [&](std::size_t i) { return i < n && text[i] >= '0' && text[i] <= '9'; };
  // Fast paths for the usual numbers of genotypes: up to 9 plain digits, and plain decimals that
  // fast_decimal converts exactly.
  {
    std::size_t q = start;
    const bool neg = q < n && text[q] == '-';
    q += neg;
    const std::size_t d0 = q;
    std::int64_t v = 0;
    while (is_digit(q) && q - d0 < 10) v = v * 10 + (text[q++] - '0');
    const std::size_t digits = q - d0;
    const bool more = q < n && (is_digit(q) || text[q] == '.' || text[q] == 'e' || text[q] == 'E' ||
                                text[q] == 'x' || text[q] == 'X');
    if (digits > 0 && digits < 10 && !more) {
      Number r;
      if (want == Want::real) {
        r.kind = Number::Kind::real;
        r.d = neg ? -static_cast<double>(v) : static_cast<double>(v);
      } else {
        r.kind = Number::Kind::integer;
        r.i = static_cast<std::int32_t>(neg ? -v : v);
      }
      end = q;
      return r;
    }
    if (want != Want::integer && digits > 0 && q < n && text[q] == '.') {
      double d = 0;
      const std::size_t used = scan_plain_decimal(text.data() + start, text.data() + n, d);
      const std::size_t after = start + used;
      if (used > 0 && !(after < n && (is_digit(after) || text[after] == 'e' || text[after] == 'E' ||
                                      text[after] == '.'))) {
        Number r;
        r.kind = Number::Kind::real;
        r.d = d;
        end = after;
        return r;
      }
    }
  }
  std::size_t k = start;
  if (k < n && (text[k] == '+' || text[k] == '-')) ++k;
  auto starts_ci = [&](std::size_t i, std::string_view w) {
    if (n - i < w.size()) return false;
    for (std::size_t c = 0; c < w.size(); ++c)
      if ((text[i + c] | 0x20) != w[c]) return false;
    return true;
  };
  if (starts_hex(text, k)) {  // strtoul after "0x": [+-]? (0x)? hex digits
    k += 2;
    if (k < n && (text[k] == '+' || text[k] == '-')) ++k;
    if (starts_hex(text, k) && k + 2 < n && is_hex_digit(text[k + 2])) k += 2;
    while (k < n && is_hex_digit(text[k])) ++k;
  } else if (starts_ci(k, "inf")) {
    k += starts_ci(k, "infinity") ? 8 : 3;
  } else if (starts_ci(k, "nan")) {
    k += 3;
    if (k < n && text[k] == '(') {  // nan(n-char-sequence)
      std::size_t c = k + 1;
      while (c < n && (std::isalnum(static_cast<unsigned char>(text[c])) || text[c] == '_')) ++c;
      if (c < n && text[c] == ')') k = c + 1;
    }
  } else {
    const std::size_t digits0 = k;
    while (is_digit(k)) ++k;
    std::size_t mantissa = k - digits0;
    if (k < n && text[k] == '.') {
      const std::size_t frac0 = ++k;
      while (is_digit(k)) ++k;
      mantissa += k - frac0;
    }
    if (mantissa == 0) return {};
    if (k < n && (text[k] == 'e' || text[k] == 'E')) {
      std::size_t e = k + 1;
      if (e < n && (text[e] == '+' || text[e] == '-')) ++e;
      if (is_digit(e)) {
        while (is_digit(e)) ++e;
        k = e;
      }
    }
  }
  const Number r = parse_number(text.substr(start, k - start), want);
  if (r) end = k;
  return r;
}

std::optional<double> parse_double(std::string_view text) {
  const Number n = parse_number(text, Want::real);
  if (!n) return std::nullopt;
  return n.d;
}

std::optional<std::int32_t> parse_int_strict(std::string_view text) {
  const Number n = parse_number(text, Want::integer);
  if (!n) return std::nullopt;
  return n.i;
}

IntValue to_int(double d) {
  IntValue r;
  r.from = d;
  if (d > INT32_MAX) {
    r.value = INT32_MAX, r.overflow = IntValue::Overflow::max;
  } else if (d < INT32_MIN) {
    r.value = INT32_MIN, r.overflow = IntValue::Overflow::min;
  } else if (std::isnan(d)) {
    r.value = INT32_MIN;  // what the SDK's x86 conversion gives, without a message
  } else {
    r.value = static_cast<std::int32_t>(d);
  }
  return r;
}

std::optional<IntValue> parse_int(std::string_view text) {
  const Number n = parse_number(text, Want::any);
  if (!n) return std::nullopt;
  if (n.kind == Number::Kind::integer) return IntValue{n.i, IntValue::Overflow::none, 0};
  return to_int(n.d);
}

std::string could_not_parse(std::string_view text, bool strict) {
  std::string m = "Could not parse '";
  m.append(text).append("'");
  if (strict) m += " (strict)";
  return m;
}

std::string overflow_message(const IntValue& v) {
  const bool max = v.overflow == IntValue::Overflow::max;
  return std::string("Overflow when converting floating point value to integer; using ") +
         (max ? "maximal" : "minimal") + " allowed integer '" + std::to_string(v.value) + "' instead of '" +
         format_double(v.from) + "'";
}

std::string clamp_message(std::string_view cls, std::string_view id, std::string_view given, bool too_big,
                          std::string_view adjusted) {
  std::string m = "Setting ";
  m.append(cls).append(".").append(id).append(" = '").append(given);
  m.append("' exceeded allowed range (").append(too_big ? "too big" : "too small").append("). Adjusted to '");
  m.append(adjusted).append("'.");
  return m;
}

std::string format_double(double v) {
  if (std::isnan(v)) {  // the SDK prints the bits (its writer's bug): sign, "NaN", mantissa in hex
    std::uint64_t bits;
    std::memcpy(&bits, &v, sizeof bits);
    char buf[40];
    const auto r = std::to_chars(buf, buf + sizeof buf, bits & ((std::uint64_t{1} << 52) - 1), 16);
    return (std::signbit(v) ? "-NaN" : "NaN") + std::string(buf, r.ptr) + ".0";
  }
  if (std::isinf(v)) return v < 0 ? "-Inf.0" : "Inf.0";
  if (v == 0) return std::signbit(v) ? "-0.0" : "0.0";
  // Shortest round-trip digits (from the scientific form), laid out by the value as the SDK
  // does: plain for 1e-4 <= |v| <= 1e17 (1e17 itself is "100000000000000000.0", 1.1e17 is
  // "1.1e+17"), the digits padded with zeros rather than the exact binary value
  // (4.8998735690885874e16 is "48998735690885870.0"); "d.ddde+X" outside.
  char buf[64];
  auto r = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::scientific);
  // The SDK's shortest digits never lie exactly halfway to a neighbouring double, where
  // round-half-even (and to_chars) would still read them back as v (3.3e22 is such a midpoint:
  // the SDK writes 3.2999999999999998e+22). Only integers (|v| >= 2^53) have midpoints short
  // enough to be chosen; then the nearest 1, 2, ... digits more that are not a midpoint.
  if (std::fabs(v) >= 0x1p53 &&
      on_midpoint(std::string_view(buf, static_cast<std::size_t>(r.ptr - buf)), v)) {
    for (int precision = 1; precision <= 16; ++precision) {
      r = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::scientific, precision);
      const std::string_view c(buf, static_cast<std::size_t>(r.ptr - buf));
      double back = 0;
      std::from_chars(c.data(), c.data() + c.size(), back);
      if (back == v && !on_midpoint(c, v)) break;
    }
  }
  const std::string_view sci(buf, static_cast<std::size_t>(r.ptr - buf));
  const std::size_t e = sci.find('e');
  const bool neg = sci[0] == '-';
  std::string digits;
  for (std::size_t k = neg; k < e; ++k)
    if (sci[k] != '.') digits += sci[k];
  while (digits.size() > 1 && digits.back() == '0') digits.pop_back();  // (from a fixed precision)
  int exp10 = 0;                                                        // of the first digit
  const std::size_t es = e + 1 + (sci[e + 1] == '+');
  std::from_chars(sci.data() + es, sci.data() + sci.size(), exp10);
  const int n = static_cast<int>(digits.size());
  std::string out = neg ? "-" : "";
  const double a = std::fabs(v);
  if (a >= 1e-4 && a <= 1e17) {
    if (exp10 >= n - 1) {  // an integer: digits, zeros, ".0"
      out.append(digits).append(static_cast<std::size_t>(exp10 - n + 1), '0').append(".0");
    } else if (exp10 >= 0) {
      out.append(digits, 0, static_cast<std::size_t>(exp10 + 1)).append(".").append(digits, exp10 + 1);
    } else {
      out.append("0.").append(static_cast<std::size_t>(-exp10 - 1), '0').append(digits);
    }
    return out;
  }
  out += digits[0];
  if (n > 1) out.append(".").append(digits, 1);
  out.append(exp10 < 0 ? "e-" : "e+").append(std::to_string(exp10 < 0 ? -exp10 : exp10));
  return out;
}

}  // namespace genokit::frams::sdk
