// Internal: the nlohmann::json builders behind genokit/core/diagnostics_json.hpp.
#pragma once

#include <nlohmann/json.hpp>

#include "genokit/core/diagnostics.hpp"

namespace genokit::detail {

nlohmann::json to_json(const Diagnostic& d);
nlohmann::json to_json(const Diagnostics& d);

}  // namespace genokit::detail
