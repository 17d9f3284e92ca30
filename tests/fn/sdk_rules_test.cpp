// fn rules found by differential testing against the SDK r909 oracle (tools/sdk-r909); every
// expectation is the oracle's.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "genokit/fn/convert.hpp"

using namespace genokit;

// A class name before a serialized object is letters and '_' only: "[S1]" is class S with the
// object 1 (null for the SDK: one part at 0), "[S1x]" class S, object 1, then "x" where a ','
// belongs.
TEST(FnSdkRules, AClassNameIsLettersAndUnderscores) {
  struct Case {
    const char* genotype;
    bool valid;
    std::vector<std::string> messages;
  };
  const std::string null_msg = "[ERROR] ExtValue.getInt: Getting floating point value from null";
  auto cls = [](const char* c) {
    return std::string("[WARN] ExtValue.deserialize: object of class \"") + c +
           "\" could not be deserialized";
  };
  for (const Case& c :
       {Case{"//n\n[S1]", true, {cls("S"), null_msg}}, Case{"//n\n[AB1]", true, {cls("AB"), null_msg}},
        Case{"//n\n[_A1]", true, {cls("_A"), null_msg}}, Case{"//n\n[S_1]", true, {cls("S_"), null_msg}},
        Case{"//n\n[S1 ]", true, {cls("S"), null_msg}},
        Case{"//n\n[S1x]",
             false,
             {cls("S"), "[ERROR] ExtValue.deserialize: Missing ',' in Vector: 'S1x]'",
              "[ERROR] GenoConv_fn0.stringToVector: Unable to deserialize - expecting a vector of real "
              "values, "
              "got '[S1x]'"}}}) {
    SCOPED_TRACE(c.genotype);
    Diagnostics d;
    const fn::Conversion r = fn::convert(c.genotype, d);
    EXPECT_EQ(r.model.valid, c.valid);
    EXPECT_EQ(r.sdk_messages, c.messages);
    if (c.valid) {
      ASSERT_EQ(r.model.parts.size(), 1u);
      EXPECT_EQ(r.model.parts[0].pos.x, 0.0);
    }
  }
}

// A string without its closing quote: the SDK's message quotes the empty rest of the text.
TEST(FnSdkRules, AnUnclosedStringsMessageQuotesNothing) {
  for (const char* g : {"//n\n\"e", "//n\n[\"abcx, 1]", "//n\n[1,\"x\\\"]", "//n\n{\"a:1}"}) {
    SCOPED_TRACE(g);
    Diagnostics d;
    const fn::Conversion r = fn::convert(g, d);
    EXPECT_FALSE(r.model.valid);
    ASSERT_EQ(r.sdk_messages.size(), 2u);
    EXPECT_EQ(r.sdk_messages[0], "[ERROR] ExtValue.deserialize: Missing '\"' in string: ''");
    EXPECT_EQ(r.sdk_messages[1],
              "[ERROR] GenoConv_fn0.stringToVector: Unable to deserialize - expecting a vector of real "
              "values, got '" +
                  std::string(g + 4) + "'");
  }
}

// A dictionary key that is not a string fails the genotype without a message of the SDK's.
TEST(FnSdkRules, ANonStringKeyFailsSilently) {
  const std::string unable =
      "[ERROR] GenoConv_fn0.stringToVector: Unable to deserialize - expecting a vector of real values, got '";
  struct Case {
    const char* genotype;
    std::vector<std::string> messages;
  };
  for (const Case& c :
       {Case{"//n\n{0", {unable + "{0'"}}, Case{"//n\n[{0]", {unable + "[{0]'"}},
        Case{"//n\n{0:1 2}", {unable + "{0:1 2}'"}}, Case{"//n\n{null:1}", {unable + "{null:1}'"}},
        Case{"//n\n{[1]:2}", {unable + "{[1]:2}'"}},
        Case{"//n\n{\"a\"",
             {"[ERROR] ExtValue.deserialize: Missing ':' in Dictionary: ''", unable + "{\"a\"'"}},
        Case{"//n\n{0x", {"[ERROR] ExtValue.deserialize: Bad syntax: '0x'", unable + "{0x'"}}}) {
    SCOPED_TRACE(c.genotype);
    Diagnostics d;
    const fn::Conversion r = fn::convert(c.genotype, d);
    EXPECT_FALSE(r.model.valid);
    EXPECT_EQ(r.sdk_messages, c.messages);
    EXPECT_TRUE(d.has_errors());
  }
}
