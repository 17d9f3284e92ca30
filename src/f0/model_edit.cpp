// Edits of an f0 model for the genetic operators (model_edit.hpp).
#include "f0/model_edit.hpp"

#include <algorithm>
#include <cmath>

namespace genokit::f0::edit {

Tags tags_of(std::string_view info) {
  Tags t;
  for (std::size_t at = info.find("mi="); at != std::string_view::npos; at = info.find("mi=", at + 1)) {
    if (at > 0) {
      const char b = info[at - 1];
      if ((b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') || (b >= '0' && b <= '9') || b == '_') continue;
    }
    for (std::size_t i = at + 3; i < info.size() && (info[i] == 'd' || info[i] == 'm'); ++i)
      (info[i] == 'd' ? t.nodel : t.nomod) = true;
  }
  return t;
}

void cascade(const Model& m, std::vector<bool>& kp, std::vector<bool>& kj, std::vector<bool>& kn) {
  for (std::size_t j = 0; j < m.joints.size(); ++j) {
    const Joint& x = m.joints[j];
    auto gone = [&](int p) {
      return p < 0 || p >= static_cast<int>(kp.size()) || !kp[static_cast<std::size_t>(p)];
    };
    if (gone(x.p1) || gone(x.p2)) kj[j] = false;
  }
  for (std::size_t n = 0; n < m.neurons.size(); ++n) {
    const Neuron& x = m.neurons[n];
    if (x.joint >= 0 && x.joint < static_cast<int>(kj.size()) && !kj[static_cast<std::size_t>(x.joint)])
      kn[n] = false;
    else if (x.joint < 0 && x.part >= 0 && x.part < static_cast<int>(kp.size()) &&
             !kp[static_cast<std::size_t>(x.part)])
      kn[n] = false;
  }
}

void remove(Model& m, std::vector<bool>& kp, std::vector<bool>& kj, std::vector<bool>& kn) {
  cascade(m, kp, kj, kn);
  auto renumber = [](const std::vector<bool>& keep) {
    std::vector<int> to(keep.size(), -1);
    int k = 0;
    for (std::size_t i = 0; i < keep.size(); ++i)
      if (keep[i]) to[i] = k++;
    return to;
  };
  const std::vector<int> pt = renumber(kp), jt = renumber(kj), nt = renumber(kn);
  auto map = [](const std::vector<int>& to, int i) {
    return i >= 0 && i < static_cast<int>(to.size()) ? to[static_cast<std::size_t>(i)] : -1;
  };
  std::vector<Part> parts;
  for (std::size_t i = 0; i < m.parts.size(); ++i)
    if (kp[i]) parts.push_back(std::move(m.parts[i]));
  std::vector<Joint> joints;
  for (std::size_t i = 0; i < m.joints.size(); ++i)
    if (kj[i]) {
      Joint& j = m.joints[i];
      j.p1 = map(pt, j.p1), j.p2 = map(pt, j.p2);
      joints.push_back(std::move(j));
    }
  std::vector<Neuron> neurons;
  for (std::size_t i = 0; i < m.neurons.size(); ++i)
    if (kn[i]) {
      Neuron& n = m.neurons[i];
      n.part = map(pt, n.part), n.joint = map(jt, n.joint);
      std::vector<Input> inputs;
      for (Input& in : n.inputs)
        if (map(nt, in.source) >= 0) {
          in.source = map(nt, in.source);
          inputs.push_back(std::move(in));
        }
      n.inputs = std::move(inputs);
      neurons.push_back(std::move(n));
    }
  m.parts = std::move(parts);
  m.joints = std::move(joints);
  m.neurons = std::move(neurons);
  m.connections.clear();  // (the writer writes the neurons' inputs)
}

BodyGraph analyse(const Model& m) {
  const int np = static_cast<int>(m.parts.size());
  BodyGraph g;
  g.cut_part.assign(static_cast<std::size_t>(np), false);
  g.bridge.assign(m.joints.size(), false);
  g.limb_root.assign(m.joints.size(), -1);
  g.enter.assign(static_cast<std::size_t>(np), -1);
  g.leave.assign(static_cast<std::size_t>(np), -1);
  if (np == 0) return g;
  // Adjacency in compressed form: (neighbour, joint) pairs per part.
  std::vector<int> start(static_cast<std::size_t>(np) + 1, 0);
  auto ok = [&](const Joint& j) { return j.p1 >= 0 && j.p2 >= 0 && j.p1 < np && j.p2 < np && j.p1 != j.p2; };
  for (const Joint& j : m.joints)
    if (ok(j)) ++start[static_cast<std::size_t>(j.p1) + 1], ++start[static_cast<std::size_t>(j.p2) + 1];
  for (int p = 0; p < np; ++p) start[static_cast<std::size_t>(p) + 1] += start[static_cast<std::size_t>(p)];
  std::vector<std::pair<int, int>> adj(static_cast<std::size_t>(start.back()));
  std::vector<int> fill(start.begin(), start.end() - 1);
  for (std::size_t k = 0; k < m.joints.size(); ++k) {
    const Joint& j = m.joints[k];
    if (!ok(j)) continue;
    adj[static_cast<std::size_t>(fill[static_cast<std::size_t>(j.p1)]++)] = {j.p2, static_cast<int>(k)};
    adj[static_cast<std::size_t>(fill[static_cast<std::size_t>(j.p2)]++)] = {j.p1, static_cast<int>(k)};
  }
  std::vector<int> low(static_cast<std::size_t>(np), 0), via(static_cast<std::size_t>(np), -1),
      next(static_cast<std::size_t>(np), 0), children(static_cast<std::size_t>(np), 0);
  int clock = 0;
  std::vector<int> stack{0};
  g.enter[0] = low[0] = clock++;
  next[0] = start[0];
  while (!stack.empty()) {
    const int u = stack.back();
    const auto su = static_cast<std::size_t>(u);
    if (next[su] < start[su + 1]) {
      const auto [v, j] = adj[static_cast<std::size_t>(next[su]++)];
      const auto sv = static_cast<std::size_t>(v);
      if (j == via[su]) continue;
      if (g.enter[sv] < 0) {
        via[sv] = j;
        g.enter[sv] = low[sv] = clock++;
        next[sv] = start[sv];
        ++children[su];
        stack.push_back(v);
      } else {
        low[su] = std::min(low[su], g.enter[sv]);
      }
      continue;
    }
    stack.pop_back();
    g.leave[su] = clock;
    if (stack.empty()) break;
    const int p = stack.back();
    const auto sp = static_cast<std::size_t>(p);
    low[sp] = std::min(low[sp], low[su]);
    if (low[su] > g.enter[sp]) {
      g.bridge[static_cast<std::size_t>(via[su])] = true;
      g.limb_root[static_cast<std::size_t>(via[su])] = u;
    }
    if (p != 0 && low[su] >= g.enter[sp]) g.cut_part[sp] = true;
  }
  g.cut_part[0] = children[0] > 1;
  return g;
}

double distance(const Vec3& a, const Vec3& b) {
  return std::sqrt((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y) + (a.z - b.z) * (a.z - b.z));
}

}  // namespace genokit::f0::edit
