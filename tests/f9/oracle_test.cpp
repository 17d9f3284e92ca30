// Every f9 reference case against the SDK r909 dumps (verdict, counts, positions, colours, f0
// text line for line), and the GenMan check.
#include <gtest/gtest.h>

#include "common/encoding_oracle.hpp"
#include "f0/oracle_compare.hpp"
#include "genokit/f9/convert.hpp"

using namespace genokit;

TEST(F9Oracle, ReferenceCases) {
  GENOKIT_REQUIRE_CORPUS();
  std::string err;
  const auto cases = test::reference_cases("f9", ".f9", err);
  ASSERT_TRUE(err.empty()) << err;
  ASSERT_EQ(cases.size(), 11u);
  for (const auto& c : cases) {
    Diagnostics d;
    f9::ConvertOptions opt;
    opt.mapping = true;
    const auto diffs = test::compare_conversion(c, f9::convert(c.genotype, d, opt), d, {});
    for (const auto& x : diffs) ADD_FAILURE() << c.name << ": " << x;
  }
}

TEST(F9, GenManCheck) {
  EXPECT_EQ(f9::check_validity("//9\nRRFLUD"), 0);
  EXPECT_EQ(f9::check_validity("/*9*/R"), 0);
  EXPECT_EQ(f9::check_validity("//9\n"), 1);
  EXPECT_EQ(f9::check_validity("//9\nR x"), 2);
  EXPECT_EQ(f9::check_validity("//9\nRRu"), 3);
  Diagnostics d;
  EXPECT_FALSE(f9::check("//9\nRR\nU", d));
  ASSERT_EQ(d.items().size(), 1u);
  EXPECT_EQ(d.items()[0].code, "f9.not-a-move");
  EXPECT_EQ(d.items()[0].where.line, 2u);
  EXPECT_EQ(d.items()[0].where.column, 3u);
}

// The converter skips what the check rejects: "LXR" is three parts and a warning.
TEST(F9, ConverterSkipsOtherCharacters) {
  Diagnostics d;
  const auto c = f9::convert("//9\nLXR", d);
  EXPECT_TRUE(c.model.valid);
  EXPECT_EQ(c.model.parts.size(), 2u);  // L then back with R: two parts, one joint
  ASSERT_EQ(d.items().size(), 1u);
  EXPECT_EQ(d.items()[0].code, "f9.not-a-move");
  EXPECT_EQ(d.items()[0].severity, Severity::warning);
  Diagnostics s;
  f9::ConvertOptions strict;
  strict.strict = true;
  EXPECT_FALSE(f9::convert("//9\nLXR", s, strict).model.valid);
}

// Each letter maps to the part it leaves, the part it reaches and the joint between them.
TEST(F9, Map) {
  Diagnostics d;
  f9::ConvertOptions opt;
  opt.mapping = true;
  const auto c = f9::convert("//9\nLLRRU", d, opt);
  ASSERT_TRUE(c.model.valid);
  ASSERT_EQ(c.model.parts.size(), 4u);
  ASSERT_EQ(c.model.joints.size(), 3u);
  // 'U' (offset 8) leaves part 0 for part 3 over joint 2 (the notes' example).
  std::vector<std::pair<int, int>> at8;
  for (const auto& e : c.map)
    if (e.begin == 8) at8.push_back({static_cast<int>(e.kind), e.index});
  const std::vector<std::pair<int, int>> want{{0, 0}, {0, 3}, {1, 2}};
  EXPECT_EQ(at8, want);
  EXPECT_EQ(c.model.parts[3].src.offset, 8);
}
