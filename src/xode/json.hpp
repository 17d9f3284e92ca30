// The JSON forms of the xode module as nlohmann values, for the CLI to build larger documents
// from (the public headers give the same as text).
#pragma once

#include <nlohmann/json.hpp>

#include "genokit/xode/document.hpp"
#include "genokit/xode/scene.hpp"

namespace genokit::xode::json {

// The resolved scene (our own model: poses, masses, links) for `genokit show`.
nlohmann::json scene(const Scene& s);
// Element counts and other facts for `genokit info`.
nlohmann::json info(const Document& d);
// The element schema for `genokit xode schema --json`.
nlohmann::json schema();

}  // namespace genokit::xode::json
