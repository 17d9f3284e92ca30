// f4, f9, fF and fn operators through the genotype door (GenMan's wrapper): the SDK's simplest
// genotypes, 10,000 mutations per encoding from the reference genotypes (every mutant valid, or a
// failure with its reason), crossover children valid, parameters from settings.
#include <gtest/gtest.h>

#include <map>

#include "common/encoding_oracle.hpp"
#include "genokit/genotype/operators.hpp"

using namespace genokit;
using namespace genokit::genotype;

namespace {

// The valid reference genotypes of an encoding folder ("f4", ".f4").
std::vector<std::string> parents(std::string_view dir, std::string_view ext) {
  std::string err;
  std::vector<std::string> out;
  for (const auto& c : test::reference_cases(dir, ext, err))
    if (c.dump.valid) {
      Diagnostics d;
      if (is_valid_strict(c.genotype, d)) out.push_back(c.genotype);
    }
  return out;
}

struct Tally {
  int ok = 0, failed = 0;
  std::map<std::string, int> kinds;
};

Tally mutate_many(const std::vector<std::string>& from, int n, const OperatorOptions& base = {}) {
  Tally t;
  for (int k = 0; k < n; ++k) {
    const std::string& g = from[static_cast<std::size_t>(k) % from.size()];
    Diagnostics d;
    OperatorOptions o = base;
    o.seed = static_cast<std::uint64_t>(k);
    const auto m = mutate(g, d, o);
    if (!m) {
      ++t.failed;
      EXPECT_TRUE(d.has_errors()) << "a failed mutation of " << g << " without a reason";
      continue;
    }
    ++t.ok;
    ++t.kinds[m->kind];
    Diagnostics v;
    EXPECT_TRUE(is_valid_strict(m->genotype, v)) << g << " -> " << m->genotype << " (" << m->kind << ")";
    const auto r = read(m->genotype, v);
    EXPECT_TRUE(r && r->model.valid) << m->genotype;
  }
  return t;
}

}  // namespace

TEST(EncodingOperators, SimplestGenotypesAreTheSdks) {
  const std::map<std::string, std::pair<std::string, std::size_t>> want{
      {"4", {"/*4*/X", 2}},
      {"9", {"/*9*/R", 2}},
      {"F", {"/*F*/6, 0.1, 0.1, 0.1, 1.05, 1.05, 1.05, 0, 0, 0", 6}},
      {"n", {"/*n*/[0.0, 0.0]", 1}}};
  for (const auto& [id, expected] : want) {
    Diagnostics d;
    const auto s = simplest(id, d);
    ASSERT_TRUE(s) << id;
    EXPECT_EQ(*s, expected.first);
    const auto r = read(*s, d);
    ASSERT_TRUE(r);
    EXPECT_TRUE(r->model.valid) << *s;
    EXPECT_EQ(r->model.parts.size(), expected.second) << *s;
  }
}

TEST(EncodingOperators, TenThousandMutationsEach) {
  GENOKIT_REQUIRE_CORPUS();
  const Tally f4 = mutate_many(parents("f4", ".f4"), 10000);
  EXPECT_GT(f4.ok, 9900);
  EXPECT_EQ(f4.kinds.size(), 7u);
  const Tally f9 = mutate_many(parents("f9", ".f9"), 10000);
  EXPECT_EQ(f9.ok, 10000);
  const Tally fF = mutate_many(parents("fF", ".fF"), 10000);
  EXPECT_EQ(fF.ok, 10000);
  EXPECT_EQ(fF.kinds.size(), 7u);  // fF.creep-n, -sx, -sy, -sz, -tr, -a1, -a2
  // With the default bounds (two values) only the two-value vectors mutate; the others fail with
  // the SDK's reason after 100 attempts.
  const auto fn_parents = parents("fn", ".fn");
  const Tally fn = mutate_many(fn_parents, 10000);
  EXPECT_GT(fn.ok, 0);
  EXPECT_GT(fn.failed, 0);
  EXPECT_EQ(fn.ok + fn.failed, 10000);
}

TEST(EncodingOperators, CrossoverChildrenAreValid) {
  GENOKIT_REQUIRE_CORPUS();
  for (const auto& [dir, ext] : {std::pair{"f4", ".f4"}, {"f9", ".f9"}, {"fF", ".fF"}, {"fn", ".fn"}}) {
    const auto from = parents(dir, ext);
    int ok = 0;
    for (int k = 0; k < 1000; ++k) {
      const std::string& a = from[static_cast<std::size_t>(k) % from.size()];
      const std::string& b =
          from[(static_cast<std::size_t>(k) / from.size() + static_cast<std::size_t>(k)) % from.size()];
      Diagnostics d;
      OperatorOptions o;
      o.seed = static_cast<std::uint64_t>(k);
      const auto x = crossover(a, b, d, o);
      if (!x) {
        EXPECT_TRUE(d.has_errors());
        continue;
      }
      ++ok;
      Diagnostics v;
      EXPECT_TRUE(is_valid_strict(x->genotype, v)) << a << " x " << b << " -> " << x->genotype;
    }
    EXPECT_GT(ok, std::string(dir) == "fn" ? 100 : 900) << dir;
  }
}

TEST(EncodingOperators, ParametersComeFromSettings) {
  // f9_mut = 0: nothing ever changes, so the SDK's operator fails every time (a known pitfall of
  // shipped .sim files).
  OperatorSettings s;
  Diagnostics sd;
  ASSERT_TRUE(s.assign("f9_mut=0", sd));
  OperatorOptions o;
  o.settings = &s;
  Diagnostics d;
  EXPECT_FALSE(mutate("/*9*/RRF", d, o));
  ASSERT_TRUE(d.has_errors());
  EXPECT_EQ(d.items().back().code, "genotype.mutation-failed");
  // fF_xover = 1: each child is its own parent.
  ASSERT_TRUE(s.assign("fF_xover=1", sd));
  Diagnostics x;
  const auto c = crossover("/*F*/5, 0.3, 0.3, 0.3, 1.05, 1.05, 1.05, 0.5, 0, 0",
                           "/*F*/7, 0.2, 0.2, 0.2, 1.1, 1.1, 1.1, 0, 0.3, 0.1", x, o);
  ASSERT_TRUE(c);
  EXPECT_TRUE(c->genotype == "/*F*/5, 0.3, 0.3, 0.3, 1.05, 1.05, 1.05, 0.5, 0.0, 0.0" ||
              c->genotype == "/*F*/7, 0.2, 0.2, 0.2, 1.1, 1.1, 1.1, 0.0, 0.3, 0.1")
      << c->genotype;
  // fn: one variable per mutation, bounds for three variables.
  ASSERT_TRUE(s.assign("fn_mut_single_var=1", sd));
  ASSERT_TRUE(s.assign("fn_mut_bound_low=[-1,-1,-1]", sd));
  ASSERT_TRUE(s.assign("fn_mut_bound_high=[1,1,1]", sd));
  ASSERT_TRUE(s.assign("fn_mut_stddev=[0.1,0.1,0.1]", sd));
  Diagnostics m;
  const auto mu = mutate("/*n*/[0.5, 0.5, 0.5]", m, o);
  ASSERT_TRUE(mu);
  EXPECT_EQ(mu->kind, "fn.creep-one");
  // f4: only repetitions.
  for (const char* a : {"f4_mut_del=0", "f4_mut_mod=0", "f4_mut_add_div=0", "f4_mut_add_conn=0",
                        "f4_mut_add_neupar=0", "f4_mut_add_simp=0"})
    ASSERT_TRUE(s.assign(a, sd));
  Diagnostics r;
  const auto rep = mutate("/*4*/<X>X", r, o);
  ASSERT_TRUE(rep);
  EXPECT_EQ(rep->kind, "f4.add-repetition");
  EXPECT_NE(rep->genotype.find("#2"), std::string::npos) << rep->genotype;
  EXPECT_TRUE(sd.empty());
}
