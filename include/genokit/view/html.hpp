// One self-contained HTML file for page data: the data as JSON with the frames in a compact
// binary form (float32 rows XOR-ed with the previous row, byte planes, deflate, base64), and the
// viewer script (three.js and genokit's page code, bundled at build time) inline. Opening it makes
// no network request (a Content-Security-Policy forbids any).
#pragma once

#include <optional>
#include <string>

#include "genokit/core/diagnostics.hpp"
#include "genokit/view/page.hpp"

namespace genokit::view {

struct HtmlOptions {
  bool compress = true;  // false: frames as plain float32 bytes ("f32" codec; larger)
};

// True when this genokit was built with the viewer script (npm was available at build time).
bool viewer_bundled();
// Size of the bundled viewer script in bytes (0 when not bundled).
std::size_t viewer_bundle_size();

// The page data as JSON text (what the page reads), safe to put inside a <script> element.
std::string page_json(const Page& page, const HtmlOptions& opt = {});

// The whole page. std::nullopt with view.no-viewer when genokit was built without the script.
std::optional<std::string> write_html(const Page& page, Diagnostics& diags, const HtmlOptions& opt = {});

}  // namespace genokit::view
