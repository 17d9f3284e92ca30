// The SDK r909 number rules, each tested once here with the SDK's own verdicts: every row was
// read by the Framsticks SDK r909 (tools/sdk-r909 oracle) as an f0 property (p:x=<text> for
// doubles, p:sh=<text> for strict integers), an org: field (num:<text>) or an f1 bracket
// parameter (X[ChSel,ch:<text>]) for non-strict integers. Callers (f0, neuro, f1, object files)
// only check that they use these rules, not the rules again.
#include "frams/sdk_number.hpp"

#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <utility>
#include <vector>

namespace genokit::frams::sdk {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

std::uint64_t bits(double v) {
  std::uint64_t b;
  std::memcpy(&b, &v, sizeof b);
  return b;
}

struct DoubleRow {
  const char* text;
  bool ok;
  double value;
};

// ExtValue::parseDouble.
const DoubleRow kDoubles[] = {
    {"0.25", true, 0.25},
    {"-1.5", true, -1.5},
    {"+5", true, 5},
    {" 5", true, 5},   // leading C whitespace
    {"\v1", true, 1},  // (vertical tab included)
    {"\f1", true, 1},  // (form feed)
    {"5 ", false, 0},  // nothing may follow (the f0 field's own trailing blanks are trimmed first)
    {"1\f", false, 0},
    {"1.", true, 1},
    {".5", true, 0.5},
    {"-.5", true, -0.5},
    {"+.5e1", true, 5},
    {"1e+5", true, 1e5},
    {"1E5", true, 1e5},
    {"1e-5", true, 1e-5},
    {"", false, 0},
    {".", false, 0},
    {"-", false, 0},
    {"+", false, 0},
    {"+-1", false, 0},
    {"1e", false, 0},
    {"1e+", false, 0},
    {"abc", false, 0},
    {"0m846", false, 0},
    {"\"0.5\"", false, 0},
    {"-0.0", true, -0.0},
    // infinities and NaN, any case
    {"inf", true, kInf},
    {"-inf", true, -kInf},
    {"INF", true, kInf},
    {"infinity", true, kInf},
    {"in", false, 0},
    {"infin", false, 0},
    {"infinityx", false, 0},
    {"nan", true, kNaN},
    {"NAN", true, kNaN},
    {"nan()", true, kNaN},
    {"nan(abc_1)", true, kNaN},
    {"nanx", false, 0},
    {"nan(a-b)", false, 0},
    // hex integers, also for doubles; the SDK's strtoul takes a sign or a second "0x"
    {"0x10", true, 16},
    {"+0x10", true, 16},
    {"-0x10", true, -16},
    {"  0x1", true, 1},
    {"0x00000000000000001", true, 1},
    {"0xFFFFFFFF", true, 4294967295.0},
    {"0x0000000000FFFFFFFF", true, 4294967295.0},
    {"0x100000000", false, 0},
    {"0x", false, 0},
    {"0x 1", false, 0},
    {"0x1p3", false, 0},
    {"0x+1", true, 1},
    {"-0x+1", true, -1},
    {"0x-1", false, 0},
    {"0x-0", true, 0},
    {"0x0x10", true, 16},
    // overflow and underflow (glibc's ERANGE: below DBL_MIN after rounding to 53 bits) fail
    {"1e308", true, 1e308},
    {"1.7976931348623158e308", true, DBL_MAX},
    {"1.7976931348623159e308", false, 0},
    {"1e5300", false, 0},
    {"-1e309", false, 0},
    {"2.2250738585072014e-308", true, DBL_MIN},
    {"2.2250738585072013e-308", true, DBL_MIN},
    {"2.22507385850720138e-308", true, DBL_MIN},
    {"2.2250738585072012e-308", false, 0},
    {"2.2250738585072011e-308", false, 0},
    {"2.225073858507201e-308", false, 0},
    {"1e-310", false, 0},
    {"-1e-310", false, 0},
    {"1e-320", false, 0},
    {"4.9406564584124654e-324", false, 0},
    {"1e-400", false, 0},
    {"0e-400", true, 0},
    {"0e999", true, 0},
    {"0.0e99999", true, 0},
};

TEST(SdkNumbers, ParseDouble) {
  for (const auto& r : kDoubles) {
    SCOPED_TRACE(r.text);
    const auto v = parse_double(r.text);
    ASSERT_EQ(v.has_value(), r.ok);
    if (!r.ok) continue;
    if (std::isnan(r.value))
      EXPECT_TRUE(std::isnan(*v));
    else
      EXPECT_EQ(bits(*v), bits(r.value));
  }
}

// strtod's NaN payload and sign, as the SDK writes them back.
TEST(SdkNumbers, NanPayloadAndSign) {
  EXPECT_EQ(format_double(*parse_double("nan(123)")), "NaN800000000007b.0");
  EXPECT_EQ(format_double(*parse_double("nan(0x10)")), "NaN8000000000010.0");
  EXPECT_EQ(format_double(*parse_double("nan(abc_1)")), "NaN8000000000000.0");
  EXPECT_EQ(format_double(*parse_double("-nan")), "-NaN8000000000000.0");
  EXPECT_EQ(format_double(*parse_double("nan")), "NaN8000000000000.0");
}

struct IntRow {
  const char* text;
  bool ok;
  std::int32_t value;
};

// ExtValue::parseInt, strict (f0 integer properties, neuron class parameters).
const IntRow kStrictInts[] = {
    {"1", true, 1},
    {"+1", true, 1},
    {" 1", true, 1},
    {"-0", true, 0},
    {"00012", true, 12},
    {"2147483647", true, 2147483647},
    {"-2147483648", true, INT32_MIN},
    {"2147483648", false, 0},
    {"-2147483649", false, 0},
    {"99999999999999999999", false, 0},
    {"1 ", false, 0},
    {"1.0", false, 0},
    {"1e0", false, 0},
    {"1.5", false, 0},
    {"2147483647.0", false, 0},
    {"inf", false, 0},
    {"nan", false, 0},
    {"abc", false, 0},
    {"T", false, 0},
    {"", false, 0},
    {"-", false, 0},
    {"+", false, 0},
    {"+-1", false, 0},
    {"1e", false, 0},
    {"0x", false, 0},
    // hex wraps to 32 bits
    {"0x2", true, 2},
    {"0x1F", true, 31},
    {"-0x2", true, -2},
    {"0xFFFFFFFF", true, -1},
    {"0xffffffff", true, -1},
    {"0x80000000", true, INT32_MIN},
    {"-0x80000000", true, INT32_MIN},
    {"-0xFFFFFFFF", true, 1},
    {"0x+2", true, 2},
    {"0x-2", false, 0},
};

TEST(SdkNumbers, ParseIntStrict) {
  for (const auto& r : kStrictInts) {
    SCOPED_TRACE(r.text);
    const auto v = parse_int_strict(r.text);
    ASSERT_EQ(v.has_value(), r.ok);
    if (r.ok) {
      EXPECT_EQ(*v, r.value);
    }
  }
}

struct LooseIntRow {
  const char* text;
  bool ok;
  std::int32_t value;
  IntValue::Overflow overflow;
};
using O = IntValue::Overflow;

// ExtValue::parseInt, non-strict (object files, f1 bracket parameters): any number, through getInt.
const LooseIntRow kLooseInts[] = {
    {"5", true, 5, O::none},
    {"+5", true, 5, O::none},
    {" 5", true, 5, O::none},
    {"1.9", true, 1, O::none},
    {"-2.7", true, -2, O::none},
    {"1.5", true, 1, O::none},
    {"1e3", true, 1000, O::none},
    {"0x10", true, 16, O::none},
    {"0x80000000", true, INT32_MIN, O::none},
    {"nan", true, INT32_MIN, O::none},  // no message; the SDK's x86 conversion
    {"3e9", true, INT32_MAX, O::max},
    {"3000000000", true, INT32_MAX, O::max},
    {"2147483648", true, INT32_MAX, O::max},
    {"99999999999", true, INT32_MAX, O::max},
    {"2147483647.5", true, INT32_MAX, O::max},
    {"inf", true, INT32_MAX, O::max},
    {"-3e9", true, INT32_MIN, O::min},
    {"-2147483649", true, INT32_MIN, O::min},
    {"-2147483648.5", true, INT32_MIN, O::min},
    {"-inf", true, INT32_MIN, O::min},
    {"", false, 0, O::none},
    {"abc", false, 0, O::none},
    {"5 ", false, 0, O::none},
    {"0x100000000", false, 0, O::none},
    {"1e400", false, 0, O::none},
    {"1e-400", false, 0, O::none},
};

TEST(SdkNumbers, ParseIntNonStrict) {
  for (const auto& r : kLooseInts) {
    SCOPED_TRACE(r.text);
    const auto v = parse_int(r.text);
    ASSERT_EQ(v.has_value(), r.ok);
    if (!r.ok) continue;
    EXPECT_EQ(v->value, r.value);
    EXPECT_EQ(v->overflow, r.overflow);
  }
}

TEST(SdkNumbers, Messages) {
  EXPECT_EQ(could_not_parse("1.5", true), "Could not parse '1.5' (strict)");
  EXPECT_EQ(could_not_parse("abc"), "Could not parse 'abc'");
  EXPECT_EQ(overflow_message(*parse_int("3e9")),
            "Overflow when converting floating point value to integer; using maximal allowed integer "
            "'2147483647' instead of '3000000000.0'");
  EXPECT_EQ(overflow_message(*parse_int("-inf")),
            "Overflow when converting floating point value to integer; using minimal allowed integer "
            "'-2147483648' instead of '-Inf.0'");
  EXPECT_EQ(clamp_message("p", "fr", "99.0", true, "4.0"),
            "Setting p.fr = '99.0' exceeded allowed range (too big). Adjusted to '4.0'.");
}

// SString::valueOf, as the SDK writes numbers in genotypes and messages.
TEST(SdkNumbers, FormatDouble) {
  EXPECT_EQ(format_double(1), "1.0");
  EXPECT_EQ(format_double(0.25), "0.25");
  EXPECT_EQ(format_double(100000), "100000.0");
  EXPECT_EQ(format_double(2000000), "2000000.0");
  EXPECT_EQ(format_double(4294967295.0), "4294967295.0");
  EXPECT_EQ(format_double(1e-5), "1e-5");
  EXPECT_EQ(format_double(1e308), "1e+308");
  EXPECT_EQ(format_double(0.30000000000000004), "0.30000000000000004");
  EXPECT_EQ(format_double(DBL_MIN), "2.2250738585072014e-308");
  EXPECT_EQ(format_double(kInf), "Inf.0");
  EXPECT_EQ(format_double(-kInf), "-Inf.0");
}

// Plain notation is chosen by the value, 1e-4 <= |v| <= 1e17, and writes the shortest digits
// padded with zeros, not the exact binary integer (SDK r909 oracle: m:se=...).
TEST(SdkNumbers, FormatDoubleLayoutByValue) {
  EXPECT_EQ(format_double(1e17), "100000000000000000.0");
  EXPECT_EQ(format_double(-1e17), "-100000000000000000.0");
  EXPECT_EQ(format_double(1.1e17), "1.1e+17");
  EXPECT_EQ(format_double(9.5e16), "95000000000000000.0");
  EXPECT_EQ(format_double(4.8998735690885874e16), "48998735690885870.0");
  EXPECT_EQ(format_double(5.4319778597937997880e19), "5.4319778597937996e+19");
  EXPECT_EQ(format_double(-7.581812912191297e+18), "-7.581812912191297e+18");
  EXPECT_EQ(format_double(6.1031e14), "610310000000000.0");
  EXPECT_EQ(format_double(1e-4), "0.0001");
  EXPECT_EQ(format_double(1.5e-4), "0.00015");
  EXPECT_EQ(format_double(9.99e-5), "9.99e-5");
  EXPECT_EQ(format_double(2.315937287738532e-07), "2.315937287738532e-7");
  EXPECT_EQ(format_double(0.0), "0.0");
  EXPECT_EQ(format_double(-0.0), "-0.0");
  EXPECT_EQ(format_double(123456.789), "123456.789");
}

// The SDK's shortest digits never lie exactly halfway to a neighbouring double (3.3e22 is such a
// midpoint, which round-half-even would still read back as 3.3e22): it then writes the nearest
// digits that are not. Only integers beyond 2^53 have such short midpoints (issue #26; every
// expectation is the SDK r909 oracle's f0 text for "p:VALUE", of about 2,800 probes that all agree).
TEST(SdkNumbers, FormatDoubleAvoidsMidpoints) {
  for (const auto& [v, want] : std::vector<std::pair<double, std::string>>{
           {3.3e+22, "3.2999999999999998e+22"},
           {9.9e+21, "9.900000000000001e+21"},
           {1e+23, "9.999999999999999e+22"},
           {7.6e+22, "7.600000000000001e+22"},
           {4.2e+22, "4.1999999999999996e+22"},
           {5e+22, "4.9999999999999996e+22"},
           {2e+23, "1.9999999999999998e+23"},
           {1.56462e21, "1.5646200000000001e+21"},
           {9.999993e19, "9.999992999999999e+19"},
           {9.9997e20, "9.999699999999999e+20"},
           {9.92e+23, "9.920000000000001e+23"},
           {-1.4159e+21, "-1.4159000000000001e+21"},
           {8.22235221548e+18, "8.222352215480001e+18"},
           {7.60274e+20, "7.602739999999999e+20"},
           {-7.03432e+21, "-7.034319999999999e+21"},
           {3.8e+22, "3.8000000000000004e+22"},
           {1.41e+22, "1.4099999999999999e+22"},
           {4.271928e+21, "4.2719280000000003e+21"},
           {-3.805e+21, "-3.8049999999999997e+21"},
           {1.463666198338628e+17, "1.4636661983386278e+17"},
           // in plain notation (up to 1e17)
           {4.36356571858219e+16, "43635657185821904.0"},
           {7.21833137498974e+16, "72183313749897410.0"},
           {8.5414130095813e+16, "85414130095812990.0"},
           // no midpoint: the shortest
           {1e+22, "1e+22"},
           {1.5e+22, "1.5e+22"},
           {9.9e+22, "9.9e+22"},
           {6.02e+22, "6.02e+22"},
           {3.3e+23, "3.3e+23"},
           {6.742568011864e+38, "6.742568011864e+38"},
           {-1.0155857547685662e+22, "-1.0155857547685662e+22"},
           {1.8014398509481982e+16, "18014398509481982.0"},
           // 2^89: its shortest lies above it, nearer than the midpoint (a power of two's lower
           // neighbour is nearer: the rounding interval is not symmetric)
           {6.189700196426902e+26, "6.189700196426902e+26"}}) {
    EXPECT_EQ(format_double(v), want) << want;
  }
}

}  // namespace
}  // namespace genokit::frams::sdk

// ExtValue::parseNumber on the start of a longer text (f4 "#3<X>", "[1:2.5]", vectors).
TEST(SdkNumbers, ParsePrefix) {
  using genokit::frams::sdk::parse_number_prefix;
  using genokit::frams::sdk::Want;
  struct Case {
    std::string_view text;
    Want want;
    bool ok;
    double value;
    std::size_t end;
  };
  const Case cases[] = {
      {"3<X>>X", Want::integer, true, 3, 1},   {" 2<X>", Want::integer, true, 2, 2},
      {"2x", Want::integer, true, 2, 1},       {"+7:1]", Want::integer, true, 7, 2},
      {"2.5<X>", Want::integer, false, 0, 0},  {"2e1<", Want::integer, false, 0, 0},
      {"0x2<X>", Want::integer, true, 2, 3},   {"-0x10]", Want::integer, true, -16, 5},
      {"0x<X>", Want::integer, false, 0, 0},   {"0x 1", Want::integer, false, 0, 0},
      {"inf]", Want::real, true, INFINITY, 3}, {"-Infinity]", Want::real, true, -INFINITY, 9},
      {"1e3]", Want::real, true, 1000, 3},     {"1e]", Want::real, true, 1, 1},
      {"1e+]", Want::real, true, 1, 1},        {".5]", Want::real, true, 0.5, 2},
      {"5.]", Want::real, true, 5, 2},         {".]", Want::real, false, 0, 0},
      {"x", Want::any, false, 0, 0},           {"", Want::any, false, 0, 0},
      {"1e400]", Want::real, false, 0, 0},     {"0x10]", Want::real, true, 16, 4},
      {"inf", Want::integer, false, 0, 0},     {"12345678901:", Want::integer, false, 0, 0},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(std::string(c.text));
    std::size_t end = 99;
    const auto n = parse_number_prefix(c.text, c.want, end);
    EXPECT_EQ(static_cast<bool>(n), c.ok);
    if (!c.ok) {
      EXPECT_EQ(end, 99u);
      continue;
    }
    EXPECT_EQ(n.as_double(), c.value);
    EXPECT_EQ(end, c.end);
  }
  std::size_t end = 0;
  const auto nan = parse_number_prefix("nan(12)x", Want::real, end);
  EXPECT_TRUE(nan && std::isnan(nan.d));
  EXPECT_EQ(end, 7u);
}

// reads_back says what the reader makes of the writer's text, without writing it.
TEST(SdkNumbers, ReadsBackAgreesWithTheReaderOnTheWritersText) {
  for (const double v :
       {0.0, -0.0, 1.0, -2.5, 3.3e22, 1e308, -1.7976931348623157e308, 2.2250738585072014e-308,
        2.2250738585072009e-308, 4.9e-324, -1e-310, 1.2000000000000003e-308,
        std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity(),
        std::numeric_limits<double>::quiet_NaN()}) {
    SCOPED_TRACE(v);
    namespace sdk = genokit::frams::sdk;
    EXPECT_EQ(sdk::reads_back(v), sdk::parse_double(sdk::format_double(v)).has_value());
  }
}
