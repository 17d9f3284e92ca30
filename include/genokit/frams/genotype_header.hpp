// Which genetic encoding a Framsticks genotype text uses, from its header (SDK r909 `Geno` rules):
//   "//X" + newline  -> multi-line genotype in encoding X (exactly 3 characters before the newline;
//                       a trailing CR is tolerated)
//   "/*X*/"          -> single-line genotype in encoding X (X may be several characters, e.g. "fS")
//   no header        -> f1
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace genokit::frams {

struct GenotypeHeader {
  std::string format;        // "0", "1", "4", "9", "F", ...; empty when the header is malformed
  std::size_t body_offset;   // where the genotype body starts in the text
  bool declared;             // true when a header was present
  bool malformed;            // "Invalid genotype format declaration"
};

GenotypeHeader parse_genotype_header(std::string_view genotype);

}  // namespace genokit::frams
