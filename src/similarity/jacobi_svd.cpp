// One-sided Jacobi SVD (see jacobi_svd.hpp). The arithmetic follows the order of the SDK's routine
// operation by operation (sums accumulated from index 0 up, the same rotation formulas and
// threshold), because in a degenerate eigenspace the basis it ends with depends on rounding.
#include "similarity/jacobi_svd.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <utility>

namespace genokit::similarity::detail {
namespace {

double squared_norm(const double* row, int n) {
  double s = 0;
  for (int k = 0; k < n; ++k) s += row[k] * row[k];
  return s;
}

// Rotates rows x and y by (c, s): x' = c x + s y, y' = -s x + c y.
void rotate(double* x, double* y, int n, double c, double s) {
  for (int k = 0; k < n; ++k) {
    const double t0 = c * x[k] + s * y[k];
    const double t1 = -s * x[k] + c * y[k];
    x[k] = t0;
    y[k] = t1;
  }
}

}  // namespace

void jacobi_svd(std::vector<double>& a, int n, std::vector<double>& values, std::vector<double>& vt) {
  const double eps = DBL_EPSILON * 10;
  values.assign(n, 0.0);
  vt.assign(static_cast<std::size_t>(n) * n, 0.0);
  std::vector<double> norm2(n);
  for (int i = 0; i < n; ++i) {
    norm2[i] = squared_norm(&a[static_cast<std::size_t>(i) * n], n);
    vt[static_cast<std::size_t>(i) * n + i] = 1;
  }
  const int sweeps = std::max(n, 30);
  for (int sweep = 0; sweep < sweeps; ++sweep) {
    bool rotated = false;
    for (int i = 0; i + 1 < n; ++i) {
      for (int j = i + 1; j < n; ++j) {
        double* ri = &a[static_cast<std::size_t>(i) * n];
        double* rj = &a[static_cast<std::size_t>(j) * n];
        double p = 0;
        for (int k = 0; k < n; ++k) p += ri[k] * rj[k];
        if (std::abs(p) <= eps * std::sqrt(norm2[i] * norm2[j])) continue;
        // The rotation that makes rows i and j orthogonal.
        p *= 2;
        const double beta = norm2[i] - norm2[j];
        const double gamma = std::hypot(p, beta);
        double c, s;
        if (beta < 0) {
          const double delta = (gamma - beta) * 0.5;
          s = std::sqrt(delta / gamma);
          c = p / (gamma * s * 2);
        } else {
          c = std::sqrt((gamma + beta) / (gamma * 2));
          s = p / (gamma * c * 2);
        }
        double ni = 0, nj = 0;
        for (int k = 0; k < n; ++k) {
          const double t0 = c * ri[k] + s * rj[k];
          const double t1 = -s * ri[k] + c * rj[k];
          ri[k] = t0;
          rj[k] = t1;
          ni += t0 * t0;
          nj += t1 * t1;
        }
        norm2[i] = ni;
        norm2[j] = nj;
        rotate(&vt[static_cast<std::size_t>(i) * n], &vt[static_cast<std::size_t>(j) * n], n, c, s);
        rotated = true;
      }
    }
    if (!rotated) break;
  }
  for (int i = 0; i < n; ++i) values[i] = std::sqrt(squared_norm(&a[static_cast<std::size_t>(i) * n], n));
  // Descending order by selection (the first of equal values stays first).
  for (int i = 0; i + 1 < n; ++i) {
    int best = i;
    for (int k = i + 1; k < n; ++k)
      if (values[best] < values[k]) best = k;
    if (best == i) continue;
    std::swap(values[i], values[best]);
    std::swap_ranges(vt.begin() + static_cast<std::ptrdiff_t>(i) * n,
                     vt.begin() + static_cast<std::ptrdiff_t>(i + 1) * n,
                     vt.begin() + static_cast<std::ptrdiff_t>(best) * n);
  }
}

}  // namespace genokit::similarity::detail
