// Comparing an f1 conversion with an SDK r909 dump block (tests only).
#pragma once

#include <string>
#include <vector>

#include "genokit/f1/convert.hpp"
#include "oracle_reader.hpp"

namespace genokit::f1::test {

struct CompareStats {
  std::size_t positions = 0, positions_exact = 0;
};

// Appends one line per difference. Positions and orientations within 1e-9, every other value
// exactly (as %.17g text), f0_out byte for byte.
void compare(const Dump& o, const Conversion& c, std::vector<std::string>& diffs,
             CompareStats* stats = nullptr);

}  // namespace genokit::f1::test
