// A genotype read through the door as JSON text (what `genokit show --json` prints for it, without
// the neural network): the f0 model (f0::to_json) and, for converting encodings,
// "f<id>_converted", "f<id>_map" ([{begin, end, line, column, text, kind, index}]: begin/end are
// byte offsets in the genotype text) and "sdk_messages".
#pragma once

#include <string>
#include <string_view>

#include "genokit/genotype/file.hpp"
#include "genokit/genotype/read.hpp"

namespace genokit::genotype {

// Map line/column in `text`.
std::string to_json(const Genotype& g, std::string_view text);
// A genotype of a file: map line/column in the file, plus "name" for an org genotype.
std::string to_json(const Genotype& g, const GenotypeFile& file, const FileGenotype& fg);

}  // namespace genokit::genotype
