#include "gene_props.hpp"

#include <cmath>
#include <limits>

namespace genokit::f1::detail {
namespace {

constexpr double kNoMax = std::numeric_limits<double>::infinity();
constexpr double kHalfPi = 1.57079632679489661923;
using O = ModOp;

// notes f1.md §4.1
constexpr std::array<Modifier, 30> kModifiers{{
    {'L', length, O::toward, 2.0, 0.3, 2.0, false, "longer stick (toward 2)"},
    {'l', length, O::toward, 0.33, 0.3, kNoMax, false, "shorter stick (toward 0.33)"},
    {'C', curvedness, O::toward, 2.0, 0.25, kNoMax, false, "curve left (acts one stick late)"},
    {'c', curvedness, O::toward, -2.0, 0.25, kNoMax, false, "curve right (acts one stick late)"},
    {'Q', twist, O::toward, kHalfPi, 0.3, kNoMax, false, "twist (acts one stick late)"},
    {'q', twist, O::toward, -kHalfPi, 0.3, kNoMax, false, "twist back (acts one stick late)"},
    {'R', length, O::rotate, 0, kRotationStep, kNoMax, false, "rotate this segment's sticks +0.7853 rad"},
    {'r', length, O::rotate, 0, -kRotationStep, kNoMax, false, "rotate this segment's sticks -0.7853 rad"},
    {'W', weight, O::toward, 2.0, 0.3, kNoMax, false, "heavier (density 1/weight)"},
    {'w', weight, O::toward, 0.5, 0.3, kNoMax, false, "lighter"},
    {'F', friction, O::toward, 4.0, 0.2, kNoMax, false, "more friction"},
    {'f', friction, O::toward, 0, 0.2, kNoMax, false, "less friction"},
    {'A', assimilation, O::toward, 1.0, 0.8, kNoMax, true, "more assimilation"},
    {'a', assimilation, O::toward, 0, 0.4, kNoMax, true, "less assimilation"},
    {'I', ingestion, O::toward, 1.0, 0.8, kNoMax, true, "more ingestion"},
    {'i', ingestion, O::toward, 0, 0.4, kNoMax, true, "less ingestion"},
    {'S', stamina, O::toward, 1.0, 0.8, kNoMax, true, "more stamina"},
    {'s', stamina, O::toward, 0, 0.4, kNoMax, true, "less stamina"},
    {'M', muscle_power, O::toward, 1.0, 0.8, kNoMax, true, "stronger muscles"},
    {'m', muscle_power, O::toward, 0, 0.4, kNoMax, true, "weaker muscles"},
    {'E', energy, O::toward, 10.0, 0.1, kNoMax, false, "more start energy"},
    {'e', energy, O::toward, 0, 0.1, kNoMax, false, "less start energy"},
    {'D', red, O::toward, 1.0, 0.25, kNoMax, false, "more red"},
    {'d', red, O::toward, 0.0, 0.25, kNoMax, false, "less red"},
    {'G', green, O::toward, 1.0, 0.25, kNoMax, false, "more green"},
    {'g', green, O::toward, 0.0, 0.25, kNoMax, false, "less green"},
    {'B', blue, O::toward, 1.0, 0.25, kNoMax, false, "more blue"},
    {'b', blue, O::toward, 0.0, 0.25, kNoMax, false, "less blue"},
    {'H', visual_size, O::toward, 0.7, 0.25, kNoMax, false, "thicker (visual size)"},
    {'h', visual_size, O::toward, 0.05, 0.25, kNoMax, false, "thinner"},
}};

// letter -> index into kModifiers + 1 (0 = not a modifier), built at compile time.
constexpr std::array<std::uint8_t, 128> kByChar = [] {
  std::array<std::uint8_t, 128> a{};
  for (std::size_t i = 0; i < kModifiers.size(); ++i)
    a[static_cast<unsigned char>(kModifiers[i].letter)] = static_cast<std::uint8_t>(i + 1);
  return a;
}();

constexpr std::array<Decay, 10> kDecays{{
    {length, DecayOp::affine, 0.5, 0.5},
    {curvedness, DecayOp::affine, 0.66, 0.0},
    {twist, DecayOp::affine, 0.66, 0.0},
    {weight, DecayOp::toward, 1.0, 0.5},
    {friction, DecayOp::affine, 0.8, 0.08},
    {muscle_power, DecayOp::affine, 0.8, 0.05},
    {assimilation, DecayOp::affine, 0.8, 0.05},
    {stamina, DecayOp::affine, 0.8, 0.05},
    {ingestion, DecayOp::affine, 0.8, 0.05},
    {visual_size, DecayOp::affine, 0.5, 0.1},
}};

}  // namespace

std::span<const Modifier> modifiers() {
  return kModifiers;
}
const Modifier* find_modifier(char c) {
  const auto u = static_cast<unsigned char>(c);
  return u < 128 && kByChar[u] ? &kModifiers[kByChar[u] - 1] : nullptr;
}
std::span<const Decay> decays() {
  return kDecays;
}

void normalise_biol4(GeneProps& g) {
  auto& v = g.v;
  const double sum = v[muscle_power] + v[assimilation] + v[stamina] + v[ingestion];
  if (sum == 0) {
    v[muscle_power] = v[assimilation] = v[stamina] = v[ingestion] = 0.25;
  } else {
    v[muscle_power] /= sum;
    v[assimilation] /= sum;
    v[stamina] /= sum;
    v[ingestion] /= sum;
  }
}

void apply_modifier(GeneProps& g, const Modifier& m) {
  double& v = g.v[m.prop];
  if (m.op == ModOp::toward) {
    v += (m.target - v) * m.factor;
    if (v > m.max) v = m.max;
  } else if (m.op == ModOp::scale) {
    v *= m.factor;
  }
  if (m.normalise) normalise_biol4(g);
}

void decay(GeneProps& g) {
  for (const auto& d : kDecays) {
    double& v = g.v[d.prop];
    if (d.op == DecayOp::affine)
      v = d.a * v + d.b;
    else if (d.op == DecayOp::toward)
      v += (d.a - v) * d.b;
  }
  normalise_biol4(g);
  if (g.bend_fresh)
    g.bend_fresh = false;
  else
    g.bend_range = 1.0;
}

}  // namespace genokit::f1::detail
