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
