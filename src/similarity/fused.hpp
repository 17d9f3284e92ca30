// Distances between Part positions with fused multiply-adds, as in the SDK build that made the
// reference results. The SDK's nine similarity goal files come from a build in which Pt3D's
// distance (dx*dx + dy*dy + dz*dz) was contracted into fused multiply-adds: every cell of the nine
// goals is reproduced that way, and 2 cells are not without it (greedy matching breaks ties on the
// last bits of MDS coordinates). Fusing anything else (the Jacobi rotations in particular) breaks
// 52 cells, so only the distances are fused. genokit writes the contraction out with std::fma and
// compiles this module with -ffp-contract=off, so the results are the same on every machine and
// with any compiler flags (std::fma is exact everywhere; without an FMA unit it is slower only).
#pragma once

#include <cmath>

#include "genokit/f0/model.hpp"

namespace genokit::similarity::detail {

// |a - b|: sqrt(fma(dz, dz, fma(dx, dx, dy*dy))), the order a compiler contracts the sum in.
inline double distance(const f0::Vec3& a, const f0::Vec3& b) {
  const double x = a.x - b.x, y = a.y - b.y, z = a.z - b.z;
  return std::sqrt(std::fma(z, z, std::fma(x, x, y * y)));
}

// |a| (Pt3D::length), contracted the same way.
inline double length(const f0::Vec3& a) {
  return std::sqrt(std::fma(a.z, a.z, std::fma(a.x, a.x, a.y * a.y)));
}

}  // namespace genokit::similarity::detail
