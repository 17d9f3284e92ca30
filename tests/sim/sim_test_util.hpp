// Helpers of the sim tests: f0 text to a sim::Model, fixtures.
#pragma once

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "common/test_paths.hpp"
#include "genokit/f0/parser.hpp"
#include "genokit/sim/model.hpp"
#include "genokit/sim/run.hpp"

namespace genokit::sim::test {

inline std::string fixture(const std::string& name) {
  return (genokit::test::source_dir() / "tests" / "sim" / "fixtures" / name).string();
}

inline std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

inline Model model_of(const std::string& f0_text, const Settings& s = {}) {
  Diagnostics d;
  f0::Model m = f0::parse(f0_text, d);
  std::optional<Model> model = build_model(m, s, d);
  if (!model) {
    for (const auto& x : d.items()) ADD_FAILURE() << format_gcc(x);
    std::abort();
  }
  return *model;
}

}  // namespace genokit::sim::test
