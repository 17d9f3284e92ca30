// The harness's random source: one std::mt19937_64 per stream, seeded from (seed, encoding, kind)
// so a run is the same whatever --jobs and whatever other encodings run beside it.
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <string_view>
#include <vector>

namespace genokit::differential {

class Rng {
 public:
  explicit Rng(std::uint64_t seed) : rng_(seed) {}
  // A stream of its own for (seed, name): FNV-1a of the name mixed into the seed.
  static Rng stream(std::uint64_t seed, std::string_view name) {
    std::uint64_t h = 1469598103934665603ull;
    for (char c : name) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ull;
    return Rng(seed * 0x9E3779B97F4A7C15ull ^ h);
  }
  // 0 .. n-1 (n > 0).
  std::size_t below(std::size_t n) { return static_cast<std::size_t>(rng_() % n); }
  int between(int lo, int hi) { return lo + static_cast<int>(below(static_cast<std::size_t>(hi - lo + 1))); }
  bool chance(int percent) { return below(100) < static_cast<std::size_t>(percent); }
  double uniform(double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng_); }
  template <class T>
  const T& pick(const std::vector<T>& v) {
    return v[below(v.size())];
  }
  char pick_char(std::string_view s) { return s[below(s.size())]; }

 private:
  std::mt19937_64 rng_;
};

}  // namespace genokit::differential
