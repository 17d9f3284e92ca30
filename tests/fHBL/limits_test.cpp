// Development size limits: genotypes that would take the SDK minutes or gigabytes are refused
// quickly with a clear message (never a hang), and fL's own maxwords stops development with a note.
#include <gtest/gtest.h>

#include <string>

#include "genokit/fB/convert.hpp"
#include "genokit/fH/convert.hpp"
#include "genokit/fL/convert.hpp"

using namespace genokit;

namespace {

bool has(const Diagnostics& d, const std::string& code) {
  for (const auto& x : d.items())
    if (x.code == code) return true;
  return false;
}

}  // namespace

TEST(FHBLLimits, FHTooManyComparisons) {
  std::string g = "//H\n150\n";
  for (int i = 0; i < 1500; ++i) g += "j:\n";
  Diagnostics d;
  const auto c = fH::convert(g, d);
  EXPECT_FALSE(c.model.valid);
  EXPECT_TRUE(has(d, "fH.too-large"));
}

TEST(FHBLLimits, FHTooManyDimensions) {
  Diagnostics d;
  EXPECT_FALSE(fH::convert("//H\n2000000000\nj:", d).model.valid);
  EXPECT_TRUE(has(d, "fH.too-large"));
}

TEST(FHBLLimits, FBNestedGenesOfAllLetters) {
  const std::string g = "//B\n1\n" + std::string(20000, 'a');  // 19,999 genes reaching to the end
  Diagnostics d;
  EXPECT_FALSE(fB::convert(g, d).model.valid);
  EXPECT_TRUE(has(d, "fB.too-large"));
}

TEST(FHBLLimits, FLExponentialGrowth) {
  Diagnostics d;
  const auto c = fL::convert("//L\nw:A\ni:axiom=\"A()\", time=100\nr:pred=A, succ=\"S()A()A()\"", d);
  EXPECT_FALSE(c.model.valid);
  EXPECT_TRUE(has(d, "fL.too-large"));
}

TEST(FHBLLimits, FLLongFormulasManyTimes) {
  std::string f = "1";
  for (int i = 0; i < 20000; ++i) f += "+1";
  Diagnostics d;
  const auto c = fL::convert(
      "//L\nw:A, 1\ni:axiom=\"A(1)\", time=100, numckp=50\nr:pred=A, succ=\"A(" + f + ")A(" + f + ")\"", d);
  EXPECT_FALSE(c.model.valid);
  EXPECT_TRUE(has(d, "fL.too-large"));
}

TEST(FHBLLimits, FLMaxwordsStopsWithANote) {
  Diagnostics d;
  const auto c =
      fL::convert("//L\nw:A\ni:axiom=\"A()\", time=10, maxwords=5\nr:pred=A, succ=\"S()A()A()\"", d);
  EXPECT_TRUE(c.model.valid);
  EXPECT_TRUE(has(d, "fL.maxwords-reached"));
  EXPECT_EQ(c.model.parts.size(), 4u);  // the SDK's maxwords_limit case
}
