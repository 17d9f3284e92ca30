// Every fH reference case of oracle-sdk-r909/encodings against the SDK r909 dumps.
#include "fH/oracle_cases.hpp"
#include "genokit/fH/convert.hpp"

using namespace genokit;

TEST(FHOracle, ReferenceCases) {
  GENOKIT_REQUIRE_CORPUS();
  enc_test::check_reference_cases("fH", ".fH", 16, [](const std::string& text) {
    Diagnostics d;
    return fH::convert(text, d);
  });
}

// Facts of the SDK r909 oracle beyond the reference cases.
TEST(FHOracle, DensityMeanBelowTheMinimumIsRaised) {
  // Six sticks of density 0.2 on one part: their mean is 0.19999999999999998; the SDK's
  // Model::internalCheck raises it (oracle: one warning, warnpos -1, dn 0.2).
  std::string g = "//H\n1";
  for (int i = 0; i < 6; ++i) g += "\nj:0,0,dn=0.2";
  Diagnostics d;
  const auto c = fH::convert(g, d);
  ASSERT_TRUE(c.model.valid);
  ASSERT_EQ(c.sdk_messages.size(), 1u);
  EXPECT_EQ(c.sdk_messages[0], "[WARN] Model.internalCheck: density too small in Part #1 (adjusted)");
  EXPECT_EQ(c.sdk_warn_pos, -1);
  EXPECT_EQ(c.model.parts[1].dn, 0.2);
}
