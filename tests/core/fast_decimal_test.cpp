#include "core/fast_decimal.hpp"

#include <gtest/gtest.h>

#include <charconv>
#include <cmath>
#include <cstring>
#include <random>
#include <string>

namespace genokit {
namespace {

// What the fast path must agree with whenever it accepts: std::from_chars on the same bytes.
double reference(std::string_view s) {
  double v = 0;
  auto r = std::from_chars(s.data(), s.data() + s.size(), v);
  EXPECT_EQ(r.ec, std::errc()) << s;
  return v;
}

std::size_t scan(const std::string& s, double& out) {
  return scan_plain_decimal(s.data(), s.data() + s.size(), out);
}

}  // namespace

TEST(FastDecimal, AcceptsPlainDecimalsExactly) {
  for (const char* s : {"0", "-0", "7", "12", "-1.5", "0.1", "0.123456", "-0.000001", "123456789.125",
                        "9007199254740992", "0.30000000000000004", "1234567890123456789"}) {
    double v = -99;
    const std::string t = s;
    const std::size_t n = scan(t, v);
    if (n == 0) continue;  // allowed to refuse (e.g. mantissa above 2^53); never to differ
    EXPECT_EQ(n, t.size()) << s;
    const double r = reference(t);
    EXPECT_EQ(std::memcmp(&v, &r, sizeof v), 0) << s;
  }
  double v = 0;
  EXPECT_EQ(scan("-0", v), 2u);
  EXPECT_TRUE(std::signbit(v));
}

TEST(FastDecimal, StopsAtTheEndOfTheNumber) {
  double v = 0;
  EXPECT_EQ(scan("1.25, 3", v), 4u);
  EXPECT_EQ(v, 1.25);
  EXPECT_EQ(scan("12345678901.5x", v), 13u);
  EXPECT_EQ(v, 12345678901.5);
  // `end` cuts the number even where more digits could be read up to `limit`.
  const std::string t = "0.12345678999";
  EXPECT_EQ(scan_plain_decimal(t.data(), t.data() + 6, t.data() + t.size(), v), 6u);
  EXPECT_EQ(v, 0.1234);
}

TEST(FastDecimal, RefusesWhatItCannotConvertExactly) {
  double v = 0;
  for (const char* s : {"", "-", ".5", "1.", "+1", "abc", "12345678901234567890", "9007199254740993"})
    EXPECT_EQ(scan(s, v), 0u) << s;
}

TEST(FastDecimal, RandomDecimalsMatchFromChars) {
  std::mt19937_64 rng(7);
  std::uniform_int_distribution<int> len(1, 12), digit(0, 9), coin(0, 3);
  for (int i = 0; i < 200000; ++i) {
    std::string s;
    if (coin(rng) == 0) s += '-';
    const int a = len(rng);
    for (int k = 0; k < a; ++k) s += static_cast<char>('0' + digit(rng));
    if (coin(rng) != 0) {
      s += '.';
      const int b = len(rng);
      for (int k = 0; k < b; ++k) s += static_cast<char>('0' + digit(rng));
    }
    const std::string padded = s + ", 1.5\n";
    double v = 0;
    const std::size_t n =
        scan_plain_decimal(padded.data(), padded.data() + padded.size(), padded.data() + padded.size(), v);
    if (n == 0) continue;
    ASSERT_EQ(n, s.size()) << s;
    const double r = reference(s);
    ASSERT_EQ(std::memcmp(&v, &r, sizeof v), 0) << s;
  }
}

TEST(FastDecimal, Integers) {
  std::int64_t v = 0;
  const std::string a = "-123,", b = "1234567890123456789", c = "x";
  EXPECT_EQ(scan_plain_int(a.data(), a.data() + a.size(), v), 4u);
  EXPECT_EQ(v, -123);
  EXPECT_EQ(scan_plain_int(b.data(), b.data() + b.size(), v), 0u);  // 19 digits: the caller decides
  EXPECT_EQ(scan_plain_int(c.data(), c.data() + c.size(), v), 0u);
}

}  // namespace genokit
