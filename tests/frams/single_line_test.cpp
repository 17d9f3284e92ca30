// Param::loadSingleLine's walk (frams/single_line.hpp), tested once here with the SDK's verdicts:
// every line below was read by SDK r909 as an f0 `p:` line (tools/sdk-r909 oracle); the table is
// the start of the SDK's Part table (x, y, z may omit their names; sh, s may not; i, Vstyle
// strings) and its positional part ends there.
#include "frams/single_line.hpp"

#include <gtest/gtest.h>

#include <array>
#include <string>
#include <vector>

namespace genokit::frams::sdk {
namespace {

constexpr std::uint32_t O = kFlagCanOmitName;
constexpr std::array kTable{
    Property("x", 'f').with_flags(O),
    Property("y", 'f').with_flags(O),
    Property("z", 'f').with_flags(O),
    Property("sh", 'd', true, 0, 3, 0),
    Property("s", 'f', true, 0.1, 10, 1),
    Property("i", 's'),
    Property("Vstyle", 's'),
    Property("hx", 'f'),  // by name only
};
const LineTable kLine{kTable, 7};

// What the walk does with a line, one event per call: "x=1" (set), "unknown:foo",
// "missing:sh", "last", "after-unknown:5"; each with @offset.
std::string walk(std::string_view line) {
  struct H {
    std::string out;
    void add(const std::string& e, std::size_t at) {
      out += (out.empty() ? "" : " ") + e + "@" + std::to_string(at);
    }
    int find(std::string_view n) { return find_property(kTable, n); }
    void unknown_name(std::string_view n, std::size_t at) { add("unknown:" + std::string(n), at); }
    void missing_name(int i, std::size_t at) { add("missing:" + std::string(kTable[i].id), at); }
    void after_last(std::size_t at) { add("last", at); }
    void after_unknown(std::string_view f, std::size_t at) { add("after-unknown:" + std::string(f), at); }
    void set(int i, std::string_view v, std::size_t at) {
      add(std::string(kTable[i].id) + "=" + std::string(v), at);
    }
  } h;
  std::string scratch;
  load_single_line(line, kLine, h, scratch);
  return h.out;
}

// Each row: a line and what the walk does with it.
void check(std::initializer_list<std::pair<const char*, const char*>> rows) {
  for (const auto& [line, events] : rows) EXPECT_EQ(walk(line), events) << line;
}

TEST(SingleLine, UnnamedValuesFollowTheTable) {
  check({
      {"1,2,3", "x=1@0 y=2@2 z=3@4"},
      {"1\t,\t2", "x=1@0 y=2@4"},
      {"1,2,3,0,1", "x=1@0 y=2@2 z=3@4 missing:sh@6 sh=0@6 missing:s@8 s=1@8"},
      {"y=2,3", "y=2@2 z=3@4"},
      {"sh=1,2", "sh=1@3 missing:s@5 s=2@5"},
      {"i=a,b,c", "i=a@2 missing:Vstyle@4 Vstyle=b@4 last@6"},
      {"hx=1,2", "hx=1@3 last@5"},  // a by-name property ends the sequence
  });
}

TEST(SingleLine, EmptyFieldsSkipASlot) {
  check({
      {",,1", "z=1@2"},
      {" , ,1", "z=1@4"},
      {"1,,", "x=1@0"},
      {",,,s=1", "s=1@5"},
  });
}

TEST(SingleLine, NamesAreNotTrimmedAtTheirEnd) {
  check({
      {" x=1", "x=1@3"},
      {"\vx=1", "x=1@3"},  // C whitespace before a field is skipped,
      {"y=2,\f\r,1", "y=2@2 missing:sh@7 sh=1@7"},
      {"i=a\v,1", "i=a\v@2 missing:Vstyle@5 Vstyle=1@5"},  // but only spaces and tabs at its end
      {"x =1", "unknown:x @0"},
      {"x= 1", "x= 1@3"},  // the value keeps its blank (a number reader skips it)
      {"i= ab ", "i= ab@3"},
  });
}

// `=5` has no name: an unnamed value ("j:10, =11, stif=0.908" is j:10,11,stif=0.908).
TEST(SingleLine, EmptyNameIsAnUnnamedValue) {
  check({
      {"=5", "x=5@1"},
      {"=5,6", "x=5@1 y=6@3"},
      {"x=1,=5", "x=1@2 y=5@5"},
      {"=,5", "y=5@2"},
      {"= ,5", "z=5@3"},  // the SDK steps over the '=' and then over the blank as fields
      {"sh=1,=2", "sh=1@3 missing:s@6 s=2@6"},
  });
}

// After an unknown name the SDK's index is -1: unnamed values are dropped (its warning there reads
// outside its table) until an empty field brings the index back to 0.
TEST(SingleLine, UnknownNames) {
  check({
      {"foo=1,5", "unknown:foo@0 after-unknown:5@6"},
      {"foo=1,,5", "unknown:foo@0 x=5@7"},
      {"foo=1,,,5", "unknown:foo@0 y=5@8"},
      {"x=1,foo=2,3", "x=1@2 unknown:foo@4 after-unknown:3@10"},
      {"foo=1,y=2,3", "unknown:foo@0 y=2@8 z=3@10"},
  });
}

// A '"' makes the text between it and the closing quote the value (C escapes, commas inside),
// whatever stands before it; '=' counts only before the quote.
TEST(SingleLine, Quotes) {
  check({
      {"1,2,3\"4", "x=1@0 y=2@2 z=4@4"},  // "c:3, 15, 3\"3867": w = 3867
      {"1,2,3\"4\"", "x=1@0 y=2@2 z=4@4"},
      {"1,2,3\"4,5\"", "x=1@0 y=2@2 z=4,5@4"},
      {"i=a\"b\"c", "i=b@2"},
      {"i=\"a,b\"x,5", "i=a,b@2 missing:Vstyle@9 Vstyle=5@9"},
      {"i=a\"b,c\"d,5", "i=b,c@2 missing:Vstyle@10 Vstyle=5@10"},
      {"i=\"a\"b,5", "i=a@2 missing:Vstyle@7 Vstyle=5@7"},
      {"i=\" ab \"", "i= ab @2"},
      {"i=\"abc", "i=abc@2"},
      {"x\"=1", "x==1@0"},
      {"\"x\"=1", "x=x@0"},
      {"x=1,\"y=2\"", "x=1@2 y=y=2@4"},
      {"i=ab\\,5", "i=ab\\@2 missing:Vstyle@6 Vstyle=5@6"},  // no quote: no escapes
  });
}

TEST(SingleLine, Unquote) {
  const std::pair<const char*, const char*> rows[] = {
      {"a\\nb\\rc\\td", "a\nb\rc\td"},
      {"a\\\"b", "a\"b"},
      {"a\\\\b", "a\\b"},
      {"a\\qb", "aqb"},  // any other escaped character stands for itself
      {"a\\x41b", "ax41b"},
      {"a\\0b", "a0b"},
      {"ab\\", "ab"},  // a last lone backslash is dropped
  };
  std::string out;
  for (const auto& [quoted, text] : rows) {
    unquote(quoted, out);
    EXPECT_EQ(out, text) << quoted;
  }
  EXPECT_EQ(closing_quote("\"a\\\"b\",", 1), 5u);
  EXPECT_EQ(closing_quote("\"ab\\", 1), 4u);
}

}  // namespace
}  // namespace genokit::frams::sdk
