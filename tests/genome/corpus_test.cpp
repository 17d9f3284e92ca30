// Every corpus genome reads, validates and round-trips byte-identically (binary and text form).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "common/cli_run.hpp"
#include "common/test_paths.hpp"
#include "genokit/genome/ops.hpp"
#include "genokit/genome/text.hpp"

namespace fs = std::filesystem;
using namespace genokit;
using namespace genokit::genome;

namespace {

using genokit::test::slurp;

std::vector<fs::path> corpus_genomes() {
  std::vector<fs::path> out;
  for (const char* dir : {"creatures2", "creatures-other"})
    for (const auto& e : fs::directory_iterator(test::corpus_dir() / dir))
      if (e.path().extension() == ".gen") out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

std::string diag_text(const Diagnostics& d) {
  std::string s;
  for (const auto& x : d.items()) s += format_gcc(x) + "\n";
  return s;
}

}  // namespace

TEST(GenomeCorpus, EveryGenomeReadsValidatesAndRoundTrips) {
  GENOKIT_REQUIRE_CORPUS();
  auto files = corpus_genomes();
  ASSERT_EQ(files.size(), 10u);
  for (const auto& p : files) {
    SCOPED_TRACE(p.filename().string());
    std::string bytes = slurp(p);
    Diagnostics d;
    auto read_genome = check(bytes, d);
    ASSERT_TRUE(read_genome);
    const Genome& g = *read_genome;
    EXPECT_EQ(d.error_count(), 0u) << diag_text(d);
    EXPECT_TRUE(write(g) == bytes);  // encoded from the genes: the Genome holds no copy of the file
    EXPECT_GE(g.gend_offset(), 0);
    for (const Gene& gene : g.genes) {
      ASSERT_NE(gene.layout, nullptr);
      EXPECT_FALSE(gene.resynced);
      EXPECT_EQ(gene.data_size(), gene.layout->data_size);
    }
    // Text form round trip.
    Diagnostics d2;
    auto back = assemble(to_text(g), d2);
    ASSERT_TRUE(back) << diag_text(d2);
    EXPECT_TRUE(*back == bytes);
  }
}

TEST(GenomeCorpus, KnownWarningsOnly) {
  GENOKIT_REQUIRE_CORPUS();
  // The C1 export has one gene switching on at stage 8 (a real mutation); nothing else warns.
  for (const auto& p : corpus_genomes()) {
    SCOPED_TRACE(p.filename().string());
    Diagnostics d;
    check(slurp(p), d);
    if (p.filename() == "c1exp-1KCB.gen") {
      ASSERT_EQ(d.warning_count(), 1u) << diag_text(d);
      EXPECT_EQ(d.items()[0].code, "genome.switch-on-range");
    } else {
      EXPECT_EQ(d.warning_count(), 0u) << diag_text(d);
    }
  }
}

TEST(GenomeCorpus, C2GenomesHave787GenesWithTheNotesCounts) {
  GENOKIT_REQUIRE_CORPUS();
  // Per (type, subtype) counts that make 4 + sum(count * (11 + data)) + 4 = 19,033 (notes §3.2).
  const std::map<std::string, int> expected = {{"lobe", 10},
                                               {"brain_organ", 1},
                                               {"receptor", 183},
                                               {"emitter", 63},
                                               {"reaction", 117},
                                               {"half_lives", 1},
                                               {"initial_concentration", 22},
                                               {"stimulus", 39},
                                               {"genus", 1},
                                               {"appearance", 5},
                                               {"pose", 242},
                                               {"gait", 15},
                                               {"instinct", 44},
                                               {"pigment", 12},
                                               {"pigment_bleed", 12},
                                               {"organ", 20}};
  for (const char* name : {"c2-norn.gen", "c2exp-6KUC.gen"}) {
    SCOPED_TRACE(name);
    Diagnostics d;
    auto g = read(slurp(test::corpus_dir() / "creatures2" / name), d);
    ASSERT_TRUE(g);
    EXPECT_EQ(g->version, Version::c2);
    EXPECT_EQ(g->genes.size(), 787u);
    EXPECT_EQ(g->gend_offset(), 19029);
    std::map<std::string, int> counts;
    for (const Gene& gene : g->genes) ++counts[gene.layout->name];
    EXPECT_EQ(counts, expected);
  }
  Diagnostics d;
  auto g = read(slurp(test::corpus_dir() / "creatures2" / "c2-norn.gen"), d);
  ASSERT_TRUE(g);
  EXPECT_EQ(g->tail.size(), 16968u);
  int dormant = 0, no_flags = 0, gen1 = 0;
  for (const Gene& gene : g->genes) {
    dormant += gene.dormant();
    no_flags += gene.flags == 0;
    gen1 += gene.generation == 1;
  }
  EXPECT_EQ(dormant, 5);
  EXPECT_EQ(no_flags, 285);
  EXPECT_EQ(gen1, 11);
}

TEST(GenomeCorpus, GeneCountsOfOtherVersions) {
  GENOKIT_REQUIRE_CORPUS();
  const std::map<std::string, std::pair<Version, std::size_t>> expected = {
      {"c1-mum1.gen", {Version::c1, 320}},
      {"c1exp-1KCB.gen", {Version::c1, 325}},
      {"c3-norn.chichi06.ex47.gen", {Version::c3, 820}},
      {"norn.ex48.gen", {Version::c3, 820}},
      {"ettin.46e.gen", {Version::c3, 755}},
      {"gren.46g.gen", {Version::c3, 745}},
      {"norn.twb.gen", {Version::c3, 980}},
      {"ettin.twb.gen", {Version::c3, 893}}};
  for (const auto& [name, want] : expected) {
    SCOPED_TRACE(name);
    Diagnostics d;
    auto g = read(slurp(test::corpus_dir() / "creatures-other" / name), d);
    ASSERT_TRUE(g);
    EXPECT_EQ(g->version, want.first);
    EXPECT_EQ(g->genes.size(), want.second);
  }
}
