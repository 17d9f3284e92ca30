// The converter's fast paths give exactly what the text round trips they replace give: 6-digit
// rounding (vs. printf "%g" + strtod), and neuron parameters kept as numbers between sets (vs. the
// SDK's write-the-text-and-read-it-back on every set).
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

}  // namespace

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
