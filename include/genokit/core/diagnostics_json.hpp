// JSON form of diagnostics (kept apart so the core header does not pull in nlohmann/json).
#pragma once

#include <nlohmann/json.hpp>

#include "genokit/core/diagnostics.hpp"

namespace genokit {

// {"severity":"error","code":"...","message":"...","file":"...","line":3,"column":1,"offset":17}
// line/column/offset are present only when known.
nlohmann::json to_json(const Diagnostic& d);
// {"errors":N,"warnings":N,"dropped":N,"diagnostics":[...]}
nlohmann::json to_json(const Diagnostics& d);

}  // namespace genokit
