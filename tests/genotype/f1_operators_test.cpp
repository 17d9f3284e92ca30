// f1's genetic operators through the door (GenMan wrapper): validity of mutants of the real corpus
// genotypes, crossover children, repair, determinism.
#include <gtest/gtest.h>

#include <iostream>
#include <map>
#include <set>

#include "genokit/f0/operator_table.hpp"
#include "genokit/f0/operators.hpp"
#include "genokit/f1/operator_table.hpp"
#include "genokit/f1/operators.hpp"

#include "corpus_genotypes.hpp"
#include "genokit/genotype/encoding.hpp"
#include "genokit/genotype/operators.hpp"

namespace genokit::genotype {
namespace {

std::vector<std::string> valid_corpus_f1() {
  std::vector<std::string> out;
  for (const std::string& g : test::corpus_genotypes("1")) {
    Diagnostics d;
    if (is_valid_strict(g, d)) out.push_back(g);
  }
  return out;
}

TEST(F1Operators, CorpusMutantsAreValidBeforeRetries) {
  GENOKIT_REQUIRE_CORPUS();
  const auto genos = valid_corpus_f1();
  ASSERT_GE(genos.size(), 350u);
  std::size_t calls = 0, first = 0;
  std::map<std::string, std::pair<int, int>> by_kind;  // kind -> (first-attempt valid, total)
  for (std::size_t i = 0; i < genos.size(); ++i)
    for (int k = 0; k < 20; ++k) {
      Diagnostics d;
      OperatorStats st;
      OperatorOptions o;
      o.seed = i * 1000 + static_cast<std::uint64_t>(k);
      o.stats = &st;
      const auto m = mutate(genos[i], d, o);
      ASSERT_TRUE(m) << genos[i] << ": " << (d.items().empty() ? "" : d.items().back().message);
      ++calls;
      const bool ok = m->attempts == 1 && !m->repaired;
      first += ok;
      auto& e = by_kind[m->kind];
      e.second++;
      e.first += ok;
    }
  const double rate = static_cast<double>(first) / static_cast<double>(calls);
  for (const auto& [k, v] : by_kind) std::cout << k << ": " << v.first << "/" << v.second << "\n";
  std::cout << "first-attempt valid: " << first << " of " << calls << " (" << 100 * rate << " %)\n";
  EXPECT_GE(rate, 0.95);
}

}  // namespace
}  // namespace genokit::genotype

namespace genokit::genotype {
namespace {

TEST(F1Operators, CrossoverOfCorpusGenotypes) {
  GENOKIT_REQUIRE_CORPUS();
  const auto genos = valid_corpus_f1();
  std::size_t calls = 0, first = 0, failed = 0;
  for (std::size_t i = 0; i + 1 < genos.size(); ++i) {
    Diagnostics d;
    OperatorOptions o;
    o.seed = i;
    const auto x = crossover(genos[i], genos[i + 1], d, o);
    ++calls;
    if (!x) {
      ++failed;
      std::cout << "FAILED " << genos[i] << " x " << genos[i + 1] << ": " << d.items().back().message << "\n";
      continue;
    }
    first += x->attempts == 1 && !x->repaired;
  }
  std::cout << "crossover first-attempt valid: " << first << " of " << calls << ", failed " << failed << "\n";
  EXPECT_EQ(failed, 0u);
}

TEST(F1Operators, RepairFixesCorpusGenotypes) {
  GENOKIT_REQUIRE_CORPUS();
  int invalid = 0, fixed = 0;
  for (const std::string& g : test::corpus_genotypes("1")) {
    Diagnostics d;
    if (is_valid_strict(g, d)) continue;
    ++invalid;
    Diagnostics r;
    const auto x = repair(g, r);
    if (x) ++fixed;
    std::cout << (x ? "fixed  " : "broken ") << g.substr(0, 100) << "\n   -> " << (x ? x->substr(0, 100) : "")
              << "\n";
  }
  std::cout << invalid << " invalid, " << fixed << " repaired\n";
}

}  // namespace
}  // namespace genokit::genotype

// The raw operator on genes where every group can act both ways.
namespace genokit::genotype {
namespace {

constexpr std::string_view kRich = "LX[N, 1:2, in:0.5][|, -1:1.5]RX(X(X), CX, X)";

struct Raw {
  frams::ParamValues params{f1::operator_table()};
  frams::SdkRandom rng;
  Diagnostics diags;
  f0::OperatorCall call() { return {rng, params, f0::default_neuron_class_lists(), diags}; }
};

// Chi-square statistic of observed counts against expected probabilities.
double chi_square(const std::vector<double>& observed, const std::vector<double>& p, double n) {
  double chi = 0;
  for (std::size_t i = 0; i < p.size(); ++i) {
    const double e = n * p[i];
    chi += (observed[i] - e) * (observed[i] - e) / e;
  }
  return chi;
}

std::vector<double> kind_counts(Raw& raw, std::string_view genes, int n) {
  std::vector<double> counts(f1::mutation_kinds().size(), 0.0);
  for (int i = 0; i < n; ++i) {
    const auto m = f1::mutate(genes, raw.call());
    if (!m) ADD_FAILURE() << "no mutation";
    if (m) counts[static_cast<std::size_t>(m->method)] += 1;
  }
  return counts;
}

TEST(F1Mutation, EveryKindIsValidOnRichGenes) {
  Diagnostics d;
  ASSERT_TRUE(is_valid_strict(kRich, d));
  Raw raw;
  std::set<std::string> kinds;
  for (int i = 0; i < 3000; ++i) {
    const auto m = f1::mutate(kRich, raw.call());
    ASSERT_TRUE(m);
    kinds.insert(m->kind);
    Diagnostics why;
    EXPECT_TRUE(is_valid_strict(m->genes, why)) << m->kind << ": " << m->genes;
    EXPECT_EQ(f1::mutation_kinds()[static_cast<std::size_t>(m->method)], m->kind);
    EXPECT_GT(m->chg, 0);
    EXPECT_LE(m->chg, 1);
  }
  EXPECT_EQ(kinds.size(), f1::mutation_kinds().size());
}

// Over 100,000 mutations each group is drawn with probability weight / sum of weights (defaults:
// f1_smX 0.05, f1_smJunct 0.02, f1_smComma 0.02, f1_smModif 0.1, f1_nmNeu 0.05, f1_nmConn 0.1,
// f1_nmProp 0.1, f1_nmWei 1, f1_nmVal 0.05), add and remove with 1/2 each.
TEST(F1Mutation, KindFrequenciesMatchTheWeights) {
  Raw raw;
  raw.rng.seed(20240601);
  const int n = 100000;
  const auto counts = kind_counts(raw, kRich, n);
  const double w[] = {0.05, 0.02, 0.02, 0.1, 0.05, 0.1, 0.1, 1.0, 0.05};
  double sum = 0;
  for (double x : w) sum += x;
  std::vector<double> p;
  for (int g = 0; g < 7; ++g) p.push_back(w[g] / sum / 2), p.push_back(w[g] / sum / 2);
  p.push_back(w[7] / sum);
  p.push_back(w[8] / sum);
  // 15 degrees of freedom: P(chi2 > 37.70) = 0.001.
  EXPECT_LT(chi_square(counts, p, n), 37.70);
}

// The rates are relative weights, not probabilities: equal rates give equal groups, whatever
// their size; groups that cannot act (nothing to remove from `X`) take no part.
TEST(F1Mutation, RatesAreRelativeWeights) {
  Raw raw;
  for (std::string_view id : {"f1_smX", "f1_smJunct", "f1_smComma", "f1_smModif", "f1_nmNeu", "f1_nmConn",
                              "f1_nmProp", "f1_nmWei", "f1_nmVal"})
    raw.params.set_number(raw.params.find(id), 30);
  raw.rng.seed(7);
  const int n = 20000;
  auto counts = kind_counts(raw, kRich, n);
  std::vector<double> p(16, 1.0 / 18);
  p[14] = p[15] = 1.0 / 9;
  EXPECT_LT(chi_square(counts, p, n), 37.70);
  // `X`: add a stick, a junction, a modifier or a neuron, in proportion to their weights.
  raw.params.set_number(raw.params.find("f1_smX"), 3);
  raw.params.set_number(raw.params.find("f1_smJunct"), 1);
  raw.params.set_number(raw.params.find("f1_smModif"), 2);
  raw.params.set_number(raw.params.find("f1_nmNeu"), 4);
  counts = kind_counts(raw, "X", n);
  const std::vector<double> obs{counts[0], counts[2], counts[6], counts[8]};
  EXPECT_EQ(obs[0] + obs[1] + obs[2] + obs[3], n);
  EXPECT_LT(chi_square(obs, {0.3, 0.1, 0.2, 0.4}, n), 16.27);  // 3 d.o.f., p = 0.001
}

TEST(F1Mutation, AllWeightsZeroIsAClearFailure) {
  Raw raw;
  for (std::string_view id : {"f1_smX", "f1_smJunct", "f1_smComma", "f1_smModif", "f1_nmNeu", "f1_nmConn",
                              "f1_nmProp", "f1_nmWei", "f1_nmVal"})
    raw.params.set_number(raw.params.find(id), 0);
  EXPECT_FALSE(f1::mutate("X", raw.call()));
  ASSERT_FALSE(raw.diags.items().empty());
  EXPECT_EQ(raw.diags.items().back().code, "f1.no-mutation");
}

}  // namespace
}  // namespace genokit::genotype

namespace genokit::genotype {
namespace {

int neurons_of(std::string_view g) {
  int n = 0;
  for (char c : g) n += c == '[';
  return n;
}

TEST(F1Crossover, ChildrenTakeMaterialFromBothParents) {
  const std::string a = "LXLX[N]LX(LX,LX[T])", b = "RXRX(RX[G],RXRX,RX)";
  Raw raw;
  std::set<std::string> children;
  for (int i = 0; i < 500; ++i) {
    const auto x = f1::crossover(a, b, raw.call());
    ASSERT_TRUE(x);
    for (const std::string& c : {x->child1, x->child2}) {
      Diagnostics d;
      EXPECT_TRUE(is_valid_strict(c, d)) << c;
      EXPECT_NE(c.find('L'), std::string::npos) << c;
      EXPECT_NE(c.find('R'), std::string::npos) << c;
      children.insert(c);
    }
    EXPECT_GT(x->chg1, 0);
    EXPECT_LT(x->chg1, 1);
    EXPECT_GT(x->chg2, 0);
    EXPECT_LT(x->chg2, 1);
  }
  EXPECT_GT(children.size(), 20u);
}

// f1_xo_propor = 1: parents with equal neuron counts give children with that count.
TEST(F1Crossover, ProportionalToNeuralGenes) {
  const std::string a = "X[N]X[|,-1:1]X[N]X", b = "XX[T]XX[N,-1:2]X[@,-1:1]X";
  Raw raw;
  int differ = 0;
  for (int i = 0; i < 300; ++i) {
    const auto x = f1::crossover(a, b, raw.call());
    ASSERT_TRUE(x);
    EXPECT_EQ(neurons_of(x->child1), 3) << x->child1;
    EXPECT_EQ(neurons_of(x->child2), 3) << x->child2;
  }
  raw.params.set_number(raw.params.find("f1_xo_propor"), 0);
  for (int i = 0; i < 300; ++i) {
    const auto x = f1::crossover(a, b, raw.call());
    ASSERT_TRUE(x);
    differ += neurons_of(x->child1) != 3;
  }
  EXPECT_GT(differ, 0);  // by sticks, the counts are not kept
}

TEST(F1Operators, SameSeedSameResult) {
  const std::string g = "LX[N, 1:2, in:0.5][|, -1:1.5]RX(X(X), CX, X)";
  std::set<std::string> all;
  for (std::uint64_t s = 0; s < 50; ++s) {
    OperatorOptions o;
    o.seed = s;
    Diagnostics d1, d2;
    const auto m1 = mutate(g, d1, o), m2 = mutate(g, d2, o);
    ASSERT_TRUE(m1 && m2);
    EXPECT_EQ(m1->genotype, m2->genotype);
    EXPECT_EQ(m1->kind, m2->kind);
    all.insert(m1->genotype);
    const auto x1 = crossover(g, "RRX(X,X[G])", d1, o), x2 = crossover(g, "RRX(X,X[G])", d2, o);
    ASSERT_TRUE(x1 && x2);
    EXPECT_EQ(x1->genotype, x2->genotype);
  }
  EXPECT_GT(all.size(), 30u);
}

TEST(F1Repair, ClampsAndCleans) {
  Raw raw;
  const std::pair<std::string_view, std::string_view> cases[] = {
      {"X[N,in:1.5]", "X[N,in:1]"},
      {"X[N,=:-2]", "X[N,=:0]"},
      {"X[N,5:1]", "X[N]"},
      {"X[]", "X[N]"},
      {"XL", "X"},
      {"X(X,X)XX", "X(X,X)"},
      {"XX,X", "XX"},
      {"X(X,X", "X(X,X)"},
      {"[G]X", "X"},
      {"X[T,r:x]X", "X[T]X"},
      {"X[1:1,N]X[N]", "X[N,1:1]X[N]"},
  };
  for (const auto& [in, want] : cases) {
    const auto r = f1::repair(in, raw.call());
    ASSERT_TRUE(r) << in;
    EXPECT_EQ(*r, want) << in;
    Diagnostics d;
    EXPECT_TRUE(is_valid_strict(*r, d)) << *r;
  }
  EXPECT_FALSE(f1::repair("X[N]", raw.call()));  // nothing to repair
}

}  // namespace
}  // namespace genokit::genotype

namespace genokit::genotype {
namespace {

// Garbage made of f1 and f0 material: the raw operators must not crash on it, and what the door
// returns is valid.
TEST(GeneticOperators, GarbageNeverCrashes) {
  constexpr std::string_view kAlphabet = "XX(),,[]::LlRrCcQq|@GNT*0123-.9 \n!=/inpfors>:p:j:";
  frams::SdkRandom gen(123);
  Raw raw;
  frams::ParamValues p0(f0::operator_table());
  for (int i = 0; i < 3000; ++i) {
    std::string s;
    const auto n = gen.below(40);
    for (std::uint32_t k = 0; k < n; ++k)
      s += kAlphabet[gen.below(static_cast<std::uint32_t>(kAlphabet.size()))];
    (void)f1::mutate(s, raw.call());
    (void)f1::repair(s, raw.call());
    (void)f1::crossover(s, s.substr(s.size() / 2), raw.call());
    const f0::OperatorCall c0{raw.rng, p0, f0::default_neuron_class_lists(), raw.diags};
    (void)f0::mutate(s, c0);
    (void)f0::crossover(s, s, c0);
    OperatorOptions o;
    o.seed = static_cast<std::uint64_t>(i);
    Diagnostics d;
    if (const auto m = mutate(s, d, o)) {
      Diagnostics v;
      EXPECT_TRUE(is_valid_strict(m->genotype, v)) << s << " -> " << m->genotype;
    }
    raw.diags.clear();
  }
}

}  // namespace
}  // namespace genokit::genotype
