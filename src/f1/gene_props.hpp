// Internal: the f1 stick properties ("gene properties") and the modifier letters (15 pairs) as data
// (notes f1.md §4). One table drives the converter, the docs and the tests.
#pragma once

#include <array>
#include <cstdint>
#include <limits>
#include <span>
#include <string_view>

#include "genokit/frams/property.hpp"

namespace genokit::f1::detail {

enum Prop : std::uint8_t {
  length,
  curvedness,
  twist,
  weight,
  friction,
  muscle_power,
  assimilation,
  stamina,
  ingestion,
  energy,
  red,
  green,
  blue,
  visual_size,
  kPropCount
};

// The stick properties as a table (the one Framsticks table type; `tag` is the Prop): names and
// the values of a genotype's first stick.
constexpr frams::Property gene_prop(Prop p, std::string_view id, double def, std::string_view name) {
  return frams::Property(id, 'f', false, 0, 0, def, name).with_tag(p);
}
inline constexpr std::array<frams::Property, kPropCount> kGeneProps{{
    gene_prop(length, "length", 1.0, "stick length (capped at 2)"),
    gene_prop(curvedness, "curvedness", 0.0, "curvedness (rotation about z of the next joint)"),
    gene_prop(twist, "twist", 0.0, "twist (rotation about x of the next joint)"),
    gene_prop(weight, "weight", 1.0, "weight (part density 1/weight)"),
    gene_prop(friction, "friction", 0.4, "part friction"),
    gene_prop(muscle_power, "muscle_power", 0.25, "muscle power"),
    gene_prop(assimilation, "assimilation", 0.25, "part assimilation"),
    gene_prop(stamina, "stamina", 0.25, "joint stamina"),
    gene_prop(ingestion, "ingestion", 0.25, "part ingestion"),
    gene_prop(energy, "energy", 1.0, "start energy (averaged over sticks)"),
    gene_prop(red, "cred", 0.5, "colour red"),
    gene_prop(green, "cgreen", 0.5, "colour green"),
    gene_prop(blue, "cblue", 0.5, "colour blue"),
    gene_prop(visual_size, "visual_size", 0.2, "visual thickness"),
}};

inline constexpr std::array<double, kPropCount> kGeneDefaults = [] {
  std::array<double, kPropCount> d{};
  for (const auto& p : kGeneProps) d[p.tag] = p.def;
  return d;
}();

struct GeneProps {
  std::array<double, kPropCount> v = kGeneDefaults;
  double bend_range = 1.0;  // muscle bend range: 1/n for the first stick of each of n branches
  bool bend_fresh = false;  // set at '(' so the first stick of a branch keeps it
  double operator[](Prop p) const { return v[p]; }
};

// How one letter changes its property: "toward target by factor" (v += (target - v) * factor) or
// "scale" (v *= factor); `max` caps the result (L); `normalise` renormalises A/I/S/M to sum 1.
enum class ModOp : std::uint8_t { toward, scale, rotate };
struct Modifier {
  char letter;
  Prop prop;
  ModOp op;
  double target, factor;
  double max;  // +inf = no cap
  bool normalise;
  std::string_view meaning;
};

// Decay after every stick: v = a*v + b ("affine") or v += (t - v)*f ("toward"); none for colours
// and energy.
enum class DecayOp : std::uint8_t { none, affine, toward };
struct Decay {
  Prop prop;
  DecayOp op;
  double a, b;
};

inline constexpr double kRotationStep = 0.7853;  // R / r (not pi/4: the SDK's constant)

inline constexpr double kNoMax = std::numeric_limits<double>::infinity();
inline constexpr double kHalfPi = 1.57079632679489661923;

// notes f1.md §4.1
inline constexpr std::array<Modifier, 30> kModifiers{{
    {'L', length, ModOp::toward, 2.0, 0.3, 2.0, false, "longer stick (toward 2)"},
    {'l', length, ModOp::toward, 0.33, 0.3, kNoMax, false, "shorter stick (toward 0.33)"},
    {'C', curvedness, ModOp::toward, 2.0, 0.25, kNoMax, false, "curve left (acts one stick late)"},
    {'c', curvedness, ModOp::toward, -2.0, 0.25, kNoMax, false, "curve right (acts one stick late)"},
    {'Q', twist, ModOp::toward, kHalfPi, 0.3, kNoMax, false, "twist (acts one stick late)"},
    {'q', twist, ModOp::toward, -kHalfPi, 0.3, kNoMax, false, "twist back (acts one stick late)"},
    {'R', length, ModOp::rotate, 0, kRotationStep, kNoMax, false, "rotate this segment's sticks +0.7853 rad"},
    {'r', length, ModOp::rotate, 0, -kRotationStep, kNoMax, false,
     "rotate this segment's sticks -0.7853 rad"},
    {'W', weight, ModOp::toward, 2.0, 0.3, kNoMax, false, "heavier (density 1/weight)"},
    {'w', weight, ModOp::toward, 0.5, 0.3, kNoMax, false, "lighter"},
    {'F', friction, ModOp::toward, 4.0, 0.2, kNoMax, false, "more friction"},
    {'f', friction, ModOp::toward, 0, 0.2, kNoMax, false, "less friction"},
    {'A', assimilation, ModOp::toward, 1.0, 0.8, kNoMax, true, "more assimilation"},
    {'a', assimilation, ModOp::toward, 0, 0.4, kNoMax, true, "less assimilation"},
    {'I', ingestion, ModOp::toward, 1.0, 0.8, kNoMax, true, "more ingestion"},
    {'i', ingestion, ModOp::toward, 0, 0.4, kNoMax, true, "less ingestion"},
    {'S', stamina, ModOp::toward, 1.0, 0.8, kNoMax, true, "more stamina"},
    {'s', stamina, ModOp::toward, 0, 0.4, kNoMax, true, "less stamina"},
    {'M', muscle_power, ModOp::toward, 1.0, 0.8, kNoMax, true, "stronger muscles"},
    {'m', muscle_power, ModOp::toward, 0, 0.4, kNoMax, true, "weaker muscles"},
    {'E', energy, ModOp::toward, 10.0, 0.1, kNoMax, false, "more start energy"},
    {'e', energy, ModOp::toward, 0, 0.1, kNoMax, false, "less start energy"},
    {'D', red, ModOp::toward, 1.0, 0.25, kNoMax, false, "more red"},
    {'d', red, ModOp::toward, 0.0, 0.25, kNoMax, false, "less red"},
    {'G', green, ModOp::toward, 1.0, 0.25, kNoMax, false, "more green"},
    {'g', green, ModOp::toward, 0.0, 0.25, kNoMax, false, "less green"},
    {'B', blue, ModOp::toward, 1.0, 0.25, kNoMax, false, "more blue"},
    {'b', blue, ModOp::toward, 0.0, 0.25, kNoMax, false, "less blue"},
    {'H', visual_size, ModOp::toward, 0.7, 0.25, kNoMax, false, "thicker (visual size)"},
    {'h', visual_size, ModOp::toward, 0.05, 0.25, kNoMax, false, "thinner"},
}};

// letter -> index into kModifiers + 1 (0 = not a modifier), built at compile time.
inline constexpr std::array<std::uint8_t, 128> kByChar = [] {
  std::array<std::uint8_t, 128> a{};
  for (std::size_t i = 0; i < kModifiers.size(); ++i)
    a[static_cast<unsigned char>(kModifiers[i].letter)] = static_cast<std::uint8_t>(i + 1);
  return a;
}();

inline constexpr std::array<Decay, 10> kDecays{{
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

std::span<const Modifier> modifiers();  // the 30 letters, uppercase first in each pair
std::span<const Decay> decays();

// The converter calls these per character and per stick, so they are inline.
inline const Modifier* find_modifier(char c) {  // nullptr when `c` is not a modifier
  const auto u = static_cast<unsigned char>(c);
  return u < 128 && kByChar[u] ? &kModifiers[kByChar[u] - 1] : nullptr;
}

[[gnu::always_inline]] inline void normalise_biol4(GeneProps& g) {
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

inline void apply_modifier(GeneProps& g, const Modifier& m) {
  double& v = g.v[m.prop];
  if (m.op == ModOp::toward) {
    v += (m.target - v) * m.factor;
    if (v > m.max) v = m.max;
  } else if (m.op == ModOp::scale) {
    v *= m.factor;
  }
  if (m.normalise) normalise_biol4(g);
}

// After a stick (before the next segment).
[[gnu::always_inline]] inline void decay(GeneProps& g) {
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
