// Internal: the f1 stick properties ("gene properties") and the modifier letters (15 pairs) as data
// (notes f1.md §4). One table drives the converter, the docs and the tests.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

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

struct GeneProps {
  std::array<double, kPropCount> v{1.0, 0.0, 0.0, 1.0, 0.4, 0.25, 0.25, 0.25, 0.25, 1.0, 0.5, 0.5, 0.5, 0.2};
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

std::span<const Modifier> modifiers();  // the 30 letters, uppercase first in each pair
const Modifier* find_modifier(char c);  // nullptr when `c` is not a modifier
std::span<const Decay> decays();

void apply_modifier(GeneProps& g, const Modifier& m);
void decay(GeneProps& g);  // after a stick (before the next segment)
void normalise_biol4(GeneProps& g);

inline constexpr double kRotationStep = 0.7853;  // R / r (not pi/4: the SDK's constant)

}  // namespace genokit::f1::detail
