#include "genokit/frams/genotype_header.hpp"

#include <gtest/gtest.h>

namespace genokit::frams {

TEST(GenotypeHeader, Forms) {
  auto f0 = parse_genotype_header("//0\np:\n");
  EXPECT_EQ(f0.format, "0");
  EXPECT_EQ(f0.body_offset, 4u);
  EXPECT_TRUE(f0.declared);
  auto crlf = parse_genotype_header("//0\r\np:");
  EXPECT_EQ(crlf.format, "0");
  EXPECT_EQ(crlf.body_offset, 5u);
  auto one = parse_genotype_header("/*0*/p:;");
  EXPECT_EQ(one.format, "0");
  EXPECT_EQ(one.body_offset, 5u);
  auto f4 = parse_genotype_header("/*4*/<X>");
  EXPECT_EQ(f4.format, "4");
  auto plain = parse_genotype_header("X(X,X)");
  EXPECT_EQ(plain.format, "1");
  EXPECT_FALSE(plain.declared);
  EXPECT_EQ(plain.body_offset, 0u);
  EXPECT_TRUE(parse_genotype_header("//00\np:").malformed);
  EXPECT_TRUE(parse_genotype_header("/*0 p:").malformed);
  EXPECT_TRUE(parse_genotype_header("/**/X").malformed);
}

}  // namespace genokit::frams
