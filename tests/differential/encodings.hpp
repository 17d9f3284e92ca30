// The encodings the harness tests: for each, its name, the genokit door id, the genotype header,
// the characters its mutants draw from, and its random generator (gen_<encoding>.cpp).
#pragma once

#include <functional>
#include <span>
#include <string>
#include <string_view>

#include "differential/rng.hpp"

namespace genokit::differential {

struct EncodingSpec {
  std::string name;        // "f0", "f1", "fH", ...
  std::string id;          // the door's format id: "0", "1", "H", ...
  std::string header;      // what starts every genotype of it ("//0\n"; "" for f1)
  std::string alphabet;    // characters of its grammar and punctuation (for character edits)
  std::string separators;  // what separates its elements within a line (for element swaps)
  // One random well-formed (mostly) genotype, header included.
  std::function<std::string(Rng&)> random;
};

// Every encoding genokit reads, in the order of `--encoding all`.
std::span<const EncodingSpec> encodings();
const EncodingSpec* find_encoding_spec(std::string_view name);

// The random generators (one file each).
std::string random_f0(Rng& r);
std::string random_f1(Rng& r);
std::string random_f4(Rng& r);
std::string random_f9(Rng& r);
std::string random_fF(Rng& r);
std::string random_fn(Rng& r);
std::string random_fH(Rng& r);
std::string random_fB(Rng& r);
std::string random_fL(Rng& r);

// A number for generated genotypes: usually ordinary, sometimes one of the edge values below.
std::string random_number(Rng& r, double lo, double hi);
// Number texts at the edges of the SDK's number rules (inf, nan, -0, denormals, overflow, hex,
// leading '+', ".5", quotes, very long values, ...).
const std::vector<std::string>& edge_numbers();

}  // namespace genokit::differential
