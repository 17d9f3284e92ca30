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
  // The SDK's getAngles: undo the rotation about Z that brings X into the XZ plane, then the one
  // about Y that brings it onto X; rx is then the angle of the un-rotated Z axis. Near the poles
  // (X almost vertical) rx and rz come from the residues of X, as in the SDK (checked against its
  // joint angles and fF part angles).
  Vec3 x = o.x, z = o.z;
  Vec3 r;
  r.z = std::atan2(x.y, x.x);
  double s = std::sin(-r.z), c = std::cos(-r.z);
  rot_z(x, s, c), rot_z(z, s, c);
  r.y = std::atan2(x.z, x.x);
  s = std::sin(-r.y), c = std::cos(-r.y);
  rot_y_sdk(x, s, c), rot_y_sdk(z, s, c);
  r.x = std::atan2(-z.y, z.z);
  // A NaN X axis (a part rotated by inf or nan) falls into the SDK's pole branch: ry = pi/2 and
  // rz = 0 (its comparisons fail for NaN), rx stays NaN (SDK r909 oracle).
  if (std::isnan(o.x.x) || std::isnan(o.x.y) || std::isnan(o.x.z)) r.y = std::acos(0.0), r.z = 0;
  return r;
}

Orient compose(const Orient& a, const Orient& b) {
  return {a.apply(b.x), a.apply(b.y), a.apply(b.z)};
}

}  // namespace genokit::f0
