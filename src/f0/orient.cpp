// Orientation math of the SDK (notes §5.5): rotations about world X, then Y with the opposite
// sign, then Z; an orientation is the three local axes in world coordinates.
#include <cmath>

#include "genokit/f0/model.hpp"

namespace genokit::f0 {
namespace {

void rot_x(Vec3& v, double s, double c) {
  const double y = c * v.y - s * v.z, z = s * v.y + c * v.z;
  v.y = y;
  v.z = z;
}
void rot_y_sdk(Vec3& v, double s, double c) {  // the SDK's sign: x' = c x - s z, z' = s x + c z
  const double x = c * v.x - s * v.z, z = s * v.x + c * v.z;
  v.x = x;
  v.z = z;
}
void rot_z(Vec3& v, double s, double c) {
  const double x = c * v.x - s * v.y, y = s * v.x + c * v.y;
  v.x = x;
  v.y = y;
}

}  // namespace

Orient orient_from_rotation(const Vec3& r) {
  Orient o;
  if (r.x != 0) {
    const double s = std::sin(r.x), c = std::cos(r.x);
    rot_x(o.x, s, c), rot_x(o.y, s, c), rot_x(o.z, s, c);
  }
  if (r.y != 0) {
    const double s = std::sin(r.y), c = std::cos(r.y);
    rot_y_sdk(o.x, s, c), rot_y_sdk(o.y, s, c), rot_y_sdk(o.z, s, c);
  }
  if (r.z != 0) {
    const double s = std::sin(r.z), c = std::cos(r.z);
    rot_z(o.x, s, c), rot_z(o.y, s, c), rot_z(o.z, s, c);
  }
  return o;
}

Vec3 rotation_from_orient(const Orient& o) {
  // X = (cos rz cos ry, sin rz cos ry, sin ry); Y.z = cos ry sin rx; Z.z = cos ry cos rx.
  Vec3 r;
  const double sy = std::fmax(-1.0, std::fmin(1.0, o.x.z));
  r.y = std::asin(sy);
  if (std::fabs(sy) < 1.0 - 1e-12) {
    r.z = std::atan2(o.x.y, o.x.x);
    r.x = std::atan2(o.y.z, o.z.z);
  } else {
    // Gimbal lock: put the whole rotation about the vertical axis into rx.
    r.z = 0;
    r.x = std::atan2(o.y.x * -sy + 0.0, o.y.y);
  }
  return r;
}

Orient compose(const Orient& a, const Orient& b) {
  return {a.apply(b.x), a.apply(b.y), a.apply(b.z)};
}

}  // namespace genokit::f0
