// Crossover and mutation: invariants over thousands of seeded runs, determinism, and statistics
// against the configured scheme parameters.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "genokit/genome/ops.hpp"
#include "genokit/genome/text.hpp"
#include "genome/helpers.hpp"

using namespace genokit;
using namespace genokit::genome;

namespace {

using genokit::test::slurp;
using genokit::test::toy;

Genome load(const std::string& bytes) {
  Diagnostics d;
  auto g = check(bytes, d);
  EXPECT_TRUE(g);
  EXPECT_FALSE(d.has_errors());
  return g ? *g : Genome{};
}

// Checks that `child` is a well-formed offspring of the parents: it is written and read back.
void expect_child_invariants(const Genome& mum, const Genome& dad, const Genome& child, std::string_view mm,
                             std::string_view dm) {
  const std::string bytes = write(child);
  Diagnostics d;
  auto read_back = read(bytes, d);
  ASSERT_TRUE(read_back);
  ASSERT_FALSE(d.has_errors()) << (d.items().empty() ? "" : d.items()[0].message);
  const Genome& c = *read_back;
  ASSERT_FALSE(c.genes.empty());
  // genus first and only once, monikers from the parents
  EXPECT_EQ(c.genes[0].type, 2);
  EXPECT_EQ(c.genes[0].subtype, 1);
  for (std::size_t i = 1; i < c.genes.size(); ++i)
    EXPECT_FALSE(c.genes[i].type == 2 && c.genes[i].subtype == 1);
  std::string_view genus = c.data(c.genes[0]);
  const std::size_t m = c.version == Version::c3 ? 32 : 4;
  EXPECT_EQ(genus.substr(1, mm.size()), mm);
  EXPECT_EQ(genus.substr(1 + m, dm.size()), dm);
  // gend last, nothing after it
  EXPECT_EQ(c.gend_offset() + 4, std::int64_t(bytes.size()));
  // every gene has its fixed length and comes from a parent: same key and flags, generation +0/+1
  std::map<std::uint32_t, std::vector<const Gene*>> alleles;
  for (const Genome* p : {&mum, &dad})
    for (const Gene& g : p->genes) alleles[g.key()].push_back(&g);
  for (const Gene& g : c.genes) {
    ASSERT_NE(g.layout, nullptr);
    EXPECT_EQ(g.data_size(), g.layout->data_size);
    auto it = alleles.find(g.key());
    ASSERT_NE(it, alleles.end());
    bool ok = false;
    for (const Gene* a : it->second)
      ok = ok || (a->flags == g.flags &&
                  (g.generation == a->generation || g.generation == std::uint8_t(a->generation + 1)));
    EXPECT_TRUE(ok);
  }
  EXPECT_LE(bytes.size(), mum.size() + dad.size() + 4);
}

}  // namespace

TEST(GenomeOperators, RandomIsDeterministicAndInRange) {
  Random a(42), b(42);
  for (int i = 0; i < 1000; ++i) {
    unsigned x = a.range(10, 100);
    EXPECT_EQ(x, b.range(10, 100));
    EXPECT_GE(x, 10u);
    EXPECT_LE(x, 100u);
  }
  // std::mt19937_64 is fully specified: the 10000th output of the default seed is fixed.
  Random r(5489);
  std::uint64_t v = 0;
  for (int i = 0; i < 10000; ++i) v = r.next();
  EXPECT_EQ(v, 9981545732273789042ull);
}

TEST(GenomeOperators, MutationKeepsHeadersAndLengthsOverThousandsOfSeeds) {
  Genome g = toy();
  std::size_t changed_runs = 0;
  Scheme s = Scheme::c1();
  s.c1_one_in = 20;  // make mutations frequent so the invariants are exercised
  for (std::uint64_t seed = 0; seed < 3000; ++seed) {
    Random rng(seed);
    const std::string out = write(mutate(g, rng, {seed % 2 ? s : Scheme::c3()}));
    ASSERT_EQ(out.size(), g.size());
    Diagnostics d;
    auto m = read(out, d);
    ASSERT_TRUE(m);
    ASSERT_FALSE(d.has_errors());
    ASSERT_EQ(m->genes.size(), g.genes.size());
    const auto at = m->offsets();
    for (std::size_t i = 0; i < g.genes.size(); ++i) {
      const Gene &a = g.genes[i], &b = m->genes[i];
      ASSERT_EQ(out.substr(at[i], 4), "gene");
      EXPECT_EQ(a.key(), b.key());
      EXPECT_EQ(a.generation, b.generation);
      EXPECT_EQ(a.flags, b.flags);
      if (!a.mutable_()) {
        EXPECT_EQ(g.data(a), m->data(b));
        EXPECT_EQ(a.switch_on, b.switch_on);
        EXPECT_EQ(a.mutability, b.mutability);
      }
    }
    changed_runs += out != write(g);
  }
  EXPECT_GT(changed_runs, 1000u);
}

TEST(GenomeOperators, SameSeedSameResult) {
  Genome g = toy();
  Random a(7), b(7), c(8);
  Scheme s = Scheme::c1();
  s.c1_one_in = 10;
  std::string x = write(mutate(g, a, {s})), y = write(mutate(g, b, {s})), z = write(mutate(g, c, {s}));
  EXPECT_EQ(x, y);
  EXPECT_NE(x, z);
  Random d(3), e(3);
  const CrossOptions opt{Scheme::c3(), "mumx", "dadx"};
  EXPECT_EQ(write(cross(g, g, d, opt)), write(cross(g, g, e, opt)));
}

TEST(GenomeOperators, CrossoverInvariantsOverThousandsOfSeeds) {
  Genome mum = toy();
  // A different father: mutate the toy heavily (same gene ids, other values).
  Scheme heavy = Scheme::c1();
  heavy.c1_one_in = 5;
  Random r0(99);
  Genome dad = load(write(mutate(mum, r0, {heavy})));
  Scheme s = Scheme::c1();
  s.linkage_min = 1;
  s.linkage_max = 3;       // many crossovers per child
  s.cut_error_one_in = 4;  // and many cutting errors
  OperatorStats st;
  for (std::uint64_t seed = 0; seed < 3000; ++seed) {
    Random rng(seed);
    Genome child = cross(mum, dad, rng, {s, "ma01", "pa02", &st});
    expect_child_invariants(mum, dad, child, "ma01", "pa02");
    if (HasFatalFailure()) return;
  }
  EXPECT_GT(st.duplications, 100u);
  EXPECT_GT(st.deletions, 100u);
}

TEST(GenomeOperators, CorpusCrossoverStatisticsMatchTheScheme) {
  GENOKIT_REQUIRE_CORPUS();
  Genome mum = load(slurp(test::corpus_dir() / "creatures2" / "c2-norn.gen"));
  Genome dad = load(slurp(test::corpus_dir() / "creatures2" / "c2exp-6KUC.gen"));
  const Scheme s = Scheme::c1();
  OperatorStats st;
  for (std::uint64_t seed = 0; seed < 150; ++seed) {
    Random rng(seed);
    Genome child = cross(mum, dad, rng, {s, "toby", "sjgl", &st});
    expect_child_invariants(mum, dad, child, "toby", "sjgl");
    if (HasFatalFailure()) return;
  }
  // Linkage draws: uniform on 1..40 (mean 20.5, variance (40^2-1)/12).
  ASSERT_GT(st.drawn_runs.size(), 3000u);
  double sum = 0;
  unsigned lo = 99, hi = 0;
  for (unsigned r : st.drawn_runs) {
    sum += r;
    lo = std::min(lo, r);
    hi = std::max(hi, r);
  }
  const double n = double(st.drawn_runs.size());
  EXPECT_NEAR(sum / n, 20.5, 5 * std::sqrt((1600.0 - 1) / 12 / n));
  EXPECT_EQ(lo, 1u);
  EXPECT_EQ(hi, 40u);
  // A run is cut short only when a strand ends, i.e. at most once per child.
  ASSERT_EQ(st.copied_runs.size(), st.drawn_runs.size());
  std::size_t short_runs = 0;
  for (std::size_t i = 0; i < st.copied_runs.size(); ++i) short_runs += st.copied_runs[i] < st.drawn_runs[i];
  EXPECT_LE(short_runs, 150u);
  // Cutting errors: one crossover in 81.
  const double p = 1.0 / 81, c = double(st.crossovers);
  EXPECT_NEAR(double(st.cut_errors), c * p, 5 * std::sqrt(c * p * (1 - p)));
  // Mutation: C1 rate 1/1601 per eligible byte, times 255/256 (bit "8" = no change).
  const double e = double(st.eligible_bytes), q = 1.0 / 1601 * 255 / 256;
  EXPECT_NEAR(double(st.mutated_bytes), e * q, 5 * std::sqrt(e * q));
}

TEST(GenomeOperators, MutationStatisticsC1AndC3) {
  GENOKIT_REQUIRE_CORPUS();
  Genome g = load(slurp(test::corpus_dir() / "creatures2" / "c2-norn.gen"));
  {  // C1: which bit flips: bit k with probability 2^-(k+1)
    OperatorStats st;
    for (std::uint64_t seed = 0; seed < 300; ++seed) {
      Random rng(seed);
      mutate(g, rng, {Scheme::c1(), &st});
    }
    const double e = double(st.eligible_bytes), q = 1.0 / 1601 * 255 / 256;
    EXPECT_NEAR(double(st.mutated_bytes), e * q, 5 * std::sqrt(e * q));
    std::map<unsigned, int> bits;
    for (unsigned b : st.flipped_bits) ++bits[b];
    const double draws = double(st.flipped_bits.size());
    ASSERT_GT(draws, 500);
    EXPECT_NEAR(bits[0] / draws, 0.5, 5 * std::sqrt(0.25 / draws));
    EXPECT_NEAR(bits[1] / draws, 0.25, 5 * std::sqrt(0.25 * 0.75 / draws));
  }
  {  // C3: per-gene rate 1/N with N = 4800 (256 - weighting)/256, parent chance 0
    OperatorStats st;
    double expected = 0;
    const int runs = 120;
    for (const Gene& gene : g.genes)
      if (gene.mutable_()) {
        double nn = std::floor(4800.0 * (256 - gene.mutability) / 256);
        expected += double(g.gene_size(gene) - 9) / nn * runs;  // switch-on + bytes after the flags
      }
    for (int seed = 0; seed < runs; ++seed) {
      Random rng{std::uint64_t(seed)};
      mutate(g, rng, {Scheme::c3(), &st});
    }
    EXPECT_NEAR(double(st.mutated_bytes), expected, 5 * std::sqrt(expected));
  }
}

// The default moniker is FNV-1a (64-bit) of the genome's bytes without its tail, in base 36, least
// significant digit first. The expected values were computed outside genokit (a few lines of
// Python over the .gen files), so this checks the documented derivation, not the function against
// itself.
TEST(GenomeOperators, DefaultMonikerIsTheDocumentedHash) {
  Genome g = toy();
  EXPECT_EQ(write(g).size(), 1028u);
  EXPECT_EQ(default_moniker(g), "dfko");
  // The smallest genome: magic and `gend`.
  Genome empty;
  empty.version = Version::c2;
  EXPECT_EQ(default_moniker(empty), "o2ky");
  // Bytes after `gend` do not count.
  Genome with_tail = g;
  with_tail.tail = std::string(100, '\0') + "gene";
  EXPECT_EQ(default_moniker(with_tail), "dfko");
  // Any change of a gene does.
  Genome changed = g;
  Gene& last = changed.genes.back();
  std::string data(changed.data(last));
  ++data.back();
  changed.set_data(last, data);
  EXPECT_NE(default_moniker(changed), "dfko");
  Genome shorter = g;
  shorter.genes.pop_back();
  EXPECT_NE(default_moniker(shorter), "dfko");
}

TEST(GenomeOperators, DefaultMonikersOfTheCorpusGenomes) {
  GENOKIT_REQUIRE_CORPUS();
  // c2-norn.gen has 16,968 zero bytes after `gend`; the hash stops at `gend` (byte 19,033).
  EXPECT_EQ(default_moniker(load(slurp(test::corpus_dir() / "creatures2" / "c2-norn.gen"))), "zh09");
  EXPECT_EQ(default_moniker(load(slurp(test::corpus_dir() / "creatures2" / "c2exp-6KUC.gen"))), "13r6");
}

TEST(GenomeOperators, CrossUsesTheDefaultMonikersWhenNoneAreGiven) {
  Genome g = toy();
  Random rng(1);
  Genome child = cross(g, g, rng, {Scheme::c1()});
  ASSERT_FALSE(child.genes.empty());
  EXPECT_EQ(child.data(child.genes[0]).substr(1, 8), "dfkodfko");
}
