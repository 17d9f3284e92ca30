// The fF shell (notes encodings.md §4.3): chambers grown one after another, each placed at the
// aperture of the previous one; then one ellipsoid part per chamber, oriented from its aperture to
// its centre, and fixed joints between consecutive parts. The SDK generates 69 x 136 surface
// points per chamber and tests every one against every earlier chamber; the aperture it keeps is
// the point nearest the previous aperture among those clearly outside all earlier chambers (or
// the first point not inside any of them). Here the same point is found from the rows of points
// nearest the previous aperture, with exact bounds, so the result is bit-identical.
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include "f0/build.hpp"
#include "fF/shell.hpp"

namespace genokit::fF {
namespace {

using f0::Vec3;

constexpr int kRows = 69, kCols = 136;  // latitude i = 0..68, longitude j = 0..135
constexpr double kInside = 0.95, kOutside = 1.0;

struct Trig {
  std::array<double, kCols> sn{}, cs{};
  Trig() {
    for (int k = 0; k < kCols; ++k) {
      const double t = k * (2 * M_PI / 136);
      sn[static_cast<std::size_t>(k)] = std::sin(t);
      cs[static_cast<std::size_t>(k)] = std::cos(t);
    }
  }
};
const Trig& trig() {
  static const Trig t;
  return t;
}

struct Chamber {
  Vec3 c, r, r2;  // centre, radii, radii squared
  Vec3 inv2;      // 1 / r2, for the quick test before the SDK's exact one
};

// The SDK's ellipsoid equation of point p for chamber m.
inline double level(const Vec3& p, const Chamber& m) {
  const double dx = p.x - m.c.x, dy = p.y - m.c.y, dz = p.z - m.c.z;
  return dx * dx / m.r2.x + dy * dy / m.r2.y + dz * dz / m.r2.z;
}

inline Vec3 surface_point(const Chamber& ch, int i, int j) {
  const Trig& t = trig();
  const auto si = static_cast<std::size_t>(i), sj = static_cast<std::size_t>(j);
  return {ch.c.x + ch.r.x * t.cs[sj] * t.sn[si], ch.c.y + ch.r.y * t.cs[si],
          ch.c.z + ch.r.z * t.sn[sj] * t.sn[si]};
}

class HoleFinder {
 public:
  HoleFinder(const std::vector<Chamber>& all, int k) : k_(all[static_cast<std::size_t>(k)]) {
    // Earlier chambers whose boxes meet this one's: no point of this chamber can be inside or
    // near the others (each coordinate term alone exceeds 1 there).
    for (int m = k - 1; m >= 0; --m) {
      const Chamber& o = all[static_cast<std::size_t>(m)];
      auto meets = [](double c1, double r1, double c2, double r2) {
        return std::fabs(c1 - c2) <= (std::fabs(r1) + std::fabs(r2)) * 1.001 + 1e-12;
      };
      if (meets(k_.c.x, k_.r.x, o.c.x, o.r.x) && meets(k_.c.y, k_.r.y, o.c.y, o.r.y) &&
          meets(k_.c.z, k_.r.z, o.c.z, o.r.z))
        near_.push_back(o);  // most recent first: inside points fail fast
    }
  }

  // The SDK's aperture: false when every point is inside an earlier chamber.
  bool find(const Vec3& h, Vec3& hole) const {
    // The first point (in generation order) not inside any earlier chamber.
    int first = -1;
    Vec3 fp{};
    for (int i = 0; i < kRows && first < 0; ++i)
      for (int j = 0; j < kCols; ++j) {
        const Vec3 p = surface_point(k_, i, j);
        if (!inside(p)) {
          first = i * kCols + j, fp = p;
          break;
        }
        if (i == 0) break;  // the pole: every point of row 0 is the same point
      }
    if (first < 0) return false;
    const double first_d = dist2(fp, h);
    // The nearest point clearly outside every earlier chamber (the earliest one on ties), rows
    // taken in the order of a lower bound of their distance.
    const Trig& t = trig();
    std::array<std::pair<double, int>, kRows> rows;
    const double a = k_.c.x - h.x, b = k_.c.z - h.z, ab = std::sqrt(a * a + b * b);
    for (int i = 0; i < kRows; ++i) {
      const auto si = static_cast<std::size_t>(i);
      const double dy = (k_.c.y + k_.r.y * t.cs[si]) - h.y;
      // The row's points lie on an ellipse of half-axes A, B around (a, b) from h's vertical line:
      // their horizontal distance to h is at least |ab| - max(A, B) and at least min(A, B) - |ab|.
      const double A = std::fabs(k_.r.x * t.sn[si]), B = std::fabs(k_.r.z * t.sn[si]);
      const double gap = std::max({0.0, ab - std::max(A, B), std::min(A, B) - ab});
      const double ring = std::max(0.0, gap * gap * (1 - 1e-9) - 1e-12);
      rows[si] = {dy * dy + ring, i};
    }
    std::sort(rows.begin(), rows.end());
    // Per chamber: the first products of the surface point formula (the same roundings).
    alignas(32) std::array<double, kCols> rxcs, rzsn, dist;
    for (std::size_t j = 0; j < kCols; ++j) rxcs[j] = k_.r.x * t.cs[j], rzsn[j] = k_.r.z * t.sn[j];
    double best_d = std::numeric_limits<double>::infinity();
    int best = -1;
    Vec3 bp{};
    for (const auto& [bound, i] : rows) {
      if (bound > best_d) break;
      const auto si = static_cast<std::size_t>(i);
      const double sn = t.sn[si], y = k_.c.y + k_.r.y * t.cs[si], ey = y - h.y, eyy = ey * ey;
      const double cx = k_.c.x, cz = k_.c.z, hx = h.x, hz = h.z;
      for (std::size_t j = 0; j < kCols; ++j) {  // (vectorised)
        const double ex = (cx + rxcs[j] * sn) - hx, ez = (cz + rzsn[j] * sn) - hz;
        dist[j] = ex * ex + eyy + ez * ez;
      }
      for (int j = 0; j < kCols; ++j) {
        const double d = dist[static_cast<std::size_t>(j)];
        const int idx = i * kCols + j;
        if (d > best_d || (d == best_d && idx > best)) continue;
        const Vec3 p{cx + rxcs[static_cast<std::size_t>(j)] * sn, y,
                     cz + rzsn[static_cast<std::size_t>(j)] * sn};
        if (outside(p)) best_d = d, best = idx, bp = p;
      }
    }
    hole = best >= 0 && best_d < first_d ? bp : fp;
    return true;
  }

 private:
  static double dist2(const Vec3& p, const Vec3& h) {
    const double x = p.x - h.x, y = p.y - h.y, z = p.z - h.z;
    return x * x + y * y + z * z;
  }
  // level(p, m) < threshold, decided by multiplications when the answer is clear and by the SDK's
  // divisions when the value is within 1e-9 of the threshold.
  static bool below(const Vec3& p, const Chamber& m, double threshold) {
    const double dx = p.x - m.c.x, dy = p.y - m.c.y, dz = p.z - m.c.z;
    const double quick = dx * dx * m.inv2.x + dy * dy * m.inv2.y + dz * dz * m.inv2.z;
    if (quick < threshold * (1 - 1e-9)) return true;
    if (quick > threshold * (1 + 1e-9)) return false;
    return level(p, m) < threshold;
  }
  bool inside(const Vec3& p) const {
    for (const Chamber& m : near_)
      if (below(p, m, kInside)) return true;
    return false;
  }
  bool outside(const Vec3& p) const {
    for (const Chamber& m : near_)
      if (below(p, m, kOutside)) return false;
    return true;
  }
  const Chamber& k_;
  std::vector<Chamber> near_;
};

Vec3 cross(const Vec3& a, const Vec3& b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
Vec3 normalized(const Vec3& v) {
  const double l = std::sqrt(v.x * v.x + v.y * v.y + v.z * v.z);
  return {v.x / l, v.y / l, v.z / l};
}
// The SDK's look-at: the local X axis along `dir`, an invented Y axis (normalised), Z = X x Y.
f0::Orient look_at(const Vec3& dir) {
  f0::Orient o;
  o.x = normalized(dir);
  const Vec3& x = o.x;
  o.y = normalized(std::fabs(x.y) <= std::fabs(x.x) && std::fabs(x.y) <= std::fabs(x.z) ? Vec3{-x.z, 0, x.x}
                                                                                        : Vec3{-x.y, x.x, 0});
  o.z = cross(o.x, o.y);
  return o;
}

}  // namespace

f0::Model build(const Params& p) {
  return detail::build_shell(p, nullptr);
}

f0::Model detail::build_shell(const Params& p, std::vector<int>* no_hole) {
  const int n = std::clamp(p.n, 1, 15);
  const Vec3 r0{p.rad0x, p.rad0y, p.rad0z}, s{p.sx, p.sy, p.sz};
  std::vector<Chamber> ch(static_cast<std::size_t>(n));
  std::vector<Vec3> hole(static_cast<std::size_t>(n));
  ch[0].c = {0, 0, 0};
  ch[0].r = r0;
  ch[0].r2 = {r0.x * r0.x, r0.y * r0.y, r0.z * r0.z};
  ch[0].inv2 = {1 / ch[0].r2.x, 1 / ch[0].r2.y, 1 / ch[0].r2.z};
  hole[0] = {r0.x * s.x, 0, 0};
  double phi = 0;
  f0::Model m;
  m.vstyle = "foram";
  for (int k = 1; k < n; ++k) {
    const auto sk = static_cast<std::size_t>(k);
    Chamber& c = ch[sk];
    const Vec3& pr = ch[sk - 1].r;
    c.r = {std::max(pr.x * s.x, 0.1 * r0.x), std::max(pr.y * s.y, 0.1 * r0.y),
           std::max(pr.z * s.z, 0.1 * r0.z)};
    double len = c.r.y * p.tr;
    if (std::fabs(len) > 0.75 * c.r.y) len = len > 0 ? 0.75 * c.r.y : -0.75 * c.r.y;
    if (len == 0) len = -1e-7;
    const Vec3 h = hole[sk - 1], q = k == 1 ? ch[0].c : hole[sk - 2];
    const double dx = h.x - q.x, dy = h.y - q.y;
    const double alpha = (dx == 0 && dy == 0 ? 0 : std::atan2(dy, dx)) - p.a1;
    const double gamma = phi + p.a2;
    c.c = {h.x + len * std::cos(alpha), h.y + len * std::sin(alpha),
           h.z + len * std::sin(alpha) * std::sin(gamma)};
    phi = gamma;
    c.r2 = {c.r.x * c.r.x, c.r.y * c.r.y, c.r.z * c.r.z};
    c.inv2 = {1 / c.r2.x, 1 / c.r2.y, 1 / c.r2.z};
    if (!HoleFinder(ch, k).find(h, hole[sk])) {
      hole[sk] = surface_point(c, 0, 0);  // the SDK's fallback
      if (no_hole) no_hole->push_back(k);
    }
  }
  Vec3 scale = r0;
  for (int k = 0; k < n; ++k) {
    const auto sk = static_cast<std::size_t>(k);
    f0::Part& part = m.parts.emplace_back();
    part.pos = ch[sk].c;
    part.sh = 1;
    if (k > 0) scale = {scale.x * s.x, scale.y * s.y, scale.z * s.z};
    part.scale = scale;
    const Vec3 dir{ch[sk].c.x - hole[sk].x, ch[sk].c.y - hole[sk].y, ch[sk].c.z - hole[sk].z};
    part.rot = f0::rotation_from_orient(look_at(dir));
    part.orient = f0::orient_from_rotation(part.rot);
    if (k > 0) {
      f0::Joint& j = m.joints.emplace_back();
      j.p1 = k - 1, j.p2 = k;
      j.sh = 1;
    }
  }
  Diagnostics check;
  f0::final_check(m, check, f0::ParseOptions{});
  return m;
}

}  // namespace genokit::fF
