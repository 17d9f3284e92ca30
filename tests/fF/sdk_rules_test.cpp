// fF rules found by differential testing against the SDK r909 oracle (tools/sdk-r909); every
// expectation is the oracle's.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "genokit/fF/convert.hpp"

using namespace genokit;

namespace {
// The sign of a NaN made by arithmetic on NaN depends on the compiler's operand order (x86 keeps
// the first operand's NaN, or makes a negative one); the SDK's is its g++ -O2 build's. Only the
// sign is platform-dependent: "-NaN8000000000000.0" and "NaN8000000000000.0" compare equal.
std::string nan_unsigned(std::string s) {
  for (std::size_t at; (at = s.find("-NaN")) != std::string::npos;) s.erase(at, 1);
  return s;
}
std::vector<std::string> nan_unsigned(std::vector<std::string> v) {
  for (auto& s : v) s = nan_unsigned(std::move(s));
  return v;
}
}  // namespace

// A NaN parameter passes the range clamp; the SDK's f0 text then holds "NaN8000000000000.0", which
// its f0 reader rejects: the genotype is invalid, with the parts before the first NaN part.
TEST(FFSdkRules, ANanParameterMakesTheGenotypeInvalid) {
  struct Case {
    const char* genotype;
    std::size_t parts;  // the SDK's partial model
    const char* line;   // its Model.build message
  };
  for (const Case& c : {Case{"//F\n1, 0.5, nan, 0.5, 1.0, 1.0, 1.0, 0, 0, 0", 0, "#2"},
                        Case{"//F\n2, 0.5, 0.5, 0.5, nan, 1.0, 1.0, 0, 0, 0", 0, "#2"},
                        Case{"//F\n2, 0.5, 0.5, 0.5, 1.0, 1.0, 1.0, 0, 0, nan", 1, "#3"},
                        Case{"//F\n2, 0.5, 0.5, 0.5, 1.0, 1.0, 1.0, 0, nan, 0", 1, "#3"},
                        Case{"//F\n2, 0.5, 0.5, 0.5, 1.0, 1.0, 1.0, nan, 0, 0", 1, "#3"}}) {
    SCOPED_TRACE(c.genotype);
    Diagnostics d;
    const fF::Conversion r = fF::convert(c.genotype, d);
    EXPECT_FALSE(r.model.valid);
    EXPECT_EQ(r.model.parts.size(), c.parts);
    EXPECT_TRUE(r.model.joints.empty());
    ASSERT_FALSE(r.sdk_messages.empty());
    EXPECT_EQ(nan_unsigned(r.sdk_messages.front()),
              "[ERROR] ExtValue.parseDouble: Could not parse 'NaN8000000000000.0'");
    EXPECT_EQ(r.sdk_messages.back(), std::string("[ERROR] Model.build: Invalid 'p:', line ") + c.line);
    EXPECT_TRUE(d.has_errors());
  }
}

// The same for a value the SDK writes as a subnormal number ("4e-315"), which its reader cannot
// read back either; the messages and the error position are the SDK's.
TEST(FFSdkRules, AnUnreadableValueInTheF0TextMakesTheGenotypeInvalid) {
  const std::string clamp = "[WARN] Param.set: Setting fF.";
  struct Case {
    const char* genotype;
    std::size_t parts;
    std::int64_t pos;
    std::vector<std::string> messages;
  };
  for (const Case& c : {Case{"//F\n6,1,1,0,1,0,0,0,4e-308,0",
                             1,
                             77,
                             {clamp + "rad0z = '0.0' exceeded allowed range (too small). Adjusted to '0.01'.",
                              clamp + "sy = '0.0' exceeded allowed range (too small). Adjusted to '1.0'.",
                              clamp + "sz = '0.0' exceeded allowed range (too small). Adjusted to '1.0'.",
                              "[ERROR] ExtValue.parseDouble: Could not parse '4e-315'",
                              "[ERROR] Model.build: Invalid 'p:', line #3"}},
                        Case{"//F\n1,-nan,0,0,0,0,1,0,0,0",
                             0,
                             15,
                             {clamp + "rad0y = '0.0' exceeded allowed range (too small). Adjusted to '0.01'.",
                              clamp + "rad0z = '0.0' exceeded allowed range (too small). Adjusted to '0.01'.",
                              clamp + "sx = '0.0' exceeded allowed range (too small). Adjusted to '1.0'.",
                              clamp + "sy = '0.0' exceeded allowed range (too small). Adjusted to '1.0'.",
                              "[ERROR] ExtValue.parseDouble: Could not parse '-NaN8000000000000.0'",
                              "[ERROR] ExtValue.parseDouble: Could not parse '-NaN8000000000000.0'",
                              "[ERROR] Model.build: Invalid 'p:', line #2"}}}) {
    SCOPED_TRACE(c.genotype);
    Diagnostics d;
    const fF::Conversion r = fF::convert(c.genotype, d);
    EXPECT_FALSE(r.model.valid);
    EXPECT_EQ(r.model.parts.size(), c.parts);
    EXPECT_EQ(r.model.error_pos, c.pos);
    EXPECT_EQ(r.model.warn_pos, c.pos);
    EXPECT_EQ(nan_unsigned(r.sdk_messages), nan_unsigned(c.messages));
  }
}

// The SDK reads the first line inside the whole genotype text, and its search for a closing quote
// tests for the line's end only after stepping over a character: a quote last on the line (or a
// backslash last after a quote) makes the value run on past the line break to the next quote or
// the end of the text; a quoted value with text on its line ends at the line. (Issue #26.)
TEST(FFSdkRules, AQuoteLastOnTheLineReadsPastTheLineBreak) {
  const std::string parse_int = "[ERROR] ExtValue.parseInt: Could not parse '";
  for (const auto& [genotype, messages] : std::vector<std::pair<std::string, std::vector<std::string>>>{
           {"//F\n\"\nabc", {parse_int + "\nabc' (strict)"}},
           {"//F\n\"\n1", {}},  // "\n1" reads as 1
           {"//F\n1,\"\n2,3", {"[ERROR] ExtValue.parseDouble: Could not parse '\n2,3'"}},
           {"//F\n\"\nab\"c,d", {parse_int + "\nab' (strict)"}},
           {"//F\nx\"\ny", {parse_int + "\ny' (strict)"}},
           {"//F\n\"\\\nx", {parse_int + "\nx' (strict)"}},
           {"//F\n\"a\nb\"", {parse_int + "a' (strict)"}},
           {"//F\n\"  \nx", {parse_int + "  ' (strict)"}}}) {
    SCOPED_TRACE(genotype);
    Diagnostics d;
    const fF::Conversion r = fF::convert(genotype, d);
    EXPECT_FALSE(r.model.valid);
    EXPECT_EQ(r.sdk_messages, messages);
  }
}
