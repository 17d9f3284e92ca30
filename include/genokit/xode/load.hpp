// One call for the common pipeline: read the XML -> validate -> resolve the scene.
#pragma once

#include <optional>
#include <string_view>

#include "genokit/core/diagnostics.hpp"
#include "genokit/xode/document.hpp"
#include "genokit/xode/scene.hpp"

namespace genokit::xode {

struct LoadOptions {
  ReadOptions read;    // file name for diagnostics, lenient reading, limits
  BuildOptions build;  // compat mode, trimesh index base, limits
};

struct Loaded {
  Document doc;
  Scene scene;
};

// read_document, then (when reading reported no error) build_scene. std::nullopt when either
// fails; every problem is a diagnostic with file:line:column. Never throws for bad input. To
// look at a document whose scene does not resolve, call the two steps yourself.
std::optional<Loaded> load(std::string_view bytes, Diagnostics& diags, const LoadOptions& opt = {});

}  // namespace genokit::xode
