// Minimum-cost assignment on a square cost matrix (the Hungarian method, in its shortest-augmenting-
// path form with row and column potentials, O(n^3)). Written here because Debian offers no C++
// library for it that takes real-valued costs: dlib's max_cost_assignment requires integer costs
// (and brings a large dependency), LEMON's flow solvers likewise want integral costs. Tested
// against exhaustive search (tests/similarity/assignment_test.cpp).
#pragma once

#include <vector>

namespace genokit::similarity::detail {

// Solves min over permutations p of sum_i cost[i*n + p[i]] for the n×n row-major `cost` (finite
// values). Returns that sum, added up in row order; `assignment` (optional) receives p.
double solve_assignment(const std::vector<double>& cost, int n, std::vector<int>* assignment = nullptr);

}  // namespace genokit::similarity::detail
