// The built-in encodings of the door, one function per encoding file (f0_encoding.cpp, ...).
#pragma once

#include "genokit/genotype/encoding.hpp"

namespace genokit::genotype::detail {

Encoding f0_encoding();
Encoding f1_encoding();
Encoding fB_encoding();
Encoding fH_encoding();
Encoding fL_encoding();

// The encoding `id` (empty: a malformed header), or nullptr after reporting genotype.bad-header /
// genotype.unsupported-encoding at `where`.
const Encoding* find_or_report(std::string_view id, Diagnostics& diags, Location where);

}  // namespace genokit::genotype::detail
