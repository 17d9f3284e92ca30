// f0's genetic operators: every kind on a body where all can act, frequencies against the
// weights, the mi=d / mi=m tags, crossover by limb exchange, corpus genotypes through the door.
#include <gtest/gtest.h>

#include <iostream>
#include <map>
#include <set>

#include "corpus_genotypes.hpp"
#include "genokit/f0/operator_table.hpp"
#include "genokit/f0/operators.hpp"
#include "genokit/f0/parser.hpp"
#include "genokit/genotype/encoding.hpp"
#include "genokit/genotype/operators.hpp"

namespace genokit::genotype {
namespace {

// Four parts in a loop (a joint can go), part 4 on a stick (a part can go), parts 0 and 2 close
// enough for a new joint; an N, a bend muscle and a touch sensor, connected.
constexpr std::string_view kRich =
    "p:\np:1.0\np:1.0, 1.0\np:0.0, 1.0\np:-1.0\n"
    "j:0, 1\nj:1, 2\nj:2, 3\nj:3, 0\nj:0, 4\n"
    "n:p=0\nn:j=0, d=|\nn:p=1, d=T\n"
    "c:1, 0\nc:0, 2, 2.0\n";

struct Raw {
  frams::ParamValues params{f0::operator_table()};
  frams::SdkRandom rng;
  Diagnostics diags;
  f0::OperatorCall call() { return {rng, params, f0::default_neuron_class_lists(), diags}; }
};

bool valid_f0(std::string_view genes, std::string* why = nullptr) {
  Diagnostics d;
  const bool ok = is_valid_strict("//0\n" + std::string(genes), d);
  if (!ok && why && !d.items().empty()) *why = d.items().front().message;
  return ok;
}

TEST(F0Mutation, EveryKindActsAndStaysValid) {
  ASSERT_TRUE(valid_f0(kRich));
  Raw raw;
  for (std::string_view id : f0::mutation_weight_ids()) raw.params.set_number(raw.params.find(id), 1);
  std::map<std::string, std::pair<int, int>> kinds;  // valid, total
  for (int i = 0; i < 4800; ++i) {
    raw.diags.clear();
    const auto m = f0::mutate(kRich, raw.call());
    if (!m) continue;  // (a move that would stretch a joint: retried by the door)
    std::string why;
    const bool ok = valid_f0(m->genes, &why);
    auto& k = kinds[m->kind];
    k.first += ok, k.second++;
    EXPECT_NE(m->genes, kRich) << m->kind;
    EXPECT_TRUE(ok || m->kind == "f0.move-part") << m->kind << ": " << why << "\n" << m->genes;
  }
  EXPECT_EQ(kinds.size(), f0::mutation_kinds().size());
  for (const auto& [k, v] : kinds) EXPECT_GT(v.second, 100) << k;
}

// With the default weights (f0_p_new 5, f0_p_del 5, f0_p_swp 10, f0_p_pos 10, f0_p_frc 10,
// f0_p_ing 10, f0_j_new 5, f0_j_del 5, f0_j_stf 10, f0_j_rsf 10, f0_n_new 5, f0_n_del 5,
// f0_n_prp 10, f0_c_new 5, f0_c_del 5, f0_c_wei 10; the others 0) each kind comes with
// probability weight / sum.
TEST(F0Mutation, KindFrequenciesMatchTheWeights) {
  Raw raw;
  raw.rng.seed(99);
  const auto ids = f0::mutation_weight_ids();
  std::vector<double> w;
  double sum = 0;
  for (std::string_view id : ids) w.push_back(raw.params.number(id)), sum += w.back();
  std::vector<double> counts(ids.size(), 0);
  const int n = 100000;
  int made = 0;
  for (int i = 0; i < n; ++i) {
    const auto m = f0::mutate(kRich, raw.call());
    const int k =
        m ? m->method : static_cast<int>(std::find(ids.begin(), ids.end(), "f0_p_pos") - ids.begin());
    counts[static_cast<std::size_t>(k)] += 1;  // (a refused move is still a drawn move)
    made += m.has_value();
  }
  double chi = 0;
  int dof = -1;
  for (std::size_t k = 0; k < ids.size(); ++k) {
    if (w[k] == 0) {
      EXPECT_EQ(counts[k], 0) << ids[k];
      continue;
    }
    const double e = n * w[k] / sum;
    chi += (counts[k] - e) * (counts[k] - e) / e;
    ++dof;
  }
  ASSERT_EQ(dof, 15);
  EXPECT_LT(chi, 37.70);  // 15 d.o.f., p = 0.001
  EXPECT_GT(made, n * 9 / 10);
}

TEST(F0Mutation, TagsProtectElements) {
  // Part 1 (a leaf) may not be deleted (mi=d), part 2 not modified (mi=m), joint 0 neither (mi=dm).
  const std::string genes =
      "p:\np:-1.0, i=\"mi=d\"\np:1.0, fr=0.5, i=\"mi=m\"\np:2.0\n"
      "j:0, 2, i=\"mi=dm\"\nj:2, 3\nj:0, 1\n";
  ASSERT_TRUE(valid_f0(genes));
  Raw raw;
  auto count = [](const f0::Model& x, std::string_view info) {
    int n = 0;
    for (const auto& p : x.parts) n += p.info == info;
    return n;
  };
  std::set<std::string> kinds;
  for (int i = 0; i < 3000; ++i) {
    const auto m = f0::mutate(genes, raw.call());
    if (!m) continue;
    kinds.insert(m->kind);
    Diagnostics d;
    const f0::Model x = f0::parse(m->genes, d);
    EXPECT_EQ(count(x, "mi=d"), 1) << m->kind << "\n" << m->genes;
    for (const auto& p : x.parts)
      if (p.info == "mi=m") {
        EXPECT_EQ(p.fr, 0.5) << m->kind;
        EXPECT_EQ(p.pos.x, 1.0) << m->kind;
      }
    int tagged_j = 0;
    for (const auto& j : x.joints)
      if (j.info == "mi=dm") {
        ++tagged_j;
        EXPECT_EQ(j.stif, 1.0) << m->kind;
        EXPECT_EQ(j.rotstif, 1.0) << m->kind;
      }
    EXPECT_EQ(tagged_j, 1) << m->kind << "\n" << m->genes;
  }
  EXPECT_TRUE(kinds.count("f0.remove-part"));  // (part 3 can go)
  // Without the rule (f0_nodel_tag 0) the tagged part can go.
  raw.params.set_number(raw.params.find("f0_nodel_tag"), 0);
  bool gone = false;
  for (int i = 0; i < 3000 && !gone; ++i)
    if (const auto m = f0::mutate(genes, raw.call()); m && m->kind == "f0.remove-part") {
      Diagnostics d;
      gone = count(f0::parse(m->genes, d), "mi=d") == 0;
    }
  EXPECT_TRUE(gone);
}

TEST(F0Crossover, LimbsAreExchanged) {
  const std::string a = "p:\np:1.0\np:2.0\nj:0, 1\nj:1, 2\nn:p=2, d=T\n";
  const std::string b =
      "p:, vr=0.0\np:0.0, 1.0, vr=0.0\np:0.0, 2.0, vr=0.0\np:1.0, 2.0, vr=0.0\nj:0, 1\nj:1, 2\nj:2, 3\n";
  Raw raw;
  std::set<std::string> children;
  for (int i = 0; i < 200; ++i) {
    const auto x = f0::crossover(a, b, raw.call());
    ASSERT_TRUE(x);
    for (const std::string& c : {x->child1, x->child2}) {
      std::string why;
      EXPECT_TRUE(valid_f0(c, &why)) << why << "\n" << c;
      // Material from both parents: parts of `a` have vr=1, of `b` vr=0.
      Diagnostics d;
      const f0::Model m = f0::parse(c, d);
      int red = 0, black = 0;
      for (const auto& p : m.parts) (p.color.x == 0 ? black : red)++;
      EXPECT_GT(red, 0) << c;
      EXPECT_GT(black, 0) << c;
      children.insert(c);
    }
    EXPECT_GT(x->chg1, 0);
    EXPECT_LT(x->chg1, 1);
  }
  EXPECT_GT(children.size(), 4u);
}

TEST(F0Operators, CorpusGenotypesThroughTheDoor) {
  GENOKIT_REQUIRE_CORPUS();
  const auto genos = test::corpus_genotypes("0");
  std::size_t tried = 0, made = 0, first = 0, xo = 0;
  for (std::size_t i = 0; i < genos.size(); ++i) {
    Diagnostics v;
    if (!is_valid_strict(genos[i], v)) continue;
    for (int k = 0; k < 5; ++k) {
      Diagnostics d;
      OperatorOptions o;
      o.seed = i * 10 + static_cast<std::uint64_t>(k);
      const auto m = mutate(genos[i], d, o);
      ++tried;
      if (m) ++made, first += m->attempts == 1 && !m->repaired;
    }
    Diagnostics d;
    OperatorOptions o;
    o.seed = i;
    xo += crossover(genos[i], genos[(i + 1) % genos.size()], d, o).has_value();
  }
  std::cout << "f0 corpus: " << made << " of " << tried << " mutated, " << first << " valid at once, " << xo
            << " crossovers\n";
  EXPECT_EQ(made, tried);
  EXPECT_GT(static_cast<double>(first), 0.9 * static_cast<double>(tried));
}

}  // namespace
}  // namespace genokit::genotype
