// One call for the common pipeline: read (pugixml) -> validate -> resolve the scene.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "genokit/core/diagnostics.hpp"
#include "genokit/xode/document.hpp"
#include "genokit/xode/scene.hpp"

namespace genokit::xode {

struct LoadOptions {
  std::string file;
  bool lenient = false;  // --lenient / --repair
  Compat compat = Compat::standard;
  int trimesh_index_base = 1;
};

struct Loaded {
  Document doc;
  Scene scene;
  bool read_ok = false;   // the XML was read into `doc`
  bool scene_ok = false;  // `scene` is complete and error-free
};

// Never throws for bad input; every problem is a diagnostic with file:line:column.
bool load(std::string_view bytes, const LoadOptions& opt, Loaded& out, Diagnostics& diags);

// Compat from its name ("standard"/"xode", "pyode", "pybrain"); false when unknown.
bool parse_compat(std::string_view name, Compat& out);

// The resolved scene as JSON (our own model: poses, masses, links) for `genokit show`.
nlohmann::json scene_json(const Scene& s);
// Element counts and other facts for `genokit info`.
nlohmann::json document_info(const Document& d);

}  // namespace genokit::xode
