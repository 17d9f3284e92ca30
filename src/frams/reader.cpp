// The Framsticks object-file reader (SDK r909 MultiParamLoader rules, see
// docs/framsticks-file-format.md). One pass over the bytes with memchr; keys and most values are
// views into the source text; only values with `\~` escapes or CRs are copied.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <string>
#include <system_error>

#include "genokit/core/file_io.hpp"
#include "genokit/core/text.hpp"
#include "genokit/frams/document.hpp"
#include "genokit/frams/schema.hpp"
#include "internal.hpp"

namespace genokit::frams {
namespace {

namespace fs = std::filesystem;

// The LF bytes of a value, and whether it holds a CR: 32 byte counters at a time (at most 255
// rounds before they are summed), a loop the compiler turns into vector compares (std::count
// widens every byte), one pass over the value for both.
struct Lines {
  std::size_t newlines = 0;
  bool cr = false;
};
Lines count_lines(const char* p, std::size_t n) {
  constexpr std::size_t kLanes = 32, kBlock = 255 * kLanes;
  Lines out;
  std::size_t i = 0;
  unsigned char cr[kLanes] = {};
  while (i + kLanes <= n) {
    unsigned char lf[kLanes] = {};
    const std::size_t end = i + std::min(kBlock, (n - i) / kLanes * kLanes);
    for (; i < end; i += kLanes)
      for (std::size_t k = 0; k < kLanes; ++k) {
        lf[k] += p[i + k] == '\n';
        cr[k] |= p[i + k] == '\r';
      }
    for (std::size_t k = 0; k < kLanes; ++k) out.newlines += lf[k];
  }
  for (std::size_t k = 0; k < kLanes; ++k) out.cr |= cr[k] != 0;
  for (; i < n; ++i) out.newlines += p[i] == '\n', out.cr |= p[i] == '\r';
  return out;
}

// Whether the 64 bytes at u are all ASCII (one OR over them: vector instructions); `nul` is set
// when one of them may be a NUL byte (looked for in the same pass).
bool ascii64(const unsigned char* u, bool& nul) {
  unsigned char any = 0, zero = 0;
  for (std::size_t k = 0; k < 64; ++k) {
    any |= u[k];
    zero |= u[k] == 0;
  }
  nul |= zero != 0;
  return any < 0x80;
}

// Line [begin, content_end) without LF and one trailing CR; next = start of the next line.
struct Line {
  std::size_t begin, content_end, next;
};

class Reader {
 public:
  Reader(Document& doc, Diagnostics& diags, const LoadOptions& opt) : doc_(doc), diags_(&diags), opt_(opt) {}

  void read_source(std::uint32_t src, int depth);

 private:
  Line line_at(std::size_t pos) const {
    const char* p = static_cast<const char*>(std::memchr(text_.data() + pos, '\n', text_.size() - pos));
    Line l{pos, p ? std::size_t(p - text_.data()) : text_.size(), 0};
    l.next = p ? l.content_end + 1 : text_.size();
    if (l.content_end > l.begin && text_[l.content_end - 1] == '\r') --l.content_end;
    return l;
  }
  Location loc(std::uint32_t line, std::size_t offset, std::size_t line_begin) const {
    return Location{name_, line, std::uint32_t(offset - line_begin + 1), std::int64_t(offset)};
  }
  void read_object(std::size_t& pos, std::uint32_t& line_no, std::string_view class_name,
                   std::size_t header_begin);
  void handle_include(const Line& l, std::uint32_t line_no, int depth);
  void flush_unexpected(bool in_object, std::string_view obj_name);
  void note_unexpected(std::uint32_t line_no, std::size_t offset, std::size_t line_begin, bool in_object,
                       std::string_view obj_name);
  void scan_bytes();

  Document& doc_;
  Diagnostics* diags_;  // where the source being read reports
  const LoadOptions& opt_;
  std::uint32_t src_ = 0;
  std::string_view text_;
  std::string name_;
  // consecutive unexpected lines are collapsed into one extra warning (SDK behaviour)
  std::uint32_t unexpected_first_ = 0, unexpected_last_ = 0;
  Location unexpected_loc_;
  std::vector<std::uint32_t> prev_;
  std::vector<Field> fields_;  // the fields of the object being read
};

void Reader::note_unexpected(std::uint32_t line_no, std::size_t offset, std::size_t line_begin,
                             bool in_object, std::string_view obj_name) {
  if (unexpected_first_ != 0 && unexpected_last_ + 1 == line_no) {
    if (unexpected_last_ == unexpected_first_) unexpected_loc_ = loc(line_no, offset, line_begin);
    unexpected_last_ = line_no;
    return;
  }
  flush_unexpected(in_object, obj_name);
  unexpected_first_ = unexpected_last_ = line_no;
  std::string msg = "Ignored unexpected line " + std::to_string(line_no) + " while reading ";
  if (in_object)
    msg += "object '" + std::string(obj_name) + "'";
  else
    msg += "'" + name_ + "'";
  diags_->warning("frams.unexpected-line", std::move(msg), loc(line_no, offset, line_begin));
}

void Reader::flush_unexpected(bool, std::string_view) {
  if (unexpected_first_ != 0 && unexpected_last_ != unexpected_first_) {
    diags_->warning("frams.unexpected-line",
                    "The following line(s) were also unexpected: " + std::to_string(unexpected_first_ + 1) +
                        "-" + std::to_string(unexpected_last_),
                    unexpected_loc_);
  }
  unexpected_first_ = unexpected_last_ = 0;
}

// NUL bytes and invalid UTF-8: reported once per file (with a count), the bytes are kept.
void Reader::scan_bytes() {
  const char* base = text_.data();
  const std::size_t n = text_.size();
  // NUL bytes are looked for in the UTF-8 check's pass over the bytes (found: counted apart).
  bool nul = !opt_.check_utf8;
  std::size_t bad = 0, first_bad = std::string_view::npos;
  if (opt_.check_utf8) {
    // ASCII runs 64 and 8 bytes at a time; multi-byte sequences are checked one by one.
    std::size_t i = 0;
    const auto* u = reinterpret_cast<const unsigned char*>(base);
    while (i < n) {
      if (i + 64 <= n && ascii64(u + i, nul)) {
        i += 64;
        continue;
      }
      if (i + 8 <= n) {
        std::uint64_t w;
        std::memcpy(&w, u + i, 8);
        if ((w & 0x8080808080808080ULL) == 0) {
          nul |= ((w - 0x0101010101010101ULL) & ~w & 0x8080808080808080ULL) != 0;  // (a zero byte)
          i += 8;
          continue;
        }
      }
      unsigned char c = u[i];
      if (c < 0x80) {
        nul |= c == 0;
        ++i;
        continue;
      }
      std::size_t len = 0;
      std::uint32_t cp = 0;
      if (c >= 0xC2 && c <= 0xDF)
        len = 2, cp = c & 0x1F;
      else if (c >= 0xE0 && c <= 0xEF)
        len = 3, cp = c & 0x0F;
      else if (c >= 0xF0 && c <= 0xF4)
        len = 4, cp = c & 0x07;
      bool ok = len != 0 && i + len <= n;
      for (std::size_t k = 1; ok && k < len; ++k) {
        if ((u[i + k] & 0xC0) != 0x80) ok = false;
        cp = (cp << 6) | (u[i + k] & 0x3F);
      }
      if (ok && ((len == 3 && (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF))) ||
                 (len == 4 && (cp < 0x10000 || cp > 0x10FFFF))))
        ok = false;
      if (ok) {
        i += len;
      } else {
        if (first_bad == std::string_view::npos) first_bad = i;
        ++bad;
        ++i;
      }
    }
  }
  if (const void* z = nul ? std::memchr(base, '\0', n) : nullptr) {
    std::size_t first = static_cast<const char*>(z) - base;
    std::size_t count = std::count(base + first, base + n, '\0');
    Location l = doc_.locate(src_, first);
    diags_->warning("frams.nul-byte",
                    "The file contains " + std::to_string(count) +
                        " NUL byte(s); they are kept as data (the SDK stops "
                        "reading a line at a NUL byte)",
                    l);
  }
  if (bad) {
    diags_->warning("frams.invalid-utf8",
                    "The file is not valid UTF-8 (" + std::to_string(bad) +
                        " bad byte(s), the first one here); the bytes are kept as they are",
                    doc_.locate(src_, first_bad));
  }
}

void Reader::read_source(std::uint32_t src, int depth) {
  src_ = src;
  text_ = doc_.source(src).text;
  name_ = doc_.source(src).name;
  // The byte scan's warnings come first, but the scan runs once the source is read: the rest of
  // its diagnostics wait in a list of their own meanwhile, so on_object sees the first objects
  // without a pass over the whole file before them (15 MB: 2 ms).
  Diagnostics* const out = diags_;
  Diagnostics own;
  own.set_limit(out->limit());
  diags_ = &own;
  const bool main = src == 0;
  std::size_t pos = 0;
  std::uint32_t line_no = 0;
  auto add_item = [&](Item::Kind k, std::size_t b, std::size_t e, std::size_t obj = 0) {
    if (!main) return;
    // merge runs of blank lines into one item (fewer items for the lossless writer)
    if (k == Item::Kind::blank && !doc_.items.empty() && doc_.items.back().kind == Item::Kind::blank &&
        doc_.items.back().end == b) {
      doc_.items.back().end = e;
      return;
    }
    doc_.items.push_back(Item{k, b, e, obj});
  };
  while (pos < text_.size()) {
    Line l = line_at(pos);
    ++line_no;
    std::string_view content = text_.substr(l.begin, l.content_end - l.begin);
    if (!content.empty() && content[0] == '#') {
      flush_unexpected(false, {});
      if (content.substr(0, 8) == "#include") {
        add_item(Item::Kind::include, l.begin, l.next);
        // restore the reader state after a nested source
        std::uint32_t keep_src = src_;
        std::string_view keep_text = text_;
        std::string keep_name = name_;
        handle_include(l, line_no, depth);
        src_ = keep_src, text_ = keep_text, name_ = std::move(keep_name);
      } else {
        add_item(Item::Kind::comment, l.begin, l.next);
      }
      pos = l.next;
      continue;
    }
    std::string_view t = trim(content);  // (a line: C whitespace)
    if (t.empty()) {
      flush_unexpected(false, {});
      add_item(Item::Kind::blank, l.begin, l.next);
      pos = l.next;
      continue;
    }
    if (t.size() > 1 && t.back() == ':') {
      flush_unexpected(false, {});
      std::size_t obj_index = doc_.objects.size();
      std::size_t begin = l.begin;
      pos = l.next;
      read_object(pos, line_no, t.substr(0, t.size() - 1), begin);
      add_item(Item::Kind::object, begin, doc_.objects[obj_index].end, obj_index);
      if (opt_.on_object) opt_.on_object(doc_, obj_index);
      continue;
    }
    note_unexpected(line_no, std::size_t(t.data() - text_.data()), l.begin, false, {});
    add_item(Item::Kind::unexpected, l.begin, l.next);
    pos = l.next;
  }
  flush_unexpected(false, {});
  diags_ = out;
  scan_bytes();
  out->append(std::move(own));
}

void Reader::read_object(std::size_t& pos, std::uint32_t& line_no, std::string_view class_name,
                         std::size_t header_begin) {
  doc_.objects.emplace_back();
  const std::size_t index = doc_.objects.size() - 1;
  {
    Object& o = doc_.objects[index];
    o.class_name = class_name;
    o.source = src_;
    o.line = line_no;
    o.begin = header_begin;
  }
  fields_.clear();
  const char* base = text_.data();
  const std::size_t n = text_.size();
  while (pos < n) {
    Line l = line_at(pos);
    std::string_view content = text_.substr(l.begin, l.content_end - l.begin);
    std::string_view t = trim(content);  // (a line: C whitespace)
    if (t.empty()) break;                // a blank line ends the object; it is not part of it
    ++line_no;
    Object& o = doc_.objects[index];
    std::size_t s = l.begin;
    while (s < l.content_end && (base[s] == ' ' || base[s] == '\t')) ++s;
    if (base[s] == '#') {
      flush_unexpected(true, o.class_name);
      o.other_lines.push_back(ObjectLine{l.begin, l.next, std::uint32_t(fields_.size()), true});
      pos = l.next;
      continue;
    }
    const char* colon = static_cast<const char*>(std::memchr(base + s, ':', l.content_end - s));
    if (!colon) {
      note_unexpected(line_no, s, l.begin, true, o.class_name);
      o.other_lines.push_back(ObjectLine{l.begin, l.next, std::uint32_t(fields_.size()), false});
      pos = l.next;
      continue;
    }
    flush_unexpected(true, o.class_name);
    Field f;
    f.source = src_;
    f.line = line_no;
    f.line_begin = l.begin;
    std::size_t c = std::size_t(colon - base);
    f.key = text_.substr(s, c - s);
    if (c + 1 < l.content_end && base[c + 1] == '~') {
      // Multi-line value: starts on the next line, ends at the first '~' not preceded by '\'.
      f.multiline = true;
      f.raw_begin = l.next;
      std::size_t q = l.next;
      std::size_t close = std::string_view::npos;
      bool escapes = false;
      while (q < n) {
        const char* p = static_cast<const char*>(std::memchr(base + q, '~', n - q));
        if (!p) break;
        std::size_t at = std::size_t(p - base);
        if (at > f.raw_begin && base[at - 1] == '\\') {
          escapes = true;
          q = at + 1;
          continue;
        }
        close = at;
        break;
      }
      if (close == std::string_view::npos) {
        f.raw_end = n;
        f.span_end = n;
        diags_->error("frams.unterminated-multiline",
                      "Closing '~' (tilde) not found in '" + std::string(o.class_name) + "." +
                          std::string(f.key) + "' while reading from '" + name_ +
                          "'; the value runs to the end of the file",
                      loc(line_no, c + 1, l.begin));
      } else {
        f.raw_end = close;
        Line closing = line_at(close);
        f.span_end = closing.next;
      }
      std::string_view raw = text_.substr(f.raw_begin, f.raw_end - f.raw_begin);
      const Lines lines = count_lines(raw.data(), raw.size());
      const std::size_t newlines = lines.newlines;
      // the value starts on the line after the key; the closing line is the last one read
      if (close != std::string_view::npos)
        line_no += std::uint32_t(newlines + 1);
      else
        line_no += std::uint32_t(newlines + (!raw.empty() && raw.back() != '\n' ? 1 : 0));
      if (escapes || lines.cr) {
        std::string v;
        v.reserve(raw.size());
        for (std::size_t i = 0; i < raw.size(); ++i) {
          char ch = raw[i];
          if (ch == '\r' && i + 1 < raw.size() && raw[i + 1] == '\n') continue;
          if (ch == '\r' && i + 1 == raw.size() && close == std::string_view::npos) continue;
          if (ch == '\\' && i + 1 < raw.size() && raw[i + 1] == '~') continue;
          v.push_back(ch);
        }
        if (v.size() != raw.size()) {
          f.decoded = true;
          f.value = doc_.keep(std::move(v));
        } else {
          f.value = raw;
        }
      } else {
        f.value = raw;
      }
      pos = f.span_end;
    } else {
      f.raw_begin = c + 1;
      f.raw_end = l.content_end;
      f.span_end = l.next;
      std::string_view raw = text_.substr(f.raw_begin, f.raw_end - f.raw_begin);
      const char* tl = static_cast<const char*>(std::memchr(raw.data(), '~', raw.size()));
      f.value = raw;
      if (tl) {
        std::string v;
        v.reserve(raw.size());
        for (std::size_t i = 0; i < raw.size(); ++i) {
          if (raw[i] == '\\' && i + 1 < raw.size() && raw[i + 1] == '~') continue;
          v.push_back(raw[i]);
        }
        if (v.size() != raw.size()) {
          f.decoded = true;
          f.value = doc_.keep(std::move(v));
        }
      }
      pos = l.next;
    }
    fields_.push_back(f);
  }
  flush_unexpected(true, doc_.objects[index].class_name);
  Object& o = doc_.objects[index];
  o.end = pos;
  o.fields.assign(fields_.begin(), fields_.end());  // (an exact allocation: a file has many objects)
  if (opt_.schema) {
    check_object(doc_, o, *opt_.schema, *diags_);
  } else if (o.fields.size() > 1) {
    // Without a schema every field is "known": report duplicates (last one wins).
    detail::previous_same_key(o, prev_);
    for (std::size_t i = 0; i < o.fields.size(); ++i)
      if (prev_[i])
        diags_->warning("frams.duplicate-field",
                        "Multiple '" + std::string(o.class_name) + "." + std::string(o.fields[i].key) +
                            "' properties found while reading from '" + name_ + "' (line " +
                            std::to_string(o.fields[i].line) + ")",
                        detail::key_location(doc_, o.fields[i]));
  }
}

bool path_within(const fs::path& root, const fs::path& p) {
  auto r = root.begin(), q = p.begin();
  for (; r != root.end(); ++r, ++q) {
    if (r->empty()) continue;
    if (q == p.end() || *r != *q) return false;
  }
  return true;
}

void Reader::handle_include(const Line& l, std::uint32_t line_no, int depth) {
  std::string_view content = text_.substr(l.begin, l.content_end - l.begin);
  std::string_view rest = content.substr(8);
  std::size_t q1 = rest.find('"');
  std::size_t q2 = q1 == std::string_view::npos ? q1 : rest.find('"', q1 + 1);
  Location where = loc(line_no, l.begin, l.begin);
  if (q2 == std::string_view::npos || q2 == q1 + 1) {
    diags_->warning("frams.include-invalid", "invalid \"" + std::string(content) + "\" in " + name_, where);
    return;
  }
  std::string target(rest.substr(q1 + 1, q2 - q1 - 1));
  if (opt_.includes == LoadOptions::Includes::forbid) {
    diags_->warning("frams.include-forbidden",
                    "#include \"" + target + "\" was not read (includes are forbidden)", where);
    return;
  }
  std::error_code ec;
  fs::path base_dir = (src_ == 0 && (name_ == "<stdin>" || name_.empty())) ? fs::current_path(ec)
                                                                           : fs::path(name_).parent_path();
  fs::path full = fs::path(target).is_absolute() ? fs::path(target) : base_dir / target;
  fs::path canon = fs::weakly_canonical(full, ec);
  if (ec) canon = full.lexically_normal();
  // cycle: the target is the including file or one of its ancestors
  for (std::uint32_t s = src_;; s = doc_.source(s).parent) {
    fs::path sp = fs::weakly_canonical(fs::path(doc_.source(s).name), ec);
    if (!ec && sp == canon) {
      diags_->warning("frams.include-cycle", "circular reference ignored (\"" + target + "\")", where);
      return;
    }
    if (s == 0) break;
  }
  if (depth + 1 > opt_.max_include_depth) {
    diags_->warning("frams.include-too-deep",
                    "#include \"" + target + "\" not read: more than " +
                        std::to_string(opt_.max_include_depth) + " nested includes",
                    where);
    return;
  }
  if (opt_.includes == LoadOptions::Includes::confine) {
    fs::path root =
        opt_.include_root.empty() ? fs::path(doc_.source(0).name).parent_path() : fs::path(opt_.include_root);
    if (root.empty()) root = fs::current_path(ec);
    fs::path croot = fs::weakly_canonical(root, ec);
    if (!path_within(croot, canon)) {
      diags_->warning(
          "frams.include-outside-root",
          "#include \"" + target + "\" not read: it is outside the include root '" + root.string() + "'",
          where);
      return;
    }
  }
  if (!fs::is_regular_file(full, ec)) {
    diags_->warning("frams.include-not-found", "\"" + target + "\" not found", where);
    return;
  }
  Diagnostics rd;
  std::optional<Bytes> bytes = read_bytes(full.string(), rd);
  if (!bytes) {
    diags_->warning("frams.include-not-found", "\"" + full.string() + "\" could not be read", where);
    return;
  }
  std::uint32_t child = doc_.add_source(full.string(), std::move(*bytes), src_, line_no);
  read_source(child, depth + 1);
}

}  // namespace

Document parse(Bytes text, std::string file_name, Diagnostics& diags, const LoadOptions& opt) {
  Document doc;
  doc.add_source(std::move(file_name), std::move(text));
  doc.items.reserve(64);
  Reader r(doc, diags, opt);
  r.read_source(0, 0);
  return doc;
}

Document parse_owned(std::string text, std::string file_name, Diagnostics& diags, const LoadOptions& opt) {
  return parse(Bytes(std::move(text)), std::move(file_name), diags, opt);
}

Document parse(std::string_view text, std::string file_name, Diagnostics& diags, const LoadOptions& opt) {
  return parse_owned(std::string(text), std::move(file_name), diags, opt);
}

Document load_file(const std::string& path, Diagnostics& diags, const LoadOptions& opt) {
  std::optional<Bytes> bytes = read_bytes(path, diags);
  if (!bytes) {
    Document d;
    d.add_source(display_name(path), Bytes());
    return d;
  }
  return parse(std::move(*bytes), path == "-" ? display_name(path) : path, diags, opt);
}

}  // namespace genokit::frams
