#include <gtest/gtest.h>

#include "genokit/f0/parser.hpp"
#include "genokit/f0/writer.hpp"

TEST(F0Smoke, SingleStick) {
  genokit::Diagnostics d;
  auto m = genokit::f0::parse("//0\np:\np:1\nj:0,1\n", d);
  EXPECT_TRUE(m.valid);
  EXPECT_EQ(genokit::f0::write_body(m), "p:\np:1.0\nj:0, 1\n");
}
