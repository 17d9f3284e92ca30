// The two matchings of the structural measure on prepared Bodies (body.hpp). Both take the Bodies
// as the SDK's models 0 and 1 (the order only decides which one the reflections move) and return
// the weighted distance.
#pragma once

#include "genokit/similarity/options.hpp"
#include "similarity/body.hpp"

namespace genokit::similarity::detail {

// The SDK's "old" measure: Parts matched greedily, degree group by degree group.
double greedy_distance(const Body& a, const Body& b, const Weights& w);
// The SDK's "new" measure: an optimal assignment of Parts (Hungarian algorithm).
double hungarian_distance(const Body& a, const Body& b, const Weights& w);

// The 8 reflections tried when geometry counts: sign multipliers applied one after the other, so
// that step t leaves the moved model reflected by the product of steps 0..t (all 8 sign patterns).
inline constexpr int kReflections = 8;
inline constexpr int kFlipX[kReflections] = {1, -1, -1, 1, -1, 1, -1, -1};
inline constexpr int kFlipY[kReflections] = {1, 1, -1, -1, -1, -1, -1, 1};
inline constexpr int kFlipZ[kReflections] = {1, 1, 1, -1, -1, -1, 1, 1};

}  // namespace genokit::similarity::detail
