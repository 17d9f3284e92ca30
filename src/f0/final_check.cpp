// Model::internalCheck (notes §5.6) with the delta-joint resolution of §5.4. Iterative throughout:
// a 100,000-part delta chain must not recurse.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "f0/build.hpp"
#include "genokit/f0/neuron_classes.hpp"

namespace genokit::f0 {
namespace {

Location at(const SourcePos& s) {
  Location l;
  l.line = s.line;
  l.column = s.column;
  l.offset = s.offset;
  return l;
}

// Reused buffers: a check allocates nothing once a thread has seen a model of this size.
struct Scratch {
  std::vector<int> placer, chain;
  std::vector<char> touched, state;
  std::vector<std::uint64_t> keys, pairs;
};
Scratch& scratch() {
  thread_local Scratch s;
  return s;
}

// Bit-exact comparison with the unrotated orientation (a -0 component is not the identity).
bool is_identity(const Orient& o) {
  static_assert(sizeof(Orient) == 9 * sizeof(std::uint64_t));
  std::uint64_t w[9];
  std::memcpy(w, &o, sizeof w);
  constexpr std::uint64_t one = 0x3FF0000000000000;  // 1.0
  return ((w[0] ^ one) | w[1] | w[2] | w[3] | (w[4] ^ one) | w[5] | w[6] | w[7] | (w[8] ^ one)) == 0;
}

std::string jn(std::size_t i) {
  return "Joint #" + std::to_string(i);
}

// Places the parts of delta joints (notes §5.4) and checks the delta rules; false after an error.
bool place_delta_parts(Model& m, Diagnostics& diags, const ParseOptions& opt, Scratch& sc) {
  const std::size_t np = m.parts.size(), nj = m.joints.size();
  auto& placer = sc.placer;
  placer.assign(np, -1);
  for (std::size_t i = 0; i < nj; ++i) {
    const Joint& j = m.joints[i];
    if (!j.use_delta) continue;
    if (placer[j.p2] >= 0) {
      diags.error("f0.delta-part-placed-twice",
                  "Delta joint cycle detected at " + jn(i) + ": Part #" + std::to_string(j.p2) +
                      " is already placed by delta " + jn(static_cast<std::size_t>(placer[j.p2])),
                  at(j.src));
      return false;
    }
    placer[j.p2] = static_cast<int>(i);
  }
  // The SDK's stricter (order-dependent) rule, notes §5.6.
  std::size_t sdk_cycle = nj;
  {
    auto& touched = sc.touched;
    touched.assign(np, 0);
    for (std::size_t i = 0; i < nj && sdk_cycle == nj; ++i) {
      const Joint& j = m.joints[i];
      if (!j.use_delta) continue;
      if (touched[j.p2]) sdk_cycle = i;
      touched[j.p1] = touched[j.p2] = 1;
    }
  }
  auto& state = sc.state;  // 0 new, 1 on the current chain, 2 placed
  state.assign(np, 0);
  auto& chain = sc.chain;
  for (std::size_t start = 0; start < np; ++start) {
    if (state[start]) continue;
    chain.clear();
    int cur = static_cast<int>(start);
    while (true) {
      if (state[cur] == 2) break;
      if (state[cur] == 1) {
        diags.error("f0.delta-cycle",
                    "Delta joint cycle detected at " + jn(static_cast<std::size_t>(placer[cur])) +
                        ": delta joints place Part #" + std::to_string(cur) + " relative to itself",
                    at(m.joints[placer[cur]].src));
        return false;
      }
      state[cur] = 1;
      chain.push_back(cur);
      if (placer[cur] < 0) break;
      cur = m.joints[placer[cur]].p1;
    }
    for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
      const int q = *it;
      state[q] = 2;
      if (placer[q] < 0) continue;
      const Joint& j = m.joints[placer[q]];
      const Part& a = m.parts[j.p1];
      Part& b = m.parts[q];
      b.orient = compose(a.orient, orient_from_rotation(j.rot));
      const Vec3 d = b.orient.apply(j.d);
      b.pos = {a.pos.x + d.x, a.pos.y + d.y, a.pos.z + d.z};
    }
  }
  if (sdk_cycle < nj) {
    if (!opt.spec_delta_order) {
      diags.error("f0.delta-cycle",
                  "Delta joint cycle detected at " + jn(sdk_cycle) + " (SDK rule: its Part #" +
                      std::to_string(m.joints[sdk_cycle].p2) + " was already used by an earlier delta joint)",
                  at(m.joints[sdk_cycle].src));
      return false;
    }
    diags.note("f0.sdk-delta-order",
               "The Framsticks SDK rejects this genotype (\"Delta joint cycle detected at " + jn(sdk_cycle) +
                   "\") because a delta joint refers to a part placed by a later delta joint; there is no "
                   "cycle, so genokit follows the f0 spec and accepts it (list delta joints parent first "
                   "for the SDK)",
               at(m.joints[sdk_cycle].src));
  }
  return true;
}

}  // namespace

void set_neuron_class(Neuron& n) {
  const std::string_view d = n.details;
  std::size_t colon = 0;  // (class names are a few bytes: a plain loop, not memchr)
  while (colon < d.size() && d[colon] != ':') ++colon;
  if (colon == d.size()) colon = std::string_view::npos;
  std::string_view cls = colon == std::string_view::npos ? d : d.substr(0, colon);
  if (colon == std::string_view::npos)
    n.params.clear();
  else
    n.params.assign(d.data() + colon + 1, d.size() - colon - 1);
  if (cls.empty()) {  // the SDK names the class: "" and ":" are "N", ":p=1" is "N:p=1"
    cls = "N";
    n.details = n.params.empty() ? std::string("N") : "N:" + n.params;
  } else if (colon != std::string_view::npos && n.params.empty()) {
    n.details.pop_back();  // "G:" -> "G" (SDK)
  }
  n.class_name.assign(cls.data(), cls.size());
  const NeuronClass* c = find_neuron_class(cls);
  n.known_class = c && c->sdk;
}

void final_check(Model& m, Diagnostics& diags, const ParseOptions& opt) {
  const std::size_t np = m.parts.size(), nj = m.joints.size();
  // Derived mass: 1.0 per attached joint, 1.0 when none.
  for (auto& p : m.parts) p.mass = 0;
  for (const auto& j : m.joints) m.parts[j.p1].mass += 1, m.parts[j.p2].mass += 1;
  for (auto& p : m.parts)
    if (p.mass == 0) p.mass = 1;

  m.valid = false;
  if (np == 0 && m.neurons.empty()) {
    m.shape_type = ShapeType::unknown;
    diags.error("f0.empty", "The genotype has no parts and no neurons", {});
    return;
  }
  // Shape types: the first part decides.
  const bool solids = np > 0 && m.parts[0].sh != 0;
  m.shape_type = np == 0 ? ShapeType::unknown : solids ? ShapeType::solids : ShapeType::ball_and_stick;
  for (std::size_t i = 1; i < np; ++i)
    if ((m.parts[i].sh != 0) != solids) {
      m.shape_type = ShapeType::illegal;
      diags.error("f0.mixed-part-shapes",
                  "Inconsistent part shapes (mixed ball-and-stick and solids shape types): Part #0 has sh=" +
                      std::to_string(m.parts[0].sh) + ", Part #" + std::to_string(i) +
                      " has sh=" + std::to_string(m.parts[i].sh),
                  at(m.parts[i].src));
      return;
    }
  // Joint shapes and self joints in one pass; when one is wrong, the loops below report the first
  // error in the SDK's order.
  bool joint_error = false, any_delta = false;
  for (const Joint& j : m.joints) {
    joint_error |= ((j.sh != 0) != solids) | (j.p1 == j.p2);
    any_delta |= j.use_delta;
  }
  if (joint_error) {
    for (std::size_t i = 0; i < nj; ++i) {
      const Joint& j = m.joints[i];
      if ((j.sh != 0) != solids) {
        m.shape_type = ShapeType::illegal;
        diags.error("f0.mixed-joint-shapes",
                    "Inconsistent joint shapes (mixed old and new shapes): " + jn(i) + " has sh=" +
                        std::to_string(j.sh) + " in a " + (solids ? "solids" : "ball-and-stick") + " model",
                    at(j.src));
        return;
      }
    }
    // Self joints.
    for (std::size_t i = 0; i < nj; ++i)
      if (m.joints[i].p1 == m.joints[i].p2) {
        diags.error("f0.self-joint",
                    "Illegal self connection, " + jn(i) + " joins Part #" + std::to_string(m.joints[i].p1) +
                        " to itself",
                    at(m.joints[i].src));
        return;
      }
  }

  // ---- delta joints: every part is placed by at most one delta joint, without cycles ----------
  Scratch& sc = scratch();
  if (any_delta && !place_delta_parts(m, diags, opt, sc)) return;

  // ---- joint geometry and lengths ------------------------------------------------------------
  std::size_t too_long = nj;  // the first joint longer than 2 (reported after all are computed)
  for (std::size_t i = 0; i < nj; ++i) {
    Joint& j = m.joints[i];
    const Part& a = m.parts[j.p1];
    const Part& b = m.parts[j.p2];
    if (!j.use_delta) {
      const Vec3 diff{b.pos.x - a.pos.x, b.pos.y - a.pos.y, b.pos.z - a.pos.z};
      j.d = b.orient.revapply(diff);
      if (is_identity(a.orient) && is_identity(b.orient)) {
        // The general path gives exactly +0 angles here (asin(+0), atan2(+0, 1)): skip the trig.
        j.rot = Vec3{};
      } else {
        const Orient rel{a.orient.revapply(b.orient.x), a.orient.revapply(b.orient.y),
                         a.orient.revapply(b.orient.z)};
        j.rot = rotation_from_orient(rel);
      }
    }
    j.length = std::sqrt(j.d.x * j.d.x + j.d.y * j.d.y + j.d.z * j.d.z);
    if (j.sh != 1 && j.length > 2.0 && too_long == nj) too_long = i;
  }
  if (too_long < nj) {
    const Joint& j = m.joints[too_long];
    char buf[64];
    std::snprintf(buf, sizeof buf, "%g", j.length);
    diags.error("f0.joint-too-long", jn(too_long) + " too long (its length " + buf + " exceeds allowed 2)",
                at(j.src));
    return;
  }

  // ---- connectivity (union-find over the joints; no adjacency lists to build) ---------------
  if (np > 1) {
    auto& root = sc.placer;  // placement is done: reuse its buffer
    root.resize(np);
    for (std::size_t i = 0; i < np; ++i) root[i] = static_cast<int>(i);
    auto find = [&](int x) {
      while (root[x] != x) x = root[x] = root[root[x]];  // path halving
      return x;
    };
    for (const auto& j : m.joints) {
      const int a = find(j.p1), b = find(j.p2);
      if (a != b) root[std::max(a, b)] = std::min(a, b);
    }
    const int r0 = find(0);
    for (std::size_t i = 1; i < np; ++i)
      if (find(static_cast<int>(i)) != r0) {
        diags.error("f0.disconnected",
                    "Not all parts connected (eg. Part #0 and Part #" + std::to_string(i) + ")",
                    at(m.parts[i].src));
        return;
      }
  }

  // ---- duplicate joints (either direction) ---------------------------------------------------
  // The smallest duplicated (part, part) key, reported with its first two joints.
  if (nj > 1) {
    auto key = [](const Joint& j) {
      return static_cast<std::uint64_t>(static_cast<std::uint32_t>(std::min(j.p1, j.p2))) << 32 |
             static_cast<std::uint32_t>(std::max(j.p1, j.p2));
    };
    // Small models: a bit per (smaller, larger) part pair finds out whether any pair repeats; only
    // then are the keys sorted to report the smallest repeated pair as below.
    if (np <= 256) {
      auto& bits = sc.pairs;
      bits.assign((np * np + 63) / 64, 0);
      bool repeated = false;
      for (const auto& j : m.joints) {
        const auto b = static_cast<std::size_t>(std::min(j.p1, j.p2)) * np +
                       static_cast<std::size_t>(std::max(j.p1, j.p2));
        const std::uint64_t bit = std::uint64_t{1} << (b & 63);
        repeated |= (bits[b >> 6] & bit) != 0;
        bits[b >> 6] |= bit;
      }
      if (!repeated) {
        m.valid = true;
        return;
      }
    }
    auto& keys = sc.keys;
    keys.clear();
    for (const auto& j : m.joints) keys.push_back(key(j));
    std::sort(keys.begin(), keys.end());
    if (const auto dup = std::adjacent_find(keys.begin(), keys.end()); dup != keys.end()) {
      std::size_t a = nj;
      for (std::size_t i = 0; i < nj; ++i) {
        if (key(m.joints[i]) != *dup) continue;
        if (a == nj) {
          a = i;
          continue;
        }
        diags.error("f0.duplicate-joint",
                    "Illegal duplicate " + jn(a) + " and " + jn(i) + " (both join Part #" +
                        std::to_string(m.joints[a].p1) + " and Part #" + std::to_string(m.joints[a].p2) + ")",
                    at(m.joints[i].src));
        return;
      }
    }
  }
  m.valid = true;
}

}  // namespace genokit::f0
