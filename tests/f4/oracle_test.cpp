// Every f4 reference case and every f4 genotype of the corpus .gen files against the SDK r909
// dumps: verdict, SDK messages, counts, positions, orientations, properties, neurons,
// connections and the f0 text line for line.
#include <gtest/gtest.h>

#include "common/encoding_oracle.hpp"
#include "f0/oracle_compare.hpp"
#include "genokit/f4/convert.hpp"

using namespace genokit;

namespace {

// Compares one conversion with its dump; returns the differences.
std::vector<std::string> compare(const test::OracleCase& c) {
  Diagnostics d;
  f4::ConvertOptions opt;
  opt.mapping = true;
  const f4::Conversion conv = f4::convert(c.genotype, d, opt);
  std::vector<std::string> diffs;
  f0::test::compare_with_oracle(
      c.dump, conv.model, test::sdk_visible(d, {"f4.joint-neuron-unattached", "f4.weight-clamped"}), diffs);
  std::vector<std::string> ours, sdk;
  for (const auto& m : conv.sdk_messages) ours.push_back(test::without_org_name(m));
  for (const auto& m : c.dump.messages) sdk.push_back(test::without_org_name(m));
  if (ours != sdk) {
    std::string s = "SDK messages differ:\n--- ours\n";
    for (const auto& m : ours) s += m + "\n";
    s += "--- SDK\n";
    for (const auto& m : sdk) s += m + "\n";
    diffs.push_back(s);
  }
  if (c.dump.valid && !conv.converted) diffs.push_back("valid in the SDK but not converted");
  if (!c.dump.valid && d.error_count() == 0) diffs.push_back("invalid without an error diagnostic");
  return diffs;
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
