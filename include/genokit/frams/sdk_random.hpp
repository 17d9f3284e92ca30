// The Framsticks SDK's random source and the number helpers of its genetic operators, written once
// for every encoding's operators and the neural network (spec notes encodings.md §0, evolution.md
// §2.6, simulation.md §1):
//
//  - one MT19937 stream; U = next 32-bit output / 2^32 (in [0, 1)); R(n) = floor(U·n);
//  - gauss(m, s) = m + s·z, z by the polar (Marsaglia) method; the second value of each pair is
//    cached and returned by the next call (so gauss draws two outputs every other call);
//  - roulette(weights): U·Σw, then the first index whose running sum exceeds it; -1 when every
//    weight is 0 (a draw is still made, as in the SDK);
//  - creep: a Gaussian step, integers rounded and forced to change, reals optionally rounded to 3
//    decimals, then reflected at the violated bound and wrapped with fmod when still outside.
//
// Same seed, same calls -> the same numbers on every machine (no library distribution is used).
#pragma once

#include <cstdint>
#include <random>
#include <span>

#include "genokit/frams/property.hpp"

namespace genokit::frams {

class SdkRandom {
 public:
  // Seeds below 2^32 give exactly the SDK's stream for that seed (MT19937 init_genrand, the
  // SDK's default seed is 0); larger seeds are mixed in with std::seed_seq{low 32 bits, high 32 bits}.
  // (The generator is seeded once: a 32-bit seed goes straight to its constructor, since the
  // MT19937 state initialisation is a sizeable part of a cheap operator call.)
  explicit SdkRandom(std::uint64_t seed = 0) : mt_(static_cast<std::uint32_t>(seed)) {
    if (seed > 0xFFFFFFFFu) this->seed(seed);
  }
  void seed(std::uint64_t seed);

  std::uint32_t next32() { return static_cast<std::uint32_t>(mt_()); }
  // U: uniform in [0, 1) with 32 random bits.
  double uniform() { return static_cast<double>(next32()) * (1.0 / 4294967296.0); }
  // U·x (the SDK's rndDouble(x)).
  double uniform(double x) { return uniform() * x; }
  // R(n) = floor(U·n): uniform in 0 .. n-1; R(0) = 0 (one draw either way).
  std::uint32_t below(std::uint32_t n) { return static_cast<std::uint32_t>(uniform() * n); }
  // A standard normal value z (polar method; the pair's second value is cached).
  double gauss();
  // m + s·z.
  double gauss(double m, double s) { return m + s * gauss(); }
  // The index chosen with probability w_i / Σw (weights are relative, not probabilities), or -1
  // when they are all 0. Negative weights are not meaningful (they behave as in the SDK).
  int roulette(std::span<const double> weights);

 private:
  std::mt19937 mt_;
  bool have_cached_ = false;
  double cached_ = 0;
};

// A seed for item `index` of a run seeded with `base` (splitmix64 of both): independent streams for
// the K mutants of `genokit mutate --times K`, the individuals of a generation, ... so results do
// not depend on the order or the number of threads that make them.
std::uint64_t mix_seed(std::uint64_t base, std::uint64_t index);

// floor(x·1000 + 0.5) / 1000: the operators' 3-decimal rounding.
double round3(double x);

// A Gaussian step from `current` with standard deviation `sd`, no bounds (mutateCreepNoLimit).
// type 'd' (integer): rounded as (x + 0.5) truncated toward zero; when that equals `current`, ±1
// is forced with R(2). Other types: rounded to 3 decimals when `round3` is set.
double creep_no_limit(SdkRandom& rng, char type, double current, double sd, bool round3);
// creep_no_limit, then a result outside [lo, hi] is reflected at the violated bound, wrapped with
// fmod when still outside, and (with `round3`) rounded to 3 decimals again when that stays inside
// (mutateCreep). lo < hi is expected; lo == hi gives lo.
double creep(SdkRandom& rng, char type, double current, double lo, double hi, double sd, bool round3);
// The same with the SDK's standard deviation (hi - lo) / 2 / 5.
double creep(SdkRandom& rng, char type, double current, double lo, double hi, bool round3);
// A connection weight: gauss(w, 2) rounded to 3 decimals, no bounds (mutateNeuProperty, index -1).
double mut_weight(SdkRandom& rng, double w);
// Linear mix of two equally long vectors: a' = p·a + (1-p)·b, b' = p·b + (1-p)·a. False (nothing
// changed) when the lengths differ.
bool linear_mix(std::span<double> a, std::span<double> b, double proportion);

// The range and default an operator mutates a number property within (getMinMaxDef): only a
// minimum given -> max = min + 1000; only a default (max < min) -> default ± 500; no default -> the
// midpoint (integer division for 'd'). Properties read from SDK type strings count what the string
// gives; built-in tables count a range when it is enforced and a default always.
struct MinMaxDef {
  double min = 0, max = 1, def = 0.5;
  bool all_given = false;  // min, max and default were all given (the SDK's return value)
};
MinMaxDef min_max_def(const Property& p);

// A new value for number property `p` (getMutatedProperty): `si` (sigmoid), `in` (inertia) and
// `fo` (force) get a fresh value from their interval mixtures (pick an interval with R, then
// uniform inside: si {-999, 999, [-5,-1], [1,5], [-1,1]}, in {0, [0.7,0.98]}, fo {[0.001,0.2],
// [0.001,1], 1}); any other number is creep()ed from `current` within min_max_def with 3-decimal
// rounding. Non-number properties return `current` unchanged (no draw).
double mutate_property(SdkRandom& rng, const Property& p, double current);

}  // namespace genokit::frams
