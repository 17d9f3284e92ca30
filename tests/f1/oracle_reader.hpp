// A small reader for the SDK r909 reference dumps (notes framsticks.md §3.2), for the f1 tests.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace genokit::f1::test {

using Fields = std::map<std::string, std::string>;  // key -> value (strings unescaped)

struct Dump {
  int index = -1;
  std::string name, format;
  bool valid = false;
  int shape_type = 0;
  std::int64_t errorpos = -1, warnpos = -1;
  std::vector<std::string> messages;
  std::string se;
  std::size_t parts = 0, joints = 0, neurons = 0, connections = 0;
  std::vector<Fields> p, orient, j, n, c;
  bool has_f0_out = false;
  std::string f0_out;
};

// Parses every genotype block of a dump; false (with `error`) when the text is malformed.
bool read_dumps(std::string_view text, std::vector<Dump>& out, std::string& error);

}  // namespace genokit::f1::test
