// ODE 0.16's dMass* formulas on plain data (the physics module checks the result with the real
// dMassCheck before dBodySetMass). Long axes of capsules and cylinders run along Z (direction 3),
// like the geoms.
#pragma once

#include <cmath>

#include "genokit/xode/scene.hpp"
#include "xode/xmath.hpp"

namespace genokit::xode::mass {

inline MassParams zero() {
  MassParams m;
  m.mass = 0;
  m.I = {0, 0, 0, 0, 0, 0, 0, 0, 0};
  return m;
}

inline MassParams diagonal(double total, double i11, double i22, double i33) {
  MassParams m = zero();
  m.mass = total;
  m.I[0] = i11, m.I[4] = i22, m.I[8] = i33;
  return m;
}

inline MassParams sphere_total(double total, double r) {
  double ii = 0.4 * total * r * r;
  return diagonal(total, ii, ii, ii);
}
inline MassParams sphere(double density, double r) {
  return sphere_total((4.0 / 3.0) * M_PI * r * r * r * density, r);
}

inline MassParams box_total(double total, double lx, double ly, double lz) {
  return diagonal(total, total / 12.0 * (ly * ly + lz * lz), total / 12.0 * (lx * lx + lz * lz),
                  total / 12.0 * (lx * lx + ly * ly));
}
inline MassParams box(double density, double lx, double ly, double lz) {
  return box_total(lx * ly * lz * density, lx, ly, lz);
}

inline MassParams capsule(double density, double r, double len) {
  double m1 = M_PI * r * r * len * density;
  double m2 = (4.0 / 3.0) * M_PI * r * r * r * density;
  double ia = m1 * (0.25 * r * r + (1.0 / 12.0) * len * len) +
              m2 * (0.4 * r * r + 0.375 * r * len + 0.25 * len * len);
  double ib = (m1 * 0.5 + m2 * 0.4) * r * r;
  return diagonal(m1 + m2, ia, ia, ib);
}

inline MassParams cylinder(double density, double r, double len) {
  double m1 = M_PI * r * r * len * density;
  double ia = m1 * (0.25 * r * r + (1.0 / 12.0) * len * len);
  double ib = m1 * 0.5 * r * r;
  return diagonal(m1, ia, ia, ib);
}

inline void adjust(MassParams& m, double newmass) {
  double s = newmass / m.mass;
  m.mass = newmass;
  for (double& v : m.I) v *= s;
}

inline void add(MassParams& a, const MassParams& b) {
  double denom = 1.0 / (a.mass + b.mass);
  for (int i = 0; i < 3; ++i) a.c[i] = (a.c[i] * a.mass + b.c[i] * b.mass) * denom;
  a.mass += b.mass;
  for (int i = 0; i < 9; ++i) a.I[i] += b.I[i];
}

// dMassTranslate: moves the mass by t; the inertia (about the body origin) changes accordingly.
inline void translate(MassParams& m, const Vec3& t) {
  auto cross2 = [](const Vec3& a) {  // crossmat(a)^2 = a a^T - |a|^2 E
    Mat3 r{};
    double aa = math::dot(a, a);
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) r[i * 3 + j] = a[i] * a[j] - (i == j ? aa : 0.0);
    return r;
  };
  Vec3 a = math::add(m.c, t);
  Mat3 chat = cross2(m.c), ahat = cross2(a);
  for (int i = 0; i < 9; ++i) m.I[i] += m.mass * (chat[i] - ahat[i]);
  m.c = a;
}

// dMassRotate: I = R I R^T, c = R c.
inline void rotate(MassParams& m, const Mat3& R) {
  m.I = math::mul3(math::mul3(R, m.I), math::transpose3(R));
  m.c = math::mulv(R, m.c);
}

}  // namespace genokit::xode::mass
