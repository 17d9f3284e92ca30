// The final check runs its common case in merged passes (shapes and self joints together, lengths
// while computing them, repeated part pairs by bitmap on small models); the error reported must
// stay the SDK's first one, with the same message and position.
#include <gtest/gtest.h>

#include <string>

#include "genokit/f0/parser.hpp"

namespace genokit::f0 {
namespace {

struct Result {
  Model model;
  Diagnostics diags;
};

Result check(const std::string& body) {
  Result r;
  r.model = parse("//0\n" + body, r.diags);
  return r;
}

const Diagnostic& first_error(const Diagnostics& d) {
  for (const auto& x : d.items())
    if (x.severity == Severity::error) return x;
  static const Diagnostic none{};
  return none;
}

TEST(F0FinalCheck, ShapeErrorOfALaterJointComesBeforeAnEarlierSelfJoint) {
  const auto r = check("p:sh=1\np:1,sh=1\nj:0,0,sh=1\nj:0,1");
  EXPECT_FALSE(r.model.valid);
  EXPECT_EQ(first_error(r.diags).code, "f0.mixed-joint-shapes");
  EXPECT_EQ(first_error(r.diags).where.line, 5u);
}

TEST(F0FinalCheck, FirstOfSeveralTooLongJointsIsReportedAfterAllLengthsAreComputed) {
  const auto r = check("p:\np:3\np:0,1\np:0,5\nj:0,1\nj:0,2\nj:2,3");
  EXPECT_FALSE(r.model.valid);
  EXPECT_EQ(first_error(r.diags).code, "f0.joint-too-long");
  EXPECT_EQ(first_error(r.diags).message, "Joint #0 too long (its length 3 exceeds allowed 2)");
  ASSERT_EQ(r.model.joints.size(), 3u);
  EXPECT_EQ(r.model.joints[1].length, 1.0);
  EXPECT_EQ(r.model.joints[2].length, 4.0);
}

// A chain of n parts with joints i-(i+1), plus `extra` joint lines.
std::string chain(int n, const std::string& extra) {
  std::string g;
  for (int i = 0; i < n; ++i) g += "p:" + std::to_string(i % 2) + "\n";
  for (int i = 0; i + 1 < n; ++i) g += "j:" + std::to_string(i) + "," + std::to_string(i + 1) + "\n";
  return g + extra;
}

TEST(F0FinalCheck, RepeatedPartPairsOnSmallAndLargeModels) {
  for (int n : {5, 256, 257, 600}) {
    SCOPED_TRACE(n);
    // Two repeated pairs: (2,3) reversed and (0,1); the smallest pair is reported, with its first
    // two joints.
    const auto r = check(chain(n, "j:3,2\nj:1,0\n"));
    EXPECT_FALSE(r.model.valid);
    EXPECT_EQ(first_error(r.diags).code, "f0.duplicate-joint");
    const std::string b = std::to_string(n);
    EXPECT_EQ(first_error(r.diags).message,
              "Illegal duplicate Joint #0 and Joint #" + b + " (both join Part #0 and Part #1)");
    // No repeated pair: valid, whatever the size.
    EXPECT_TRUE(check(chain(n, "")).model.valid);
  }
}

}  // namespace
}  // namespace genokit::f0
