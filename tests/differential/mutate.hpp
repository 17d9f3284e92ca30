// Mutants of real genotypes: one to four edits of the genotype body (the header stays): character
// inserts, deletes and replacements from the encoding's alphabet, numbers replaced by edge values,
// lines and elements swapped, duplicated or dropped.
#pragma once

#include <string>
#include <vector>

#include "differential/encodings.hpp"
#include "differential/rng.hpp"

namespace genokit::differential {

std::string mutant(Rng& r, const EncodingSpec& e, const std::string& seed);

// The [begin, end) ranges of the number-like tokens of a text ("-1.5e3", "0x1F", ".5").
std::vector<std::pair<std::size_t, std::size_t>> number_tokens(const std::string& s);

}  // namespace genokit::differential
