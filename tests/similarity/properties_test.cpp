// The measures' stated properties on random creatures (fixed seeds): 0 for a creature and itself,
// symmetry, independence of the numbering of Parts, of where the creature stands and how it is
// turned (about any axis; with the fixed Z axis, about the vertical one).
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "genokit/similarity/dissimilarity.hpp"
#include "similarity/random_creatures.hpp"

namespace genokit::similarity {
namespace {

using test::moved;
using test::random_creature;
using test::RandomCreature;
using test::renumbered;

double measure(const RandomCreature& a, const RandomCreature& b, const DissimilarityOptions& o) {
  Diagnostics d;
  const auto r = distance(a.f0(), b.f0(), d, o);
  EXPECT_TRUE(r.has_value()) << (d.items().empty() ? "" : d.items()[0].message) << "\n" << a.f0();
  return r.value_or(-1);
}

DissimilarityOptions opts(Method m, Weights w, bool fixed_z = false) {
  DissimilarityOptions o;
  o.method = m;
  o.weights = w;
  o.fixed_z = fixed_z;
  return o;
}

const Weights kAll{1, 1, 1, 1};
const Weights kNoGeometry{1, 1, 0.1, 0};

std::vector<int> shuffled(std::size_t n, std::mt19937_64& rng) {
  std::vector<int> p(n);
  for (std::size_t i = 0; i < n; ++i) p[i] = static_cast<int>(i);
  std::shuffle(p.begin(), p.end(), rng);
  return p;
}

TEST(SimilarityProperties, ZeroForACreatureAndItself) {
  std::mt19937_64 rng(101);
  for (int k = 0; k < 20; ++k) {
    const RandomCreature c = random_creature(rng, 3 + k);
    for (Method m : {Method::greedy, Method::hungarian})
      for (bool fz : {false, true}) {
        EXPECT_EQ(measure(c, c, opts(m, kAll, fz)), 0.0) << to_string(m) << " fixed_z=" << fz;
        EXPECT_EQ(measure(c, c, opts(m, kNoGeometry, fz)), 0.0);
      }
    Diagnostics d;
    EXPECT_EQ(distance(c.f0(), c.f0(), d, opts(Method::levenshtein, {})), 0.0);
  }
}

TEST(SimilarityProperties, Symmetric) {
  std::mt19937_64 rng(202);
  for (int k = 0; k < 30; ++k) {
    const RandomCreature a = random_creature(rng, 2 + k % 12), b = random_creature(rng, 2 + (k * 7) % 15);
    for (Method m : {Method::greedy, Method::hungarian})
      for (const Weights& w : {kAll, kNoGeometry, Weights{}}) {
        const double ab = measure(a, b, opts(m, w)), ba = measure(b, a, opts(m, w));
        EXPECT_NEAR(ab, ba, 1e-9 * (1 + ab)) << to_string(m) << " pair " << k;
        EXPECT_GT(ab, 0);
      }
    Diagnostics d;
    EXPECT_EQ(distance(a.f0(), b.f0(), d, opts(Method::levenshtein, {})),
              distance(b.f0(), a.f0(), d, opts(Method::levenshtein, {})));
  }
}

// The optimal matching does not depend on how Parts are numbered. Greedy matching does not either
// when geometry does not count (Parts that tie in degree and neurons are interchangeable then);
// with geometry, greedy takes tied Parts in index order as the SDK does, so renumbering them may
// change its choice (docs/similarity.md).
TEST(SimilarityProperties, IndependentOfPartNumbering) {
  std::mt19937_64 rng(303);
  for (int k = 0; k < 25; ++k) {
    const RandomCreature a = random_creature(rng, 4 + k % 14), b = random_creature(rng, 3 + (k * 5) % 17);
    const RandomCreature b2 = renumbered(b, shuffled(b.parts.size(), rng));
    const RandomCreature a2 = renumbered(a, shuffled(a.parts.size(), rng));
    const double h = measure(a, b, opts(Method::hungarian, kAll));
    EXPECT_NEAR(measure(a2, b2, opts(Method::hungarian, kAll)), h, 1e-9 * (1 + h)) << "pair " << k;
    EXPECT_NEAR(measure(a, a2, opts(Method::hungarian, kAll)), 0, 1e-9);
    for (Method m : {Method::greedy, Method::hungarian}) {
      const double d = measure(a, b, opts(m, kNoGeometry));  // sums of tenths: equal up to the order
      EXPECT_NEAR(measure(a2, b2, opts(m, kNoGeometry)), d, 1e-12 * (1 + d)) << to_string(m);
    }
  }
}

TEST(SimilarityProperties, IndependentOfPositionAndTurn) {
  std::mt19937_64 rng(404);
  std::uniform_real_distribution<double> u(-1, 1);
  for (int k = 0; k < 25; ++k) {
    const RandomCreature a = random_creature(rng, 3 + k % 16), b = random_creature(rng, 3 + (k * 3) % 18);
    double r[9];
    test::rotation(u(rng), u(rng), u(rng), 3.1 * u(rng), r);
    const RandomCreature b2 = moved(b, r, 10 * u(rng), 10 * u(rng), 10 * u(rng));
    for (Method m : {Method::greedy, Method::hungarian}) {
      const double d = measure(a, b, opts(m, kAll));
      EXPECT_NEAR(measure(a, b2, opts(m, kAll)), d, 1e-7 * (1 + d)) << to_string(m) << " pair " << k;
      EXPECT_NEAR(measure(b, b2, opts(m, kAll)), 0, 1e-7) << to_string(m) << " pair " << k;
    }
  }
}

// With the fixed Z axis only turns about Z and horizontal moves keep the distance.
TEST(SimilarityProperties, FixedZIndependentOfHorizontalTurnAndMove) {
  std::mt19937_64 rng(505);
  std::uniform_real_distribution<double> u(-1, 1);
  int changed_by_tilt = 0;
  for (int k = 0; k < 25; ++k) {
    const RandomCreature a = random_creature(rng, 3 + k % 16), b = random_creature(rng, 4 + (k * 3) % 17);
    double r[9];
    test::rotation(0, 0, 1, 3.1 * u(rng), r);
    const RandomCreature b2 = moved(b, r, 10 * u(rng), 10 * u(rng), 0);
    test::rotation(1, 0, 0, 1.0, r);
    const RandomCreature tilted = moved(b, r, 0, 0, 0);
    for (Method m : {Method::greedy, Method::hungarian}) {
      const double d = measure(a, b, opts(m, kAll, true));
      EXPECT_NEAR(measure(a, b2, opts(m, kAll, true)), d, 1e-7 * (1 + d)) << to_string(m) << " pair " << k;
      changed_by_tilt += std::abs(measure(a, tilted, opts(m, kAll, true)) - d) > 1e-6;
    }
  }
  EXPECT_GT(changed_by_tilt, 40);  // the vertical axis does matter
}

}  // namespace
}  // namespace genokit::similarity
