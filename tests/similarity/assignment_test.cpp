// The assignment solver against exhaustive search, on random real-valued and tied integer costs.
#include "similarity/assignment.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

namespace genokit::similarity::detail {
namespace {

double brute_force(const std::vector<double>& cost, int n) {
  std::vector<int> p(n);
  for (int i = 0; i < n; ++i) p[i] = i;
  double best = std::numeric_limits<double>::infinity();
  do {
    double s = 0;
    for (int i = 0; i < n; ++i) s += cost[i * n + p[i]];
    best = std::min(best, s);
  } while (std::next_permutation(p.begin(), p.end()));
  return best;
}

TEST(Assignment, MatchesExhaustiveSearch) {
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 600; ++trial) {
    const int n = 1 + trial % 8;
    std::vector<double> cost(n * n);
    if (trial % 3 == 0) {  // many ties
      std::uniform_int_distribution<int> d(0, 3);
      for (double& c : cost) c = d(rng);
    } else {
      std::uniform_real_distribution<double> d(0, trial % 2 ? 1 : 100);
      for (double& c : cost) c = d(rng);
    }
    std::vector<int> a;
    const double got = solve_assignment(cost, n, &a);
    EXPECT_NEAR(got, brute_force(cost, n), 1e-9) << "trial " << trial;
    // The assignment is a permutation and the value is its cost.
    std::vector<int> sorted = a;
    std::sort(sorted.begin(), sorted.end());
    for (int i = 0; i < n; ++i) ASSERT_EQ(sorted[i], i);
    double s = 0;
    for (int i = 0; i < n; ++i) s += cost[i * n + a[i]];
    EXPECT_EQ(s, got);
  }
}

TEST(Assignment, KnownCasesAndEdges) {
  EXPECT_EQ(solve_assignment({}, 0), 0);
  EXPECT_EQ(solve_assignment({5}, 1), 5);
  // The classic example: rows take columns 1, 0, 2 for 1 + 2 + 2.
  EXPECT_EQ(solve_assignment({4, 1, 3, 2, 0, 5, 3, 2, 2}, 3), 5);
  // Negative costs are fine too.
  EXPECT_EQ(solve_assignment({-1, 0, 0, -1}, 2), -2);
}

TEST(Assignment, NonFiniteCostsGiveAPermutationNotACrash) {
  const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
  for (const std::vector<double>& cost :
       {std::vector<double>{nan, nan, nan, nan}, std::vector<double>{inf, 1, inf, inf},
        std::vector<double>{1, nan, 2, inf, 0, nan, 3, 3, nan}}) {
    const int n = static_cast<int>(std::lround(std::sqrt(cost.size())));
    std::vector<int> a;
    solve_assignment(cost, n, &a);
    std::sort(a.begin(), a.end());
    for (int i = 0; i < n; ++i) EXPECT_EQ(a[i], i);
  }
}

}  // namespace
}  // namespace genokit::similarity::detail
