#include <unordered_map>

#include "internal.hpp"

namespace genokit::frams::detail {

void previous_same_key(const Object& o, std::vector<std::uint32_t>& prev) {
  const std::size_t n = o.fields.size();
  prev.assign(n, 0);
  if (n <= 24) {
    for (std::size_t i = 1; i < n; ++i)
      for (std::size_t j = i; j-- > 0;)
        if (o.fields[j].key == o.fields[i].key) {
          prev[i] = std::uint32_t(j + 1);
          break;
        }
    return;
  }
  std::unordered_map<std::string_view, std::uint32_t> last;
  last.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    auto [it, inserted] = last.try_emplace(o.fields[i].key, std::uint32_t(i + 1));
    if (!inserted) {
      prev[i] = it->second;
      it->second = std::uint32_t(i + 1);
    }
  }
}

std::vector<char> superseded_fields(const Object& o) {
  std::vector<char> superseded(o.fields.size(), 0);
  if (o.fields.size() > 1) {
    std::vector<std::uint32_t> prev;
    previous_same_key(o, prev);
    for (std::uint32_t p : prev)
      if (p) superseded[p - 1] = 1;
  }
  return superseded;
}

Location value_start(const Document& doc, const Field& f) {
  Location l;
  l.file = doc.source(f.source).name;
  const std::string_view t = doc.source(f.source).text;
  if (f.multiline && f.raw_begin > 0 && f.raw_begin <= t.size() && t[f.raw_begin - 1] == '\n') {
    l.line = f.line + 1;
    l.column = 1;
  } else {
    l.line = f.line;
    l.column = std::uint32_t(f.raw_begin - f.line_begin + 1);
  }
  l.offset = std::int64_t(f.raw_begin);
  return l;
}

Location key_location(const Document& doc, const Field& f) {
  Location l;
  l.file = doc.source(f.source).name;
  l.line = f.line;
  std::size_t key_off =
      f.key.empty() ? f.line_begin : std::size_t(f.key.data() - doc.source(f.source).text.data());
  if (key_off < f.line_begin || key_off > doc.source(f.source).text.size()) key_off = f.line_begin;
  l.column = std::uint32_t(key_off - f.line_begin + 1);
  l.offset = std::int64_t(key_off);
  return l;
}

}  // namespace genokit::frams::detail
