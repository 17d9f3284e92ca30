// Canonical writer (SDK saveMultiLine rules, see docs/framsticks-file-format.md).
#include <string>
#include <string_view>

#include "genokit/frams/document.hpp"
#include "internal.hpp"

namespace genokit::frams {
namespace {
void append_escaped(std::string_view v, std::string& out) {
  std::size_t start = 0;
  for (std::size_t p; (p = v.find('~', start)) != std::string_view::npos; start = p + 1) {
    out.append(v.substr(start, p - start));
    out.append("\\~");
  }
  out.append(v.substr(start));
}
}  // namespace

void write_canonical_value(std::string_view, std::string_view value, std::string& out) {
  const bool has_eol = value.find_first_of("\r\n") != std::string_view::npos;
  // A value ending in '\' cannot be written as `key:~...\~` (the closing tilde would be read as
  // escaped). Without a line break it is written on one line whatever its length; with one, a
  // newline is added before the closing tilde (documented loss).
  const bool trailing_backslash = !value.empty() && value.back() == '\\';
  if (!has_eol && (value.size() <= 50 || trailing_backslash)) {
    append_escaped(value, out);
    out.push_back('\n');
    return;
  }
  out.append("~\n");
  // The reader drops one CR before each LF (SDK line reading), so a CR that belongs to the value
  // just before a line break is written twice.
  for (std::size_t start = 0;;) {
    std::size_t p = value.find("\r\n", start);
    if (p == std::string_view::npos) {
      append_escaped(value.substr(start), out);
      break;
    }
    append_escaped(value.substr(start, p + 1 - start), out);
    out.push_back('\r');
    start = p + 1;
  }
  if (trailing_backslash) out.push_back('\n');
  out.append("~\n");
}

void write_canonical_object(const Object& obj, std::string& out) {
  // A header read from an indented "#x:" line would be a comment in column 0: keep one blank.
  if (!obj.class_name.empty() && obj.class_name.front() == '#') out.push_back(' ');
  out.append(obj.class_name);
  out.append(":\n");
  const std::vector<char> superseded = detail::superseded_fields(obj);  // only the last one counts (SDK)
  for (std::size_t i = 0; i < obj.fields.size(); ++i) {
    const Field& f = obj.fields[i];
    if (superseded[i]) continue;
    out.append(f.key);
    out.push_back(':');
    write_canonical_value(f.key, f.value, out);
  }
}

std::string write_canonical(const Document& doc) {
  std::string out;
  std::size_t guess = 0;
  for (const auto& s : doc.sources()) guess += s->text.size();
  out.reserve(guess + guess / 8 + 16);
  for (const Object& o : doc.objects) {
    write_canonical_object(o, out);
    out.push_back('\n');
  }
  return out;
}

}  // namespace genokit::frams
