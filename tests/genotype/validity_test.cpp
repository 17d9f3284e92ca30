// Strict genetic validity (f1's rule set) and the valid-creature check of the door.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "genokit/genotype/encoding.hpp"
#include "genokit/genotype/operators.hpp"

namespace genokit::genotype {
namespace {

std::vector<bool> valid(std::initializer_list<const char*> texts) {
  std::vector<bool> out;
  for (const char* t : texts) {
    Diagnostics d;
    out.push_back(is_valid_strict(t, d));
  }
  return out;
}

std::vector<std::string> codes(const Diagnostics& d) {
  std::vector<std::string> out;
  for (const auto& x : d.items()) out.push_back(x.code);
  return out;
}

TEST(StrictValidity, FramspySelfTest) {
  // FramsticksLib's constructor: isValid(["X[0:0],", "X[0:0]", "X[1:0]"]) == [False, True, False].
  EXPECT_EQ(valid({"X[0:0],", "X[0:0]", "X[1:0]"}), (std::vector<bool>{false, true, false}));
  Diagnostics d;
  EXPECT_EQ(simplest("1", d), "X");
}

TEST(StrictValidity, F1RuleSet) {
  EXPECT_EQ(valid({"X", "X(X,X)", "LX(lX,X[N,in:0.5])", "XL(X,X)", "X[|G:1]", "/*1*/X", "//1\nX\n", "RRX",
                   "X[Gpart]", "X[N,Thr:1]", "X[Gpart,ry:0.5]", "X[T,ry:0]"}),
            (std::vector<bool>(12, true)));  // T's ry: a parameter of newer Framsticks versions  // Gpart,
                                             // Thr: classes of the full Framsticks application
  // Converter errors, strict warnings, empty neurons, dead modifiers.
  EXPECT_EQ(valid({"X]", "", "XX)X", "X(X,X)XX", "X(X", "X[N,in:5]", "X[Q]", "X[]", "Xr", "X(Xl,X)", "XL[N]",
                   "X[ ]"}),
            (std::vector<bool>(12, false)));
}

TEST(StrictValidity, ReasonsArePositioned) {
  Diagnostics d;
  EXPECT_FALSE(is_valid_strict("X(X,Xr)", d));
  ASSERT_EQ(codes(d), (std::vector<std::string>{"f1.dead-modifier"}));
  EXPECT_EQ(d.items()[0].where.column, 6u);
  Diagnostics e;
  EXPECT_FALSE(is_valid_strict("XX\n[]", e));
  ASSERT_EQ(codes(e), (std::vector<std::string>{"f1.empty-neuron"}));
  EXPECT_EQ(e.items()[0].where.line, 2u);
  Diagnostics f;
  EXPECT_FALSE(is_valid_strict("X[0:0],", f));
  EXPECT_EQ(codes(f), (std::vector<std::string>{"f1.ignored-text"}));
  EXPECT_EQ(f.items()[0].severity, Severity::error);
  Diagnostics g;
  EXPECT_FALSE(is_valid_strict("X[N,Q:1]", g));
  ASSERT_EQ(codes(g), (std::vector<std::string>{"f1.unknown-neuron-class"}));
  EXPECT_EQ(g.items()[0].message, "Neuron class 'Q' is not a Framsticks neuron class");
}

TEST(StrictValidity, F0UsesTheModelsVerdictAndUnknownFormatsAreReported) {
  Diagnostics d;
  EXPECT_TRUE(is_valid_strict("//0\np:\np:1\nj:0, 1\n", d));
  EXPECT_FALSE(is_valid_strict("//0\np:\nj:0, 1\n", d));
  Diagnostics u;
  EXPECT_FALSE(is_valid_strict("//7\nabc", u));
  EXPECT_EQ(codes(u), (std::vector<std::string>{"genotype.unsupported-encoding"}));
}

TEST(ValidCreature, BuildWarningsThatCount) {
  Diagnostics d;
  EXPECT_TRUE(is_valid_strict("X[|][|]", d));     // genetically fine ...
  EXPECT_FALSE(is_valid_creature("X[|][|]", d));  // ... but two bend muscles on one stick
  EXPECT_EQ(codes(d), (std::vector<std::string>{"genotype.duplicate-muscle"}));
  EXPECT_EQ(
      d.items()[0].message,
      "joint #0 has a second bend muscle (|) (neuron #1 (|)): Framsticks builds at most one muscle of a "
      "kind per stick");
  Diagnostics e;
  EXPECT_FALSE(is_valid_creature("X[@][@]", e));
  EXPECT_TRUE(is_valid_creature("X[|][@]", e));
  EXPECT_TRUE(is_valid_creature("X[|]X[|]", e));
  EXPECT_TRUE(is_valid_creature("X(X[|G:1],X[@T:1])", e));
  EXPECT_FALSE(is_valid_creature("X[0:0],", e));  // not even genetically valid
  // f0: a muscle on a part, a gyroscope on nothing, a class outside the SDK library.
  Diagnostics f;
  EXPECT_FALSE(is_valid_creature("//0\np:\np:1\nj:0, 1\nn:p=0, d=|\n", f));
  EXPECT_EQ(codes(f), (std::vector<std::string>{"genotype.misplaced-neuron"}));
  Diagnostics g;
  EXPECT_FALSE(is_valid_creature("//0\np:\np:1\nj:0, 1\nn:d=VEye\n", g));
  EXPECT_EQ(codes(g), (std::vector<std::string>{"genotype.unknown-neuron-class"}));
  Diagnostics h;
  EXPECT_TRUE(is_valid_creature("//0\np:\np:1\nj:0, 1\nn:j=0, d=|\nn:p=1, d=T\nc:0, 1\n", h));
  EXPECT_TRUE(h.empty());
}

}  // namespace
}  // namespace genokit::genotype
