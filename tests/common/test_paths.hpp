// Where tests find the shared folder (corpus, oracle tools) and the genokit program.
// Tests that need ../shared call GENOKIT_REQUIRE_CORPUS() (the corpus) or GENOKIT_REQUIRE_SHARED()
// (anything else from it, e.g. an oracle tool): they skip, with a clear message, when it is
// missing, and FAIL instead when GENOKIT_REQUIRE_SHARED=1 is set (as .ci/run does), so CI cannot
// pass on a missing corpus.
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <string_view>

namespace genokit::test {

inline std::filesystem::path shared_dir() {
  if (const char* env = std::getenv("GENOKIT_SHARED_DIR"); env && *env) return env;
  return GENOKIT_SHARED_DIR;
}
inline std::filesystem::path corpus_dir() {
  return shared_dir() / "corpus";
}
inline std::filesystem::path source_dir() {
  return GENOKIT_SOURCE_DIR;
}
inline std::string cli_path() {
  return GENOKIT_CLI;
}

// True when a missing ../shared must fail the test rather than skip it (GENOKIT_REQUIRE_SHARED set
// to anything but "" or "0").
inline bool shared_required() {
  const char* env = std::getenv("GENOKIT_REQUIRE_SHARED");
  return env && *env && std::string_view(env) != "0";
}

}  // namespace genokit::test

// Skips the test (fails it under GENOKIT_REQUIRE_SHARED=1) unless `available`; `what` says what is
// missing. Use in the test body or in a void helper it calls.
#define GENOKIT_REQUIRE_SHARED(available, what)                                                \
  do {                                                                                         \
    if (!(available)) {                                                                        \
      if (::genokit::test::shared_required())                                                  \
        GTEST_FAIL() << what << " (GENOKIT_REQUIRE_SHARED is set: a missing ../shared fails)"; \
      else                                                                                     \
        GTEST_SKIP() << what << "; test skipped";                                              \
    }                                                                                          \
  } while (0)

#define GENOKIT_REQUIRE_CORPUS()                                    \
  GENOKIT_REQUIRE_SHARED(                                           \
      std::filesystem::is_directory(::genokit::test::corpus_dir()), \
      "shared corpus not found at " << ::genokit::test::corpus_dir() << " (set GENOKIT_SHARED_DIR)")
