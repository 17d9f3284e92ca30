// Every f4 reference case and every f4 genotype of the corpus .gen files against the SDK r909
// dumps: verdict, SDK messages, counts, positions, orientations, properties, neurons,
// connections and the f0 text line for line.
#include <gtest/gtest.h>

#include "common/encoding_oracle.hpp"
#include "f0/oracle_compare.hpp"
#include "genokit/f4/convert.hpp"

using namespace genokit;

namespace {

std::vector<std::string> compare(const test::OracleCase& c) {
  Diagnostics d;
  f4::ConvertOptions opt;
  opt.mapping = true;
  const f4::Conversion conv = f4::convert(c.genotype, d, opt);
  return test::compare_conversion(c, conv, d, {"f4.joint-neuron-unattached", "f4.weight-clamped"});
}

}  // namespace

TEST(F4Oracle, ReferenceCases) {
  GENOKIT_REQUIRE_CORPUS();
  std::string err;
  const auto cases = test::reference_cases("f4", ".f4", err);
  ASSERT_TRUE(err.empty()) << err;
  ASSERT_EQ(cases.size(), 20u);
  for (const auto& c : cases)
    for (const auto& x : compare(c)) ADD_FAILURE() << c.name << ": " << x;
}

TEST(F4Oracle, CorpusGenotypes) {
  GENOKIT_REQUIRE_CORPUS();
  std::string err;
  const auto cases = test::corpus_genotypes("4", err);
  ASSERT_TRUE(err.empty()) << err;
  EXPECT_EQ(cases.size(), 31u);  // encoding_f4_best.gen (30) and swimming.gen (1)
  for (const auto& c : cases)
    for (const auto& x : compare(c)) ADD_FAILURE() << c.name << ": " << x;
}
