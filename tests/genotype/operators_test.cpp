// The GenMan wrapper of the door, driven by a fake encoding registered for these tests: "T", genes
// of the letters ACGT (valid when non-empty and nothing else), repair = drop other characters, and
// a mutation / crossover whose behaviour each test sets.
#include <gtest/gtest.h>

#include <functional>
#include <set>
#include <string>

#include "genokit/genotype/operators.hpp"
#include "genotype/encodings.hpp"

namespace genokit::genotype {
namespace {

constexpr std::array kFakeParams{frams::operator_param("fT_rate", 'f', 0, 1, 0.5, "rate", "a test rate")};

bool acgt(std::string_view genes) {  // (line breaks allowed, for the header tests)
  return !genes.empty() && genes.find_first_not_of("ACGT\n") == std::string_view::npos;
}
std::string_view genes_of(std::string_view text) {
  if (text.starts_with("/*T*/")) return text.substr(5);
  if (text.starts_with("//T\n")) return text.substr(4);
  return text;
}

struct Fake {
  std::function<std::optional<f0::Mutation>(std::string_view, const f0::OperatorCall&)> mutate;
  std::function<std::optional<f0::Crossing>(std::string_view, std::string_view, const f0::OperatorCall&)>
      cross;
  bool with_repair = true;
  int mutate_calls = 0;
  int checks = 0;  // check_strict calls
};
Fake* g_fake = nullptr;

Encoding fake_encoding() {
  Encoding e;
  e.id = "T";
  e.name = "fT";
  e.description = "test encoding";
  e.to_model = [](std::string_view text, Diagnostics&, const ReadOptions&) {
    Genotype g;
    g.model.valid = acgt(genes_of(text));
    return g;
  };
  e.params = kFakeParams;
  e.simplest = [] { return std::string("GATCGATTACA"); };
  e.check_strict = [](std::string_view text, Diagnostics& d) {
    if (g_fake) ++g_fake->checks;
    if (acgt(genes_of(text))) return true;
    d.error("fT.bad-letter", "only A, C, G and T are genes");
    return false;
  };
  e.repair = [](std::string_view genes, const f0::OperatorCall& call) -> std::optional<std::string> {
    if (!g_fake->with_repair) return std::nullopt;
    std::string out;
    for (char c : genes)
      if (std::string_view("ACGT").find(c) != std::string_view::npos) out += c;
    if (out.empty()) return std::nullopt;
    return out;
  };
  e.mutate = [](std::string_view genes, const f0::OperatorCall& call) {
    ++g_fake->mutate_calls;
    return g_fake->mutate(genes, call);
  };
  e.crossover = [](std::string_view a, std::string_view b, const f0::OperatorCall& call) {
    return g_fake->cross(a, b, call);
  };
  return e;
}

class OperatorWrapper : public ::testing::Test {
 protected:
  void SetUp() override { g_fake = &fake; }
  void TearDown() override { g_fake = nullptr; }
  Fake fake;
  detail::ScopedEncoding registered{fake_encoding()};
};

// A random point mutation: one letter replaced by a random letter.
std::optional<f0::Mutation> point(std::string_view genes, const f0::OperatorCall& call) {
  std::string g(genes);
  const std::uint32_t at = call.rng.below(static_cast<std::uint32_t>(g.size()));
  g[at] = "ACGT"[call.rng.below(4)];
  return f0::Mutation{g, "fT.point", 0, 1.0 / static_cast<double>(g.size())};
}

TEST_F(OperatorWrapper, RegisteredAndSimplest) {
  ASSERT_TRUE(registered.added());
  ASSERT_NE(find_encoding("T"), nullptr);
  Diagnostics d;
  EXPECT_EQ(simplest("T", d), "/*T*/GATCGATTACA");
}

TEST_F(OperatorWrapper, RetriesFailedAttempts) {
  int fails = 7;
  fake.mutate = [&](std::string_view genes, const f0::OperatorCall& call) -> std::optional<f0::Mutation> {
    if (fails-- > 0) {
      call.diags.error("fT.cannot", "not this time");
      return std::nullopt;
    }
    return point(genes, call);
  };
  OperatorStats stats;
  Diagnostics d;
  const auto m = mutate("/*T*/ACGT", d, {.seed = 1, .stats = &stats});
  ASSERT_TRUE(m) << (d.items().empty() ? "" : d.items()[0].message);
  EXPECT_TRUE(d.empty());
  EXPECT_EQ(m->attempts, 8);
  EXPECT_EQ(m->kind, "fT.point");
  EXPECT_EQ(m->change, 0.25);
  EXPECT_EQ(stats.mfailed, 7u);
  EXPECT_EQ(stats.mvalid, 1u);
  EXPECT_EQ(m->info, "25.00% mutation of ''");
}

TEST_F(OperatorWrapper, RepairedResultsAreAccepted) {
  fake.mutate = [](std::string_view genes, const f0::OperatorCall&) {
    return std::optional<f0::Mutation>(f0::Mutation{std::string(genes) + "xA", "fT.append", 1, 0.5});
  };
  OperatorStats stats;
  Diagnostics d;
  const auto m = mutate("/*T*/AC", d, {.stats = &stats});
  ASSERT_TRUE(m);
  EXPECT_EQ(m->genotype, "/*T*/ACA");
  EXPECT_TRUE(m->repaired);
  EXPECT_EQ(m->attempts, 1);
  EXPECT_EQ(stats.mvalidated, 1u);
  EXPECT_EQ(stats.mvalid, 0u);
}

TEST_F(OperatorWrapper, FailsAfterAHundredAttemptsWithTheReason) {
  fake.with_repair = false;
  fake.mutate = [](std::string_view, const f0::OperatorCall&) {
    return std::optional<f0::Mutation>(f0::Mutation{"ACXT", "fT.bad", -1, 0.25});
  };
  OperatorStats stats;
  Diagnostics d;
  EXPECT_EQ(mutate("/*T*/ACGT", d, {.stats = &stats}), std::nullopt);
  EXPECT_EQ(fake.mutate_calls, kOperatorAttempts);
  EXPECT_EQ(stats.minvalid, 100u);
  ASSERT_EQ(d.items().size(), 1u);
  EXPECT_EQ(d.items()[0].code, "genotype.mutation-failed");
  EXPECT_EQ(
      d.items()[0].message,
      "mutation of this fT genotype tried 100 times and failed (0 operator failures, 100 invalid results); "
      "the last: 'fT.bad' made an invalid genotype: only A, C, G and T are genes");
}

TEST_F(OperatorWrapper, InvalidParentIsRepairedOrRefused) {
  fake.mutate = point;
  Diagnostics d;
  const auto m = mutate("/*T*/AxCG", d);
  ASSERT_TRUE(m);
  EXPECT_TRUE(m->parent_repaired);
  ASSERT_EQ(d.items().size(), 1u);
  EXPECT_EQ(d.items()[0].code, "genotype.parent-repaired");
  EXPECT_EQ(m->genotype.size(), std::string("/*T*/ACG").size());
  Diagnostics e;
  EXPECT_EQ(mutate("/*T*/xx", e), std::nullopt);
  EXPECT_EQ(fake.mutate_calls, 1);
  ASSERT_FALSE(e.items().empty());
  EXPECT_EQ(e.items().back().code, "genotype.invalid-parent");
  EXPECT_EQ(e.items().back().message,
            "the parent is not a valid fT genotype and cannot be repaired: only A, C, G and T are genes");
  Diagnostics r;
  EXPECT_EQ(repair("/*T*/AxC", r), "/*T*/AC");
  EXPECT_EQ(repair("/*T*/AC", r), "/*T*/AC");
}

TEST_F(OperatorWrapper, SameSeedSameMutant) {
  fake.mutate = point;
  std::set<std::string> distinct;
  for (std::uint64_t seed = 0; seed < 50; ++seed) {
    Diagnostics d1, d2;
    const auto a = mutate("/*T*/AAAAAAAAAAAAAAAA", d1, {.seed = seed});
    const auto b = mutate("/*T*/AAAAAAAAAAAAAAAA", d2, {.seed = seed});
    ASSERT_TRUE(a && b);
    EXPECT_EQ(a->genotype, b->genotype);
    distinct.insert(a->genotype);
  }
  EXPECT_GT(distinct.size(), 15u);  // 49 possible mutants
  // Seed 0's stream is the SDK's: R(16) then R(4) from MT19937(0) (U = 0.5488, 0.5928).
  Diagnostics d;
  EXPECT_EQ(mutate("/*T*/AAAAAAAAAAAAAAAA", d, {.seed = 0})->genotype, "/*T*/AAAAAAAAGAAAAAAA");
}

// A caller that knows its parents are valid saves their checks (only the result is checked) and
// gets the same results, seed for seed.
TEST_F(OperatorWrapper, KnownValidParentsAreNotCheckedAgain) {
  fake.mutate = point;
  fake.cross = [](std::string_view a, std::string_view b, const f0::OperatorCall& call) {
    const std::uint32_t cut = call.rng.below(static_cast<std::uint32_t>(std::min(a.size(), b.size())));
    return std::optional<f0::Crossing>(
        f0::Crossing{std::string(a.substr(0, cut)) + std::string(b.substr(cut)),
                     std::string(b.substr(0, cut)) + std::string(a.substr(cut)), true, 0.5, 0.5, ""});
  };
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    Diagnostics d1, d2;
    fake.checks = 0;
    const auto a = mutate("/*T*/ACGTACGTACGT", d1, {.seed = seed});
    EXPECT_EQ(fake.checks, 2);  // the parent, the mutant
    fake.checks = 0;
    const auto b = mutate("/*T*/ACGTACGTACGT", d2, {.seed = seed, .parents_valid = true});
    EXPECT_EQ(fake.checks, 1);
    ASSERT_TRUE(a && b);
    EXPECT_EQ(a->genotype, b->genotype);
    EXPECT_EQ(a->kind, b->kind);
    fake.checks = 0;
    const auto x = crossover("/*T*/AAAAAAAA", "/*T*/CCCCCCCC", d1, {.seed = seed});
    EXPECT_EQ(fake.checks, 3);  // two parents, the child
    fake.checks = 0;
    const auto y = crossover("/*T*/AAAAAAAA", "/*T*/CCCCCCCC", d2, {.seed = seed, .parents_valid = true});
    EXPECT_EQ(fake.checks, 1);
    ASSERT_TRUE(x && y);
    EXPECT_EQ(x->genotype, y->genotype);
    EXPECT_EQ(x->child, y->child);
  }
}

TEST_F(OperatorWrapper, OneOfTwoChildrenIsKeptWithR2) {
  fake.cross = [](std::string_view a, std::string_view b, const f0::OperatorCall&) {
    return std::optional<f0::Crossing>(
        f0::Crossing{std::string(a) + "C", std::string(b) + "G", true, 0.8, 0.6, ""});
  };
  int first = 0;
  constexpr int n = 2000;
  for (int seed = 0; seed < n; ++seed) {
    Diagnostics d;
    const auto x = crossover("/*T*/AA", "/*T*/TT", d,
                             {.seed = static_cast<std::uint64_t>(seed), .name1 = "a", .name2 = "b"});
    ASSERT_TRUE(x);
    if (x->child == 1) {
      ++first;
      EXPECT_EQ(x->genotype, "/*T*/AAC");
      EXPECT_EQ(x->change, 0.8);
      EXPECT_EQ(x->info, "Crossing over of 'a' (80.00%) and 'b' (20.00%)");
    } else {
      EXPECT_EQ(x->genotype, "/*T*/TTG");
      EXPECT_DOUBLE_EQ(x->change, 0.4);  // parent 1's share of child 2
    }
  }
  EXPECT_NEAR(first, n / 2, 3 * 22.4);  // 3 standard deviations of a fair coin
  // One child: no draw for the choice.
  fake.cross = [](std::string_view a, std::string_view, const f0::OperatorCall&) {
    f0::Crossing x;
    x.child1 = std::string(a) + "A";
    x.two_children = false;
    x.chg1 = 1;
    return std::optional<f0::Crossing>(x);
  };
  Diagnostics d;
  const auto one = crossover("/*T*/AA", "/*T*/TT", d);
  ASSERT_TRUE(one);
  EXPECT_EQ(one->child, 1);
  EXPECT_EQ(one->genotype, "/*T*/AAA");
}

TEST_F(OperatorWrapper, CrossoverRefusesMixedAndInvalidParents) {
  fake.cross = [](std::string_view a, std::string_view, const f0::OperatorCall&) {
    return std::optional<f0::Crossing>(f0::Crossing{std::string(a), std::string(a), true, 1, 0, ""});
  };
  Diagnostics d;
  EXPECT_EQ(crossover("/*T*/AA", "X", d), std::nullopt);
  EXPECT_EQ(d.items().back().code, "genotype.mixed-encodings");
  fake.with_repair = false;
  Diagnostics e;
  EXPECT_EQ(crossover("/*T*/AA", "/*T*/Ax", e), std::nullopt);
  EXPECT_EQ(e.items().back().message,
            "parent #2 is not a valid fT genotype and cannot be repaired: only A, C, G and T are genes");
}

TEST_F(OperatorWrapper, ParametersReachTheOperator) {
  Diagnostics d;
  OperatorSettings s;  // made after the registration: it has fT's table
  ASSERT_NE(s.of(*find_encoding("T")), nullptr);
  EXPECT_TRUE(s.assign("fT_rate=0.9", d));
  EXPECT_TRUE(s.assign("gen_extmutinfo:2", d));
  EXPECT_TRUE(d.empty());
  EXPECT_TRUE(s.take("fT_rat", "1", d));  // a typo: warned, with the known names
  ASSERT_EQ(d.items().size(), 1u);
  EXPECT_EQ(d.items()[0].code, "genotype.unknown-operator-setting");
  EXPECT_EQ(d.items()[0].message, "'fT_rat' is not a fT operator setting; it is ignored (known: fT_rate)");
  s.take("fT_rate", "7", d);  // clamped as the SDK does
  EXPECT_EQ(d.items().back().code, "frams.value-clamped");
  EXPECT_TRUE(s.assign("fT_rate=0.9", d));
  double seen = -1;
  fake.mutate = [&](std::string_view genes, const f0::OperatorCall& call) {
    seen = call.params.number("fT_rate");
    return point(genes, call);
  };
  Diagnostics m;
  const auto r = mutate("/*T*/ACGT", m, {.seed = 3, .settings = &s, .name1 = "Abc"});
  ASSERT_TRUE(r);
  EXPECT_EQ(seen, 0.9);
  EXPECT_EQ(r->info, "25.00% mutation(fT.point) of 'Abc'");
  // Without settings: the table's defaults.
  mutate("/*T*/ACGT", m);
  EXPECT_EQ(seen, 0.5);
}

TEST_F(OperatorWrapper, HeadersAreWrittenAsTheSdkDoes) {
  // Genes with a line break get "//T" + newline, genes on one line "/*T*/", whatever the parent had.
  fake.mutate = [](std::string_view genes, const f0::OperatorCall&) {
    return std::optional<f0::Mutation>(f0::Mutation{std::string(genes) + "\nA", "fT.line", -1, 0});
  };
  Diagnostics d;
  EXPECT_EQ(mutate("/*T*/AC", d)->genotype, "//T\nAC\nA");
  fake.mutate = point;
  EXPECT_EQ(mutate("//T\nAAAA", d, {.seed = 0})->genotype.substr(0, 5), "/*T*/");
  EXPECT_TRUE(d.empty());
  // f1 is written bare, f0 with its multi-line header.
  EXPECT_EQ(simplest("1", d), "X");
  EXPECT_EQ(simplest("0", d), "//0\np:\np:1.0\nj:0, 1\n");
  EXPECT_TRUE(is_valid_strict(*simplest("0", d), d));
}

TEST_F(OperatorWrapper, MissingSlotsAreReported) {
  Encoding partial;
  partial.id = "U";
  partial.name = "fU";
  partial.to_model = [](std::string_view, Diagnostics&, const ReadOptions&) { return Genotype{}; };
  detail::ScopedEncoding u(partial);
  Diagnostics d;
  EXPECT_EQ(simplest("U", d), std::nullopt);
  EXPECT_EQ(mutate("/*U*/x", d), std::nullopt);
  EXPECT_EQ(crossover("/*U*/x", "/*U*/y", d), std::nullopt);
  EXPECT_EQ(repair("/*U*/x", d), std::nullopt);  // invalid, no repair
  std::vector<std::string> codes;
  for (const auto& x : d.items()) codes.push_back(x.code);
  EXPECT_EQ(codes, (std::vector<std::string>{"genotype.unsupported-operator", "genotype.unsupported-operator",
                                             "genotype.unsupported-operator", "genotype.invalid-parent"}));
  EXPECT_EQ(d.items().back().message,
            "the genotype is not a valid fU genotype: the encoding's check rejects it");
}

}  // namespace
}  // namespace genokit::genotype
