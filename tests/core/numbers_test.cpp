#include "genokit/core/numbers.hpp"

#include <gtest/gtest.h>

#include <charconv>
#include <clocale>
#include <cmath>
#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace genokit {

TEST(Numbers, StrictDouble) {
  EXPECT_EQ(parse_double("0.5"), 0.5);
  EXPECT_EQ(parse_double("+2e3"), 2000.0);
  EXPECT_EQ(parse_double("-1.25"), -1.25);
  EXPECT_TRUE(std::isinf(*parse_double("inf")));
  EXPECT_TRUE(std::isinf(*parse_double("-Infinity")));
  EXPECT_TRUE(std::isnan(*parse_double("nan")));
  EXPECT_TRUE(std::isinf(*parse_double("1e400")));
  EXPECT_EQ(parse_double("1e-400"), 0.0);
  EXPECT_FALSE(parse_double(""));
  EXPECT_FALSE(parse_double(" 1"));
  EXPECT_FALSE(parse_double("1 "));
  EXPECT_FALSE(parse_double("1x"));
  EXPECT_FALSE(parse_double("+-1"));
  EXPECT_FALSE(parse_double("."));
}

// parse_double reads plain decimals (-?digits[.digits]) without from_chars: the result must be
// from_chars's, bit for bit, including -0 and numbers too long for the short path.
TEST(Numbers, PlainDecimalsExactlyAsFromChars) {
  auto reference = [](const std::string& t) {
    double v = 0;
    bool neg = t[0] == '-';
    const char* p = t.data() + neg;
    std::from_chars(p, t.data() + t.size(), v);
    return neg ? -v : v;
  };
  auto bits = [](double v) {
    std::uint64_t b;
    std::memcpy(&b, &v, sizeof b);
    return b;
  };
  std::vector<std::string> texts = {"0",
                                    "-0",
                                    "-0.0",
                                    "00.5",
                                    "1",
                                    "0.1",
                                    "-2.25",
                                    "9007199254740993",
                                    "12345678901234567890",
                                    "0.30000000000000004",
                                    "1.0000000000000000000001",
                                    "123456789.123456789"};
  std::mt19937_64 rng(11);
  for (int k = 0; k < 20000; ++k) {
    std::string t = (rng() & 1) ? "-" : "";
    t += std::to_string(rng() % 1000000);
    if (rng() % 4) {
      t += '.';
      int digits = 1 + static_cast<int>(rng() % 24);
      for (int i = 0; i < digits; ++i) t += static_cast<char>('0' + rng() % 10);
    }
    texts.push_back(t);
  }
  for (const auto& t : texts) {
    auto d = parse_double(t);
    ASSERT_TRUE(d) << t;
    EXPECT_EQ(bits(*d), bits(reference(t))) << t;
  }
  EXPECT_TRUE(std::signbit(*parse_double("-0")));
  EXPECT_EQ(parse_double("1."), 1.0);  // not a plain decimal: from_chars decides (it accepts it)
  EXPECT_FALSE(parse_double("-"));
}

TEST(Numbers, Prefix) {
  double d = 0;
  EXPECT_EQ(parse_double_prefix("3.5abc", d), 3u);
  EXPECT_EQ(d, 3.5);
  EXPECT_EQ(parse_double_prefix("abc", d), 0u);
  std::int64_t i = 0;
  EXPECT_EQ(parse_int_prefix("-42,", i), 3u);
  EXPECT_EQ(i, -42);
}

TEST(Numbers, StrictInt) {
  EXPECT_EQ(parse_int("17"), 17);
  EXPECT_EQ(parse_int("+17"), 17);
  EXPECT_EQ(parse_int("-17"), -17);
  EXPECT_FALSE(parse_int("1.0"));
  EXPECT_FALSE(parse_int("+-1"));
  EXPECT_FALSE(parse_int("99999999999999999999"));
}

TEST(Numbers, ShortestRoundTrip) {
  EXPECT_EQ(format_double(0.1), "0.1");
  EXPECT_EQ(format_double(1.0), "1");
  EXPECT_EQ(format_double(1e20), "1e+20");
  EXPECT_EQ(format_double(0.30000000000000004), "0.30000000000000004");
  EXPECT_EQ(format_double(-0.0), "-0");
  EXPECT_EQ(format_double(INFINITY), "inf");
  std::mt19937_64 rng(7);
  for (int k = 0; k < 10000; ++k) {
    std::uint64_t bits = rng();
    double v;
    std::memcpy(&v, &bits, sizeof v);
    if (!std::isfinite(v)) continue;
    EXPECT_EQ(*parse_double(format_double(v)), v);
  }
}

TEST(Numbers, G17) {
  EXPECT_EQ(format_double_g17(0.4), "0.40000000000000002");
  EXPECT_EQ(format_double_g17(1e-5), "1.0000000000000001e-05");
  EXPECT_EQ(format_double_g17(1e20), "1e+20");
  EXPECT_EQ(format_double_g17(1.0), "1");
}

TEST(Numbers, IgnoresLocale) {
  // A decimal-comma locale must not change parsing or printing.
  if (!std::setlocale(LC_ALL, "de_DE.UTF-8")) std::setlocale(LC_ALL, "C.UTF-8");
  EXPECT_EQ(parse_double("0.5"), 0.5);
  EXPECT_EQ(format_double(0.5), "0.5");
  std::setlocale(LC_ALL, "C");
}

}  // namespace genokit
