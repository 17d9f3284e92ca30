// Diff (gene alignment, moves, field changes), expression rules, GNO notes and export extraction.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "genokit/genome/ops.hpp"
#include "genokit/genome/text.hpp"
#include "genome/helpers.hpp"

using namespace genokit;
using namespace genokit::genome;

namespace {

using namespace genokit::test;  // read_ok, toy, slurp, ...

std::string describe(const Genome& a, const Genome& b, const GeneDiff& d) {
  static const char* const kKind[] = {"added", "removed", "changed", "moved"};
  const Gene& g = d.a_index >= 0 ? a.genes[std::size_t(d.a_index)] : b.genes[std::size_t(d.b_index)];
  std::string s = std::string(kKind[int(d.kind)]) + " " + gene_kind(g) + " " + std::to_string(g.id);
  for (const auto& c : d.changes) s += " " + c.field + ":" + c.before + "->" + c.after;
  return s;
}

}  // namespace

TEST(GenomeDiff, C2CorpusPairShowsBreedChangesAndSevenPointMutations) {
  GENOKIT_REQUIRE_CORPUS();
  Genome a = read_ok(slurp(test::corpus_dir() / "creatures2" / "c2-norn.gen"));
  Genome b = read_ok(slurp(test::corpus_dir() / "creatures2" / "c2exp-6KUC.gen"));
  auto diffs = diff(a, b);
  std::vector<std::string> got;
  for (const auto& x : diffs) got.push_back(describe(a, b, x));
  const std::vector<std::string> want = {
      "changed genus 1 mum:\"toby\"->\"256j\" dad:\"sjgl\"->\"256j\"",
      "changed appearance 1 breed:7->9",
      "changed reaction 32 r2_amount:1->0",
      "changed emitter 28 locus:5->4",
      "changed appearance 2 breed:7->9",
      "changed receptor 118 organ:organ->reaction",
      "changed instinct 6 cell2:0->1",
      "changed appearance 3 breed:7->9",
      "changed appearance 4 breed:7->9",
      "changed stimulus 10 significance:128->129",
      "changed stimulus 24 amount4:16->17",
      "changed appearance 5 breed:7->9",
      "changed lobe 6 d0_strength_gain_rule:[]->[end const255]",
  };
  EXPECT_EQ(got, want);
  // The 7 point mutations are single-bit flips: six of bit 0, one of bit 2.
  int bit0 = 0, bit2 = 0;
  for (const auto& x : diffs) {
    const Gene &ga = a.genes[std::size_t(x.a_index)], &gb = b.genes[std::size_t(x.b_index)];
    if (ga.type == 2 && (ga.subtype == 1 || ga.subtype == 2)) continue;
    std::string_view da = a.data(ga), db = b.data(gb);
    int flipped = 0;
    for (std::size_t k = 0; k < da.size(); ++k) {
      unsigned x8 = static_cast<unsigned char>(da[k] ^ db[k]);
      if (!x8) continue;
      ++flipped;
      ASSERT_EQ(x8 & (x8 - 1), 0u);  // one bit
      bit0 += x8 == 1;
      bit2 += x8 == 4;
    }
    EXPECT_EQ(flipped, 1);
  }
  EXPECT_EQ(bit0, 6);
  EXPECT_EQ(bit2, 1);
}

TEST(GenomeDiff, AddedRemovedMovedAndHeaderChanges) {
  Genome a = from_text(
      "genome c2\ngene genus id=1\ngene organ id=1\ngene receptor id=1\ngene receptor id=2\n"
      "gene emitter id=1\ngene pigment id=1 colour=red\ngend\n");
  Genome b = from_text(
      "genome c2\ngene genus id=1\ngene organ id=1\ngene emitter id=1\ngene receptor id=2\n"
      "gene receptor id=1 gen=1\ngene pigment id=1 colour=blue stage=adult flags=mut\ngene pigment "
      "id=9\ngend\n");
  std::vector<std::string> got;
  for (const auto& x : diff(a, b)) got.push_back(describe(a, b, x));
  const std::vector<std::string> want = {
      "removed receptor 1",
      "moved receptor 2",  // one of the two equally short explanations of the swap
      "changed pigment 1 stage:embryo->adult flags:0->mut colour:red->blue",
      "added receptor 1",  // generation 1: a different gene for alignment
      "added pigment 9",
  };
  EXPECT_EQ(got, want);
  EXPECT_TRUE(diff(a, a).empty());
}

TEST(GenomeExpress, SexStageAndDormancy) {
  Genome g = from_text(
      "genome c2\n"
      "gene genus id=1\n"
      "gene pigment id=1 stage=embryo flags=male\n"
      "gene pigment id=2 stage=embryo flags=female\n"
      "gene pigment id=3 stage=adult\n"
      "gene pigment id=4 stage=embryo flags=dormant\n"
      "gene pigment id=5 stage=embryo flags=male+female\n"
      "gene organ id=1 stage=child\n"
      "gend\n");
  auto ids = [&](Sex sex, unsigned stage, bool up_to) {
    std::vector<int> out;
    for (const Gene& x : g.genes)
      if (expressed(g, x, sex, stage, up_to)) out.push_back(x.type == 2 && x.subtype == 6 ? x.id : -1);
    return out;
  };
  EXPECT_EQ(ids(Sex::male, 0, false), (std::vector<int>{-1, 1}));
  EXPECT_EQ(ids(Sex::female, 0, false), (std::vector<int>{-1, 2}));
  EXPECT_EQ(ids(Sex::female, 4, false), (std::vector<int>{3}));
  EXPECT_EQ(ids(Sex::female, 4, true), (std::vector<int>{-1, 2, 3, -1}));
  // C3: organ genes skip the stage check.
  Genome c3 = from_text("genome c3\ngene genus id=1\ngene organ id=1 stage=adult\ngend\n");
  EXPECT_TRUE(expressed(c3, c3.genes[1], Sex::male, 0));
}

TEST(GenomeNotes, ReadsTheC2GnoAndShowsCaptions) {
  GENOKIT_REQUIRE_CORPUS();
  Diagnostics d;
  auto read_notes = read_gno(slurp(test::corpus_dir() / "creatures2" / "c2-norn.gno"), d);
  ASSERT_TRUE(read_notes);
  Notes& notes = *read_notes;
  EXPECT_EQ(notes.size(), 847u);
  EXPECT_EQ(notes[2u << 16 | 1u << 8 | 1u].caption, "001 Header - compulsory");
  Genome g = read_ok(slurp(test::corpus_dir() / "creatures2" / "c2-norn.gen"));
  EXPECT_EQ(summary_line(g, 0, {&notes}),
            "1 Emb B - Genus, 001 Header - compulsory, species=norn, mum=\"toby\", dad=\"sjgl\"");
  // Broken notes files: diagnostics, no crash.
  Diagnostics d2;
  EXPECT_FALSE(read_gno(std::string("\x02\x00\x05\x00\x02\x00", 6), d2));
  EXPECT_EQ(d2.items()[0].code, "genome.gno-truncated");
}

TEST(GenomeExport, ExtractsTheC2ExportGenome) {
  GENOKIT_REQUIRE_CORPUS();
  std::string exp = slurp(test::corpus_dir() / "creatures2" / "exports" / "c2exp.exp");
  Diagnostics d;
  auto ex = extract_from_export(exp, d);
  ASSERT_TRUE(ex);
  EXPECT_EQ(ex->moniker, "6KUC");
  EXPECT_EQ(ex->sex, 1u);
  EXPECT_EQ(ex->stage, 0);
  EXPECT_EQ(ex->offset, 93057u + 7 + 13);
  // The corpus file was made the same way: dna2 + the CGenome stream.
  EXPECT_EQ(ex->genome, slurp(test::corpus_dir() / "creatures2" / "c2exp-6KUC.gen"));
  Diagnostics d2;
  auto g = read(exp, d2, {.accept_export = true});
  ASSERT_TRUE(g);
  EXPECT_EQ(g->genes.size(), 787u);
  EXPECT_FALSE(d2.has_errors());
  ASSERT_EQ(d2.items().size(), 1u);
  EXPECT_EQ(d2.items()[0].code, "genome.from-export");
  // Without accept_export an export is not a genome.
  Diagnostics d4;
  EXPECT_FALSE(read(exp, d4));
  EXPECT_EQ(d4.items()[0].code, "genome.not-a-genome");
  Diagnostics d3;
  EXPECT_FALSE(extract_from_export(exp.substr(0, 93057 + 7 + 13 + 100), d3));
  EXPECT_EQ(d3.items()[0].code, "genome.export-truncated");
}
