// Reader for the SDK r909 reference dumps (notes §3.2): one block per genotype with verdict,
// positions, messages, elements and the SDK's f0_out.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace genokit::f0::test {

// key=value pairs of one element line; strings unescaped, numbers kept as text.
using Fields = std::map<std::string, std::string>;

struct OracleGenotype {
  int index = -1;
  std::string name;
  std::string format;
  bool valid = false;
  int shape_type = 0;
  std::int64_t errorpos = -1, warnpos = -1;
  std::vector<std::string> messages;
  double se = 1;
  std::size_t parts = 0, joints = 0, neurons = 0, connections = 0;
  std::vector<Fields> p, j, n, c;
  std::vector<Fields> orient;  // x, y, z as "(a,b,c)"
  bool has_f0_out = false;
  std::string f0_out;  // lines joined with '\n' (each line ending with '\n')
};

struct OracleFile {
  std::vector<OracleGenotype> genotypes;
  std::vector<std::string> loader_messages;
};

// Parses "k=v k2=\"str\" ..." (the element line after its tag).
Fields parse_fields(std::string_view s);
// Parses a whole dump; returns false (with `error`) on a malformed file.
bool parse_oracle(std::string_view text, OracleFile& out, std::string& error);
// "(a,b,c)" -> three doubles.
bool parse_triple(std::string_view s, double v[3]);

}  // namespace genokit::f0::test
