// Every fF reference case and every fF genotype of the corpus .gen files against the SDK r909
// dumps: verdict, SDK messages, counts, positions, orientations, scales and the f0 text line for
// line (bit-exact: the aperture search and the look-at are the SDK's arithmetic).
#include <gtest/gtest.h>

#include "common/encoding_oracle.hpp"
#include "f0/oracle_compare.hpp"
#include "genokit/fF/convert.hpp"

using namespace genokit;

namespace {

std::vector<std::string> compare(const test::OracleCase& c) {
  Diagnostics d;
  const fF::Conversion conv = fF::convert(c.genotype, d);
  return test::compare_conversion(
      c, conv, d, {"fF.value-clamped", "fF.extra-value", "fF.unknown-parameter", "fF.value-after-unknown"});
}

}  // namespace

TEST(FFOracle, ReferenceCases) {
  GENOKIT_REQUIRE_CORPUS();
  std::string err;
  const auto cases = test::reference_cases("fF", ".fF", err);
  ASSERT_TRUE(err.empty()) << err;
  ASSERT_EQ(cases.size(), 13u);
  for (const auto& c : cases)
    for (const auto& x : compare(c)) ADD_FAILURE() << c.name << ": " << x;
}

TEST(FFOracle, CorpusGenotypes) {
  GENOKIT_REQUIRE_CORPUS();
  std::string err;
  const auto cases = test::corpus_genotypes("F", err);
  ASSERT_TRUE(err.empty()) << err;
  EXPECT_EQ(cases.size(), 5u);  // foraminifera.gen (4) and sdk-tests/similarity.gen (1)
  for (const auto& c : cases)
    for (const auto& x : compare(c)) ADD_FAILURE() << c.name << ": " << x;
}
