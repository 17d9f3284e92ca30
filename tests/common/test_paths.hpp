// Where tests find the shared corpus and the genokit program. Corpus tests call
// GENOKIT_REQUIRE_CORPUS() so they skip, with a clear message, when ../shared is missing.
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>

namespace genokit::test {

inline std::filesystem::path shared_dir() {
  if (const char* env = std::getenv("GENOKIT_SHARED_DIR"); env && *env) return env;
  return GENOKIT_SHARED_DIR;
}
inline std::filesystem::path corpus_dir() { return shared_dir() / "corpus"; }
inline std::filesystem::path source_dir() { return GENOKIT_SOURCE_DIR; }
inline std::string cli_path() { return GENOKIT_CLI; }

}  // namespace genokit::test

#define GENOKIT_REQUIRE_CORPUS()                                                                   \
  do {                                                                                             \
    if (!std::filesystem::is_directory(::genokit::test::corpus_dir()))                             \
      GTEST_SKIP() << "shared corpus not found at " << ::genokit::test::corpus_dir()               \
                   << " (set GENOKIT_SHARED_DIR); corpus test skipped";                            \
  } while (0)
