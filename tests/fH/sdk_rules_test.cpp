// fH rules found by differential testing against the SDK r909 oracle (tools/sdk-r909); every
// expectation is the oracle's.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "genokit/fH/convert.hpp"

using namespace genokit;

// Neuron details with nothing before ':' name no class: the SDK abandons the creature; empty
// details are N.
TEST(FHSdkRules, DetailsWithoutAClassNameFail) {
  for (const auto& [d, valid] : std::vector<std::pair<std::string, bool>>{
           {":", false}, {":in=1", false}, {":x", false}, {" ", false}, {"", true}, {"N:", true}}) {
    const std::string g = "//H\n1\nj:0,\nn:0.5,0.5,d=\"" + d + "\"";
    SCOPED_TRACE(g);
    Diagnostics diags;
    const fH::Conversion r = fH::convert(g, diags);
    EXPECT_EQ(r.model.valid && r.sdk_check == 0, valid);
    if (!valid) {
      ASSERT_FALSE(r.sdk_messages.empty());
      EXPECT_EQ(r.sdk_messages.back(),
                "[ERROR] fH_Builder.developBrain: NeuroClass given in details \"" + d + "\" does not exist");
    }
  }
}

// A part property that is the mean of tiny values can be subnormal: the SDK writes it into its f0
// text and cannot read it back, so the model fails at that part's line (parts before it kept).
TEST(FHSdkRules, ASubnormalMeanFailsTheF0ReRead) {
  struct Case {
    const char* genotype;
    std::int64_t pos;
    const char* value;
  };
  for (const Case& c : {Case{"//H\n1\nj:fr=2.4e-308\nj:fr=0", 14, "1.2000000000000003e-308"},
                        Case{"//H\n1\nj:as=0\nj:as=2.5e-308", 9, "1.2499999999999996e-308"}}) {
    SCOPED_TRACE(c.genotype);
    Diagnostics diags;
    const fH::Conversion r = fH::convert(c.genotype, diags);
    EXPECT_FALSE(r.model.valid);
    EXPECT_EQ(r.model.parts.size(), 1u);
    EXPECT_TRUE(r.model.joints.empty());
    EXPECT_EQ(r.model.error_pos, c.pos);
    EXPECT_EQ(r.model.warn_pos, c.pos);
    EXPECT_EQ(r.sdk_messages,
              (std::vector<std::string>{
                  std::string("[ERROR] ExtValue.parseDouble: Could not parse '") + c.value + "'",
                  "[ERROR] Model.build: Invalid 'p:', line #2"}));
    EXPECT_TRUE(diags.has_errors());
  }
}
