// Internal: text inside SVG/XML documents (the f0 renderer and the neuro plot).
#pragma once

#include <string>
#include <string_view>

namespace genokit::detail {

// `s` with <, >, & and " written as entities.
inline std::string xml_escape(std::string_view s) {
  std::string o;
  o.reserve(s.size());
  for (char c : s) {
    switch (c) {
      case '<':
        o += "&lt;";
        break;
      case '>':
        o += "&gt;";
        break;
      case '&':
        o += "&amp;";
        break;
      case '"':
        o += "&quot;";
        break;
      default:
        o += c;
    }
  }
  return o;
}

}  // namespace genokit::detail
