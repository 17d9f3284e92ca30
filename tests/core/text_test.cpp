#include "genokit/core/text.hpp"

#include <gtest/gtest.h>

namespace genokit {

TEST(LineIndex, LocatesOffsets) {
  LineIndex idx("ab\ncd\n\nx");
  auto a = idx.locate(0);
  EXPECT_EQ(a.line, 1u);
  EXPECT_EQ(a.column, 1u);
  auto c = idx.locate(4);
  EXPECT_EQ(c.line, 2u);
  EXPECT_EQ(c.column, 2u);
  auto x = idx.locate(7);
  EXPECT_EQ(x.line, 4u);
  EXPECT_EQ(x.column, 1u);
  EXPECT_EQ(x.offset, 7);
  EXPECT_EQ(idx.line_count(), 4u);
}

TEST(Utf8, FindsFirstInvalidByte) {
  EXPECT_EQ(find_invalid_utf8("plain"), std::string_view::npos);
  EXPECT_EQ(find_invalid_utf8("za\xc5\xbc\xc3\xb3\xc5\x82\xc4\x87"), std::string_view::npos);
  EXPECT_EQ(find_invalid_utf8("ab\xff"), 2u);
  EXPECT_EQ(find_invalid_utf8("ab\xc0\x80"), 2u);          // overlong NUL
  EXPECT_EQ(find_invalid_utf8("\xed\xa0\x80"), 0u);        // surrogate
  EXPECT_EQ(find_invalid_utf8("x\xe2\x82"), 1u);           // truncated
}

TEST(Text, LooksLikeText) {
  EXPECT_TRUE(looks_like_text("org:\nname:x\n"));
  EXPECT_FALSE(looks_like_text(std::string("dna2\0\0\x01", 7)));
  EXPECT_EQ(trim(" \t a b \r\n"), "a b");
  EXPECT_EQ(trim("   "), "");
}

}  // namespace genokit

// XML escaping: what must be escaped where, so that a reader gives the same text back.
TEST(Text, XmlEscaped) {
  std::string out = "x";
  genokit::append_xml_escaped(out, "a<b>&\"c\"\n\t\r", false);
  EXPECT_EQ(out, "xa&lt;b&gt;&amp;\"c\"\n\t&#13;");
  out.clear();
  genokit::append_xml_escaped(out, "a<b>&\"c\"\n\t\r", true);
  EXPECT_EQ(out, "a&lt;b&gt;&amp;&quot;c&quot;&#10;&#9;&#13;");
}
