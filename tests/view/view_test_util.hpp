// Helpers of the view tests: the fixtures, positions of text in them, temporary folders.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <string>

#include "common/cli_run.hpp"
#include "common/test_paths.hpp"
#include "genokit/core/text.hpp"

namespace genokit::test {

inline std::filesystem::path view_fixture(const std::string& name) {
  return source_dir() / "tests" / "view" / "fixtures" / name;
}

inline std::string tiny_trajectory() {
  return slurp(view_fixture("tiny_trajectory.json"));
}

// `text` with the first `from` replaced by `to` (the test fails when `from` is not there).
inline std::string replaced(std::string text, const std::string& from, const std::string& to) {
  auto at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

// 1-based line and column of the first `needle` in `text` (after the first `after`, when given).
inline Location where(const std::string& text, const std::string& needle, const std::string& after = "") {
  std::size_t from = after.empty() ? 0 : text.find(after);
  auto at = text.find(needle, from == std::string::npos ? 0 : from);
  EXPECT_NE(at, std::string::npos) << needle;
  return LineIndex(text).locate(at == std::string::npos ? 0 : at);
}

inline std::filesystem::path view_temp_dir(const std::string& name) {
  auto dir =
      std::filesystem::temp_directory_path() / ("genokit_view_test_" + std::to_string(::getpid())) / name;
  std::filesystem::create_directories(dir);
  return dir;
}

}  // namespace genokit::test
