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
  return test::compare_conversion(c, conv, d, {});
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
