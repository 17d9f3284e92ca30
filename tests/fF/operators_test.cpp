// fF's raw operators: which parameter creeps (uniform over seven), ranges and rounding, the
// linear-mix crossover, the SDK's repair text.
#include <gtest/gtest.h>

#include <cmath>
#include <map>

#include "common/operator_call.hpp"
#include "genokit/fF/convert.hpp"
#include "genokit/fF/operators.hpp"

using namespace genokit;

TEST(FFOperators, OneOfSevenParametersCreeps) {
  test::RawCall c(fF::operator_table(), 42);
  const std::vector<std::string> names{"fF.creep-n",  "fF.creep-sx", "fF.creep-sy", "fF.creep-sz",
                                       "fF.creep-tr", "fF.creep-a1", "fF.creep-a2"};
  std::vector<double> count(7, 0);
  std::string g(fF::kSimplest);
  for (int k = 0; k < 7000; ++k) {
    auto call = c.call();
    const auto m = fF::mutate(g, call);
    ASSERT_TRUE(m);
    EXPECT_DOUBLE_EQ(m->chg, 0.1);
    const auto at = std::find(names.begin(), names.end(), m->kind);
    ASSERT_NE(at, names.end()) << m->kind;
    ++count[static_cast<std::size_t>(at - names.begin())];
    EXPECT_EQ(fF::check_validity(m->genes), 0) << m->genes;
    fF::Params p;
    Diagnostics d;
    ASSERT_TRUE(fF::load(m->genes, p, d));
    EXPECT_TRUE(d.empty()) << m->genes;  // every value within its range
    EXPECT_EQ(p.rad0x, 0.1);             // radii never mutate
    EXPECT_DOUBLE_EQ(std::round(p.tr * 1000) / 1000, p.tr);
    g = k % 50 == 49 ? std::string(fF::kSimplest) : m->genes;
  }
  EXPECT_LT(test::chi_square(count, std::vector<double>(7, 1.0 / 7)), 22.46);  // 6 df, p = 0.001
}

TEST(FFOperators, CrossoverMixesLinearly) {
  test::RawCall c(fF::operator_table(), 1);
  c.params.set_number(c.params.find("fF_xover"), 0.75);
  auto call = c.call();
  const auto x = fF::crossover("4, 0.2, 0.2, 0.2, 1.0, 1.0, 1.0, 0, 0, 0",
                               "8, 0.6, 0.2, 0.2, 1.1, 1.0, 1.0, 1, 0, 0", call);
  ASSERT_TRUE(x);
  fF::Params a, b;
  Diagnostics d;
  ASSERT_TRUE(fF::load(x->child1, a, d) && fF::load(x->child2, b, d));
  EXPECT_EQ(a.n, 5);  // 0.75 * 4 + 0.25 * 8
  EXPECT_EQ(b.n, 7);
  EXPECT_NEAR(a.rad0x, 0.3, 1e-12);
  EXPECT_NEAR(b.rad0x, 0.5, 1e-12);
  EXPECT_NEAR(a.sx, 1.025, 1e-12);
  EXPECT_NEAR(b.tr, 0.75, 1e-12);
  EXPECT_DOUBLE_EQ(x->chg1, 0.75);
}

TEST(FFOperators, RepairWritesTheTenValues) {
  test::RawCall c(fF::operator_table(), 1);
  auto call = c.call();
  EXPECT_EQ(fF::repair("6,0.1", call),
            "6, 0.1, 1.0, 1.0, 1.05, 1.05, 1.05, 0.0, 0.0, 0.0");  // the notes' example
  EXPECT_EQ(fF::repair("20, 5, x", call), "15, 2.0, 1.0, 1.0, 1.05, 1.05, 1.05, 0.0, 0.0, 0.0");
}
