// Warnings beyond the SDK's checks (which let these through): unknown neuron classes and
// properties, out-of-range neuron properties, misplaced neurons, wrong input counts, self and
// duplicate connections, non-finite numbers, overlapping parts. Never changes validity.
#pragma once

#include "genokit/core/diagnostics.hpp"
#include "genokit/f0/model.hpp"

namespace genokit::f0 {

// Diagnostics are positioned like the parser's (SourcePos of the elements, in the genotype text).
void lint(const Model& m, Diagnostics& diags);

}  // namespace genokit::f0
