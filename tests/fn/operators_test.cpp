// fn's raw operators: one variable or all within their bounds, the size rules, crossover, repair.
#include <gtest/gtest.h>

#include "common/operator_call.hpp"
#include "genokit/fn/convert.hpp"
#include "genokit/fn/operators.hpp"

using namespace genokit;

namespace {

std::vector<double> vec(std::string_view s) {
  std::vector<double> v;
  Diagnostics d;
  fn::read_vector(s, v, d);
  return v;
}

}  // namespace

TEST(FnOperators, SingleVariableIsUniformAndBounded) {
  test::RawCall c(fn::operator_table(), 8);
  Diagnostics sd;
  c.params.set(c.params.find("fn_mut_single_var"), "1", sd);
  c.params.set(c.params.find("fn_mut_bound_low"), "[-1, -1, -1, -1]", sd);
  c.params.set(c.params.find("fn_mut_bound_high"), "[1, 1, 1, 1]", sd);
  c.params.set(c.params.find("fn_mut_stddev"), "[0.5, 0.5, 0.5, 0.5]", sd);
  ASSERT_TRUE(sd.empty());
  std::vector<double> count(4, 0);
  for (int k = 0; k < 4000; ++k) {
    auto call = c.call();
    const auto m = fn::mutate("[0.5, 0.5, 0.5, 0.5]", call);
    ASSERT_TRUE(m);
    EXPECT_EQ(m->kind, "fn.creep-one");
    EXPECT_DOUBLE_EQ(m->chg, 0.25);
    const auto v = vec(m->genes);
    ASSERT_EQ(v.size(), 4u);
    int changed = 0;
    for (std::size_t i = 0; i < 4; ++i) {
      EXPECT_GE(v[i], -1);
      EXPECT_LE(v[i], 1);
      if (v[i] != 0.5) ++count[i], ++changed;
    }
    EXPECT_LE(changed, 1);
  }
  EXPECT_LT(test::chi_square(count, std::vector<double>(4, 0.25)), 16.27);  // 3 df, p = 0.001
}

TEST(FnOperators, SizesMustAgree) {
  test::RawCall c(fn::operator_table(), 2);
  auto call = c.call();
  EXPECT_FALSE(fn::mutate("[1, 2, 3]", call));  // default bounds have two values
  ASSERT_TRUE(c.diags.has_errors());
  EXPECT_EQ(c.diags.items().back().code, "fn.mutation-sizes");
  const auto m = fn::mutate("[1, 2.5]", call);
  ASSERT_TRUE(m);
  EXPECT_EQ(m->kind, "fn.creep-all");
  EXPECT_FALSE(fn::crossover("[1, 2]", "[1, 2, 3]", call));
  EXPECT_EQ(c.diags.items().back().code, "fn.crossover-sizes");
}

TEST(FnOperators, CrossoverAndRepair) {
  test::RawCall c(fn::operator_table(), 5);
  Diagnostics sd;
  c.params.set(c.params.find("fn_xover_random"), "0", sd);
  c.params.set(c.params.find("fn_xover"), "0.75", sd);
  auto call = c.call();
  const auto x = fn::crossover("[1, 2]", "[3, -2]", call);
  ASSERT_TRUE(x);
  EXPECT_EQ(x->child1, "[1.5, 1]");
  EXPECT_EQ(x->child2, "[2.5, -1]");
  EXPECT_EQ(fn::repair("[1,\"2\"]", call), "[1, 2]");  // the notes' example
  EXPECT_EQ(fn::repair("[]", call), "[0]");
  EXPECT_EQ(fn::repair("x", call), "[0]");
  EXPECT_EQ(fn::repair("[0.123456789123]", call), "[0.12345679]");
}
