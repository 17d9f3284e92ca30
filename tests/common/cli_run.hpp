// Test helpers shared by the suites: run the genokit program, read a file whole.
#pragma once

#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "common/test_paths.hpp"

namespace genokit::test {

struct CliRun {
  int code = -1;    // exit code (-1 when the program did not exit normally)
  std::string out;  // stdout, plus stderr when merged
};

// Runs `genokit ARGS` through the shell (ARGS in shell syntax). stderr is merged into `out` when
// `merge`, discarded otherwise.
inline CliRun run_cli(const std::string& args, bool merge = true) {
  const std::string cmd = "'" + cli_path() + "' " + args + (merge ? " 2>&1" : " 2>/dev/null");
  CliRun r;
  FILE* p = ::popen(cmd.c_str(), "r");
  if (!p) return r;
  char buf[4096];
  std::size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) r.out.append(buf, n);
  const int st = ::pclose(p);
  r.code = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  return r;
}

inline std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace genokit::test
