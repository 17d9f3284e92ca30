// xode::load's fast path for the PyODE modes (fast_load.cpp).
#pragma once

#include <string_view>

#include "genokit/core/diagnostics.hpp"
#include "genokit/xode/load.hpp"

namespace genokit::xode {

// Loads `bytes` as load() does when the file is plain enough (see fast_load.cpp) and sets
// `result` to what load() returns; false (with `out` and `diags` untouched) otherwise.
bool load_fast(std::string_view bytes, const LoadOptions& opt, Loaded& out, Diagnostics& diags, bool& result);

}  // namespace genokit::xode
