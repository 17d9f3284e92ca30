// The model as JSON (used by `genokit show --json`) and the JSON schema of that form.
#pragma once

#include <nlohmann/json.hpp>

#include "genokit/f0/model.hpp"

namespace genokit::f0 {

nlohmann::json to_json(const Model& m);
// JSON Schema (draft 2020-12) of to_json()'s output, generated from the property tables.
nlohmann::json json_schema();

}  // namespace genokit::f0
