// Internal: fL development (notes encodings.md §7.3) and the turtle that builds the f0 model from
// the final sequence (§7.4).
#pragma once

#include <cstdint>
#include <vector>

#include "fL/lsystem.hpp"
#include "genokit/f0/model.hpp"

namespace genokit::fL::detail {

struct Development {
  std::vector<std::uint32_t> seq;  // the final sequence (pool indices)
  double needed_time = 0;          // fL_Builder::developModel's neededtime
  bool stopped_by_maxwords = false;
  bool too_large = false;  // genokit's limit (LSystem::kMaxWords) was reached: no model
};

// fL_Builder::developModel's rewriting: from the axiom, `time` steps of the rules.
Development develop(LSystem& ls);

struct BuiltModel {
  f0::Model model;
  bool ok = false;  // false: the SDK's build fails (unknown neuron class, a formula that does not evaluate)
  bool too_large = false;  // genokit's work limit (LSystem::kMaxWork) was reached
  struct Made {            // which word made which element (for the map)
    std::uint32_t word;
    int kind;  // 0 part, 1 joint, 2 neuron, 3 connection
    int index;
  };
  std::vector<Made> made;
};

// fL_Builder::buildModelFromSequence. `mapping`: fill BuiltModel::made.
BuiltModel build(LSystem& ls, const std::vector<std::uint32_t>& seq, bool mapping = true);

}  // namespace genokit::fL::detail
