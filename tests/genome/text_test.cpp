// The text form: exact output for a small genome, hand edits, and line:column errors.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "common/test_paths.hpp"
#include "genokit/genome/text.hpp"
#include "genome/helpers.hpp"

using namespace genokit;
using namespace genokit::genome;

namespace {

using genokit::test::assemble_ok;
using genokit::test::read_ok;

Diagnostic assemble_error(std::string_view text) {
  Diagnostics d;
  EXPECT_FALSE(assemble(text, d));
  EXPECT_FALSE(d.items().empty());
  return d.items().empty() ? Diagnostic{} : d.items()[0];
}

const char* kSmall =
    "genome c2\n"
    "gene genus id=1 gen=0 stage=embryo flags=0 mutability=128 species=norn mum=\"mum1\" dad=\"dad1\"\n"
    "gene pigment id=2 gen=1 stage=youth flags=mut+female mutability=212 colour=blue amount=140\n"
    "gend\n";

}  // namespace

TEST(GenomeText, AssemblesTheExactBytes) {
  std::string b = assemble_ok(kSmall);
  const std::string want = std::string("dna2") + "gene" + std::string("\x02\x01\x01\x00\x00\x00\x80", 7) +
                           std::string(1, '\0') + "mum1dad1" + "gene" +
                           std::string("\x02\x06\x02\x01\x03\x11\xd4", 7) + "\x02\x8c" + "gend";
  EXPECT_EQ(b, want);
}

TEST(GenomeText, DumpIsExactAndRoundTrips) {
  std::string b = assemble_ok(kSmall);
  Diagnostics d;
  auto g = read(b, d);
  ASSERT_TRUE(g);
  EXPECT_TRUE(d.empty());
  std::string text = to_text(*g, TextOptions{nullptr, false});
  EXPECT_EQ(
      text,
      "# genokit Creatures genome text form 1 (docs/creatures-genome.md)\n"
      "genome c2\n"
      "gene genus id=1 gen=0 stage=embryo flags=0 mutability=128 species=norn mum=\"mum1\" dad=\"dad1\"\n"
      "gene pigment id=2 gen=1 stage=youth flags=mut+female mutability=212 colour=blue amount=140\n"
      "\ngend\n");
  EXPECT_EQ(assemble_ok(text), b);
}

TEST(GenomeText, SummaryLine) {
  std::string b = assemble_ok(kSmall);
  Genome g = read_ok(b);
  EXPECT_EQ(summary_line(g, 1), "2 You F Mut Pigment, colour=blue, amount=140");
  Notes notes;
  notes[g.genes[1].key()] = {"Blue skin", ""};
  EXPECT_EQ(summary_line(g, 1, {&notes}), "2 You F Mut Pigment, Blue skin, colour=blue, amount=140");
}

TEST(GenomeText, MissingFieldsDefaultToZeroAndStringsArePadded) {
  std::string b = assemble_ok("genome c2\ngene genus id=1 mum=\"ab\"\ngend\n");
  EXPECT_EQ(b, std::string("dna2gene\x02\x01\x01\x00\x00\x00\x00\x00"
                           "ab\x00\x00\x00\x00\x00\x00gend",
                           28));
}

TEST(GenomeText, SvrulesTablesHexAndEscapes) {
  std::string b = assemble_ok(
      "genome c2\n"
      "gene half_lives id=1 half_lives=[1 2 3]\n"
      "gene pose id=1 string=\"a\\\"b\\\\\\x01\"\n"
      "gene type=9 subtype=4 id=7 data=<00 ff\n 10>\n"
      "gend\ntail <0102>\n");
  Genome g = read_ok(b);
  ASSERT_EQ(g.genes.size(), 3u);
  EXPECT_EQ(g.data(g.genes[0]).substr(0, 4), std::string("\x01\x02\x03\x00", 4));
  EXPECT_EQ(g.data(g.genes[1]).substr(0, 5), std::string("\x00"
                                                         "a\"b\\",
                                                         5));
  EXPECT_EQ(g.data(g.genes[2]), std::string("\x00\xff\x10", 3));
  EXPECT_EQ(g.tail, "\x01\x02");
  EXPECT_EQ(assemble_ok(to_text(g)), b);
}

TEST(GenomeText, LobeRulesUseOpcodeNames) {
  std::string b = assemble_ok("genome c2\ngene lobe id=1 state_rule=[chem0 TIMES const64 ?200]\ngend\n");
  Genome g = read_ok(b);
  const FieldDef* rule = nullptr;
  for (const auto& f : g.genes[0].layout->fields)
    if (std::string_view(f.name) == "state_rule") rule = &f;
  ASSERT_NE(rule, nullptr);
  EXPECT_EQ(rule->offset, 9);
  EXPECT_EQ(rule->size, 12);
  EXPECT_EQ(format_field(*rule, g.data(g.genes[0])), "[chem0 TIMES const64 ?200]");
  EXPECT_EQ(g.data(g.genes[0]).substr(9, 5), std::string("\x05\x21\x03\xc8\x00", 5));
}

TEST(GenomeText, ErrorsHaveLineAndColumn) {
  struct Case {
    const char* text;
    const char* code;
    unsigned line, column;
    const char* message_part;
  };
  const Case cases[] = {
      {"gene genus\n", "genome.text-syntax", 1, 1, "must start with `genome c1`"},
      {"genome c4\n", "genome.text-syntax", 1, 8, "c1, c2 or c3"},
      {"genome c2\ngene genus id=1\ngene flurb id=2\n", "genome.text-unknown-kind", 3, 6,
       "unknown gene kind `flurb`"},
      {"genome c2\ngene genus id=300\n", "genome.text-value", 2, 15, "`300` is not a valid id"},
      {"genome c2\ngene pigment id=1 colour=purple\n", "genome.text-value", 2, 26,
       "unknown name `purple` for colour (known: red, green, blue)"},
      {"genome c2\ngene pigment id=1 flags=mut+sticky\n", "genome.text-value", 2, 29,
       "unknown flag `sticky`"},
      {"genome c2\ngene pigment id=1 shade=3\n", "genome.text-unknown-field", 2, 19, "unknown field `shade`"},
      {"genome c2\ngene genus id=1 mum=\"toolong\"\n", "genome.text-value", 2, 21, "at most 4 characters"},
      {"genome c2\ngene lobe id=1\n  state_rule=[chem0 TIMSE]\n", "genome.text-value", 3, 21,
       "unknown SVRule opcode `TIMSE`"},
      {"genome c2\ngene pose id=1 string=\"abc\n", "genome.text-syntax", 2, 23, "unterminated string"},
      {"genome c2\ngene type=9 subtype=1 data=<0g>\n", "genome.text-syntax", 2, 30, "not a hex digit"},
      {"genome c2\ngend\ngene genus id=1\n", "genome.text-syntax", 3, 1, "after the end of the genome"},
      {"genome c2\ngene genus id=1 id=2\n", "genome.text-duplicate-field", 2, 17, "given twice"},
      {"genome c2\ngene pigment id=1 amount=1 data=<0102>\n", "genome.text-syntax", 2, 19, "not both"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.text);
    Diagnostic d = assemble_error(c.text);
    EXPECT_EQ(d.code, c.code);
    EXPECT_EQ(d.where.line, c.line);
    EXPECT_EQ(d.where.column, c.column);
    EXPECT_NE(d.message.find(c.message_part), std::string::npos) << d.message;
  }
}

TEST(GenomeText, C1AndC3HeadersAndLayouts) {
  std::string c1 = assemble_ok("genome c1\ngene appearance id=1 part=arms breed=2\ngend\n");
  EXPECT_EQ(c1, std::string("gene\x02\x02\x01\x00\x00\x00\x03\x02gend", 16));  // no magic, 6-byte header
  std::string c3 = assemble_ok("genome c3\ngene genus id=1 mutability=9 variant=3 mum=\"x\"\ngend\n");
  EXPECT_EQ(c3.size(), 4 + 4 + 8 + 65 + 4u);
  EXPECT_EQ(c3.substr(0, 16), std::string("dna3gene\x02\x01\x01\x00\x00\x00\x09\x03", 16));
  // mutability is not a C1 header field.
  Diagnostic d = assemble_error("genome c1\ngene pigment id=1 mutability=4\n");
  EXPECT_EQ(d.code, "genome.text-unknown-field");
}

TEST(GenomeText, DocsCarryTheLayoutTables) {
  // docs/creatures-genome.md embeds `genokit genome layouts` output: the tables drive the docs.
  std::ifstream f(test::source_dir() / "docs" / "creatures-genome.md");
  std::stringstream ss;
  ss << f.rdbuf();
  for (Version v : {Version::c1, Version::c2, Version::c3})
    EXPECT_NE(ss.str().find(layouts_markdown(v)), std::string::npos)
        << "regenerate the layout section with `genokit genome layouts --game " << to_string(v) << "`";
}

TEST(GenomeText, DumpNamesTheLobeEachDendriteReadsFrom) {
  std::string b =
      assemble_ok("genome c2\ngene lobe id=4\ngene lobe id=2 d0_source_lobe=0 d1_source_lobe=7\ngend\n");
  Genome g = read_ok(b);
  Notes notes;
  notes[g.genes[0].key()] = {"Perception lobe", ""};
  std::string text = to_text(g, TextOptions{&notes, true});
  EXPECT_NE(
      text.find(
          "# #1 @211 lobe 1\n# dendrites: d0 from lobe 0 (Perception lobe), d1 from lobe 7 (no such lobe)\n"),
      std::string::npos)
      << text;
}
