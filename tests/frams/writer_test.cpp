// Canonical writer rules (SDK saveMultiLine) and the round-trip fixes.
#include <gtest/gtest.h>

#include "genokit/frams/document.hpp"

namespace genokit::frams {
namespace {

std::string value_text(std::string_view v) {
  std::string out;
  write_canonical_value("k", v, out);
  return out;
}

std::string reread(std::string_view value) {
  std::string text = "d:\nk:" + value_text(value);
  Diagnostics d;
  Document doc = parse(text, "w", d);
  EXPECT_TRUE(d.empty()) << text;
  return std::string(doc.objects.at(0).get("k"));
}

TEST(FramsWriter, SingleOrMultiLine) {
  EXPECT_EQ(value_text(std::string(50, 'a')), std::string(50, 'a') + "\n");
  EXPECT_EQ(value_text(std::string(51, 'a')), "~\n" + std::string(51, 'a') + "~\n");
  EXPECT_EQ(value_text("a\nb"), "~\na\nb~\n");
  EXPECT_EQ(value_text("a\rb"), "~\na\rb~\n");
  EXPECT_EQ(value_text(""), "\n");
  EXPECT_EQ(value_text("~x~"), "\\~x\\~\n");
  EXPECT_EQ(value_text("a\\~b"), "a\\\\~b\n");
}

TEST(FramsWriter, RoundTripHazards) {
  // trailing backslash: one line whatever the length, so the closing tilde is not escaped
  std::string long_bs = std::string(60, 'b') + "\\";
  EXPECT_EQ(value_text(long_bs), long_bs + "\n");
  EXPECT_EQ(reread(long_bs), long_bs);
  // with a line break the value gets a newline before the closing tilde (documented)
  EXPECT_EQ(value_text("a\nb\\"), "~\na\nb\\\n~\n");
  EXPECT_EQ(reread("a\nb\\"), "a\nb\\\n");
  // a CR of the value before an LF is doubled (the reader drops one CR before each LF)
  EXPECT_EQ(value_text("a\r\nb"), "~\na\r\r\nb~\n");
  EXPECT_EQ(reread("a\r\nb"), "a\r\nb");
  for (const std::string& v :
       std::vector<std::string>{"x~", "~", "\\", "\\~", "a\n~\n", std::string(80, '~'), "\r\r\n\r"})
    EXPECT_EQ(reread(v), v) << v;
}

TEST(FramsWriter, ObjectsAndIdempotence) {
  Diagnostics d;
  Document doc = parse("# c\n  #odd:\nk:v\n\norg:\nname:a\nname:b\nx:1\n\n\n\nfoo:\n", "f", d);
  std::string c1 = write_canonical(doc);
  EXPECT_EQ(c1, " #odd:\nk:v\n\norg:\nname:b\nx:1\n\nfoo:\n\n");
  Diagnostics d2;
  EXPECT_EQ(write_canonical(parse(c1, "c", d2)), c1);
}

}  // namespace
}  // namespace genokit::frams
