// Every fn reference case against the SDK r909 dumps: verdict, the SDK's messages, and the one-part
// f0 text of the valid ones.
#include <gtest/gtest.h>

#include "common/encoding_oracle.hpp"
#include "f0/oracle_compare.hpp"
#include "genokit/fn/convert.hpp"

using namespace genokit;

namespace {

std::vector<std::string> compare(const test::OracleCase& c) {
  Diagnostics d;
  const fn::Conversion conv = fn::convert(c.genotype, d);
  std::vector<std::string> diffs;
  f0::test::compare_with_oracle(c.dump, conv.model,
                                test::sdk_visible(d, {"fn.value-clamped", "fn.extra-value",
                                                      "fn.unknown-parameter", "fn.value-after-unknown"}),
                                diffs);
  std::vector<std::string> sdk;
  for (const auto& m : c.dump.messages) sdk.push_back(test::without_org_name(m));
  if (conv.sdk_messages != sdk) {
    std::string s = "SDK messages differ:\n--- ours\n";
    for (const auto& m : conv.sdk_messages) s += m + "\n";
    s += "--- SDK\n";
    for (const auto& m : sdk) s += m + "\n";
    diffs.push_back(s);
  }
  if (c.dump.valid != conv.converted) diffs.push_back("converted differs from the SDK's verdict");
  if (!c.dump.valid && d.error_count() == 0) diffs.push_back("invalid without an error diagnostic");
  return diffs;
}

}  // namespace

TEST(FnOracle, ReferenceCases) {
  GENOKIT_REQUIRE_CORPUS();
  std::string err;
  const auto cases = test::reference_cases("fn", ".fn", err);
  ASSERT_TRUE(err.empty()) << err;
  ASSERT_EQ(cases.size(), 13u);
  for (const auto& c : cases)
    for (const auto& x : compare(c)) ADD_FAILURE() << c.name << ": " << x;
}
