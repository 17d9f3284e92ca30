// JSON form of diagnostics, as text (kept apart so the core header stays minimal). The CLI builds
// larger documents from the JSON builders of src/core/diagnostics_json.hpp.
#pragma once

#include <string>

#include "genokit/core/diagnostics.hpp"

namespace genokit {

// {"severity":"error","code":"...","message":"...","file":"...","line":3,"column":1,"offset":17}
// line/column/offset are present only when known.
std::string to_json(const Diagnostic& d);
// {"errors":N,"warnings":N,"dropped":N,"diagnostics":[...]}
std::string to_json(const Diagnostics& d);

}  // namespace genokit
