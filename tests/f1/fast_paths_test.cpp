// The converter's fast paths give exactly what they replace gives: 6-digit rounding (vs. printf
// "%g" + strtod), cached neuron parameter texts (vs. fresh ones), and runs of one modifier letter
// ("LLLL", read in one go) give what the letters one by one give.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "f1/neuron_params.hpp"
#include "f1/rounding.hpp"
#include "genokit/f0/neuron_classes.hpp"
#include "genokit/f0/writer.hpp"
#include "genokit/f1/convert.hpp"

using namespace genokit;

namespace {

double g_text(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%g", v);
  return std::strtod(buf, nullptr);
}

bool same_bits(double a, double b) {
  return std::memcmp(&a, &b, sizeof a) == 0;
}

// A blank after every modifier letter outside brackets: the converter then reads each letter
// alone (blanks there do nothing).
std::string letters_apart(const std::string& g) {
  std::string out;
  bool in_bracket = false;
  for (char c : g) {
    out += c;
    if (c == '[') in_bracket = true;
    if (c == ']' || c == ')') in_bracket = false;
    if (!in_bracket && std::strchr("LlCcQqRrWwFfAaIiSsMmEeDdGgBbHh", c) && c != 0) out += ' ';
  }
  return out;
}

void expect_same_vec(const f0::Vec3& a, const f0::Vec3& b) {
  EXPECT_TRUE(same_bits(a.x, b.x) && same_bits(a.y, b.y) && same_bits(a.z, b.z));
}

// Everything but the source positions (which the blanks move).
void expect_same_model(const f0::Model& a, const f0::Model& b) {
  EXPECT_EQ(a.valid, b.valid);
  EXPECT_TRUE(same_bits(a.se, b.se));
  ASSERT_EQ(a.parts.size(), b.parts.size());
  for (std::size_t i = 0; i < a.parts.size(); ++i) {
    const f0::Part &p = a.parts[i], &q = b.parts[i];
    expect_same_vec(p.pos, q.pos);
    expect_same_vec(p.orient.x, q.orient.x);
    expect_same_vec(p.orient.y, q.orient.y);
    expect_same_vec(p.orient.z, q.orient.z);
    expect_same_vec(p.color, q.color);
    for (auto [u, v] :
         {std::pair{p.dn, q.dn}, {p.fr, q.fr}, {p.ing, q.ing}, {p.as, q.as}, {p.vs, q.vs}, {p.mass, q.mass}})
      EXPECT_TRUE(same_bits(u, v)) << "part " << i;
  }
  ASSERT_EQ(a.joints.size(), b.joints.size());
  for (std::size_t i = 0; i < a.joints.size(); ++i) {
    const f0::Joint &j = a.joints[i], &k = b.joints[i];
    EXPECT_EQ(j.p1, k.p1);
    EXPECT_EQ(j.p2, k.p2);
    expect_same_vec(j.rot, k.rot);
    expect_same_vec(j.d, k.d);
    expect_same_vec(j.color, k.color);
    EXPECT_TRUE(same_bits(j.stam, k.stam) && same_bits(j.length, k.length)) << "joint " << i;
  }
  ASSERT_EQ(a.neurons.size(), b.neurons.size());
  for (std::size_t i = 0; i < a.neurons.size(); ++i) {
    const f0::Neuron &n = a.neurons[i], &m = b.neurons[i];
    EXPECT_EQ(n.details, m.details);
    EXPECT_EQ(n.class_name, m.class_name);
    EXPECT_EQ(n.params, m.params);
    EXPECT_EQ(n.part, m.part);
    EXPECT_EQ(n.joint, m.joint);
    ASSERT_EQ(n.inputs.size(), m.inputs.size());
    for (std::size_t k = 0; k < n.inputs.size(); ++k) {
      EXPECT_EQ(n.inputs[k].source, m.inputs[k].source);
      EXPECT_TRUE(same_bits(n.inputs[k].weight, m.inputs[k].weight));
    }
  }
  EXPECT_EQ(a.connections.size(), b.connections.size());
}

}  // namespace

TEST(F1FastPaths, ModifierRunsEqualSingleLetters) {
  // Long runs of every letter (rotations, caps, A/I/S/M normalisation), mixed runs, and random
  // genotypes with muscles whose parameters show the state.
  const std::string letters = "LlCcQqRrWwFfAaIiSsMmEeDdGgBbHh";
  std::vector<std::string> gens;
  for (char c : letters) {
    for (int n : {1, 2, 3, 7, 25}) {
      const std::string run(static_cast<std::size_t>(n), c);
      gens.push_back(run + "X[|G:1]" + run + "X(" + run + "X[@1:2]," + run + "X)");
    }
  }
  std::mt19937_64 rng(5);
  for (int i = 0; i < 2000; ++i) {
    std::string g;
    const int sticks = 1 + static_cast<int>(rng() % 8);
    for (int s = 0; s < sticks; ++s) {
      const int runs = static_cast<int>(rng() % 4);
      for (int r = 0; r < runs; ++r) g.append(1 + rng() % 9, letters[rng() % letters.size()]);
      g += "X";
      if (rng() % 3 == 0) g += rng() % 2 ? "[|G:1]" : "[@-1:0.5]";
    }
    gens.push_back(rng() % 2 ? g : "X(" + g + "," + g + ")");
  }
  for (const auto& g : gens) {
    Diagnostics d1, d2;
    const f0::Model a = f1::to_f0(g, d1), b = f1::to_f0(letters_apart(g), d2);
    SCOPED_TRACE(g);
    expect_same_model(a, b);
    if (::testing::Test::HasFailure()) return;
  }
}

TEST(F1FastPaths, Round6EqualsPrintfOnExactTiesAndNearThem) {
  // Binary fractions are where "%g" meets exact ties (0.5390625 -> 0.539062, half to even).
  std::mt19937_64 rng(7);
  for (int i = 0; i < 300000; ++i) {
    const std::uint64_t x = rng();
    double v = static_cast<double>(x % 100000000) / std::ldexp(1.0, static_cast<int>((x >> 40) % 48));
    if (i % 3 == 1) v = std::nextafter(v, 0.0);
    if (i % 3 == 2) v = std::nextafter(v, 1e300);
    if (x >> 63) v = -v;
    ASSERT_TRUE(same_bits(f1::detail::round6(v), g_text(v))) << v;
  }
  for (double v : {0.01953125, 1.0000005, 123456.5, 999999.5, 99999.95, 1e-15, 1e16, 0.0, -0.0})
    EXPECT_TRUE(same_bits(f1::detail::round6(v), g_text(v))) << v;
}

TEST(F1FastPaths, CachedParameterTextsEqualFreshOnes) {
  // The parameter texts are cached per thread by class and value bits: every genotype converted
  // again after the others in another order (entries replaced meanwhile) gives the same details.
  std::vector<std::string> gens;
  std::mt19937_64 rng(11);
  const char* tokens[] = {"!:0.5", "=:0.25", "/:3",    "fo:2", "in:nan", "si:-1e300", "p:0.3",
                          "r:0.1", "ch:3e9", "ch:1.5", "ns:2", "fs:a b", "t:7",       "f0:0.06283185307"};
  const char* classes[] = {"N", "Nu", "|", "@", "ChSel", "Fuzzy", "Sin", "G"};
  for (int i = 0; i < 3000; ++i) {
    std::string g = std::string(rng() % 4, 'M') + "X[";
    if (rng() % 2) g += std::string(classes[rng() % std::size(classes)]) + ",";
    for (int k = static_cast<int>(rng() % 4); k > 0; --k)
      g += std::string(tokens[rng() % std::size(tokens)]) + ",";
    if (rng() % 2) g += classes[rng() % std::size(classes)];
    gens.push_back(g + "]");
  }
  std::map<std::string, std::string> details;
  for (const auto& g : gens) {
    Diagnostics d;
    details[g] = f1::to_f0(g, d).neurons.at(0).details;
  }
  std::shuffle(gens.begin(), gens.end(), rng);
  for (const auto& g : gens) {
    Diagnostics d;
    ASSERT_EQ(f1::to_f0(g, d).neurons.at(0).details, details[g]) << g;
  }
}
