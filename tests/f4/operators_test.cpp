// f4's raw genetic operators: the methods are drawn with their parameter weights (chi-square over
// every attempt), the SDK's repair examples, text regeneration, crossover children, and the
// documented fix of the SDK's link sign.
#include <gtest/gtest.h>

#include <array>
#include <map>

#include "common/encoding_oracle.hpp"
#include "f4/mutation.hpp"
#include "f4/tree.hpp"
#include "genokit/f4/convert.hpp"
#include "genokit/f4/operators.hpp"

using namespace genokit;
namespace detail = genokit::f4::detail;

namespace {

struct Call {
  frams::SdkRandom rng;
  frams::ParamValues params{f4::operator_table()};
  Diagnostics diags;
  f0::OperatorCall call() { return {rng, params, f0::default_neuron_class_lists(), diags}; }
  explicit Call(std::uint64_t seed = 1) : rng(seed) {}
};

const std::vector<std::string> kParents = {
    "X",          "<X>X",     "<X><N|[G:1]>N@[T:0.5]", "<<X>N:Sin>N[1:2]",
    "<X>#3<X>>X", "C<<X>X>X", "<X><,X><,,X>,,,X",      "LL<X><N:+!:>N[-1:1]"};

// Pearson's chi-square of observed counts against expected probabilities.
double chi_square(const std::vector<double>& observed, const std::vector<double>& p) {
  double n = 0, chi = 0;
  for (double o : observed) n += o;
  for (std::size_t i = 0; i < p.size(); ++i)
    if (p[i] > 0) chi += (observed[i] - n * p[i]) * (observed[i] - n * p[i]) / (n * p[i]);
  return chi;
}

std::string repair(std::string_view genes) {
  Call c;
  auto call = c.call();
  const auto r = f4::repair(genes, call);
  return r ? *r : "<none>";
}

}  // namespace

// Every attempt draws add/delete/modify with weights 50/20/30 and the five additions with
// 20/15/5/10/50 (the defaults), whether or not the attempt then succeeds.
TEST(F4Operators, MethodsFollowTheirWeights) {
  Call c(2024);
  std::vector<double> count(7, 0);
  std::vector<detail::Tree> parents(kParents.size());
  for (std::size_t i = 0; i < kParents.size(); ++i) detail::parse(kParents[i], parents[i]);
  for (int k = 0; k < 21000; ++k) {
    detail::Tree t = parents[static_cast<std::size_t>(k) % parents.size()];
    int method = -1;
    auto call = c.call();
    detail::mutate_once(t, call, method);
    ASSERT_GE(method, 0);
    ++count[static_cast<std::size_t>(method)];
  }
  const std::vector<double> p{0.5 * 0.2, 0.5 * 0.15, 0.5 * 0.05, 0.5 * 0.1, 0.5 * 0.5, 0.2, 0.3};
  EXPECT_LT(chi_square(count, p), 22.46);  // chi-square(6 df) at p = 0.001
  // Other weights from the table: only deletions and repetitions.
  c.params.set_number(c.params.find("f4_mut_mod"), 0);
  c.params.set_number(c.params.find("f4_mut_add_div"), 0);
  c.params.set_number(c.params.find("f4_mut_add_conn"), 0);
  c.params.set_number(c.params.find("f4_mut_add_neupar"), 0);
  c.params.set_number(c.params.find("f4_mut_add_simp"), 0);
  std::vector<double> count2(7, 0);
  for (int k = 0; k < 3000; ++k) {
    detail::Tree t = parents[static_cast<std::size_t>(k) % parents.size()];
    int method = -1;
    auto call = c.call();
    detail::mutate_once(t, call, method);
    ++count2[static_cast<std::size_t>(method)];
  }
  EXPECT_EQ(count2[0] + count2[1] + count2[2] + count2[4] + count2[6], 0);
  EXPECT_LT(chi_square(count2, {0, 0, 0, 50.0 / 70, 0, 20.0 / 70, 0}), 10.83);  // 1 df
}

// The raw operator returns a mutant that develops, with its kind and the SDK's chg.
TEST(F4Operators, MutantsDevelop) {
  Call c(7);
  std::map<std::string, int> kinds;
  for (int k = 0; k < 2000; ++k) {
    const std::string& g = kParents[static_cast<std::size_t>(k) % kParents.size()];
    auto call = c.call();
    const auto m = f4::mutate(g, call);
    if (!m) continue;
    ++kinds[m->kind];
    EXPECT_EQ(f4::check_validity(m->genes), 0) << g << " -> " << m->genes << " (" << m->kind << ")";
    EXPECT_GT(m->chg, 0);
    EXPECT_LE(m->chg, 1);
  }
  EXPECT_EQ(kinds.size(), 7u);
}

// The repair examples of the notes (encodings.md §2.6). The SDK writes N and the modifier G as
// "N:N" and "N:G" ("<X>N:N", "<X>N:GX"); genokit writes them bare, which reads back the same.
TEST(F4Operators, RepairAsTheSdk) {
  EXPECT_EQ(repair("XX"), "X");
  EXPECT_EQ(repair("N"), "X");
  EXPECT_EQ(repair("<N>X"), "<X>X");
  EXPECT_EQ(repair("<X>NX"), "<X>N");
  EXPECT_EQ(repair("<X>Y"), "<X>X");
  EXPECT_EQ(repair("<X>N:G"), "<X>GX");
  EXPECT_EQ(repair("<X>X"), "<X>X");     // valid: unchanged
  EXPECT_EQ(repair("X<X>X"), "<none>");  // a stick dividing cannot be repaired
  EXPECT_EQ(repair("<X>X#"), "<none>");  // does not parse
  for (const char* g : {"XX", "N", "<N>X", "<X>Y", "<X>NX"}) EXPECT_EQ(f4::check_validity(repair(g)), 0) << g;
}

// Regeneration: blanks go, N is written N:N, modifier G as N:G, and a repetition count of 1 as #1
// (the SDK's bare '#' would not parse back: documented difference).
TEST(F4Operators, TextRegeneration) {
  auto regen = [](std::string_view g) {
    detail::Tree t;
    detail::parse(g, t);
    return detail::regenerate(t);
  };
  EXPECT_EQ(regen("<X> N|[G:1]>N"), "<X>N|[G:1]");  // (the top level ends at its '>')
  EXPECT_EQ(regen("<X><N:Sin>NN:Ch :+!:"), "<X><N:Sin>NN:Ch :+!:");
  EXPECT_EQ(regen("#1<X>>X"), "#1<X>>X");
  EXPECT_EQ(regen("<X>N:+!::-/:[1:0.123456789]"), "<X>N:+!::-/:[1:0.123457]");
  EXPECT_EQ(regen("<X>N:@"), "<X>N:@");
  EXPECT_EQ(regen("<X>N@:-/:"), "<X>N@:-/:");
  EXPECT_EQ(regen("<X>N:GX"), "<X>GX");
  for (const char* g :
       {"<X> N|[G:1]>N", "<X>#2<X>>X", "<X>N:+!::-/:[1:0.5]", "<X>GX", "<X><N:Sin>NN:Ch :+!:"}) {
    Diagnostics a, b;
    const auto m1 = f4::convert(std::string("//4\n") + g, a).model;
    const auto m2 = f4::convert("//4\n" + regen(g), b).model;
    EXPECT_EQ(m1.parts.size(), m2.parts.size()) << g;
    EXPECT_EQ(m1.neurons.size(), m2.neurons.size()) << g;
    EXPECT_EQ(m1.connections.size(), m2.connections.size()) << g;
  }
}

// Crossover gives two parseable children that take part of each parent.
TEST(F4Operators, CrossoverChildren) {
  Call c(11);
  int both_changed = 0;
  for (int k = 0; k < 500; ++k) {
    const std::string& a = kParents[static_cast<std::size_t>(k) % kParents.size()];
    const std::string& b = kParents[static_cast<std::size_t>(k * 3 + 1) % kParents.size()];
    auto call = c.call();
    const auto x = f4::crossover(a, b, call);
    ASSERT_TRUE(x);
    for (const std::string* ch : {&x->child1, &x->child2}) {
      detail::Tree t;
      detail::parse(*ch, t);
      EXPECT_EQ(t.error, 0u) << a << " x " << b << " -> " << *ch;
    }
    EXPECT_GE(x->chg1, 0.1);
    EXPECT_LT(x->chg1, 0.9);
    both_changed += x->child1 != a && x->child2 != b;
  }
  EXPECT_GT(both_changed, 100);
}

// Added relative inputs point at a neuron that exists (the SDK stores the offset with the wrong
// sign, so most of its new links are dropped): most added links survive development.
TEST(F4Operators, AddedLinksReachTheirNeuron) {
  Call c(5);
  for (const char* id : {"f4_mut_del", "f4_mut_mod", "f4_mut_add_div", "f4_mut_add_neupar", "f4_mut_add_rep",
                         "f4_mut_add_simp"})
    c.params.set_number(c.params.find(id), 0);
  const std::string parent = "<X><N><N>N";
  Diagnostics d0;
  const std::size_t before = f4::convert("//4\n" + parent, d0).model.connections.size();
  int relative = 0, kept = 0;
  for (int k = 0; k < 400; ++k) {
    auto call = c.call();
    const auto m = f4::mutate(parent, call);
    if (!m || m->genes.find('[') == std::string::npos) continue;
    detail::Tree t;
    detail::parse(m->genes, t);
    bool sensor = false;
    for (const auto& n : t.nodes) sensor |= n.name == "[" && n.link == 1;
    if (sensor) continue;
    ++relative;
    Diagnostics d;
    kept += f4::convert("//4\n" + m->genes, d).model.connections.size() > before;
  }
  ASSERT_GT(relative, 50);
  EXPECT_GT(kept, relative * 9 / 10);
}
