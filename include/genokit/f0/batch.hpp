// Checking many f0 genotypes on every core (used by `genokit check` on big files).
#pragma once

#include <span>
#include <string_view>
#include <vector>

#include "genokit/core/diagnostics.hpp"
#include "genokit/f0/model.hpp"
#include "genokit/f0/parser.hpp"

namespace genokit::f0 {

struct BatchResult {
  Diagnostics diags;  // positioned in the genotype text, as parse() reports them
  bool valid = false;
  std::size_t parts = 0, joints = 0, neurons = 0, connections = 0;
  Model model;  // only when keep_models
};

struct BatchOptions {
  ParseOptions parse;
  unsigned threads = 0;      // 0 = one per core (std::thread::hardware_concurrency())
  bool keep_models = false;  // fill BatchResult::model
};

// Parses, builds, validates (and lints) each genotype; results in input order. parse() is
// thread-safe, so callers may also parallelise themselves.
std::vector<BatchResult> parse_many(std::span<const std::string_view> genotypes,
                                    const BatchOptions& opt = {});

}  // namespace genokit::f0
