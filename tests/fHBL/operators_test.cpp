// fH, fB and fL genetic operators through the genotype door (GenMan's wrapper): 10,000 mutations per
// encoding from the reference genotypes with fixed seeds, every mutant valid or a reported failure;
// the frequency of each mutation kind the raw operator chooses (every attempt) against its weights
// (chi-square); crossover children valid; simplest genotypes exactly the SDK's; repairs.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "common/cli_run.hpp"
#include "common/test_paths.hpp"
#include "genokit/f0/neuron_mutation.hpp"
#include "genokit/fB/operators.hpp"
#include "genokit/fH/operators.hpp"
#include "genokit/fL/operators.hpp"
#include "genokit/frams/operator_params.hpp"
#include "genokit/genotype/encoding.hpp"
#include "genokit/genotype/operators.hpp"

using namespace genokit;
namespace fs = std::filesystem;

namespace {

// The reference genotypes of an encoding that the door finds genetically valid.
std::vector<std::string> valid_references(const std::string& enc) {
  std::vector<std::string> out;
  const fs::path dir = test::corpus_dir() / "framsticks/oracle-sdk-r909/encodings" / enc;
  std::vector<fs::path> files;
  for (auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == "." + enc) files.push_back(e.path());
  std::sort(files.begin(), files.end());
  for (const auto& f : files) {
    const std::string g = test::slurp(f);
    Diagnostics d;
    if (genotype::is_valid_strict(g, d)) out.push_back(g);
  }
  return out;
}

// 10,000 mutations (chained from each reference genotype, 100 steps each, restarting) with fixed
// seeds: each result valid, or a failure with its reason. Returns the kinds seen.
std::map<std::string, int> mutate_many(const std::vector<std::string>& parents, std::size_t n) {
  std::map<std::string, int> kinds;
  std::size_t failures = 0;
  std::string cur;
  for (std::size_t i = 0; i < n; ++i) {
    if (i % 100 == 0) cur = parents[(i / 100) % parents.size()];
    Diagnostics d;
    genotype::OperatorOptions o;
    o.seed = 1000 + i;
    const auto m = genotype::mutate(cur, d, o);
    if (!m) {
      ++failures;
      EXPECT_TRUE(d.has_errors()) << "a failed mutation without a reason:\n" << cur;
      continue;
    }
    ++kinds[m->kind];
    Diagnostics v;
    EXPECT_TRUE(genotype::is_valid_strict(m->genotype, v)) << m->kind << " made an invalid genotype:\n"
                                                           << m->genotype << "\nfrom\n"
                                                           << cur;
    EXPECT_GE(m->attempts, 1);
    cur = m->genotype;
  }
  EXPECT_LT(failures, n / 100) << "too many failed mutations";
  return kinds;
}

// Pearson's chi-square of observed counts against weights (categories with weight 0 must be empty).
double chi_square(const std::vector<double>& weights, const std::vector<std::size_t>& observed) {
  double total = 0, wsum = 0;
  for (std::size_t i = 0; i < weights.size(); ++i)
    total += static_cast<double>(observed[i]), wsum += weights[i];
  double chi = 0;
  for (std::size_t i = 0; i < weights.size(); ++i) {
    if (weights[i] == 0) {
      EXPECT_EQ(observed[i], 0u) << "category " << i << " has weight 0";
      continue;
    }
    const double e = total * weights[i] / wsum;
    chi += (static_cast<double>(observed[i]) - e) * (static_cast<double>(observed[i]) - e) / e;
  }
  return chi;
}
// 0.1 % critical values of chi-square by degrees of freedom.
double critical(std::size_t df) {
  static const double v[] = {0, 10.83, 13.82, 16.27, 18.47, 20.52, 22.46, 24.32};
  return v[std::min<std::size_t>(df, 7)];
}

// The raw operator of an encoding called `n` times on `genes` (every attempt counts): the methods
// it chose.
std::vector<int> raw_methods(const genotype::Encoding& e, const std::vector<std::string>& genes,
                             std::size_t n) {
  frams::SdkRandom rng(7);
  const frams::ParamValues params(e.params);
  std::vector<int> out;
  for (std::size_t i = 0; i < n; ++i) {
    Diagnostics d;
    const f0::OperatorCall call{rng, params, f0::default_neuron_class_lists(), d};
    const auto m = e.mutate(genes[i % genes.size()], call);
    out.push_back(m ? m->method : -2);
  }
  return out;
}

std::string genes_of(const std::string& text) {
  const auto nl = text.find('\n');
  return text.substr(nl + 1);
}

}  // namespace

TEST(FHBLOperators, SimplestGenotypesAreTheSdks) {
  Diagnostics d;
  EXPECT_EQ(genotype::simplest("H", d).value_or(""), "//H\n3\nj:");
  EXPECT_EQ(genotype::simplest("B", d).value_or(""), "//B\n5\naaazz");
  EXPECT_EQ(genotype::simplest("L", d).value_or(""), "/*L*/i:axiom=\"S()\", time=0, maxwords=300");
  for (const char* id : {"H", "B", "L"}) {
    Diagnostics v;
    EXPECT_TRUE(genotype::is_valid_strict(*genotype::simplest(id, d), v)) << id;
  }
}

TEST(FHBLOperators, TenThousandMutationsEach) {
  GENOKIT_REQUIRE_CORPUS();
  for (const char* enc : {"fH", "fB", "fL"}) {
    SCOPED_TRACE(enc);
    const auto parents = valid_references(enc);
    ASSERT_GE(parents.size(), 5u);
    const auto kinds = mutate_many(parents, 10000);
    EXPECT_GE(kinds.size(), 4u);  // every common kind happens
  }
}

TEST(FHBLOperators, MutationKindsFollowTheirWeights) {
  GENOKIT_REQUIRE_CORPUS();
  // fH: the first roulette (add, vectors, property, delete) and, among additions, stick/neuron/
  // connection; parents with more than one handle (deletion allowed).
  {
    const genotype::Encoding& e = *genotype::find_encoding("H");
    std::vector<std::string> genes;
    for (const auto& g : valid_references("fH"))
      if (std::count(g.begin(), g.end(), '\n') > 2) genes.push_back(genes_of(g));
    const auto methods = raw_methods(e, genes, 20000);
    std::vector<std::size_t> top(4, 0), add(3, 0);
    for (const int m : methods) {
      ASSERT_GE(m, 1);
      if (m >= 4)
        ++top[0], ++add[static_cast<std::size_t>(m - 4)];
      else
        ++top[static_cast<std::size_t>(m)];
    }
    EXPECT_LT(chi_square({0.3, 0.3, 0.3, 0.1}, top), critical(3))
        << top[0] << " " << top[1] << " " << top[2] << " " << top[3];
    EXPECT_LT(chi_square({0.33, 0.33, 0.33}, add), critical(2));
  }
  // fB: the six methods.
  {
    const genotype::Encoding& e = *genotype::find_encoding("B");
    std::vector<std::string> genes;
    for (const auto& g : valid_references("fB")) genes.push_back(genes_of(g));
    std::vector<std::size_t> n(6, 0);
    for (const int m : raw_methods(e, genes, 20000)) {
      ASSERT_GE(m, 0);
      ++n[static_cast<std::size_t>(m)];
    }
    EXPECT_LT(chi_square({0.6, 0.095, 0.005, 0.1, 0.0, 0.15}, n), critical(4));
  }
  // fL: the seven methods.
  {
    const genotype::Encoding& e = *genotype::find_encoding("L");
    std::vector<std::string> genes;
    for (const auto& g : valid_references("fL")) genes.push_back(genes_of(g));
    std::vector<std::size_t> n(7, 0);
    for (const int m : raw_methods(e, genes, 20000)) {
      ASSERT_GE(m, 0);
      ++n[static_cast<std::size_t>(m)];
    }
    EXPECT_LT(chi_square({0.2, 0.05, 0.1, 0.1, 0.3, 0.3, 0.2}, n), critical(6));
  }
}

TEST(FHBLOperators, CrossoverChildrenAreValid) {
  GENOKIT_REQUIRE_CORPUS();
  for (const char* enc : {"fH", "fB", "fL"}) {
    SCOPED_TRACE(enc);
    const auto parents = valid_references(enc);
    std::size_t made = 0;
    for (std::size_t i = 0; i < parents.size(); ++i)
      for (std::size_t j = 0; j < parents.size(); ++j) {
        for (std::uint64_t s = 0; s < 5; ++s) {
          Diagnostics d;
          genotype::OperatorOptions o;
          o.seed = 77 + s + 10 * (i * parents.size() + j);
          const auto c = genotype::crossover(parents[i], parents[j], d, o);
          if (!c) {  // fH and fB cross only parents with the same number of dimensions
            EXPECT_TRUE(d.has_errors());
            continue;
          }
          ++made;
          Diagnostics v;
          EXPECT_TRUE(genotype::is_valid_strict(c->genotype, v)) << c->genotype;
          EXPECT_GE(c->change, 0.0);
        }
      }
    EXPECT_GT(made, parents.size() * 5);
  }
}

TEST(FHBLOperators, RepairFixesWhatGenManFixes) {
  Diagnostics d;
  // fH: a clamped value is written clamped, a neuron of an unknown class goes.
  EXPECT_EQ(genotype::repair("//H\n1\nj:0,1,l=5\nn:0,0,d=Foo", d).value_or(""),
            "//H\n1\nj:y0=1.0, l=1.999\n");
  // fB: "aa" prepended, upper case lowered, a stick gene added when there is none.
  EXPECT_EQ(genotype::repair("//B\n1\naabMZzz", d).value_or(""), "//B\n1\naabmzzz");
  EXPECT_EQ(genotype::repair("//B\n2\naajmmzz", d).value_or(""), "//B\n2\naaazzaajmmzz");
  // fL (the raw repair, GenMan's validate): maxwords stops the development: the time it needed is
  // written, the axiom kept.
  frams::SdkRandom rng(1);
  const frams::ParamValues params(fL::operator_table());
  const f0::OperatorCall call{rng, params, f0::default_neuron_class_lists(), d};
  const auto r =
      fL::repair("w:A\ni:axiom=\"S()A()\", time=10, maxwords=5\nr:pred=A, succ=\"S()A()A()\"", call);
  ASSERT_TRUE(r);
  EXPECT_EQ(*r, "w:A\ni:axiom=S()A(), 2.0, maxwords=5\nr:pred=A, succ=S()A()A()\n");
}

TEST(FHBLOperators, ParametersComeFromSimFiles) {
  // Only deletion: every fH mutation deletes a handle.
  genotype::OperatorSettings s;
  Diagnostics d;
  ASSERT_TRUE(s.assign("fH_mut_addition=0", d));
  ASSERT_TRUE(s.assign("fH_mut_handle=0", d));
  ASSERT_TRUE(s.assign("fH_mut_property=0", d));
  ASSERT_TRUE(s.assign("fH_mut_deletion=1", d));
  genotype::OperatorOptions o;
  o.settings = &s;
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    o.seed = seed;
    Diagnostics md;
    const auto m = genotype::mutate("//H\n1\nj:0,1\nj:1,0\nn:0,0\n", md, o);
    ASSERT_TRUE(m);
    EXPECT_EQ(m->kind, "fH.delete");
  }
  // fL: only time changes, by the given step.
  genotype::OperatorSettings l;
  for (const char* a :
       {"fL_mut_addition=0", "fL_mut_worddefaddition=0", "fL_mut_ruleaddition=0", "fL_mut_rulecond=0",
        "fL_mut_changeword=0", "fL_mut_deletion=0", "fL_mut_changeiter_step=0.5"})
    ASSERT_TRUE(l.assign(a, d)) << a;
  o.settings = &l;
  o.seed = 3;
  Diagnostics md;
  const auto m = genotype::mutate("//L\ni:axiom=\"S()\", time=2", md, o);
  ASSERT_TRUE(m);
  EXPECT_EQ(m->kind, "fL.change-time");
  EXPECT_TRUE(m->genotype.find(", 2.5") != std::string::npos ||
              m->genotype.find(", 1.5") != std::string::npos)
      << m->genotype;
}
