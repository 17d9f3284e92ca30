// The model as JSON text (what `genokit show --json` prints for an f0 genotype, without the neural
// network) and the JSON Schema of that form. The CLI builds larger documents from the internal
// JSON builders of src/f0/json.hpp.
#pragma once

#include <string>

#include "genokit/f0/model.hpp"

namespace genokit::f0 {

// {"valid", "shape_type", "se", "parts", "joints", "neurons", "connections", "checkpoints"}
// (docs/f0.md, JSON form); invalid UTF-8 in texts is replaced by U+FFFD.
std::string to_json(const Model& m);
// JSON Schema (draft 2020-12) of to_json()'s output, generated from the property tables.
std::string json_schema();

}  // namespace genokit::f0
