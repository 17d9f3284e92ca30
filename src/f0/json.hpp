// Internal: the nlohmann::json builders behind genokit/f0/json.hpp, for the CLI and other modules
// that add to the document.
#pragma once

#include <nlohmann/json.hpp>
#include <string_view>

#include "genokit/f0/model.hpp"

namespace genokit::f0::detail {

nlohmann::json to_json(const Model& m);
nlohmann::json json_schema();
// "ball-and-stick", "solids", "illegal", "unknown"
std::string_view shape_name(ShapeType s);

}  // namespace genokit::f0::detail
