// Per-Part features and MDS alignment (the SDK's ModelSimil part tables and weightedMDS).
#include "similarity/body.hpp"

#include <algorithm>
#include <cmath>

#include "similarity/fused.hpp"
#include "similarity/jacobi_svd.hpp"

namespace genokit::similarity::detail {
namespace {

// Greedy matching order: degree descending; within a run of equal degree, neuro_conns, neurons and
// index descending. As in the SDK, a final run of degree 0 keeps its (stable) index order: the SDK
// re-sorts a run when the degree changes after it, and after the last Part it compares with 0.
std::vector<int> matching_order(const Body& b) {
  std::vector<int> order(b.parts);
  for (int i = 0; i < b.parts; ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](int x, int y) { return b.degree[x] > b.degree[y]; });
  auto by_features = [&](int x, int y) {
    if (b.neuro_conns[x] != b.neuro_conns[y]) return b.neuro_conns[x] > b.neuro_conns[y];
    if (b.neurons[x] != b.neurons[y]) return b.neurons[x] > b.neurons[y];
    return x > y;
  };
  for (int begin = 0; begin < b.parts;) {
    int end = begin + 1;
    while (end < b.parts && b.degree[order[end]] == b.degree[order[begin]]) ++end;
    if (end < b.parts || b.degree[order[begin]] != 0)
      std::sort(order.begin() + begin, order.begin() + end, by_features);
    begin = end;
  }
  return order;
}

// Weighted centring of the rows of the n×n row-major matrix x: each row loses its weighted mean and
// element i is scaled by sqrt(w[i]).
void centre_rows(std::vector<double>& x, int n, const std::vector<double>& w) {
  double sw = 0;
  for (int i = 0; i < n; ++i) sw += w[i];
  for (int r = 0; r < n; ++r) {
    double* row = &x[static_cast<std::size_t>(r) * n];
    double mean = 0;
    for (int i = 0; i < n; ++i) mean += w[i] * row[i];
    mean /= sw;
    for (int i = 0; i < n; ++i) {
      row[i] -= mean;
      row[i] *= std::sqrt(w[i]);
    }
  }
}

void transpose(std::vector<double>& x, int n) {
  for (int r = 0; r < n; ++r)
    for (int c = r + 1; c < n; ++c)
      std::swap(x[static_cast<std::size_t>(r) * n + c], x[static_cast<std::size_t>(c) * n + r]);
}

}  // namespace

Body describe(const f0::Model& m) {
  Body b;
  b.parts = static_cast<int>(m.parts.size());
  b.degree.assign(b.parts, 0);
  b.neurons.assign(b.parts, 0);
  b.neuro_conns.assign(b.parts, 0);
  for (const f0::Joint& j : m.joints) {
    if (j.p1 >= 0 && j.p1 < b.parts) ++b.degree[j.p1];
    if (j.p2 >= 0 && j.p2 < b.parts) ++b.degree[j.p2];
  }
  for (const f0::Neuron& n : m.neurons) {
    if (n.part >= 0 && n.part < b.parts) {
      b.neuro_conns[n.part] += static_cast<int>(n.inputs.size()) + 1;
      ++b.neurons[n.part];
    } else if (n.joint >= 0) {
      ++b.on_joint;
    } else {
      ++b.anywhere;
    }
  }
  b.pos.reserve(b.parts);
  for (const f0::Part& p : m.parts) b.pos.push_back(p.pos);
  b.order = matching_order(b);
  return b;
}

void align(Body& b, const f0::Model& m, bool fixed_z, bool weighted) {
  const int n = b.parts;
  if (n == 0) return;
  // Weights: 1, or Part degrees. A model without joints has all weights 0: use 1 (as framspy does);
  // a Part without joints in a jointed model gets weight 0 and lands on the weighted centre.
  std::vector<double> w(n, 1.0);
  if (weighted && !m.joints.empty())
    for (int i = 0; i < n; ++i) w[i] = b.degree[i];
  // Squared distances.
  std::vector<double> d(static_cast<std::size_t>(n) * n);
  for (int i = 0; i < n; ++i) {
    f0::Vec3 pi = b.pos[i];
    if (fixed_z) pi.z = 0;
    for (int j = 0; j < n; ++j) {
      f0::Vec3 pj = b.pos[j];
      if (fixed_z) pj.z = 0;
      const double dist = distance(pi, pj);
      d[static_cast<std::size_t>(i) * n + j] = dist * dist;
    }
  }
  // Double centring (rows, then the rows of the transpose), times -1/2.
  for (int pass = 0; pass < 2; ++pass) {
    centre_rows(d, n, w);
    transpose(d, n);
  }
  for (double& x : d) x *= -0.5;
  std::vector<double> values, vt;
  jacobi_svd(d, n, values, vt);
  // Coordinate k of Part i: (vector k)[i] / sqrt(weight i) * sqrt(value k); the first three.
  for (int i = 0; i < n; ++i) {
    double c[3] = {0, 0, 0};
    for (int k = 0; k < 3 && k < n; ++k) {
      const double v = vt[static_cast<std::size_t>(k) * n + i];
      c[k] = w[i] > 0 ? v / std::sqrt(w[i]) * std::sqrt(values[k]) : 0.0;
    }
    const double z = fixed_z ? b.pos[i].z : c[2];
    b.pos[i] = {c[0], c[1], z};
  }
}

}  // namespace genokit::similarity::detail
