// Stream problems and validation rules: exact codes and byte offsets; lossless reading of broken
// genomes; resync on markers.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "common/test_paths.hpp"
#include "genokit/genome/ops.hpp"
#include "genokit/genome/text.hpp"
#include "genome/helpers.hpp"

using namespace genokit;
using namespace genokit::genome;

namespace {

using genokit::test::assemble_ok;

struct Found {
  std::string code;
  std::int64_t offset;
  Severity severity;
};

std::vector<Found> findings(const std::string& bytes) {
  Diagnostics d;
  auto g = genome::check(bytes, d);
  EXPECT_TRUE(g);
  if (g) {
    EXPECT_EQ(write(*g), bytes);  // every genome, broken or not, writes back as it was read
  }
  std::vector<Found> out;
  for (const auto& x : d.items()) out.push_back({x.code, x.where.offset, x.severity});
  return out;
}

// genus(20 bytes) brain_organ(16) organ(16) at 4, 24, 40; then whatever the test adds.
const char* kHead =
    "genome c2\n"
    "gene genus id=1 species=norn mum=\"mum1\" dad=\"dad1\"\n"
    "gene brain_organ id=1\n"
    "gene organ id=1\n";

}  // namespace

TEST(GenomeValidate, CleanGenomeHasNoDiagnostics) {
  EXPECT_TRUE(findings(assemble_ok(std::string(kHead) + "gene receptor id=1\ngend\n")).empty());
}

TEST(GenomeValidate, NotAGenome) {
  Diagnostics d;
  EXPECT_FALSE(read("hello", d));
  ASSERT_EQ(d.items().size(), 1u);
  EXPECT_EQ(d.items()[0].code, "genome.not-a-genome");
  EXPECT_EQ(d.items()[0].where.offset, 0);
}

TEST(GenomeValidate, TruncatedGeneAndMissingGend) {
  std::string b = assemble_ok(std::string(kHead) + "gene receptor id=1\ngend\n");
  std::string cut = b.substr(0, 56 + 11 + 3);  // receptor at 56: header + 3 of its 8 data bytes
  auto f = findings(cut);
  ASSERT_EQ(f.size(), 2u);
  EXPECT_EQ(f[0].code, "genome.truncated-gene");
  EXPECT_EQ(f[0].offset, 56);
  EXPECT_EQ(f[1].code, "genome.missing-gend");
  EXPECT_EQ(f[1].offset, 70);
  // Cut inside the header of the receptor.
  f = findings(b.substr(0, 56 + 6));
  ASSERT_GE(f.size(), 1u);
  EXPECT_EQ(f[0].code, "genome.truncated-gene");
  EXPECT_EQ(f[0].offset, 56);
  // Cut just after the receptor: no gend.
  f = findings(b.substr(0, 56 + 19));
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].code, "genome.missing-gend");
  EXPECT_EQ(f[0].offset, 75);
}

TEST(GenomeValidate, LengthMismatchResyncsOnTheNextMarker) {
  std::string b = assemble_ok(std::string(kHead) + "gene receptor id=1\ngene receptor id=2\ngend\n");
  std::string bad = b;
  bad.insert(56 + 19 - 2, "XY");  // the first receptor gets 10 data bytes instead of 8
  Diagnostics d;
  auto read_genome = read(bad, d);
  ASSERT_TRUE(read_genome);
  const Genome& g = *read_genome;
  ASSERT_EQ(d.items().size(), 1u);
  EXPECT_EQ(d.items()[0].code, "genome.length-mismatch");
  EXPECT_EQ(d.items()[0].where.offset, 56);
  EXPECT_NE(d.items()[0].message.find("has 10 data bytes before the next marker, but its layout has 8"),
            std::string::npos);
  ASSERT_EQ(g.genes.size(), 5u);  // resynced: the second receptor is found
  EXPECT_TRUE(g.genes[3].resynced);
  EXPECT_EQ(g.data(g.genes[3]), std::string("\0\0\0\0\0\0XY\0\0", 10));
  EXPECT_EQ(g.offsets()[4], 77u);
  EXPECT_EQ(g.genes[4].id, 2);
  EXPECT_EQ(write(g), bad);
  // Text form keeps the odd gene as raw data and round-trips.
  Diagnostics d2;
  EXPECT_EQ(assemble(to_text(g), d2), bad);
}

TEST(GenomeValidate, UnknownTypeIsKeptAndReported) {
  std::string b = assemble_ok(std::string(kHead) +
                              "gene type=2 subtype=9 id=4 data=<010203>\ngene receptor id=1\ngend\n");
  auto f = findings(b);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].code, "genome.unknown-gene-type");
  EXPECT_EQ(f[0].offset, 56);
}

TEST(GenomeValidate, SemanticRules) {
  std::string b = assemble_ok(
      "genome c2\n"
      "gene stimulus id=1\n"                                    // 4: genus is not first
      "gene receptor id=1\n"                                    // 28: chemistry before any organ
      "gene genus id=1\n"                                       // 47: genus-not-first
      "gene genus id=2\n"                                       // 67: repeated genus
      "gene organ id=1\n"                                       // 87
      "gene receptor id=1\n"                                    // 103: duplicate id
      "gene pigment id=1 flags=male+female stage=9 colour=3\n"  // 122
      "gene lobe id=1 d0_source_lobe=1 d1_source_lobe=0\n"      // 135: source lobe 1 of 1 lobe
      "gend\n");
  auto f = findings(b);
  std::vector<std::pair<std::string, std::int64_t>> got;
  for (const auto& x : f) got.push_back({x.code, x.offset});
  std::vector<std::pair<std::string, std::int64_t>> want = {
      {"genome.genus-not-first", 47},    {"genome.genus-not-first", 67},
      {"genome.duplicate-gene-id", 103}, {"genome.chemistry-before-organ", 28},
      {"genome.both-sexes", 122 + 9},    {"genome.switch-on-range", 122 + 8},
      {"genome.value-range", 122 + 11},  {"genome.dendrite-source-lobe", 135 + 11 + 22}};
  EXPECT_EQ(got, want);
  ASSERT_EQ(f.size(), want.size());
  EXPECT_EQ(f[2].severity, Severity::warning);
  EXPECT_EQ(f[7].severity, Severity::error);
}

TEST(GenomeValidate, LeadAndTailBytesAreKept) {
  std::string b = assemble_ok("genome c2\nlead <0001>\ngene genus id=1\ngend\ntail <67656e64ff>\n");
  EXPECT_EQ(b.substr(0, 6), std::string("dna2\x00\x01", 6));
  Diagnostics d;
  auto g = read(b, d);
  ASSERT_TRUE(g);
  ASSERT_EQ(d.items().size(), 1u);
  EXPECT_EQ(d.items()[0].code, "genome.expected-gene");
  EXPECT_EQ(d.items()[0].where.offset, 4);
  EXPECT_EQ(g->lead, std::string("\0\x01", 2));
  EXPECT_EQ(g->genes.size(), 1u);
  EXPECT_TRUE(g->has_gend);
  EXPECT_EQ(g->tail, "gend\xff");  // stale markers after the first gend are data, not genes
  EXPECT_EQ(write(*g), b);
}

TEST(GenomeValidate, CorruptedCorpusGenomesReportOffsets) {
  GENOKIT_REQUIRE_CORPUS();
  std::ifstream f(test::corpus_dir() / "creatures2" / "c2-norn.gen", std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  const std::string orig = ss.str();
  // Every truncation point inside the genes gives a truncated-gene or missing-gend diagnostic,
  // at or before the cut.
  for (std::size_t cut = 5; cut < 19033; cut += 97) {
    Diagnostics d;
    auto g = read(orig.substr(0, cut), d);
    ASSERT_TRUE(g);
    ASSERT_TRUE(d.has_errors()) << cut;
    for (const auto& x : d.items()) {
      EXPECT_GE(x.where.offset, 0);
      EXPECT_LE(x.where.offset, std::int64_t(cut));
    }
    EXPECT_EQ(write(*g), orig.substr(0, cut));
  }
  // A corrupted marker in the middle: the gene before it swallows the bytes, then reading resyncs.
  std::string bad = orig;
  const std::size_t marker = bad.find("gene", 5000);
  const std::size_t before = bad.rfind("gene", marker - 1);
  bad[marker] = 'X';
  Diagnostics d;
  auto g = check(bad, d);
  ASSERT_TRUE(g);
  ASSERT_TRUE(d.has_errors());
  EXPECT_EQ(d.items()[0].code, "genome.length-mismatch");
  EXPECT_EQ(d.items()[0].where.offset, std::int64_t(before));
  EXPECT_EQ(g->genes.size(), 786u);
  EXPECT_EQ(write(*g), bad);
}
