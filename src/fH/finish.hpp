// Internal: the last step of the converters that build an f0 model field by field (fH, fB, fL),
// as the SDK's converter ends: the model written as f0 text (Model::getF0Geno) and read back
// (Model(geno)). Finite values survive that round trip unchanged, so only the f0 final check runs;
// a non-finite value cannot be read back, and the model is then re-read from its f0 text exactly
// as the SDK re-reads it (partial model, invalid, with the SDK's messages).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "genokit/core/diagnostics.hpp"
#include "genokit/f0/model.hpp"
#include "genokit/f0/neuron_classes.hpp"

namespace genokit::fH::detail {

// The SDK's class lookup for a neuron whose `details` are set: class name, parameters, known flag.
void finish_neuron(f0::Neuron& n);

// A developed neuron's details as the SDK's builders (fH, fL) read them: empty is N; its class, or
// null when the SDK abandons the creature (an unknown class, or nothing before ':' as in ":" or
// ":in=1").
const f0::NeuronClass* neuron_with_details(f0::Neuron& n, const std::string& details);

struct Finish {
  bool& converted;  // set false when the converter's own model check fails (the SDK then returns no f0)
  std::vector<std::string>& sdk_messages;
  std::int64_t& sdk_error_pos;
  std::int64_t& sdk_warn_pos;
  std::string_view text;  // the genotype text the elements' src offsets point into (for positions)
};

// Runs the f0 final check (or the round trip when a value is not finite) and sets m.valid. A model
// that fails the check is what the SDK's converter cannot write: the conversion fails (the model is
// emptied), with the SDK's messages. Problems are reported with `code_prefix` ("fH", "fL") at the
// element's src position; returns false when the model failed. `strict_failed`: an earlier warning was an
// error under --strict (the model is invalid however it checks).
bool finish_model(f0::Model& m, Finish out, Diagnostics& diags, const std::string& code_prefix,
                  bool strict_failed);

}  // namespace genokit::fH::detail
