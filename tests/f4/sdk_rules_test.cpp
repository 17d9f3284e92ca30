// f4 rules found by differential testing against the SDK r909 oracle (tools/sdk-r909); every
// expectation is the oracle's.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "genokit/f0/writer.hpp"
#include "genokit/f4/convert.hpp"

using namespace genokit;

// The SDK keeps a link weight as a float: tiny weights become float subnormals or 0, weights beyond
// float's range infinite (then clamped by its f0 re-parse, with the message naming Inf.0).
TEST(F4SdkRules, LinkWeightsAreFloats) {
  struct Case {
    const char* weight;
    double value;
    std::vector<std::string> messages;
  };
  const std::string clamp = "[WARN] Param.set: Setting c.w = '";
  for (const Case& c :
       {Case{"1e-40", 9.99995e-41, {}}, Case{"1e-45", 1.4013e-45, {}}, Case{"1e-46", 0.0, {}},
        Case{"7e-308", 0.0, {}}, Case{"2.2250738585072014e-308", 0.0, {}}, Case{"1e-39", 1e-39, {}},
        Case{"0.1234567", 0.123457, {}},
        Case{"4e38", 999999.0, {clamp + "Inf.0' exceeded allowed range (too big). Adjusted to '999999.0'."}},
        Case{"-4e38",
             -999999.0,
             {clamp + "-Inf.0' exceeded allowed range (too small). Adjusted to '-999999.0'."}},
        Case{"3e38",
             999999.0,
             {clamp + "3e+38' exceeded allowed range (too big). Adjusted to '999999.0'."}}}) {
    const std::string g = std::string("/*4*/<<X>X>N[0:") + c.weight + "]";
    SCOPED_TRACE(g);
    Diagnostics d;
    const f4::Conversion r = f4::convert(g, d);
    ASSERT_TRUE(r.model.valid);
    ASSERT_EQ(r.model.connections.size(), 1u);
    EXPECT_EQ(r.model.connections[0].weight, c.value);
    EXPECT_EQ(r.sdk_messages, c.messages);
  }
}

// A NaN weight fails the genotype at its c: line; the SDK's error position is that line's offset
// in the converted f0 text.
TEST(F4SdkRules, ANanWeightsErrorPositionIsItsLine) {
  for (const auto& [g, pos] :
       std::vector<std::pair<const char*, std::int64_t>>{{"/*4*/<X>N[0:nan]", 67},
                                                         {"/*4*/<<X>X>N[0:nan]", 98},
                                                         {"/*4*/<X>N[T:nan]", 78},
                                                         {"/*4*/<X>N[0:1][0:nan]", 74},
                                                         {"/*4*/<X>N[0:-3][0:nan]", 80},
                                                         {"/*4*/<X>N#0[0:nan][1:0]", 67}}) {
    SCOPED_TRACE(g);
    Diagnostics d;
    const f4::Conversion r = f4::convert(g, d);
    EXPECT_FALSE(r.model.valid);
    EXPECT_EQ(r.model.error_pos, pos);
    EXPECT_EQ(r.model.warn_pos, pos);
  }
}

// A '@'/'|' control (plain, or the "N:@"/"N:|" class form run by a neuron cell, e.g. the daughter
// of a dividing neuron) makes a muscle only on an 'N' neuron: on a neuron of any other class the
// SDK makes nothing (issue #26), though the control still counts (a second one is an error).
TEST(F4SdkRules, ControlMakesAMuscleOnlyOnAnNNeuron) {
  const std::string head = "p:\np:1.0\nj:0, 1, dx=1.0, 0.0, 0.0\n";
  const std::string unknown_j = "[WARN] Param.loadSingleLine: Unknown property 'n.n:j' (ignored)";
  struct Case {
    const char* genotype;
    const char* f0;  // after `head`
    std::vector<std::string> messages;
  };
  for (const Case& c : {
           Case{"//4\n<X>N:|\n<>N:|\n", "n:d=|\nn:d=|\n", {unknown_j, unknown_j}},
           Case{"//4\n<X>N:*\n<>N:@\n", "n:d=*\nn:d=*\n", {}},
           Case{"//4\n<X>N:T\n<>N:|\n", "n:p=1, d=T\nn:p=1, d=T\n", {}},
           Case{"//4\n<X>N:|\n<>N:|[*:1]\n", "n:d=|\nn:d=|\nn:p=1, d=*\nc:1, 2\n", {unknown_j, unknown_j}},
           Case{"//4\n<X>N\n<>N:|\n",
                "n:p=1, d=\"N:in=0.8,fo=0.04,si=2\"\nn:p=1, d=\"N:in=0.8,fo=0.04,si=2\"\n"
                "n:j=0, d=\"|:p=0.25,r=1\"\nc:2, 1\n",
                {}},
       }) {
    SCOPED_TRACE(c.genotype);
    Diagnostics d;
    const f4::Conversion r = f4::convert(c.genotype, d);
    ASSERT_TRUE(r.model.valid);
    EXPECT_EQ(f0::write_body(r.model), head + c.f0);
    EXPECT_EQ(r.sdk_messages, c.messages);
  }
  Diagnostics d;
  EXPECT_FALSE(f4::convert("//4\n<X>N:*\n<>N:|N:|\n", d).model.valid);
}

// A cell whose code runs out without a '>' (a partial tree after a parse error: here the '#'
// without a count) ends its development in that very step; the development stops when no cell is
// active, so the waiting neuron (its [1:5] waited a step for its target) divides only once.
TEST(F4SdkRules, ACellWhoseCodeRunsOutStopsInThatStep) {
  Diagnostics d;
  const f4::Conversion r = f4::convert("/*4*/<X><N[1:5]#2[0:7]><<>>><N#", d);
  ASSERT_TRUE(r.model.valid);
  EXPECT_EQ(f0::write_body(r.model),
            "p:\np:1.0\np:2.0\nj:0, 1, dx=1.0, 0.0, 0.0\nj:1, 2, dx=1.0, 0.0, 0.0\n"
            "n:p=1, d=\"N:in=0.8,fo=0.04,si=2\"\nn:p=1, d=\"N:in=0.8,fo=0.04,si=2\"\n"
            "n:p=1, d=\"N:in=0.8,fo=0.04,si=2\"\n"
            "c:0, 1, 5.0\nc:0, 0, 7.0\nc:0, 0, 7.0\nc:2, 1, 5.0\nc:2, 0, 7.0\nc:2, 0, 7.0\n");
  EXPECT_TRUE(r.sdk_messages.empty());
}

// The SDK clamps every weight beyond +-999999 (with a warning each) before it writes the f0 text
// that a NaN weight then fails: the clamp warnings of connections after the NaN come first, and a
// clamped connection before it stays in the model.
TEST(F4SdkRules, WeightsAreClampedBeforeANanFails) {
  const std::string clamp = "[WARN] Param.set: Setting c.w = '";
  const std::string nan = "[ERROR] ExtValue.parseDouble: Could not parse 'NaN8000000000000.0'";
  struct Case {
    const char* genotype;
    std::size_t connections;
    std::vector<std::string> messages;
  };
  for (const Case& c :
       {Case{"/*4*/<X>N[G:nan][T:0][S:inf]",
             0,
             {clamp + "Inf.0' exceeded allowed range (too big). Adjusted to '999999.0'.", nan,
              "[ERROR] Model.build: Invalid 'c:', line #8"}},
        Case{"/*4*/<X>N[S:inf][G:nan]",
             1,
             {clamp + "Inf.0' exceeded allowed range (too big). Adjusted to '999999.0'.", nan,
              "[ERROR] Model.build: Invalid 'c:', line #8"}},
        Case{"/*4*/<X>N[G:nan][S:1e9][T:-1e9]",
             0,
             {clamp + "1000000000.0' exceeded allowed range (too big). Adjusted to '999999.0'.",
              clamp + "-1000000000.0' exceeded allowed range (too small). Adjusted to '-999999.0'.", nan,
              "[ERROR] Model.build: Invalid 'c:', line #8"}},
        Case{"/*4*/<X><N[S:1e7]>N[G:nan]",
             1,
             {clamp + "10000000.0' exceeded allowed range (too big). Adjusted to '999999.0'.", nan,
              "[ERROR] Model.build: Invalid 'c:', line #9"}}}) {
    SCOPED_TRACE(c.genotype);
    Diagnostics d;
    const f4::Conversion r = f4::convert(c.genotype, d);
    EXPECT_FALSE(r.model.valid);
    EXPECT_EQ(r.model.connections.size(), c.connections);
    EXPECT_EQ(r.sdk_messages, c.messages);
  }
}
