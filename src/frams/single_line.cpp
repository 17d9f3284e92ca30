// The non-template parts of the single-line walk (single_line.hpp).
#include "frams/single_line.hpp"

namespace genokit::frams::sdk {

std::size_t closing_quote(std::string_view text, std::size_t from, std::size_t limit) {
  for (std::size_t i = from; i < text.size();) {
    if (text[i] == '\\')
      ++i;
    else if (text[i] == '"')
      return i;
    if (++i == limit) return limit;  // (equality only, after a step: the SDK's test)
  }
  return text.size();
}

void unquote(std::string_view s, std::string& out) {
  // Most quoted values have no escapes: copied in one go.
  const std::size_t first = s.find('\\');
  out.assign(s.data(), first == std::string_view::npos ? s.size() : first);
  if (first == std::string_view::npos) return;
  for (std::size_t i = first; i < s.size(); ++i) {
    char c = s[i];
    if (c == '\\') {
      if (++i == s.size()) break;  // a last lone backslash is dropped
      c = s[i];
      c = c == 'n' ? '\n' : c == 'r' ? '\r' : c == 't' ? '\t' : c;
    }
    out += c;
  }
}

void append_text(std::string& out, std::string_view s) {
  if (s.find_first_of(", \\\r\n\t\"") == std::string_view::npos) {
    out += s;
    return;
  }
  out += '"';
  for (char c : s) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        out += c;
    }
  }
  out += '"';
}

}  // namespace genokit::frams::sdk
