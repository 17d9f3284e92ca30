// A model made ready for the structural measure, and the measure of two such (prepare.hpp).
#include "similarity/prepare.hpp"

#include <cmath>

#include "similarity/measure.hpp"

namespace genokit::similarity::detail {

std::optional<Body> prepare(const f0::Model& m, const DissimilarityOptions& opt) {
  if (!m.valid || m.parts.empty()) return std::nullopt;
  Body b = describe(m);
  if (opt.weights.geometry > 0) align(b, m, opt.fixed_z, opt.weighted_mds);
  // Positions too large for their distances to be finite have no alignment: not measurable.
  for (const f0::Vec3& p : b.pos)
    if (!std::isfinite(p.x) || !std::isfinite(p.y) || !std::isfinite(p.z)) return std::nullopt;
  return b;
}

double structural(const Body& a, const Body& b, const DissimilarityOptions& opt) {
  return opt.method == Method::greedy ? greedy_distance(a, b, opt.weights)
                                      : hungarian_distance(a, b, opt.weights);
}

}  // namespace genokit::similarity::detail
