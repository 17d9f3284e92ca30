// Internal: the steps after parsing (final check, neuron class lookup), shared by parser.cpp and
// the tests. Not installed.
#pragma once

#include "genokit/core/diagnostics.hpp"
#include "genokit/f0/model.hpp"
#include "genokit/f0/parser.hpp"

namespace genokit::f0 {

// Splits n.details into class_name/params and sets known_class.
void set_neuron_class(Neuron& n);
// Model::internalCheck: masses, shapes, delta joints (positions and orientations), non-delta joint
// geometry, lengths, self/duplicate joints, connectivity. Sets m.valid and m.shape_type.
void final_check(Model& m, Diagnostics& diags, const ParseOptions& opt);

}  // namespace genokit::f0
