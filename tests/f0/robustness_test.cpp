// Bad and huge inputs: no crash, no recursion, sensible diagnostics.
#include <gtest/gtest.h>

#include <limits>

#include <string>

#include "genokit/f0/parser.hpp"
#include "genokit/f0/writer.hpp"

using namespace genokit;
using namespace genokit::f0;

TEST(F0Robust, HugeIndicesAreClampedOrRejected) {
  Diagnostics d;  // beyond 32 bits: not an integer for the SDK
  Model m = parse("//0\np:\nj:0,99999999999999999999999\nn:p=18446744073709551617", d);
  EXPECT_FALSE(m.valid);
  ASSERT_EQ(d.items().size(), 1u);
  EXPECT_EQ(d.items()[0].code, "f0.bad-integer");
  Diagnostics d1;  // within 32 bits: clamped to the table's range, then a bad reference
  EXPECT_FALSE(parse("//0\np:\nj:0,2147483647", d1).valid);
  ASSERT_EQ(d1.items().size(), 2u);
  EXPECT_EQ(d1.items()[0].code, "f0.value-clamped");
  EXPECT_EQ(d1.items()[1].message, "Invalid reference to Part #999999, line #2");
  Diagnostics d2;
  EXPECT_FALSE(parse("//0\np:\nn:\nc:0,-9223372036854775809", d2).valid);
}

TEST(F0Robust, DeltaChainOf100000Parts) {
  constexpr int kParts = 100000;
  std::string g = "//0\n";
  for (int i = 0; i < kParts; ++i) g += "p:\n";
  // Listed child first (reverse order): the SDK calls this a cycle; resolution must not recurse.
  for (int i = kParts - 2; i >= 0; --i)
    g += "j:" + std::to_string(i) + "," + std::to_string(i + 1) + ",dx=1\n";
  Diagnostics d0;
  EXPECT_FALSE(parse(g, d0).valid);  // the SDK's verdict (the default)
  ParseOptions spec;
  spec.spec_delta_order = true;  // the spec's rule resolves the chain
  Diagnostics d;
  Model m = parse(g, d, spec);
  ASSERT_TRUE(m.valid);
  EXPECT_DOUBLE_EQ(m.parts.back().pos.x, kParts - 1);
  // A true 100,000-joint cycle is found without recursion too.
  g += "j:" + std::to_string(kParts - 1) + ",0,dx=1\n";
  Diagnostics d2;
  EXPECT_FALSE(parse(g, d2, spec).valid);
}

TEST(F0Robust, TenMegabyteGenotypes) {
  const std::string big(10u << 20, 'x');
  Diagnostics d;
  Model m = parse("//0\np:i=\"" + big + "\"", d);
  ASSERT_TRUE(m.valid);
  EXPECT_EQ(m.parts[0].info.size(), big.size());
  // 10 MB of values after the last property: counted, message list capped.
  std::string many = "//0\np:";
  while (many.size() < (10u << 20)) many += "1,";
  Diagnostics d2;
  d2.set_limit(100);
  Model m2 = parse(many, d2, {PropertyOrder::sdk, false});
  EXPECT_TRUE(m2.valid);
  EXPECT_GT(d2.warning_count(), 1000000u);
  EXPECT_EQ(d2.items().size(), 100u);
}

TEST(F0Robust, GarbageNeverCrashes) {
  const char* inputs[] = {"",
                          "//0",
                          "//0\n",
                          "/*0*/",
                          "/*0",
                          "//0\n\"",
                          "//0\np:\"",
                          "//0\np:i=\"\\",
                          "//0\np:=,=,=",
                          "//0\np:,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,",
                          "//0\nj:",
                          "//0\nc:",
                          "//0\ncheckpoint:\ncheckpoint:\nj:0,0",
                          "//0\np:nan\np:inf\nj:0,1",
                          "//0\np:\xff\xfe",
                          "//0\r\np:\r\n",
                          "//1\nX",
                          "//0\nn:d=\":::\""};
  for (const char* in : inputs) {
    Diagnostics d;
    Model m = parse(in, d);
    if (m.valid) (void)write_body(m);
  }
}

TEST(F0Robust, PositionsPointIntoTheGenotype) {
  Diagnostics d;
  parse("//0\n# comment\np:\n  p:fr=99\nj:0,1\nn:p=7", d);
  ASSERT_EQ(d.items().size(), 2u);
  EXPECT_EQ(d.items()[0].code, "f0.value-clamped");
  EXPECT_EQ(d.items()[0].where.line, 4u);
  EXPECT_EQ(d.items()[0].where.column, 8u);  // the value
  EXPECT_EQ(d.items()[0].where.offset, 24);
  EXPECT_EQ(d.items()[1].code, "f0.bad-part-ref");
  EXPECT_EQ(d.items()[1].where.line, 6u);
  EXPECT_EQ(d.items()[1].where.column, 1u);
  // Single-line header: columns count from the start of the text.
  Diagnostics d2;
  parse("/*0*/p:fr=99", d2);
  ASSERT_EQ(d2.items().size(), 1u);
  EXPECT_EQ(d2.items()[0].where.line, 1u);
  EXPECT_EQ(d2.items()[0].where.column, 11u);
}

TEST(F0Writer, NumbersAsTheSdkWritesThem) {
  EXPECT_EQ(format_number(1.0), "1.0");
  EXPECT_EQ(format_number(-0.0), "-0.0");
  EXPECT_EQ(format_number(1e-5), "1e-5");
  EXPECT_EQ(format_number(1e20), "1e+20");
  EXPECT_EQ(format_number(0.1 + 0.2), "0.30000000000000004");
  EXPECT_EQ(format_number(123456789.123), "123456789.123");
  EXPECT_EQ(format_number(1.0 / 0.0), "Inf.0");
  // NaN as the SDK prints its bits (sign, quiet bit, payload)
  EXPECT_EQ(format_number(std::numeric_limits<double>::quiet_NaN()), "NaN8000000000000.0");
  EXPECT_EQ(format_number(-std::numeric_limits<double>::quiet_NaN()), "-NaN8000000000000.0");
  // Plain notation for 1e-4 <= |v| <= 1e17, scientific outside (shortest digits either way; the
  // SDK r909 oracle writes p:1e17 as "p:100000000000000000.0" and 1.1e17 as "1.1e+17").
  EXPECT_EQ(format_number(2e6), "2000000.0");
  EXPECT_EQ(format_number(0.0001), "0.0001");
  EXPECT_EQ(format_number(1e16), "10000000000000000.0");
  EXPECT_EQ(format_number(1e17), "100000000000000000.0");
  EXPECT_EQ(format_number(1.1e17), "1.1e+17");
  EXPECT_EQ(format_number(-2.5e-7), "-2.5e-7");
}

TEST(F0Writer, CanonicalIsAFixedPoint) {
  Diagnostics d;
  Model m = parse(
      "//0\nm:se=2\np:1,2,3,rx=0.5,Vstyle=\"a b\",vr=0.5\np:2,i=x\nj:0,1,rz=0.1,dy=0.5,stif=0.5\n"
      "n:j=0,d=\"|:p=0.5\"\nn:p=1,d=T\nc:0,1,-1.5,i=\"w,x\"\n",
      d);
  ASSERT_TRUE(m.valid);
  const std::string once = write_genotype(m);
  Diagnostics d2;
  const std::string twice = write_genotype(parse(once, d2));
  EXPECT_EQ(once, twice);
  EXPECT_EQ(
      once,
      "//0\nm:2.0\np:1.0, 2.0, 3.0, rx=0.5, Vstyle=\"a b\", vr=0.5\np:0.9500832916765859, 2.436599152228141, "
      "3.2385152039259215, i=x\n"
      "j:0, 1, rz=0.1, dx=0.0, 0.5, 0.0, stif=0.5\nn:j=0, d=|:p=0.5\nn:p=1, d=T\nc:0, 1, -1.5, i=\"w,x\"\n");
}
