#include "f1/rounding.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>

#include "core/fast_decimal.hpp"

namespace genokit::f1::detail {
namespace {

using genokit::detail::kPow10;  // 1e0 .. 1e22, exact

double round6_slow(double v) {
  char buf[40];
  auto r = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::scientific, 5);
  double out = v;
  std::from_chars(buf, r.ptr, out, std::chars_format::scientific);
  return out;
}

constexpr std::uint64_t kPow5[] = {1ull,
                                   5ull,
                                   25ull,
                                   125ull,
                                   625ull,
                                   3125ull,
                                   15625ull,
                                   78125ull,
                                   390625ull,
                                   1953125ull,
                                   9765625ull,
                                   48828125ull,
                                   244140625ull,
                                   1220703125ull,
                                   6103515625ull,
                                   30517578125ull,
                                   152587890625ull,
                                   762939453125ull,
                                   3814697265625ull,
                                   19073486328125ull,
                                   95367431640625ull,
                                   476837158203125ull,
                                   2384185791015625ull};

// |v| = M * 2^E exactly, so |v| * 10^k = M * 5^k * 2^(E+k) is an exact 128-bit integer times a
// power of two: its integer part and the comparison of the rest with one half are exact, and the
// rounding is the one printf's "%g" does (half to even on exact ties). The 6-digit integer m is then
// divided by the exact 10^k in one correctly rounded division, which is the double strtod returns
// for the text. Magnitudes outside [1e-15, 1e6) take the text round trip.
double round6_exact(double v) {
  const double a = std::fabs(v);
  if (a < 1e-15 || a >= 1e6) return round6_slow(v);
  std::uint64_t bits;
  std::memcpy(&bits, &a, sizeof bits);
  const int ex = static_cast<int>(bits >> 52) - 1023;  // a is normal here
  const std::uint64_t mant = (bits & ((std::uint64_t{1} << 52) - 1)) | (std::uint64_t{1} << 52);
  int k = 5 - ((ex * 78913) >> 18);  // 5 - floor(ex * log10(2)): the scale, or one too big
  for (int attempt = 0; attempt < 2; ++attempt, --k) {
    if (k < 0 || k > 22) break;
    const unsigned __int128 n = static_cast<unsigned __int128>(mant) * kPow5[k];
    const int sh = 52 - ex - k;  // a * 10^k = n / 2^sh
    if (sh <= 0 || sh >= 127) break;
    const unsigned __int128 ipw = n >> sh;
    if (ipw >= 1000000) continue;  // one digit too many: the next smaller scale
    if (ipw < 100000) break;
    const auto ip = static_cast<std::uint64_t>(ipw);
    const unsigned __int128 rem = n & ((static_cast<unsigned __int128>(1) << sh) - 1);
    const unsigned __int128 half = static_cast<unsigned __int128>(1) << (sh - 1);
    const std::uint64_t m = ip + (rem > half || (rem == half && (ip & 1)));
    const double r = static_cast<double>(m) / kPow10[k];
    return v < 0 ? -r : r;
  }
  return round6_slow(v);
}

}  // namespace

// Fast path: scale by an exact power of ten, round to an integer of 6 digits and divide back. Both
// steps are exact or correctly rounded (integers and powers of ten up to 1e22 are exact doubles),
// so the result equals strtod of the "%g" text, except near a rounding tie, where the scaled value
// may be off by an ulp: those take round6_exact, extreme magnitudes the text round trip.
double round6(double v) {
  if (v == 0 || !std::isfinite(v)) return v;
  const double a = std::fabs(v);
  if (a < 1e-15 || a >= 1e16) return round6_slow(v);
  int e = 0;  // decimal exponent: 10^e <= a < 10^(e+1)
  if (a >= 1) {
    while (e < 22 && a >= kPow10[e + 1]) ++e;
  } else {
    e = -1;
    while (a * kPow10[-e] < 1) --e;  // exact enough: only picks the scale, checked below
  }
  const int k = 5 - e;  // a * 10^k has 6 digits before the point
  const double scaled = k >= 0 ? a * kPow10[k] : a / kPow10[-k];
  if (scaled < 99999.5 || scaled >= 999999.5) return round6_slow(v);
  const double fl = static_cast<double>(static_cast<std::int64_t>(scaled));  // floor: scaled > 0
  const double frac = scaled - fl;
  if (std::fabs(frac - 0.5) < 1e-6) return round6_exact(v);
  const double m = fl + static_cast<double>(frac > 0.5);  // no branch: the comparison is data
  const double r = k >= 0 ? m / kPow10[k] : m * kPow10[-k];
  return v < 0 ? -r : r;
}

void format_g6(double v, char* buf, std::size_t size) {
  auto r = std::to_chars(buf, buf + size - 1, v, std::chars_format::general, 6);
  *r.ptr = 0;
}

}  // namespace genokit::f1::detail
