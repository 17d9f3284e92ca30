// Document: storage, lookups, positions of decoded value bytes, edits and the lossless writer.
#include <algorithm>
#include <cstring>

#include "genokit/frams/document.hpp"

namespace genokit::frams {

const Field* Object::find(std::string_view key) const {
  for (auto it = fields.rbegin(); it != fields.rend(); ++it)
    if (it->key == key) return &*it;
  return nullptr;
}

std::string_view Object::get(std::string_view key, std::string_view fallback) const {
  const Field* f = find(key);
  return f ? f->value : fallback;
}

const std::string& Document::file_name() const {
  static const std::string empty;
  return sources_.empty() ? empty : sources_[0]->name;
}

std::uint32_t Document::add_source(std::string name, Bytes text, std::uint32_t parent,
                                   std::uint32_t include_line) {
  auto s = std::make_unique<Source>();
  s->name = std::move(name);
  s->bytes = std::move(text);
  s->text = s->bytes;
  s->parent = parent;
  s->include_line = include_line;
  sources_.push_back(std::move(s));
  return std::uint32_t(sources_.size() - 1);
}

std::string_view Document::keep(std::string s) {
  owned_.push_back(std::move(s));
  return owned_.back();
}

Location Document::locate(std::uint32_t source, std::size_t offset) const {
  Location l;
  if (source >= sources_.size()) return l;
  const std::string_view t = sources_[source]->text;
  l.file = sources_[source]->name;
  offset = std::min(offset, t.size());
  std::size_t line = 1, line_begin = 0, pos = 0;
  while (pos < offset) {
    const void* p = std::memchr(t.data() + pos, '\n', offset - pos);
    if (!p) break;
    pos = std::size_t(static_cast<const char*>(p) - t.data()) + 1;
    ++line;
    line_begin = pos;
  }
  l.line = std::uint32_t(line);
  l.column = std::uint32_t(offset - line_begin + 1);
  l.offset = std::int64_t(offset);
  return l;
}

Location Document::locate_value(const Field& f, std::size_t value_offset) const {
  Location l;
  if (f.source >= sources_.size()) return l;
  const std::string_view t = sources_[f.source]->text;
  l.file = sources_[f.source]->name;
  if (f.edited) {  // no bytes in the file: point at the key
    l.line = f.line;
    l.column = 1;
    l.offset = std::int64_t(f.line_begin);
    return l;
  }
  const bool unterminated = f.multiline && f.raw_end == t.size() && f.span_end == t.size();
  // Walk the raw bytes, counting decoded bytes, with the decoder's skip rules.
  std::size_t raw = f.raw_begin;
  // a multi-line value starts on the line after the key (unless the key line ends the file)
  const bool next_line =
      f.multiline && f.raw_begin > 0 && f.raw_begin <= t.size() && t[f.raw_begin - 1] == '\n';
  std::size_t line = next_line ? f.line + 1 : f.line;
  std::size_t line_begin = next_line ? f.raw_begin : f.line_begin;
  if (!f.decoded) {
    raw = f.raw_begin + std::min(value_offset, f.raw_end - f.raw_begin);
    if (f.multiline) {
      for (std::size_t p = f.raw_begin; p < raw;) {
        const void* q = std::memchr(t.data() + p, '\n', raw - p);
        if (!q) break;
        p = std::size_t(static_cast<const char*>(q) - t.data()) + 1;
        ++line;
        line_begin = p;
      }
    }
  } else {
    std::size_t decoded = 0;
    while (raw < f.raw_end && decoded < value_offset) {
      char c = t[raw];
      bool skip = false;
      if (c == '\\' && raw + 1 < f.raw_end && t[raw + 1] == '~') skip = true;
      if (f.multiline && c == '\r' &&
          ((raw + 1 < f.raw_end && t[raw + 1] == '\n') || (unterminated && raw + 1 == f.raw_end)))
        skip = true;
      if (!skip) {
        ++decoded;
        if (c == '\n') {
          ++line;
          line_begin = raw + 1;
        }
      }
      ++raw;
    }
    // land on the byte that produced the decoded character (skip an escape's backslash / a CR)
    while (raw < f.raw_end && ((t[raw] == '\\' && raw + 1 < f.raw_end && t[raw + 1] == '~') ||
                               (f.multiline && t[raw] == '\r' && raw + 1 < f.raw_end && t[raw + 1] == '\n')))
      ++raw;
  }
  l.line = std::uint32_t(line);
  l.column = std::uint32_t(raw - line_begin + 1);
  l.offset = std::int64_t(raw);
  return l;
}

void Document::set(Object& obj, std::string_view key, std::string value) {
  obj.modified = true;
  for (auto it = obj.fields.rbegin(); it != obj.fields.rend(); ++it) {
    if (it->key == key) {
      it->value = keep(std::move(value));
      it->edited = true;
      it->multiline = it->value.size() > 50 || it->value.find_first_of("\r\n") != std::string_view::npos;
      return;
    }
  }
  Field f;
  f.key = keep(std::string(key));
  f.value = keep(std::move(value));
  f.edited = true;
  f.source = obj.source;
  f.line = obj.line;
  f.line_begin = obj.begin;
  obj.fields.push_back(f);
}

namespace {
void append_with_eol(std::string& out, std::string_view raw) {
  out.append(raw);
  if (!raw.empty() && raw.back() != '\n') out.push_back('\n');
}
}  // namespace

std::string write_lossless(const Document& doc) {
  std::string out;
  if (doc.sources().empty()) return out;
  const std::string_view t = doc.source(0).text;
  out.reserve(t.size() + 64);
  for (const Item& it : doc.items) {
    if (it.kind != Item::Kind::object || !doc.objects[it.object].modified) {
      out.append(t, it.begin, it.end - it.begin);
      continue;
    }
    const Object& o = doc.objects[it.object];
    std::size_t header_end = t.find('\n', o.begin);
    header_end = header_end == std::string::npos ? t.size() : header_end + 1;
    append_with_eol(out, std::string_view(t).substr(o.begin, header_end - o.begin));
    std::size_t other = 0;
    for (std::size_t i = 0; i < o.fields.size(); ++i) {
      while (other < o.other_lines.size() && o.other_lines[other].before_field <= i) {
        const ObjectLine& ol = o.other_lines[other++];
        append_with_eol(out, std::string_view(t).substr(ol.begin, ol.end - ol.begin));
      }
      const Field& f = o.fields[i];
      if (f.edited) {
        out.append(f.key);
        out.push_back(':');
        write_canonical_value(f.key, f.value, out);
      } else {
        append_with_eol(out, std::string_view(t).substr(f.line_begin, f.span_end - f.line_begin));
      }
    }
    for (; other < o.other_lines.size(); ++other) {
      const ObjectLine& ol = o.other_lines[other];
      append_with_eol(out, std::string_view(t).substr(ol.begin, ol.end - ol.begin));
    }
  }
  return out;
}

}  // namespace genokit::frams
