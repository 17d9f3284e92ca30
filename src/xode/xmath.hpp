// Small 3D math for transforms: PyODE's 4x4 row-vector matrices (compat mode, same operation
// order so results match bit for bit) and rigid similarity transforms (standard mode).
#pragma once

#include <array>
#include <cmath>

#include "genokit/xode/scene.hpp"

namespace genokit::xode::math {

// ---- PyODE: 4x4, row-vector convention, translation in row 3 --------------------------------
using Mat4 = std::array<std::array<double, 4>, 4>;

inline Mat4 identity4() {
  Mat4 m{};
  for (int i = 0; i < 4; ++i) m[i][i] = 1;
  return m;
}

inline Mat4 mul4(const Mat4& a, const Mat4& b) {
  Mat4 r{};
  for (int row = 0; row < 4; ++row)
    for (int col = 0; col < 4; ++col) {
      double part = 0;  // summed left to right as in PyODE
      for (int i = 0; i < 4; ++i) part = part + a[row][i] * b[i][col];
      r[row][col] = part;
    }
  return r;
}

// ---- 3x3 (row-major), column convention ------------------------------------------------------
inline Mat3 identity3() {
  return {1, 0, 0, 0, 1, 0, 0, 0, 1};
}

inline Mat3 mul3(const Mat3& a, const Mat3& b) {
  Mat3 r{};
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      r[i * 3 + j] = a[i * 3] * b[j] + a[i * 3 + 1] * b[3 + j] + a[i * 3 + 2] * b[6 + j];
  return r;
}

inline Mat3 transpose3(const Mat3& a) {
  return {a[0], a[3], a[6], a[1], a[4], a[7], a[2], a[5], a[8]};
}

inline Vec3 mulv(const Mat3& a, const Vec3& v) {
  return {a[0] * v[0] + a[1] * v[1] + a[2] * v[2], a[3] * v[0] + a[4] * v[1] + a[5] * v[2],
          a[6] * v[0] + a[7] * v[1] + a[8] * v[2]};
}

inline Vec3 add(const Vec3& a, const Vec3& b) {
  return {a[0] + b[0], a[1] + b[1], a[2] + b[2]};
}
inline Vec3 sub(const Vec3& a, const Vec3& b) {
  return {a[0] - b[0], a[1] - b[1], a[2] - b[2]};
}
inline Vec3 scale(const Vec3& a, double s) {
  return {a[0] * s, a[1] * s, a[2] * s};
}
inline double dot(const Vec3& a, const Vec3& b) {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}
inline double norm(const Vec3& a) {
  return std::sqrt(dot(a, a));
}

// ODE's dRFromEulerAngles(phi, theta, psi): R = Rx(-phi) Ry(-theta) Rz(-psi) (column convention).
inline Mat3 from_euler(double phi, double theta, double psi) {
  double sphi = std::sin(phi), cphi = std::cos(phi), stheta = std::sin(theta), ctheta = std::cos(theta),
         spsi = std::sin(psi), cpsi = std::cos(psi);
  return {cpsi * ctheta,
          spsi * ctheta,
          -stheta,
          cpsi * stheta * sphi - spsi * cphi,
          spsi * stheta * sphi + cpsi * cphi,
          ctheta * sphi,
          cpsi * stheta * cphi + spsi * sphi,
          spsi * stheta * cphi - cpsi * sphi,
          ctheta * cphi};
}

// Rotation by `angle` (right hand) about the unit axis `a`.
inline Mat3 from_axis_angle(Vec3 a, double angle) {
  double n = norm(a);
  a = scale(a, 1.0 / n);
  double c = std::cos(angle), s = std::sin(angle), t = 1 - c;
  double x = a[0], y = a[1], z = a[2];
  return {t * x * x + c,     t * x * y - s * z, t * x * z + s * y, t * x * y + s * z, t * y * y + c,
          t * y * z - s * x, t * x * z - s * y, t * y * z + s * x, t * z * z + c};
}

// Unit quaternion (w, x, y, z) to rotation matrix.
inline Mat3 from_quaternion(double w, double x, double y, double z) {
  double n = std::sqrt(w * w + x * x + y * y + z * z);
  w /= n, x /= n, y /= n, z /= n;
  return {1 - 2 * (y * y + z * z), 2 * (x * y - w * z),     2 * (x * z + w * y),
          2 * (x * y + w * z),     1 - 2 * (x * x + z * z), 2 * (y * z - w * x),
          2 * (x * z - w * y),     2 * (y * z + w * x),     1 - 2 * (x * x + y * y)};
}

// Largest deviation of R^T R from the identity, and of det(R) from 1.
inline double rigidity_error(const Mat3& r) {
  Mat3 p = mul3(transpose3(r), r);
  double e = 0;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) e = std::max(e, std::fabs(p[i * 3 + j] - (i == j ? 1.0 : 0.0)));
  double det = r[0] * (r[4] * r[8] - r[5] * r[7]) - r[1] * (r[3] * r[8] - r[5] * r[6]) +
               r[2] * (r[3] * r[7] - r[4] * r[6]);
  return std::max(e, std::fabs(det - 1));
}

// A similarity transform x -> s * R * x + p (standard mode).
struct Frame {
  Mat3 R = identity3();
  Vec3 p{0, 0, 0};
  double s = 1;
  Vec3 apply(const Vec3& x) const { return add(scale(mulv(R, x), s), p); }
  Vec3 rotate(const Vec3& d) const { return mulv(R, d); }
};

inline Frame compose(const Frame& parent, const Frame& child) {
  Frame f;
  f.R = mul3(parent.R, child.R);
  f.p = parent.apply(child.p);
  f.s = parent.s * child.s;
  return f;
}

// The frame of `child` expressed in `parent`'s frame (both absolute, rigid parts only).
inline Frame relative(const Frame& parent, const Frame& child) {
  Frame f;
  Mat3 rt = transpose3(parent.R);
  f.R = mul3(rt, child.R);
  f.p = scale(mulv(rt, sub(child.p, parent.p)), 1.0 / parent.s);
  f.s = child.s / parent.s;
  return f;
}

}  // namespace genokit::xode::math
