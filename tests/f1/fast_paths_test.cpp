// The converter's fast paths give exactly what the text round trips they replace give: 6-digit
// rounding (vs. printf "%g" + strtod), and neuron parameters kept as numbers between sets (vs. the
// SDK's write-the-text-and-read-it-back on every set); runs of one modifier letter ("LLLL", read
// in one go) give what the letters one by one give.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "f1/neuron_params.hpp"
#include "f1/numbers.hpp"
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

// The SDK's parameter interface, literally: read the text, set one value, write the text.
std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}
std::string number_text(const f0::NeuronProp& p, double v) {
  if (p.type != 'd') return f0::format_number(v);
  const long long i = v >= -9223372036854775808.0 && v < 9223372036854775808.0
                          ? static_cast<long long>(v)
                          : std::numeric_limits<long long>::min();
  return std::to_string(i);
}
std::string reference_set(const f0::NeuronClass& c, const std::string& text, std::string_view name,
                          double value) {
  const int idx = f0::find_neuron_prop(c, name);
  if (idx < 0 || c.props[idx].type == 's') return text;
  const auto props = c.props;
  std::vector<double> num(props.size());
  std::vector<std::string_view> str(props.size());
  for (std::size_t i = 0; i < props.size(); ++i) num[i] = props[i].def;
  std::string_view rest = text;
  while (!rest.empty()) {
    const std::size_t comma = rest.find(',');
    const std::string_view item = trim(rest.substr(0, comma));
    rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
    const std::size_t eq = item.find('=');
    if (eq == std::string_view::npos) continue;
    const int k = f0::find_neuron_prop(c, trim(item.substr(0, eq)));
    if (k < 0) continue;
    double d = 0;
    if (props[k].type == 's')
      str[k] = item.substr(eq + 1);
    else if (f1::detail::sdk_parse_double(item.substr(eq + 1), d))
      num[k] = d;
  }
  const f0::NeuronProp& p = props[idx];
  if (p.type == 'd') value = std::trunc(value);
  if (p.ranged && value > p.max)
    value = p.max;
  else if (p.ranged && value < p.min)
    value = p.min;
  num[idx] = value;
  std::string out;
  for (std::size_t i = 0; i < props.size(); ++i) {
    if (props[i].type == 's' ? str[i].empty() : num[i] == props[i].def) continue;
    if (!out.empty()) out += ", ";
    out.append(props[i].id).append("=");
    out += props[i].type == 's' ? std::string(str[i]) : number_text(props[i], num[i]);
  }
  return out;
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

TEST(F1FastPaths, NeuronParametersEqualTheTextRoundTrip) {
  // Random sequences of sets (known and unknown names, clamped, integral, huge, non-finite values,
  // class changes in between) give the same text as re-reading and re-writing it after every set.
  std::vector<const f0::NeuronClass*> classes;
  for (const auto& c : f0::neuron_classes())
    if (c.sdk && !c.props.empty()) classes.push_back(&c);
  ASSERT_FALSE(classes.empty());
  const double inf = std::numeric_limits<double>::infinity();
  const std::array<double, 22> values{0.0,
                                      -0.0,
                                      0.25,
                                      1.0,
                                      -1.0,
                                      0.1,
                                      1.0 / 3,
                                      1e300,
                                      -1e300,
                                      2.5,
                                      999,
                                      1e6,
                                      -99999,
                                      1e-7,
                                      9.3e18,
                                      -9.3e18,
                                      9007199254740993.0,
                                      inf,
                                      -inf,
                                      std::nan(""),
                                      0.06283185307,
                                      7};
  std::mt19937_64 rng(11);
  for (int seq = 0; seq < 4000; ++seq) {
    f1::detail::ParamSet ps;
    const f0::NeuronClass* c = classes[rng() % classes.size()];
    if (rng() % 2)
      ps.set_class(c->name);
    else
      c = f0::find_neuron_class("N");
    std::string ref;
    for (int step = 0; step < 6; ++step) {
      if (rng() % 7 == 0) {  // a later class token: the text set so far is read for the new class
        c = classes[rng() % classes.size()];
        ps.set_class(c->name);
      }
      const auto& props = c->props;
      const std::string_view name =
          rng() % 8 == 0 ? std::string_view("nosuch") : props[rng() % props.size()].id;
      const double v = values[rng() % values.size()];
      std::string given, adjusted;
      f1::detail::set_param(ps, name, v, given, adjusted);
      ref = reference_set(*c, ref, name, v);
      ASSERT_EQ(ps.params(), ref) << c->name << "." << name << " = " << v;
    }
  }
}
