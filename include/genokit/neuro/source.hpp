// Where a network comes from on the command line: a bare f0 or f1 genotype file, or one f0/f1 genotype of a
// Framsticks file (.gen) picked by org name or index.
#pragma once

#include <string>
#include <string_view>

#include "genokit/core/diagnostics.hpp"
#include "genokit/f0/model.hpp"

namespace genokit::neuro {

struct SourceGenotype {
  f0::Model model;
  std::string name;  // file base name, plus "#<org name>" for a genotype picked from a .gen file
  bool found = false;
};

// `pick`: org name or 0-based index among the file's f0/f1 genotypes (empty = the first); f1 is
// converted to f0 (genokit/f1/convert.hpp).
// Diagnostics are positioned in the file; errors when nothing matches.
SourceGenotype load_genotype(std::string_view bytes, const std::string& file_name, const std::string& pick,
                             Diagnostics& diags);

}  // namespace genokit::neuro
