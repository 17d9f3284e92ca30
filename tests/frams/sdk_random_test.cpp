// The SDK random source and the operators' number helpers. Expected values come from an independent
// implementation of the same rules (CPython's MT19937 state filled by init_genrand, the polar
// method, creep as the notes state it: spec notes encodings.md §0, evolution.md §2.6), not from
// this code.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <vector>

#include "genokit/frams/schema.hpp"
#include "genokit/frams/sdk_random.hpp"

namespace genokit::frams {
namespace {

TEST(SdkRandom, Mt19937Outputs) {
  SdkRandom r0(0), r1(1), r5489(5489);
  EXPECT_EQ((std::array{r0.next32(), r0.next32(), r0.next32(), r0.next32(), r0.next32()}),
            (std::array<std::uint32_t, 5>{2357136044u, 2546248239u, 3071714933u, 3626093760u, 2588848963u}));
  EXPECT_EQ((std::array{r1.next32(), r1.next32(), r1.next32()}),
            (std::array<std::uint32_t, 3>{1791095845u, 4282876139u, 3093770124u}));
  EXPECT_EQ(r5489.next32(), 3499211612u);  // std::mt19937's documented default-seed output
}

TEST(SdkRandom, UniformIsOutputOver2To32) {
  SdkRandom r(0);
  EXPECT_EQ(r.uniform(), 0.548813502304256);
  EXPECT_EQ(r.uniform(), 0.5928446163889021);
  EXPECT_EQ(r.uniform(10), 7.15189364971593);
}

TEST(SdkRandom, BelowIsFloorOfUTimesN) {
  SdkRandom r(7);
  std::vector<std::uint32_t> got;
  for (int i = 0; i < 10; ++i) got.push_back(r.below(10));
  EXPECT_EQ(got, (std::vector<std::uint32_t>{0, 2, 7, 3, 4, 9, 7, 4, 9, 3}));
  // R(0) is 0 and still draws.
  SdkRandom a(3), b(3);
  EXPECT_EQ(a.below(0), 0u);
  b.next32();
  EXPECT_EQ(a.next32(), b.next32());
}

TEST(SdkRandom, GaussPairsWithTheCachedSecondValue) {
  SdkRandom r(0);
  const std::array<double, 6> want{1.1630780954906288, 2.2122063467826028,  0.4838046799018842,
                                   0.7740037624195432, 0.29956351085027344, 1.0434403443681255};
  for (double w : want) EXPECT_EQ(r.gauss(), w);
  SdkRandom s(42);
  EXPECT_EQ(s.gauss(10, 0.5), 9.741517917426647);
  EXPECT_EQ(s.gauss(10, 0.5), 10.61096060869907);
  EXPECT_EQ(s.gauss(10, 0.5), 10.360666306572032);
  // The cached value is forgotten when the stream is re-seeded.
  SdkRandom t(0);
  t.gauss();
  t.seed(0);
  EXPECT_EQ(t.gauss(), want[0]);
}

TEST(SdkRandom, LargeSeedsAreNotFoldedOntoSmallOnes) {
  SdkRandom a(5), b(5 + (std::uint64_t(1) << 32)), c(5 + (std::uint64_t(1) << 32));
  EXPECT_NE(a.next32(), b.next32());
  b.seed(5 + (std::uint64_t(1) << 32));
  EXPECT_EQ(b.next32(), c.next32());
  EXPECT_NE(mix_seed(1, 0), mix_seed(1, 1));
  EXPECT_NE(mix_seed(1, 0), mix_seed(2, 0));
  EXPECT_EQ(mix_seed(123, 4), mix_seed(123, 4));
}

TEST(SdkRandom, RouletteFrequenciesMatchTheWeights) {
  const std::array<double, 5> w{1, 2, 3, 0, 4};
  SdkRandom r(12345);
  constexpr int n = 100000;
  std::array<int, 5> count{};
  for (int i = 0; i < n; ++i) {
    const int k = r.roulette(w);
    ASSERT_GE(k, 0);
    ++count[static_cast<std::size_t>(k)];
  }
  EXPECT_EQ(count[3], 0);
  double chi2 = 0;
  for (std::size_t i = 0; i < w.size(); ++i) {
    if (w[i] == 0) continue;
    const double expected = n * w[i] / 10.0;
    chi2 += (count[i] - expected) * (count[i] - expected) / expected;
  }
  EXPECT_LT(chi2, 16.27);  // 3 degrees of freedom, p = 0.001
}

TEST(SdkRandom, RouletteOfZerosIsMinusOneAfterADraw) {
  const std::array<double, 3> zeros{0, 0, 0};
  SdkRandom a(9), b(9);
  EXPECT_EQ(a.roulette(zeros), -1);
  EXPECT_EQ(a.roulette(std::span<const double>()), -1);
  b.next32(), b.next32();
  EXPECT_EQ(a.next32(), b.next32());
}

TEST(SdkCreep, ReflectsThenWraps) {
  // gauss from seed 3: 0.0897, -0.7578, 0.4972, 0.8120 (x10 from 0.5: 1.397 reflects to 0.603;
  // -7.078 reflects to 7.078, still outside, wraps to 0.078).
  SdkRandom r(3);
  EXPECT_EQ(creep(r, 'f', 0.5, 0, 1, 10, true), 0.603);
  EXPECT_EQ(creep(r, 'f', 0.5, 0, 1, 10, true), 0.078);
  EXPECT_EQ(creep(r, 'f', 0.5, 0, 1, 10, true), 0.472);
  EXPECT_EQ(creep(r, 'f', 0.5, 0, 1, 10, true), 0.62);
  SdkRandom u(3);
  EXPECT_EQ(creep(u, 'f', 0.5, 0, 1, 10, false), 0.6033204769734382);
  EXPECT_EQ(creep(u, 'f', 0.5, 0, 1, 10, false), 0.0775214408573186);
}

TEST(SdkCreep, IntegersChangeByAtLeastOne) {
  SdkRandom r(11);
  std::vector<double> got;
  for (int i = 0; i < 4; ++i) got.push_back(creep(r, 'd', 5, 0, 10, 1e-9, true));
  EXPECT_EQ(got, (std::vector<double>{6, 6, 4, 4}));
  // At the bound, +1 is reflected back inside.
  SdkRandom s(11);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(creep(s, 'd', 10, 0, 10, 1e-9, true), 9);
  // Rounding is (x + 0.5) truncated toward zero: -2.7 -> -2.
  SdkRandom t(1);
  for (int i = 0; i < 1000; ++i) {
    const double v = creep_no_limit(t, 'd', -3, 0.7, false);
    EXPECT_EQ(v, std::trunc(v));
    EXPECT_NE(v, -3);
  }
}

TEST(SdkCreep, DefaultDeviationIsATenthOfTheRange) {
  SdkRandom r(5);
  std::vector<double> got;
  for (int i = 0; i < 5; ++i) got.push_back(creep(r, 'f', 0.8, 0, 1, true));
  EXPECT_EQ(got, (std::vector<double>{0.811, 0.81, 0.68, 0.744, 0.797}));
}

TEST(SdkCreep, EmptyRangeAndNonFiniteStayInside) {
  SdkRandom r(2);
  EXPECT_EQ(creep(r, 'f', 3, 3, 3, 1, true), 3);
  EXPECT_EQ(creep(r, 'f', INFINITY, 0, 1, 1, true), 0);
}

TEST(SdkCreep, WeightsAreGaussTwoRoundedToThreeDecimals) {
  SdkRandom r(9);
  EXPECT_EQ(mut_weight(r, 0.5), 9.001);
  EXPECT_EQ(mut_weight(r, 0.5), -3.444);
  EXPECT_EQ(mut_weight(r, 0.5), 0.496);
  EXPECT_EQ(mut_weight(r, 0.5), 0.007);
  EXPECT_EQ(round3(0.0005), 0.001);
  EXPECT_EQ(round3(-0.0005), 0.0);
}

TEST(SdkHelpers, LinearMix) {
  std::vector<double> a{1, 2}, b{3, 4}, c{1};
  EXPECT_TRUE(linear_mix(a, b, 0.25));
  EXPECT_EQ(a, (std::vector<double>{2.5, 3.5}));
  EXPECT_EQ(b, (std::vector<double>{1.5, 2.5}));
  EXPECT_FALSE(linear_mix(a, c, 0.5));
  EXPECT_EQ(a, (std::vector<double>{2.5, 3.5}));
}

Property typed(std::string_view type) {
  Property p;
  EXPECT_TRUE(property_from_type("x", type, p));
  return p;
}

TEST(SdkHelpers, MinMaxDefFollowsWhatTheTypeGives) {
  auto check = [](const Property& p, double mn, double mx, double def, bool all) {
    const MinMaxDef r = min_max_def(p);
    EXPECT_EQ(r.min, mn) << p.type_text;
    EXPECT_EQ(r.max, mx) << p.type_text;
    EXPECT_EQ(r.def, def) << p.type_text;
    EXPECT_EQ(r.all_given, all) << p.type_text;
  };
  check(typed("f 0 10 2"), 0, 10, 2, true);
  check(typed("f 2"), 2, 1002, 502, false);      // only a minimum
  check(typed("f 0 -1 5"), -495, 505, 5, true);  // only a default (max < min)
  check(typed("f -1 1"), -1, 1, 0, false);       // no default: the midpoint
  check(typed("d 1 10"), 1, 10, 5, false);       // integer midpoint
  check(typed("f"), 0, 1, 0.5, false);           // nothing given
  check(Property("in", 'f', true, 0, 1, 0.8, "inertia"), 0, 1, 0.8, true);
  check(Property("tx", 'f', false, 0, 0, 0, "target"), -500, 500, 0, true);
}

TEST(SdkHelpers, MutatePropertyUsesTheIntervalMixtures) {
  const Property in("in", 'f', true, 0, 1, 0.8, "inertia");
  const Property si("si", 'f', true, -99999, 99999, 2, "sigmoid");
  const Property fo("fo", 'f', true, 0, 999, 0.04, "force");
  SdkRandom r(21);
  int zero = 0;
  for (int i = 0; i < 2000; ++i) {
    const double v = mutate_property(r, in, 0.5);
    if (v == 0)
      ++zero;
    else
      EXPECT_TRUE(v >= 0.7 && v < 0.98) << v;
    const double s = mutate_property(r, si, 2);
    EXPECT_TRUE(s == -999 || s == 999 || (s >= -5 && s < -1) || (s >= 1 && s < 5) || (s >= -1 && s < 1)) << s;
    const double f = mutate_property(r, fo, 0.04);
    EXPECT_TRUE((f >= 0.001 && f < 1) || f == 1) << f;
  }
  EXPECT_NEAR(zero, 1000, 150);  // R(2) picks {0} half of the time
  // Any other number creeps in its range, rounded to 3 decimals; strings are left alone.
  const Property p("p", 'f', true, 0.01, 1, 0.25, "power");
  for (int i = 0; i < 200; ++i) {
    const double v = mutate_property(r, p, 0.25);
    EXPECT_TRUE(v >= 0.01 && v <= 1) << v;
    EXPECT_EQ(v, round3(v));
  }
  SdkRandom a(1), b(1);
  EXPECT_EQ(mutate_property(a, Property("s", 's'), 7), 7);
  EXPECT_EQ(a.next32(), b.next32());
}

}  // namespace
}  // namespace genokit::frams
