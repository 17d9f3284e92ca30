// Inline fast path for the plain decimals that fill real genotypes ("12", "-0.5", "0.1234"):
// exact (correctly rounded, identical to std::from_chars) and several times cheaper than a
// general parser. Anything else (exponents, hex, '+', inf/nan, more than 19 digits, a mantissa
// beyond 2^53) returns 0 so the caller falls back to its general parser.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace genokit {

namespace detail {
inline constexpr double kPow10[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
inline constexpr std::uint64_t kPow10i[] = {1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000};
inline bool is_digit(char c) {
  return static_cast<unsigned char>(c - '0') < 10;
}

// Appends the run of digits at q to m; returns the run's length. Eight bytes at a time when they
// can be read (q + 8 <= limit): bytes are tested and converted as one word. Bounded: the run stops
// at `end`; unbounded: a non-digit is known to come before `limit` (no end test per byte).
template <bool kBounded>
inline std::size_t read_digits_impl(const char* q, const char* end, const char* limit, std::uint64_t& m) {
  const char* start = q;
  while (limit - q >= 8) {
    std::uint64_t v;
    std::memcpy(&v, q, 8);
    const std::uint64_t x = v - 0x3030303030303030ULL;  // digits -> 0..9 (a borrow only follows a non-digit)
    const std::uint64_t bad = ((x + 0x7676767676767676ULL) | x) & 0x8080808080808080ULL;
    std::size_t n = bad ? static_cast<std::size_t>(__builtin_ctzll(bad)) >> 3 : 8;
    if (kBounded && static_cast<std::size_t>(end - q) < n) n = static_cast<std::size_t>(end - q);
    if (n == 0) break;
    // The n digits, most significant first, as an 8-digit number with leading zeros.
    std::uint64_t w = n == 8 ? x : x << (8 * (8 - n));
    w = w * 10 + (w >> 8);
    w = (((w & 0x000000FF000000FFULL) * (100 + (1000000ULL << 32))) +
         (((w >> 16) & 0x000000FF000000FFULL) * (1 + (10000ULL << 32)))) >>
        32;
    m = m * kPow10i[n] + (w & 0xFFFFFFFFULL);
    q += n;
    if (n < 8) return static_cast<std::size_t>(q - start);
  }
  while ((!kBounded || q < end) && is_digit(*q)) m = m * 10 + static_cast<unsigned>(*q++ - '0');
  return static_cast<std::size_t>(q - start);
}
inline std::size_t read_digits(const char* q, const char* end, const char* limit, std::uint64_t& m) {
  return read_digits_impl<true>(q, end, limit, m);
}

template <bool kBounded>
inline std::size_t scan_plain_decimal_impl(const char* p, const char* end, const char* limit, double& out) {
  const char* q = p;
  const bool neg = (!kBounded || q < end) && *q == '-';
  q += neg;
  std::uint64_t m = 0;  // wraps harmlessly past 19 digits: such numbers are refused below
  // The integer part is mostly one or two digits: a plain loop is cheaper there.
  const char* digits = q;
  while ((!kBounded || q < end) && is_digit(*q)) m = m * 10 + static_cast<unsigned>(*q++ - '0');
  std::size_t n = static_cast<std::size_t>(q - digits);
  if (n == 0) return 0;
  std::size_t frac = 0;
  if ((!kBounded || q < end) && *q == '.') {
    ++q;
    frac = read_digits_impl<kBounded>(q, end, limit, m);
    if (frac == 0) return 0;  // "1." : let the general parser decide
    q += frac;
    n += frac;
  }
  // 19 digits cannot overflow 64 bits; 2^53 and 10^22 keep both operands exact, so the one IEEE
  // division below is correctly rounded (Clinger's fast path).
  if (n > 19 || m > (std::uint64_t{1} << 53) || frac > 22) return 0;
  const double v = static_cast<double>(m) / kPow10[frac];
  // The sign by bit: a branch here mispredicts on every other number of mixed-sign data.
  std::uint64_t bits;
  std::memcpy(&bits, &v, 8);
  bits ^= static_cast<std::uint64_t>(neg) << 63;
  std::memcpy(&out, &bits, 8);
  return static_cast<std::size_t>(q - p);
}

template <bool kBounded>
inline std::size_t scan_plain_int_impl(const char* p, const char* end, std::int64_t& out) {
  const char* q = p;
  const bool neg = (!kBounded || q < end) && *q == '-';
  q += neg;
  const char* digits = q;
  std::uint64_t v = 0;  // unsigned: a long run of digits wraps harmlessly before it is refused
  while ((!kBounded || q < end) && is_digit(*q)) v = v * 10 + static_cast<unsigned>(*q++ - '0');
  const std::size_t n = static_cast<std::size_t>(q - digits);
  if (n == 0 || n > 18) return 0;
  const std::uint64_t mask = 0 - static_cast<std::uint64_t>(neg);  // branch-free negation, as above
  out = static_cast<std::int64_t>((v ^ mask) + (mask & 1));
  return static_cast<std::size_t>(q - p);
}
}  // namespace detail

// Reads `-?[0-9]+(\.[0-9]+)?` at [p, end); bytes up to `limit` (>= end) may be read but are not
// used. Returns the bytes consumed, or 0 when the text is not of that form or cannot be converted
// exactly here. The character after the number is not checked: callers must make sure it cannot
// continue a number ('e', '.', digits, 'x').
inline std::size_t scan_plain_decimal(const char* p, const char* end, const char* limit, double& out) {
  return detail::scan_plain_decimal_impl<true>(p, end, limit, out);
}
inline std::size_t scan_plain_decimal(const char* p, const char* end, double& out) {
  return scan_plain_decimal(p, end, end, out);
}
// The same for text where a byte that is neither a digit nor '.' is known to follow before
// `limit` (a line end, say): no end test per byte.
inline std::size_t scan_plain_decimal_terminated(const char* p, const char* limit, double& out) {
  return detail::scan_plain_decimal_impl<false>(p, limit, limit, out);
}

// Reads `-?[0-9]{1,18}` at [p, end); 0 when not of that form (the caller falls back).
inline std::size_t scan_plain_int(const char* p, const char* end, std::int64_t& out) {
  return detail::scan_plain_int_impl<true>(p, end, out);
}
// The same where a non-digit is known to follow (see scan_plain_decimal_terminated).
inline std::size_t scan_plain_int_terminated(const char* p, std::int64_t& out) {
  return detail::scan_plain_int_impl<false>(p, p, out);
}

}  // namespace genokit
