// Greedy matching (the SDK's EvaluateDistanceGreedy). Parts of both creatures are taken in their
// matching order (Body::order) and matched inside the current degree groups: the first unmatched
// Part of each side is matched with its cheapest partner, the two together when each is the
// other's cheapest. The decisions, their tie-breaking and the sums follow the SDK step by step,
// since a different but equally greedy choice changes the printed distance.
#include <cmath>
#include <cstdlib>
#include <limits>
#include <vector>

#include "similarity/fused.hpp"
#include "similarity/measure.hpp"

namespace genokit::similarity::detail {
namespace {

class Greedy {
 public:
  // `pos0` are Body a's positions as currently reflected.
  Greedy(const Body& a, const Body& b, const std::vector<f0::Vec3>& pos0, const Weights& w)
      : body_{&a, &b}, pos0_(pos0), w_(w) {
    n_[0] = a.parts;
    n_[1] = b.parts;
    match_[0].assign(n_[0], -1);
    match_[1].assign(n_[1], -1);
  }

  // Matches every Part of the smaller creature; returns the weighted distance.
  double run() {
    int start[2] = {0, 0};  // before: Parts whose whole group is matched
    while (start[0] < n_[0] && start[1] < n_[1]) {
      int end[2], left[2];
      for (int s = 0; s < 2; ++s) {
        end[s] = start[s] + 1;
        while (end[s] < n_[s] && degree(s, end[s]) >= degree(s, end[s] - 1)) ++end[s];
        left[s] = 0;
        for (int k = start[s]; k < end[s]; ++k) left[s] += match_[s][k] < 0;
      }
      match_groups(start, end, left);
      for (int s = 0; s < 2; ++s)
        if (left[s] == 0) start[s] = end[s];
    }
    return total();
  }

 private:
  int part(int s, int k) const { return body_[s]->order[k]; }  // k: position in matching order
  int degree(int s, int k) const { return body_[s]->degree[part(s, k)]; }
  int neurons(int s, int k) const { return body_[s]->neurons[part(s, k)]; }
  const f0::Vec3& pos(int s, int k) const { return s == 0 ? pos0_[part(0, k)] : body_[1]->pos[part(1, k)]; }
  void match(int k0, int k1) {
    match_[0][k0] = k1;
    match_[1][k1] = k0;
  }

  // Matches Parts of the groups [start, end) of both sides until one group has none left.
  void match_groups(const int start[2], const int end[2], int left[2]) {
    const int w0 = end[0] - start[0], w1 = end[1] - start[1];
    cost_.assign(static_cast<std::size_t>(w0) * w1, 0.0);
    for (int i = 0; i < w0; ++i) {
      if (match_[0][start[0] + i] >= 0) continue;
      for (int j = 0; j < w1; ++j) {
        if (match_[1][start[1] + j] >= 0) continue;
        const int k0 = start[0] + i, k1 = start[1] + j;
        const double geo = w_.geometry == 0 ? 0 : distance(pos(0, k0), pos(1, k1));
        const double dd = std::abs(degree(0, k0) - degree(1, k1));
        const double dn = std::abs(neurons(0, k0) - neurons(1, k1));
        cost_[static_cast<std::size_t>(i) * w1 + j] = w_.degrees * dd + w_.neurons * dn + w_.geometry * geo;
      }
    }
    auto c = [&](int i, int j) { return cost_[static_cast<std::size_t>(i) * w1 + j]; };
    auto unmatched = [&](int s, int i) { return match_[s][start[s] + i] < 0; };
    // The first unmatched Part (group-relative) of side s, or -1.
    auto first_unmatched = [&](int s) {
      const int w = s == 0 ? w0 : w1;
      for (int i = 0; i < w; ++i)
        if (unmatched(s, i)) return i;
      return -1;
    };
    // The cheapest unmatched partner on the other side of Part i of side s: all of them marked in
    // `best` (indexed by the other side's group position); returns the first.
    std::vector<char> best0(w1), best1(w0);  // best0: partners of side 0's Part; best1: of side 1's
    auto cheapest = [&](int s, int i) {
      const int o = 1 - s, w = o == 0 ? w0 : w1;
      std::vector<char>& best = s == 0 ? best0 : best1;
      double lo = HUGE_VAL;
      for (int k = 0; k < w; ++k)
        if (unmatched(o, k)) lo = std::min(lo, s == 0 ? c(i, k) : c(k, i));
      int first = -1;
      for (int k = 0; k < w; ++k) {
        const bool is_best = unmatched(o, k) && (s == 0 ? c(i, k) : c(k, i)) == lo;
        best[k] = is_best;
        if (is_best && first < 0) first = k;
      }
      if (first < 0) {  // only NaN costs (non-finite input): the first unmatched Part, never a stall
        for (int k = 0; k < w && first < 0; ++k)
          if (unmatched(o, k)) first = k;
        best[first] = 1;
      }
      return first;
    };
    auto link = [&](int s, int i, int k) {  // Part i of side s with Part k of the other side
      if (s == 0)
        match(start[0] + i, start[1] + k);
      else
        match(start[0] + k, start[1] + i);
      --left[0];
      --left[1];
    };
    for (;;) {
      const int idx[2] = {first_unmatched(0), first_unmatched(1)};
      if (idx[0] < 0 || idx[1] < 0) return;
      const int pick0 = cheapest(0, idx[0]);
      const int pick1 = cheapest(1, idx[1]);
      const bool one_on_zero = best0[idx[1]], zero_on_one = best1[idx[0]];
      if (one_on_zero && zero_on_one) {
        link(0, idx[0], idx[1]);
      } else if (one_on_zero || zero_on_one) {
        // The Part that does not have the other on its list takes its own cheapest partner; the
        // other one then looks again among what is left.
        const int without = one_on_zero ? 1 : 0;
        link(without, idx[without], without == 0 ? pick0 : pick1);
        if (left[0] > 0 && left[1] > 0) {
          const int with = 1 - without;
          link(with, idx[with], cheapest(with, idx[with]));
        }
      } else {
        link(0, idx[0], pick0);
        link(1, idx[1], pick1);
      }
    }
  }

  // The distance of the full matching: over the larger creature's Parts (creature 1 when equal).
  double total() const {
    const int big = n_[0] > n_[1] ? 0 : 1, small = 1 - big;
    long dd = 0, dn = 0;
    double dg = 0;
    for (int k = 0; k < n_[big]; ++k) {
      const int m = match_[big][k];
      if (m < 0) {
        dd += degree(big, k);
        dn += neurons(big, k);
        dg += w_.geometry == 0 ? 0 : length(pos(big, k));
      } else {
        dd += std::abs(degree(big, k) - degree(small, m));
        dn += std::abs(neurons(big, k) - neurons(small, m));
        dg += w_.geometry == 0 ? 0 : distance(pos(big, k), pos(small, m));
      }
    }
    dn += std::abs(body_[0]->on_joint - body_[1]->on_joint);
    dn += std::abs(body_[0]->anywhere - body_[1]->anywhere);
    const int dv = std::abs(n_[0] - n_[1]);
    return w_.parts * double(dv) + w_.degrees * double(dd) + w_.neurons * double(dn) + w_.geometry * dg;
  }

  const Body* body_[2];
  const std::vector<f0::Vec3>& pos0_;
  const Weights& w_;
  int n_[2];
  std::vector<int> match_[2];  // by matching-order position: the matched position on the other side
  std::vector<double> cost_;
};

}  // namespace

double greedy_distance(const Body& a, const Body& b, const Weights& w) {
  if (w.geometry <= 0) return Greedy(a, b, a.pos, w).run();
  // Every reflection of creature a; the first smallest distance wins.
  std::vector<f0::Vec3> pos = a.pos;
  double best = std::numeric_limits<double>::max();
  for (int t = 0; t < kReflections; ++t) {
    for (f0::Vec3& p : pos) p = {p.x * kFlipX[t], p.y * kFlipY[t], p.z * kFlipZ[t]};
    const double d = Greedy(a, b, pos, w).run();
    if (d < best) best = d;
  }
  return best;
}

}  // namespace genokit::similarity::detail
