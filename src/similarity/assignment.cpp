// Hungarian method with potentials (see assignment.hpp). Rows are added one at a time; each
// addition grows a Dijkstra-like tree over columns in reduced costs cost - u - v until it reaches
// a free column, then flips the alternating path. Potentials stay feasible, so the final matching
// is optimal; every comparison is on reduced costs, so real-valued costs need no epsilon.
#include "similarity/assignment.hpp"

#include <algorithm>
#include <limits>
#include <utility>

namespace genokit::similarity::detail {

double solve_assignment(const std::vector<double>& cost, int n, std::vector<int>* assignment) {
  if (n <= 0) {
    if (assignment) assignment->clear();
    return 0;
  }
  const double inf = std::numeric_limits<double>::infinity();
  // Column n is a virtual start column; row_of[c] is the row assigned to column c (-1 none).
  std::vector<double> u(n, 0.0), v(n + 1, 0.0), slack(n + 1);
  std::vector<int> row_of(n + 1, -1), prev(n + 1, n);
  std::vector<char> in_tree(n + 1);
  for (int r = 0; r < n; ++r) {
    row_of[n] = r;
    int col = n;
    std::fill(slack.begin(), slack.end(), inf);
    std::fill(in_tree.begin(), in_tree.end(), 0);
    do {
      in_tree[col] = 1;
      const int row = row_of[col];
      const double* c_row = &cost[static_cast<std::size_t>(row) * n];
      double delta = inf;
      int next = -1;
      for (int c = 0; c < n; ++c) {
        if (in_tree[c]) continue;
        const double reduced = c_row[c] - u[row] - v[c];
        if (reduced < slack[c]) slack[c] = reduced, prev[c] = col;
        if (slack[c] < delta) delta = slack[c], next = c;
      }
      if (next < 0) {  // only with non-finite costs: take any free column rather than fail
        for (int c = 0; c < n && next < 0; ++c)
          if (!in_tree[c]) next = c;
        prev[next] = col;
        delta = 0;
      }
      if (!(delta < inf)) delta = 0;
      for (int c = 0; c <= n; ++c) {
        if (in_tree[c]) {
          u[row_of[c]] += delta;
          v[c] -= delta;
        } else {
          slack[c] -= delta;
        }
      }
      col = next;
    } while (row_of[col] >= 0);
    // Flip the path from the free column back to the start column.
    while (col != n) {
      const int p = prev[col];
      row_of[col] = row_of[p];
      col = p;
    }
  }
  std::vector<int> col_of(n, -1);
  for (int c = 0; c < n; ++c)
    if (row_of[c] >= 0) col_of[row_of[c]] = c;
  double total = 0;
  for (int r = 0; r < n; ++r) total += cost[static_cast<std::size_t>(r) * n + col_of[r]];
  if (assignment) *assignment = std::move(col_of);
  return total;
}

}  // namespace genokit::similarity::detail
