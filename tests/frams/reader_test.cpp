// Reader behaviour (SDK r909 rules) with exact positions and diagnostic codes.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>

#include "genokit/frams/document.hpp"
#include "genokit/frams/schema.hpp"

namespace genokit::frams {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> codes(const Diagnostics& d) {
  std::vector<std::string> out;
  for (const auto& x : d.items()) out.push_back(x.code);
  return out;
}

TEST(FramsReader, ObjectsFieldsAndBlankLines) {
  Diagnostics d;
  Document doc = parse("org:\nname:A\ngenotype:X\n\n\norg:\nname:B\n", "t.gen", d);
  ASSERT_EQ(doc.objects.size(), 2u);
  EXPECT_EQ(doc.objects[0].class_name, "org");
  EXPECT_EQ(doc.objects[0].get("name"), "A");
  EXPECT_EQ(doc.objects[1].get("name"), "B");
  EXPECT_EQ(doc.objects[1].line, 6u);
  EXPECT_EQ(doc.objects[1].fields[0].line, 7u);
  EXPECT_TRUE(d.empty());
}

TEST(FramsReader, KeysAndValuesAreNotTrimmed) {
  Diagnostics d;
  Document doc = parse("data:\n  i1 : 3\ntext: lead \n", "t", d);
  ASSERT_EQ(doc.objects[0].fields.size(), 2u);
  EXPECT_EQ(doc.objects[0].fields[0].key, "i1 ");
  EXPECT_EQ(doc.objects[0].fields[0].value, " 3");
  EXPECT_EQ(doc.objects[0].fields[1].value, " lead ");
}

TEST(FramsReader, CrLfEverywhere) {
  Diagnostics d;
  Document doc = parse("data:\r\ntext:abc\r\nlong:~\r\nl1\r\nl2~\r\n\r\ndata:\r\ni:8\r\n", "t", d);
  ASSERT_EQ(doc.objects.size(), 2u);
  EXPECT_EQ(doc.objects[0].get("text"), "abc");
  EXPECT_EQ(doc.objects[0].get("long"), "l1\nl2");
  EXPECT_TRUE(doc.objects[0].find("long")->decoded);
  EXPECT_EQ(doc.objects[1].get("i"), "8");
}

TEST(FramsReader, HeaderDetection) {
  Diagnostics d;
  Document doc = parse("  data:  \ni:1\n\n:\nx:\n\n", "t", d);
  ASSERT_EQ(doc.objects.size(), 2u);
  EXPECT_EQ(doc.objects[0].class_name, "data");
  EXPECT_EQ(doc.objects[1].class_name, "x");
  // ":" alone (1 character) is not a header
  EXPECT_EQ(codes(d), std::vector<std::string>{"frams.unexpected-line"});
  EXPECT_EQ(d.items()[0].where.line, 4u);
}

TEST(FramsReader, CommentsTopLevelAndInside) {
  Diagnostics d;
  Document doc = parse("#top\n  # not a comment here\nd:\n# in\n   # indented in\nk:v\n", "f.txt", d);
  ASSERT_EQ(doc.objects.size(), 1u);
  EXPECT_EQ(doc.objects[0].fields.size(), 1u);
  EXPECT_EQ(doc.objects[0].other_lines.size(), 2u);
  ASSERT_EQ(d.items().size(), 1u);
  EXPECT_EQ(d.items()[0].message, "Ignored unexpected line 2 while reading 'f.txt'");
  EXPECT_EQ(d.items()[0].where.line, 2u);
  EXPECT_EQ(d.items()[0].where.column, 3u);
  EXPECT_EQ(doc.items[0].kind, Item::Kind::comment);
}

TEST(FramsReader, UnexpectedLinesAreCollapsed) {
  Diagnostics d;
  Document doc = parse("junk1\njunk2\njunk3\n\nd:\nnocolon\nalso\nk:v\n", "f", d);
  ASSERT_EQ(d.items().size(), 4u);
  EXPECT_EQ(d.items()[0].message, "Ignored unexpected line 1 while reading 'f'");
  EXPECT_EQ(d.items()[1].message, "The following line(s) were also unexpected: 2-3");
  EXPECT_EQ(d.items()[1].where.line, 2u);
  EXPECT_EQ(d.items()[2].message, "Ignored unexpected line 6 while reading object 'd'");
  EXPECT_EQ(d.items()[3].message, "The following line(s) were also unexpected: 7-7");
  EXPECT_EQ(doc.objects[0].get("k"), "v");
}

TEST(FramsReader, MissingBlankLineMergesObjects) {
  Diagnostics d;
  Document doc = parse("org:\nname:a\norg:\nname:b\n", "f", d);
  ASSERT_EQ(doc.objects.size(), 1u);
  EXPECT_EQ(doc.objects[0].fields[1].key, "org");
  EXPECT_EQ(doc.objects[0].get("name"), "b");
  EXPECT_EQ(codes(d), std::vector<std::string>{"frams.duplicate-field"});
  EXPECT_EQ(d.items()[0].message, "Multiple 'org.name' properties found while reading from 'f' (line 4)");
}

TEST(FramsReader, MultilineRules) {
  Diagnostics d;
  Document doc = parse("d:\nv:~ignored text\nline1\nend-0.002~ rest discarded\nk:1\n", "f", d);
  const Object& o = doc.objects[0];
  EXPECT_EQ(o.get("v"), "line1\nend-0.002");
  EXPECT_TRUE(o.find("v")->multiline);
  EXPECT_EQ(o.get("k"), "1");
  EXPECT_EQ(o.find("k")->line, 5u);
  EXPECT_TRUE(d.empty());
}

TEST(FramsReader, TildeEscapes) {
  Diagnostics d;
  Document doc = parse("d:\nv:~\na \\~ b \\\\~ c\n~\ns:x\\~y\\z\n", "f", d);
  EXPECT_EQ(doc.objects[0].get("v"), "a ~ b \\~ c\n");
  EXPECT_EQ(doc.objects[0].get("s"), "x~y\\z");
}

TEST(FramsReader, UnterminatedMultilineIsAnErrorAtTheOpeningLine) {
  Diagnostics d;
  Document doc = parse("d:\nx:1\nlong:~\nnever closed\ni1:5\n", "u.txt", d);
  ASSERT_EQ(codes(d), std::vector<std::string>{"frams.unterminated-multiline"});
  EXPECT_EQ(d.items()[0].severity, Severity::error);
  EXPECT_EQ(d.items()[0].where.line, 3u);
  EXPECT_EQ(d.items()[0].where.column, 6u);
  EXPECT_EQ(d.items()[0].message,
            "Closing '~' (tilde) not found in 'd.long' while reading from 'u.txt'; the value runs to the end "
            "of the "
            "file");
  EXPECT_EQ(doc.objects[0].get("long"), "never closed\ni1:5\n");  // what the SDK keeps
}

TEST(FramsReader, NoEolAtEndAndEmptyInput) {
  Diagnostics d;
  Document doc = parse("d:\nk:v", "f", d);
  EXPECT_EQ(doc.objects[0].get("k"), "v");
  Document empty = parse("", "f", d);
  EXPECT_TRUE(empty.objects.empty());
  EXPECT_TRUE(d.empty());
}

TEST(FramsReader, LocateValueSingleLineWithEscapes) {
  Diagnostics d;
  Document doc = parse("d:\n  key:a\\~bc\n", "f.gen", d);
  const Field& f = *doc.objects[0].find("key");
  EXPECT_EQ(f.value, "a~bc");
  Location l = doc.locate_value(f, 0);
  EXPECT_EQ(l.line, 2u);
  EXPECT_EQ(l.column, 7u);
  Location tilde = doc.locate_value(f, 1);  // the '~' comes from "\~": points at the '~'
  EXPECT_EQ(tilde.column, 9u);
  Location c = doc.locate_value(f, 3);
  EXPECT_EQ(c.column, 11u);
  EXPECT_EQ(c.offset, 3 + 2 + 4 + 4);
}

TEST(FramsReader, LocateValueMultilineCrLf) {
  Diagnostics d;
  std::string text = "org:\r\nname:x\r\ngenotype:~\r\n//0\r\np:\r\nj:0,\\~1\r\n~\r\n";
  Document doc = parse(text, "g.gen", d);
  const Field& f = *doc.objects[0].find("genotype");
  ASSERT_EQ(f.value, "//0\np:\nj:0,~1\n");
  // "j" is decoded offset 7 -> line 6 column 1
  Location j = doc.locate_value(f, 7);
  EXPECT_EQ(j.file, "g.gen");
  EXPECT_EQ(j.line, 6u);
  EXPECT_EQ(j.column, 1u);
  EXPECT_EQ(std::size_t(j.offset), text.find("j:0"));
  Location one = doc.locate_value(f, 12);  // '1' after the escaped tilde
  EXPECT_EQ(one.line, 6u);
  EXPECT_EQ(one.column, 7u);
  Location p = doc.locate_value(f, 4);
  EXPECT_EQ(p.line, 5u);
  EXPECT_EQ(p.column, 1u);
  Location past = doc.locate_value(f, 1000);
  EXPECT_EQ(std::size_t(past.offset), text.rfind('~'));
}

TEST(FramsReader, NulBytesAndInvalidUtf8AreWarningsAndKept) {
  Diagnostics d;
  std::string text = std::string("d:\nk:a\0b\n", 9) + "u:\xC3\x28 ok \xE2\x82\xAC\n";
  Document doc = parse(text, "f", d);
  EXPECT_EQ(codes(d), (std::vector<std::string>{"frams.nul-byte", "frams.invalid-utf8"}));
  EXPECT_EQ(d.items()[0].where.line, 2u);
  EXPECT_EQ(d.items()[0].where.column, 4u);
  EXPECT_EQ(d.items()[1].where.line, 3u);
  EXPECT_EQ(d.items()[1].where.column, 3u);
  EXPECT_EQ(doc.objects[0].get("k"), std::string_view("a\0b", 3));
  EXPECT_EQ(write_lossless(doc), text);
}

TEST(FramsReader, HundredMegabyteLine) {
  std::string text = "d:\nk:";
  text.append(100u << 20, 'x');
  text += "\n";
  Diagnostics d;
  Document doc = parse(text, "big", d);
  EXPECT_TRUE(d.empty());
  EXPECT_EQ(doc.objects[0].get("k").size(), 100u << 20);
  std::string canon = write_canonical(doc);
  EXPECT_EQ(canon.size(), text.size() + 4);  // "k:~\n" ... "~\n" + blank line
}

TEST(FramsReader, ManyDuplicateFieldsAreNotQuadratic) {
  std::string text = "d:\n";
  for (int i = 0; i < 200000; ++i) text += "k" + std::to_string(i % 1000) + ":v\n";
  Diagnostics d;
  d.set_limit(10);
  Document doc = parse(text, "dup", d);
  EXPECT_EQ(doc.objects[0].fields.size(), 200000u);
  EXPECT_EQ(d.warning_count(), 199000u);
  std::string canon = write_canonical(doc);
  std::string expected = "d:\n";  // only the last occurrence of each key, in its place
  for (int i = 0; i < 1000; ++i) expected += "k" + std::to_string(i) + ":v\n";
  EXPECT_EQ(canon, expected + "\n");
}

TEST(FramsReader, RandomBytesNeverCrash) {
  std::mt19937 rng(12345);
  for (int round = 0; round < 300; ++round) {
    std::string text(std::size_t(rng() % 2000), '\0');
    const char alphabet[] = "ab:~\\\n\r #\t\0\xff";
    for (char& c : text) c = (rng() % 3) ? alphabet[rng() % (sizeof alphabet - 1)] : char(rng());
    Diagnostics d;
    Document doc = parse(text, "rnd", d);
    EXPECT_EQ(write_lossless(doc), text);
    std::string c1 = write_canonical(doc);
    Diagnostics d2;
    EXPECT_EQ(write_canonical(parse(c1, "c", d2)), c1);
    for (const Object& o : doc.objects)
      for (const Field& f : o.fields)
        for (std::size_t i = 0; i <= f.value.size(); i += 7) {
          Location l = doc.locate_value(f, i);
          EXPECT_LE(std::size_t(l.offset), text.size());
        }
  }
}

// ---- includes ---------------------------------------------------------------------------------

class FramsIncludes : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() / ("genokit_frams_inc_" + std::to_string(::getpid()));
    fs::remove_all(root_);
    fs::create_directories(root_ / "sub");
    fs::create_directories(root_ / "outside");
  }
  void TearDown() override { fs::remove_all(root_); }
  void write(const std::string& rel, const std::string& text) {
    std::ofstream(root_ / rel, std::ios::binary) << text;
  }
  std::string path(const std::string& rel) { return (root_ / rel).string(); }
  fs::path root_;
};

TEST_F(FramsIncludes, NestedRelativeAndCycle) {
  write("main.txt", "#include \"sub/a.txt\"\nd:\nk:main\n");
  write("sub/a.txt", "d:\nk:a\n\n#include \"b.txt\"\n");
  write("sub/b.txt", "d:\nk:b\n\n#include \"a.txt\"\n");
  Diagnostics d;
  Document doc = load_file(path("main.txt"), d);
  ASSERT_EQ(doc.objects.size(), 3u);
  EXPECT_EQ(doc.objects[0].get("k"), "a");
  EXPECT_EQ(doc.objects[1].get("k"), "b");
  EXPECT_EQ(doc.objects[2].get("k"), "main");
  ASSERT_EQ(codes(d), std::vector<std::string>{"frams.include-cycle"});
  EXPECT_EQ(d.items()[0].where.file, path("sub/b.txt"));
  EXPECT_EQ(d.items()[0].where.line, 4u);
  EXPECT_EQ(d.items()[0].message, "circular reference ignored (\"a.txt\")");
  // diagnostics and positions in included files name those files
  const Field& f = *doc.objects[1].find("k");
  EXPECT_EQ(doc.locate_value(f, 0).file, path("sub/b.txt"));
  EXPECT_EQ(doc.locate_value(f, 0).line, 2u);
  // the lossless write keeps the #include line, not the included text
  EXPECT_EQ(write_lossless(doc), "#include \"sub/a.txt\"\nd:\nk:main\n");
  EXPECT_EQ(write_canonical(doc), "d:\nk:a\n\nd:\nk:b\n\nd:\nk:main\n\n");
}

// A file's byte-scan warnings (NUL bytes, invalid UTF-8) come before its other diagnostics, and an
// included file's all come at its #include, although each file is scanned once it is read.
TEST_F(FramsIncludes, ByteScanWarningsComeFirstInEachFile) {
  write("main.txt", "??\nd:\nk:1\nk:2\n\n#include \"sub/a.txt\"\n!!\nu:\xC3\x28\n");
  write("sub/a.txt", std::string("d:\nk:a\0\nk:b\n\n", 13) + "x\n");
  Diagnostics d;
  std::vector<std::size_t> seen;  // the diagnostics listed when each object was read
  LoadOptions lo;
  lo.on_object = [&](const Document&, std::size_t) { seen.push_back(d.items().size()); };
  Document doc = load_file(path("main.txt"), d, lo);
  ASSERT_EQ(doc.objects.size(), 2u);
  EXPECT_EQ(codes(d),
            (std::vector<std::string>{"frams.invalid-utf8", "frams.unexpected-line", "frams.duplicate-field",
                                      "frams.nul-byte", "frams.duplicate-field", "frams.unexpected-line",
                                      "frams.unexpected-line", "frams.unexpected-line"}));
  EXPECT_EQ(d.items()[0].where.file, path("main.txt"));
  EXPECT_EQ(d.items()[0].where.line, 8u);
  EXPECT_EQ(d.items()[3].where.file, path("sub/a.txt"));
  EXPECT_EQ(d.items()[3].where.line, 2u);
  EXPECT_EQ(d.items()[6].where.line, 7u);
  // (a file's diagnostics are listed once it is read)
  EXPECT_EQ(seen, (std::vector<std::size_t>{0, 0}));
}

TEST_F(FramsIncludes, SelfIncludeIsReadOnce) {
  write("self.txt", "d:\nk:1\n\n#include \"self.txt\"\n");
  Diagnostics d;
  Document doc = load_file(path("self.txt"), d);
  EXPECT_EQ(doc.objects.size(), 1u);
  EXPECT_EQ(codes(d), std::vector<std::string>{"frams.include-cycle"});
}

TEST_F(FramsIncludes, MissingInvalidForbiddenConfinedTooDeep) {
  write("m.txt", "#include \"nope.txt\"\n#include nope.txt\n#include \"outside/o.txt\"\n");
  write("outside/o.txt", "d:\nk:o\n");
  Diagnostics d;
  Document doc = load_file(path("m.txt"), d);
  EXPECT_EQ(codes(d), (std::vector<std::string>{"frams.include-not-found", "frams.include-invalid"}));
  EXPECT_EQ(d.items()[0].message, "\"nope.txt\" not found");
  EXPECT_EQ(d.items()[1].where.line, 2u);
  EXPECT_EQ(doc.objects.size(), 1u);

  LoadOptions forbid;
  forbid.includes = LoadOptions::Includes::forbid;
  Diagnostics d2;
  EXPECT_EQ(load_file(path("m.txt"), d2, forbid).objects.size(), 0u);
  EXPECT_EQ(codes(d2), (std::vector<std::string>{"frams.include-forbidden", "frams.include-invalid",
                                                 "frams.include-forbidden"}));

  LoadOptions confine;
  confine.includes = LoadOptions::Includes::confine;
  confine.include_root = path("sub");
  Diagnostics d3;
  EXPECT_EQ(load_file(path("m.txt"), d3, confine).objects.size(), 0u);
  EXPECT_EQ(codes(d3), (std::vector<std::string>{"frams.include-outside-root", "frams.include-invalid",
                                                 "frams.include-outside-root"}));
  confine.include_root = root_.string();
  Diagnostics d4;
  EXPECT_EQ(load_file(path("m.txt"), d4, confine).objects.size(), 1u);

  // a chain deeper than the limit
  for (int i = 0; i < 5; ++i)
    write("c" + std::to_string(i) + ".txt", "#include \"c" + std::to_string(i + 1) + ".txt\"\n");
  write("c5.txt", "d:\nk:deep\n");
  LoadOptions shallow;
  shallow.max_include_depth = 3;
  Diagnostics d5;
  EXPECT_EQ(load_file(path("c0.txt"), d5, shallow).objects.size(), 0u);
  EXPECT_EQ(codes(d5), std::vector<std::string>{"frams.include-too-deep"});
  Diagnostics d6;
  EXPECT_EQ(load_file(path("c0.txt"), d6).objects.size(), 1u);
}

// ---- lossless edits ---------------------------------------------------------------------------

TEST(FramsLossless, EditKeepsEverythingElse) {
  std::string text = "# head\norg:\r\nname:A\r\n# inner\r\ngenotype:~\r\nX\r\n~\r\n\r\n\r\norg:\nname:B";
  Diagnostics d;
  Document doc = parse(text, "f", d);
  EXPECT_EQ(write_lossless(doc), text);
  doc.set(doc.objects[1], "name", "C~D");
  doc.set(doc.objects[1], "info", "new");
  EXPECT_EQ(
      write_lossless(doc),
      "# head\norg:\r\nname:A\r\n# inner\r\ngenotype:~\r\nX\r\n~\r\n\r\n\r\norg:\nname:C\\~D\ninfo:new\n");
  doc.set(doc.objects[0], "name", std::string(60, 'n'));
  std::string out = write_lossless(doc);
  EXPECT_NE(out.find("org:\r\nname:~\n" + std::string(60, 'n') + "~\n# inner\r\ngenotype:~\r\nX\r\n~\r\n"),
            std::string::npos);
}

}  // namespace
}  // namespace genokit::frams

namespace genokit::frams {
namespace {

// Line numbers after long multi-line values (the newline counter keeps 32 byte-sized counts for
// up to 255 rounds: 2,040 four-byte lines fill one round of blocks exactly; a value of empty lines
// adds one to every count in every round).
TEST(FramsReader, LineNumbersAfterLongMultilineValues) {
  for (std::size_t lines : {0u, 1u, 7u, 300u, 2039u, 2040u, 2041u, 5000u, 20000u}) {
    std::string text = "d:\nv:~\n";
    for (std::size_t i = 0; i < lines; ++i)
      text += lines == 20000u ? std::string("\n") : "p:" + std::to_string(i % 10) + "\n";
    text += "~\nk:x\n";
    Diagnostics d;
    Document doc = parse(text, "f", d);
    EXPECT_EQ(doc.objects[0].find("k")->line, 4 + lines) << lines;
    Location l = doc.locate_value(*doc.objects[0].find("v"), doc.objects[0].get("v").size());
    EXPECT_EQ(l.line, 3 + lines) << lines;
  }
}

// A CR anywhere in a long multi-line value (found in the same pass as its line ends) is removed
// from the value before its LF.
TEST(FramsReader, CrDeepInALongMultilineValueIsRemoved) {
  for (std::size_t line : {0u, 7u, 8u, 2039u, 2040u, 2999u}) {
    std::string value;
    for (std::size_t i = 0; i < 3000; ++i)
      value += std::string("p:") + char('0' + i % 10) + (i == line ? "\r\n" : "\n");
    Diagnostics d;
    Document doc = parse("d:\nv:~\n" + value + "~\nk:x\n", "f", d);
    const Field* v = doc.objects[0].find("v");
    ASSERT_NE(v, nullptr);
    EXPECT_TRUE(v->decoded) << line;
    std::string want = value;
    want.erase(want.find('\r'), 1);
    EXPECT_EQ(doc.objects[0].get("v"), want) << line;
    EXPECT_EQ(doc.objects[0].find("k")->line, 3004u) << line;
  }
}

// A NUL byte is found in the UTF-8 check's pass wherever it falls (in a 64-byte run, an 8-byte run
// or beside a multi-byte character), and by itself when UTF-8 is not checked.
TEST(FramsReader, NulBytesInLongRunsAreFound) {
  for (const bool utf8 : {true, false})
    for (const std::string& mb : {std::string(), std::string("\xC3\xA9")})
      for (std::size_t tail : {70u, 9u, 2u})  // (near the end, 8-byte runs and single bytes are read)
        for (std::size_t at : {0u, 5u, 63u, 64u, 100u, 130u, 133u}) {
          // (the character again after the NUL: the 64-byte runs around it are not all ASCII)
          const std::string text = "d:\nk:" + mb + std::string(at, 'a') + '\0' + std::string(3, 'b') + mb +
                                   std::string(tail, 'b') + "\n";
          LoadOptions lo;
          lo.check_utf8 = utf8;
          Diagnostics d;
          parse(text, "f", d, lo);
          ASSERT_EQ(codes(d), std::vector<std::string>{"frams.nul-byte"}) << at << utf8 << tail;
          EXPECT_EQ(d.items()[0].where.line, 2u);
          EXPECT_EQ(d.items()[0].where.column, 3 + mb.size() + at) << at << utf8 << tail;
        }
}

// An invalid byte after a long ASCII run (read 64 bytes at a time) is found at its own column,
// wherever it falls in the run.
TEST(FramsReader, InvalidUtf8AfterLongAsciiRuns) {
  for (std::size_t at : {0u, 1u, 62u, 63u, 64u, 65u, 127u, 128u, 200u}) {
    const std::string text = "d:\nk:" + std::string(at, 'a') + "\xFF" + std::string(70, 'b') + "\n";
    Diagnostics d;
    parse(text, "f", d);
    ASSERT_EQ(codes(d), std::vector<std::string>{"frams.invalid-utf8"}) << at;
    EXPECT_EQ(d.items()[0].where.line, 2u) << at;
    EXPECT_EQ(d.items()[0].where.column, 3 + at) << at;
  }
}

}  // namespace
}  // namespace genokit::frams
