// Random f0 creatures for the dissimilarity tests and benchmark: a tree of Parts (each joined to an
// earlier one, about one unit away) plus a few extra joints, touch sensors on some Parts, gyroscopes
// on some joints, free neurons with inputs. Written as f0 text with exact positions, so that moving,
// turning or renumbering a creature changes nothing but what the test means to change.
#pragma once

#include <cmath>
#include <cstdio>
#include <random>
#include <string>
#include <utility>
#include <vector>

namespace genokit::test {

struct RandomCreature {
  struct P {
    double x = 0, y = 0, z = 0;
  };
  struct N {
    int part = -1, joint = -1;
    std::string cls;
    std::vector<int> inputs;
  };
  std::vector<P> parts;
  std::vector<std::pair<int, int>> joints;
  std::vector<N> neurons;

  std::string f0() const {
    std::string s = "//0\n";
    char buf[160];
    for (const P& p : parts) {
      std::snprintf(buf, sizeof buf, "p:%.17g,%.17g,%.17g\n", p.x, p.y, p.z);
      s += buf;
    }
    for (const auto& [a, b] : joints) s += "j:" + std::to_string(a) + "," + std::to_string(b) + "\n";
    for (const N& n : neurons) {
      s += "n:";
      if (n.part >= 0) s += "p=" + std::to_string(n.part) + ",";
      if (n.joint >= 0) s += "j=" + std::to_string(n.joint) + ",";
      s += "d=" + n.cls + "\n";
    }
    for (std::size_t i = 0; i < neurons.size(); ++i)
      for (int in : neurons[i].inputs) s += "c:" + std::to_string(i) + "," + std::to_string(in) + "\n";
    return s;
  }
};

inline RandomCreature random_creature(std::mt19937_64& rng, int parts) {
  std::uniform_real_distribution<double> u(-1, 1);
  std::uniform_real_distribution<double> p01(0, 1);
  RandomCreature c;
  c.parts.push_back({u(rng), u(rng), u(rng)});
  for (int i = 1; i < parts; ++i) {
    const int parent = std::uniform_int_distribution<int>(0, i - 1)(rng);
    double dx, dy, dz, len;
    do {
      dx = u(rng), dy = u(rng), dz = u(rng);
      len = std::sqrt(dx * dx + dy * dy + dz * dz);
    } while (len < 0.2);
    const double k = (0.6 + 0.5 * p01(rng)) / len;  // 0.6 .. 1.1 from the parent
    const auto& q = c.parts[parent];
    c.parts.push_back({q.x + dx * k, q.y + dy * k, q.z + dz * k});
    c.joints.emplace_back(parent, i);
  }
  // A few loops between Parts that are near each other.
  for (int tries = 0; tries < parts / 4; ++tries) {
    const int a = std::uniform_int_distribution<int>(0, parts - 1)(rng);
    const int b = std::uniform_int_distribution<int>(0, parts - 1)(rng);
    const auto &pa = c.parts[a], &pb = c.parts[b];
    const double d = std::sqrt((pa.x - pb.x) * (pa.x - pb.x) + (pa.y - pb.y) * (pa.y - pb.y) +
                               (pa.z - pb.z) * (pa.z - pb.z));
    bool dup = a == b;
    for (const auto& [x, y] : c.joints) dup = dup || (x == a && y == b) || (x == b && y == a);
    if (!dup && d < 1.5) c.joints.emplace_back(a, b);
  }
  for (int i = 0; i < parts; ++i)
    if (p01(rng) < 0.3) c.neurons.push_back({i, -1, "T", {}});
  for (int j = 0; j < static_cast<int>(c.joints.size()); ++j)
    if (p01(rng) < 0.2) c.neurons.push_back({-1, j, "G", {}});
  const int free = static_cast<int>(p01(rng) * 4);
  for (int k = 0; k < free; ++k) {
    RandomCreature::N n{-1, -1, "N", {}};
    const int inputs = std::uniform_int_distribution<int>(0, 2)(rng);
    for (int m = 0; m < inputs && !c.neurons.empty(); ++m)
      n.inputs.push_back(std::uniform_int_distribution<int>(0, static_cast<int>(c.neurons.size()) - 1)(rng));
    c.neurons.push_back(n);
  }
  return c;
}

// The same creature with Part i renamed perm[i] (joints and neurons follow their Parts).
inline RandomCreature renumbered(const RandomCreature& c, const std::vector<int>& perm) {
  RandomCreature r = c;
  for (std::size_t i = 0; i < c.parts.size(); ++i) r.parts[perm[i]] = c.parts[i];
  for (auto& [a, b] : r.joints) a = perm[a], b = perm[b];
  for (auto& n : r.neurons)
    if (n.part >= 0) n.part = perm[n.part];
  return r;
}

// The same creature turned by the rotation matrix `m` (row-major 3×3) and moved by (tx, ty, tz).
inline RandomCreature moved(const RandomCreature& c, const double m[9], double tx, double ty, double tz) {
  RandomCreature r = c;
  for (auto& p : r.parts) {
    const RandomCreature::P q = p;
    p.x = m[0] * q.x + m[1] * q.y + m[2] * q.z + tx;
    p.y = m[3] * q.x + m[4] * q.y + m[5] * q.z + ty;
    p.z = m[6] * q.x + m[7] * q.y + m[8] * q.z + tz;
  }
  return r;
}

// A rotation by `angle` about the unit axis (ax, ay, az) (Rodrigues).
inline void rotation(double ax, double ay, double az, double angle, double m[9]) {
  const double n = std::sqrt(ax * ax + ay * ay + az * az);
  ax /= n, ay /= n, az /= n;
  const double c = std::cos(angle), s = std::sin(angle), t = 1 - c;
  const double r[9] = {t * ax * ax + c,      t * ax * ay - s * az, t * ax * az + s * ay,
                       t * ax * ay + s * az, t * ay * ay + c,      t * ay * az - s * ax,
                       t * ax * az - s * ay, t * ay * az + s * ax, t * az * az + c};
  for (int i = 0; i < 9; ++i) m[i] = r[i];
}

}  // namespace genokit::test
