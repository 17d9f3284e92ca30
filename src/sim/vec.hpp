// Small vector arithmetic on f0::Vec3 (internal).
#pragma once

#include <cmath>

#include "genokit/f0/model.hpp"

namespace genokit::sim {

inline f0::Vec3 add(f0::Vec3 a, f0::Vec3 b) {
  return {a.x + b.x, a.y + b.y, a.z + b.z};
}
inline f0::Vec3 sub(f0::Vec3 a, f0::Vec3 b) {
  return {a.x - b.x, a.y - b.y, a.z - b.z};
}
inline f0::Vec3 scale(f0::Vec3 a, double k) {
  return {a.x * k, a.y * k, a.z * k};
}
inline double dot(f0::Vec3 a, f0::Vec3 b) {
  return a.x * b.x + a.y * b.y + a.z * b.z;
}
inline double norm(f0::Vec3 a) {
  return std::sqrt(dot(a, a));
}
inline f0::Vec3 cross(f0::Vec3 a, f0::Vec3 b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
inline f0::Vec3 unit(f0::Vec3 a) {
  double n = norm(a);
  return n > 0 ? scale(a, 1 / n) : a;
}
inline bool finite(f0::Vec3 a) {
  return std::isfinite(a.x) && std::isfinite(a.y) && std::isfinite(a.z);
}

}  // namespace genokit::sim
