// Every fB reference case of oracle-sdk-r909/encodings against the SDK r909 dumps, and generated fB
// genotypes against the SDK r909 oracle program.
#include <random>

#include "fH/oracle_cases.hpp"
#include "genokit/fB/convert.hpp"

using namespace genokit;

namespace {

fB::Conversion conv(const std::string& text) {
  Diagnostics d;
  return fB::convert(text, d);
}

// Letters, mostly a..z with start and stop codons; now and then quoted classes, upper case,
// digits, newlines and unclosed quotes.
std::string generated(std::mt19937& rng) {
  auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); };
  std::string g = "//B\n" + std::to_string(pick(40) == 0 ? 0 : 1 + pick(3)) + "\n";
  const int n = 3 + pick(40);
  static const char* classes[] = {"\"G\"",   "\"T\"",        "\"N\"", "\"|\"", "\"@\"",
                                  "\"Foo\"", "\"N:in=0.5\"", "\"\"",  "\"S\""};
  for (int i = 0; i < n; ++i) {
    const int r = pick(100);
    if (r < 12)
      g += "aa";
    else if (r < 20)
      g += "zz";
    else if (r < 24)
      g += classes[pick(9)];
    else if (r < 25)
      g += static_cast<char>('A' + pick(26));
    else if (r < 26 && pick(4) == 0)
      g += "\"";
    else if (r < 27 && pick(4) == 0)
      g += "\n";  // (inside quotes it reaches a neuron's details: the dump then breaks its line)
    else
      g += static_cast<char>('a' + pick(26));
  }
  return g;
}

}  // namespace

TEST(FBOracle, ReferenceCases) {
  GENOKIT_REQUIRE_CORPUS();
  enc_test::check_reference_cases("fB", ".fB", 13, conv);
}

TEST(FBDifferential, GeneratedGenotypesAgainstTheSdk) {
  GENOKIT_REQUIRE_SHARED(std::filesystem::exists(enc_test::oracle_program()),
                         "SDK r909 oracle program not found");
  std::mt19937 rng(enc_test::diff_seed(20261126));
  std::vector<std::string> genotypes;
  for (std::size_t i = 0; i < enc_test::diff_count(2000); ++i) genotypes.push_back(generated(rng));
  const auto st = enc_test::differential("fB", genotypes, conv);
  EXPECT_EQ(st.differing, 0u);
  EXPECT_GT(st.valid, st.total / 3);
}
