// What the genome tests share: assembling and reading that must succeed, and the toy genome
// (examples/creatures/toy.txt, 23 C2 genes).
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "common/cli_run.hpp"
#include "common/test_paths.hpp"
#include "genokit/genome/text.hpp"

namespace genokit::test {

// The bytes of a text form that must assemble (the messages are shown when it does not).
inline std::string assemble_ok(std::string_view text) {
  Diagnostics d;
  auto bytes = genome::assemble(text, d);
  std::string msgs;
  for (const auto& x : d.items()) msgs += format_gcc(x) + "\n";
  EXPECT_TRUE(bytes) << msgs;
  return bytes.value_or("");
}

// A genome that must read (stream problems are allowed: read() still gives a genome).
inline genome::Genome read_ok(const std::string& bytes) {
  Diagnostics d;
  auto g = genome::read(bytes, d);
  EXPECT_TRUE(g);
  return g.value_or(genome::Genome{});
}

inline genome::Genome from_text(std::string_view text) {
  return read_ok(assemble_ok(text));
}

inline genome::Genome toy() {
  return from_text(slurp(source_dir() / "examples" / "creatures" / "toy.txt"));
}

}  // namespace genokit::test
