// Comparing a parsed model with an SDK r909 oracle block (tests only).
#pragma once

#include <string>
#include <vector>

#include "genokit/core/diagnostics.hpp"
#include "genokit/f0/model.hpp"
#include "oracle.hpp"

namespace genokit::f0::test {

// Appends one line per difference to `diffs`. `geometry` = also compare element values (positions,
// orientations, joints, neurons, connections); `f0_out` = the canonical writer's output.
void compare_with_oracle(const OracleGenotype& o, const Model& m, const Diagnostics& d,
                         std::vector<std::string>& diffs);

// The f0 genotypes whose verdict deliberately differs from the SDK's (docs/f0.md).
bool is_documented_difference(const OracleGenotype& o, const Diagnostics& d);

}  // namespace genokit::f0::test
