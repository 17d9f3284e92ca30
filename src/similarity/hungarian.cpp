// Optimal matching (the SDK's EvaluateDistanceHungarian): a square cost matrix over the larger
// creature's Parts (rows) and the smaller one's Parts plus "unmatched" columns, solved exactly.
#include <cmath>
#include <cstdlib>
#include <limits>
#include <vector>

#include "similarity/assignment.hpp"
#include "similarity/fused.hpp"
#include "similarity/measure.hpp"

namespace genokit::similarity::detail {

double hungarian_distance(const Body& a, const Body& b, const Weights& w) {
  // As in the SDK: the first creature is the smaller one when both have as many Parts.
  const bool a_small = a.parts <= b.parts;
  const Body& small = a_small ? a : b;
  const Body& big = a_small ? b : a;
  const int ns = small.parts, nb = big.parts;
  std::vector<double> base(static_cast<std::size_t>(nb) * nb);
  for (int i = 0; i < nb; ++i)
    for (int j = 0; j < nb; ++j)
      base[static_cast<std::size_t>(i) * nb + j] =
          j < ns ? w.degrees * double(std::abs(big.degree[i] - small.degree[j])) +
                       w.neurons * double(std::abs(big.neurons[i] - small.neurons[j]))
                 : w.degrees * double(big.degree[i]) + w.neurons * double(big.neurons[i]);
  double result;
  if (w.geometry > 0) {
    // Every reflection of the smaller creature; the first smallest assignment cost wins.
    std::vector<f0::Vec3> pos = small.pos;
    std::vector<double> cost(base.size());
    result = std::numeric_limits<double>::max();
    for (int t = 0; t < kReflections; ++t) {
      for (f0::Vec3& p : pos) p = {p.x * kFlipX[t], p.y * kFlipY[t], p.z * kFlipZ[t]};
      for (int i = 0; i < nb; ++i) {
        const f0::Vec3& q = big.pos[i];
        for (int j = 0; j < nb; ++j) {
          const double d = j < ns ? distance(q, pos[j]) : length(q);
          const std::size_t k = static_cast<std::size_t>(i) * nb + j;
          cost[k] = base[k] + w.geometry * d;
        }
      }
      const double c = solve_assignment(cost, nb);
      if (c < result) result = c;
    }
  } else {
    result = solve_assignment(base, nb);
  }
  result += w.neurons * double(std::abs(a.on_joint - b.on_joint) + std::abs(a.anywhere - b.anywhere));
  result += double(nb - ns) * w.parts;
  return result;
}

}  // namespace genokit::similarity::detail
