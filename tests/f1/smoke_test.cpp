#include <gtest/gtest.h>

#include "genokit/f0/writer.hpp"
#include "genokit/f1/convert.hpp"

TEST(F1Smoke, OneStick) {
  genokit::Diagnostics d;
  auto c = genokit::f1::convert("X", d);
  ASSERT_TRUE(c.model.valid);
  EXPECT_EQ(c.model.parts.size(), 2u);
  EXPECT_EQ(genokit::f0::write_body(c.model),
            "p:vr=0.5, 0.5, 0.5\np:1.0, vr=0.5, 0.5, 0.5\nj:0, 1, dx=1.0, 0.0, 0.0, vr=0.5, 0.5, 0.5\n");
}
