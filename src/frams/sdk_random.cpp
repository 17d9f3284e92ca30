// The SDK random source and the operators' number helpers (genokit/frams/sdk_random.hpp). Compiled
// without fused multiply-add (CMakeLists.txt): the neural network's noise must stay bit-exact.
#include "genokit/frams/sdk_random.hpp"

#include <array>
#include <cmath>

#include "genokit/frams/schema.hpp"

namespace genokit::frams {

void SdkRandom::seed(std::uint64_t seed) {
  if (seed <= 0xFFFFFFFFu) {
    mt_.seed(static_cast<std::uint32_t>(seed));
  } else {
    std::seed_seq seq{static_cast<std::uint32_t>(seed), static_cast<std::uint32_t>(seed >> 32)};
    mt_.seed(seq);
  }
  have_cached_ = false;
  cached_ = 0;
}

double SdkRandom::gauss() {
  if (have_cached_) {
    have_cached_ = false;
    return cached_;
  }
  double v1, v2, s;
  do {
    v1 = 2 * uniform() - 1;
    v2 = 2 * uniform() - 1;
    s = v1 * v1 + v2 * v2;
  } while (s >= 1 || s == 0);  // s == 0 (probability 2^-64) would give an infinite value
  const double m = std::sqrt(-2 * std::log(s) / s);
  cached_ = v2 * m;
  have_cached_ = true;
  return v1 * m;
}

int SdkRandom::roulette(std::span<const double> weights) {
  double sum = 0;
  for (double w : weights) sum += w;
  const double pick = uniform(sum);
  double running = 0;
  for (std::size_t i = 0; i < weights.size(); ++i) {
    running += weights[i];
    if (pick < running) return static_cast<int>(i);
  }
  return -1;
}

std::uint64_t mix_seed(std::uint64_t base, std::uint64_t index) {
  auto splitmix = [](std::uint64_t x) {
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
  };
  return splitmix(splitmix(base) ^ index);
}

double round3(double x) {
  return std::floor(x * 1000 + 0.5) / 1000.0;
}

double creep_no_limit(SdkRandom& rng, char type, double current, double sd, bool round3) {
  double r = rng.gauss(current, sd);
  if (type == 'd') {
    r = std::trunc(r + 0.5);  // the SDK's int(r + 0.5), without its overflow
    if (r == current) r += static_cast<double>(rng.below(2)) * 2 - 1;
  } else if (round3) {
    r = frams::round3(r);
  }
  return r;
}

double creep(SdkRandom& rng, char type, double current, double lo, double hi, double sd, bool round3) {
  double r = creep_no_limit(rng, type, current, sd, round3);
  if (!(r < lo || r > hi)) return r;
  if (r > hi)
    r = hi - (r - hi);
  else
    r = lo + (lo - r);
  // Still outside after the reflection (a step longer than the range): wrap.
  if (r > hi)
    r = lo + std::fmod(r - hi, hi - lo);
  else if (r < lo)
    r = lo + std::fmod(lo - r, hi - lo);
  if (round3) {
    const double tried = frams::round3(r);
    if (lo <= tried && tried <= hi) r = tried;
  }
  if (!(r >= lo && r <= hi)) r = lo;  // lo == hi (fmod by 0) or NaN bounds: the only safe value
  return r;
}

double creep(SdkRandom& rng, char type, double current, double lo, double hi, bool round3) {
  return creep(rng, type, current, lo, hi, (hi - lo) / 2 / 5, round3);
}

double mut_weight(SdkRandom& rng, double w) {
  return creep_no_limit(rng, 'f', w, 2, true);
}

bool linear_mix(std::span<double> a, std::span<double> b, double proportion) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const double v1 = a[i], v2 = b[i];
    a[i] = v1 * proportion + v2 * (1 - proportion);
    b[i] = v2 * proportion + v1 * (1 - proportion);
  }
  return true;
}

MinMaxDef min_max_def(const Property& p) {
  MinMaxDef r;
  int given = 0;  // how many of min, max, default the property states (the SDK's getMinMax count)
  double mn = 0, mx = 1, def = 0.5;
  if (p.type != 'd' && p.type != 'f') return r;
  if (!p.type_text.empty()) {
    const PropType t = parsed_type(p);
    given = t.has_default ? 3 : t.has_max ? 2 : t.has_min ? 1 : 0;
    if (given >= 1) mn = t.min;
    if (given >= 2) mx = t.max;
    if (given >= 3) def = p.def;
  } else if (p.ranged) {
    given = 3, mn = p.min, mx = p.max, def = p.def;
  } else {
    given = 3, mn = 1, mx = 0, def = p.def;  // a built-in row without a range: "only a default"
  }
  if (given == 1) mx = mn + 1000;
  if (mx < mn && given == 3) mn = def - 500, mx = def + 500;
  if (given < 3) def = p.type == 'd' ? std::trunc((mn + mx) / 2) : (mn + mx) / 2.0;
  r.min = mn, r.max = mx, r.def = def, r.all_given = given == 3;
  return r;
}

namespace {

// An interval mixture: R(count) picks an interval, then lo + U·(hi - lo) (the SDK's CustomRnd).
struct Interval {
  double lo, hi;
};
constexpr std::array<Interval, 5> kSigmoid{{{-999, -999}, {999, 999}, {-5, -1}, {1, 5}, {-1, 1}}};
constexpr std::array<Interval, 2> kInertia{{{0, 0}, {0.7, 0.98}}};
constexpr std::array<Interval, 3> kForce{{{0.001, 0.2}, {0.001, 1}, {1, 1}}};

double from_mixture(SdkRandom& rng, std::span<const Interval> m) {
  const Interval& i = m[rng.below(static_cast<std::uint32_t>(m.size()))];
  return i.lo + rng.uniform(i.hi - i.lo);
}

bool same_name(std::string_view a, std::string_view b) {  // ASCII, case-insensitive
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if ((a[i] | 0x20) != (b[i] | 0x20)) return false;
  return true;
}

}  // namespace

double mutate_property(SdkRandom& rng, const Property& p, double current) {
  if (p.type != 'd' && p.type != 'f') return current;
  // The SDK recognises the three by id and name ("Sigmoid", "Inertia", "Force").
  if (p.id == "si" && same_name(p.name, "sigmoid")) return from_mixture(rng, kSigmoid);
  if (p.id == "in" && same_name(p.name, "inertia")) return from_mixture(rng, kInertia);
  if (p.id == "fo" && same_name(p.name, "force")) return from_mixture(rng, kForce);
  const MinMaxDef r = min_max_def(p);
  return creep(rng, p.type, current, r.min, r.max, true);
}

}  // namespace genokit::frams
