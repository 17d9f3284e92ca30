// f9's raw operators: substitution and insertion/deletion rates, uniform letters, one-point
// crossover, repair.
#include <gtest/gtest.h>

#include <cmath>

#include "common/operator_call.hpp"
#include "genokit/f9/convert.hpp"
#include "genokit/f9/operators.hpp"

using namespace genokit;

TEST(F9Operators, MutationRatesAndLetters) {
  test::RawCall c(f9::operator_table(), 99);
  c.params.set_number(c.params.find("f9_mut"), 0.2);
  const std::string parent(200, 'R');
  double changed = 0, runs = 0, longer = 0, shorter = 0;
  std::vector<double> letters(6, 0);
  for (int k = 0; k < 500; ++k) {
    auto call = c.call();
    const auto m = f9::mutate(parent, call);
    ASSERT_TRUE(m);
    EXPECT_EQ(m->kind, "f9.substitute-insert-delete");
    EXPECT_EQ(f9::check_validity(m->genes), 0);
    longer += m->genes.size() > parent.size();
    shorter += m->genes.size() < parent.size();
    if (m->genes.size() == parent.size()) {
      ++runs;
      for (char ch : m->genes) {
        changed += ch != 'R';
        if (ch != 'R') ++letters[f9::kMoves.find(ch)];
      }
    }
  }
  // Each letter changes with probability 0.2 * 5/6; one insertion or deletion with 0.2 (half each).
  const double mean = changed / runs, expected = 200 * 0.2 * 5 / 6;
  EXPECT_NEAR(mean, expected, 4 * std::sqrt(200 * (1.0 / 6) * (5.0 / 6) / runs));
  EXPECT_NEAR(longer / 500, 0.1, 0.05);
  EXPECT_NEAR(shorter / 500, 0.1, 0.05);
  letters.erase(letters.begin() + 1);                                        // no 'R' counted among changes
  EXPECT_LT(test::chi_square(letters, std::vector<double>(5, 0.2)), 18.47);  // 4 df, p = 0.001
}

TEST(F9Operators, NothingChangedIsAFailure) {
  test::RawCall c(f9::operator_table(), 1);
  c.params.set_number(c.params.find("f9_mut"), 0);
  auto call = c.call();
  EXPECT_FALSE(f9::mutate("RFU", call));
}

TEST(F9Operators, CrossoverAndRepair) {
  test::RawCall c(f9::operator_table(), 3);
  for (int k = 0; k < 200; ++k) {
    auto call = c.call();
    const auto x = f9::crossover("RRRRRR", "LLLL", call);
    ASSERT_TRUE(x);
    EXPECT_EQ(x->child1.size() + x->child2.size(), 10u);
    EXPECT_EQ(x->child1.find('L') == std::string::npos ? 0u : x->child1.find('L'),
              x->child1.find('L') == std::string::npos
                  ? 0u
                  : static_cast<std::size_t>(x->chg1 * x->child1.size() + 0.5));
  }
  auto call = c.call();
  EXPECT_EQ(f9::repair("R x F\nu1U", call), "RFU");
  EXPECT_EQ(f9::repair("xyz", call), "");
}
