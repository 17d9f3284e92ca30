// Attribute values as numbers in standard mode: the validator converts each once and the builder
// reads the conversions, plain decimals through the inline scanner and every other form through
// parse_double (blanks around the value, exponents, '+', "1."), all as before.
#include <gtest/gtest.h>

#include "genokit/xode/load.hpp"

using namespace genokit;
using namespace genokit::xode;

namespace {

std::optional<Loaded> load_standard(const std::string& inner, Diagnostics& d) {
  return load("<xode version='1.0r22'><world><space>" + inner + "</space></world></xode>", d);
}

}  // namespace

TEST(XodeAttributeNumbers, EveryFormParseDoubleReadsIsRead) {
  Diagnostics d;
  auto l = load_standard(
      "<body name='a'><transform><position x=' 1.5 ' y='2e0' z='+3'/></transform>"
      "<joint><link1 body='b'/><hinge><anchor x='1.' y='-0' z='0'/>"
      "<axis x='0' y='0' z='1' HiStop=' 2.5e-1' LoStop='-1' LowStop='-0.75' Vel='3'/></hinge></joint></body>"
      "<body name='b' gravitymode=' 0 '/>",
      d);
  ASSERT_TRUE(l) << (d.items().empty() ? "" : d.items()[0].message);
  const Scene& s = l->scene;
  EXPECT_EQ(s.bodies[0].position, (Vec3{1.5, 2, 3}));
  EXPECT_EQ(s.bodies[1].gravity_mode, 0);
  const SceneJoint& j = s.joints.at(0);
  EXPECT_EQ(j.anchor, (Vec3{2.5, 2, 3}));  // (1., -0, 0) in body a's frame
  ASSERT_EQ(j.axes.size(), 1u);
  ASSERT_EQ(j.axes[0].params.size(), 3u);  // HiStop, Vel, then LowStop as LoStop (LoStop dropped)
  EXPECT_EQ(j.axes[0].params[0].index, 1);
  EXPECT_EQ(j.axes[0].params[0].value, 0.25);
  EXPECT_EQ(j.axes[0].params[1].index, 2);
  EXPECT_EQ(j.axes[0].params[1].value, 3);
  EXPECT_EQ(j.axes[0].params[2].index, 0);
  EXPECT_EQ(j.axes[0].params[2].value, -0.75);
}

TEST(XodeAttributeNumbers, MalformedNumbersAreStillReported) {
  for (const char* v : {"1.5x", "", "1,5", "--1", "0x10"}) {
    Diagnostics d;
    auto l = load_standard(
        std::string("<body><transform><position x='") + v + "' y='0' z='0'/></transform></body>", d);
    EXPECT_FALSE(l) << v;
    bool bad = false;
    for (const auto& x : d.items()) bad |= x.code == "xode.bad-number";
    EXPECT_TRUE(bad) << v;
  }
}
