// Singular value decomposition of a small square matrix by one-sided (Hestenes) Jacobi rotations,
// the method the Framsticks SDK uses for its MDS alignment. Written out here rather than taken from
// Eigen because the result must be the SDK's own where the decomposition is not unique: a creature
// as symmetric as a cube or a regular ring has repeated eigenvalues, any basis of that eigenspace is
// a correct answer, and the SDK's printed dissimilarities depend on which one it picks (Eigen's
// two-sided JacobiSVD and SelfAdjointEigenSolver pick others; docs/similarity.md).
#pragma once

#include <vector>

namespace genokit::similarity::detail {

// Decomposes the n×n row-major matrix `a` (overwritten): rows of `a` are rotated in pairs, in cyclic
// order (0,1), (0,2), ..., (n-2,n-1), until every pair is orthogonal to 10 machine epsilons relative
// to the rows' norms (at most max(n, 30) sweeps). On return `values` holds the singular values in
// descending order and the rows of `vt` (row-major n×n) the matching right singular vectors.
void jacobi_svd(std::vector<double>& a, int n, std::vector<double>& values, std::vector<double>& vt);

}  // namespace genokit::similarity::detail
