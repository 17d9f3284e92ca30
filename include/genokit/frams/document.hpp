// The Framsticks object file format (.gen, .sim, .expdef, .neuro, .style, .show, .script):
// a reader with the behaviour of the Framsticks SDK r909 MultiParamLoader, and a lossless document
// that writes an unchanged file back byte-identical.
//
// Lifetime: a Document owns the bytes of every file it read (main file and #included files) and
// every decoded value. All std::string_view members (Object::class_name, Field::key, Field::value)
// point into that storage and stay valid as long as the Document lives (moving a Document keeps
// them valid; Document is move-only).
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "genokit/core/diagnostics.hpp"
#include "genokit/core/file_io.hpp"

namespace genokit::frams {

class Schema;  // genokit/frams/schema.hpp: known classes and their property tables
class Document;

struct LoadOptions {
  // What to do with `#include "file"` lines at the top level.
  //   follow:  read the file (path relative to the including file's folder)
  //   forbid:  do not read it; report frams.include-forbidden (warning)
  //   confine: read it only when it resolves inside include_root (default: the main file's folder)
  enum class Includes { follow, forbid, confine } includes = Includes::follow;
  std::string include_root;
  int max_include_depth = 16;
  // Known classes. nullptr = no schema: every class and field is accepted silently (duplicates
  // are still reported). With a schema, unknown objects and unknown fields of known objects give
  // the SDK's warnings, and typed values are converted/checked (see schema.hpp).
  const Schema* schema = nullptr;
  // Report invalid UTF-8 (frams.invalid-utf8, warning; the bytes are kept).
  bool check_utf8 = true;
  // Called on the reading thread after each object is read (and checked), in reading order
  // (#include expanded), with the document read so far and the object's index: a caller can work
  // on objects while the rest of the file is read. Objects move as the document grows; their
  // fields and every view stay where they are. A file's diagnostics reach the caller's list once
  // that file is read (its byte scan, NUL bytes and UTF-8, runs then and its warnings come first).
  std::function<void(const Document&, std::size_t object)> on_object;
};

// One `key:value` line (or multi-line `key:~ ... ~` value) of an object.
struct Field {
  std::string_view key;        // text before the first ':', NOT trimmed (SDK rule)
  std::string_view value;      // decoded value: `\~` -> `~`, CRs of multi-line values removed
  bool multiline = false;      // written as `key:~` ... `~`
  bool decoded = false;        // value differs from the raw bytes (escapes or CRs were removed)
  bool edited = false;         // changed by Document::set (the raw span no longer matches)
  std::uint32_t source = 0;    // index into Document::sources()
  std::uint32_t line = 0;      // 1-based line of the key
  std::size_t line_begin = 0;  // byte offset of the key line in its source
  std::size_t raw_begin = 0;   // raw value bytes [raw_begin, raw_end) in the source (for a
  std::size_t raw_end = 0;     //   multi-line value: from the line after `~` to the closing `~`)
  std::size_t span_end = 0;    // end of the whole field text incl. its line end(s)
};

// A line inside an object that is not a field: a comment or an unexpected line (kept for the
// lossless writer). `before_field` = index of the field that follows it.
struct ObjectLine {
  std::size_t begin = 0, end = 0;  // raw bytes incl. line end
  std::uint32_t before_field = 0;
  bool comment = true;
};

struct Object {
  std::string_view class_name;  // header without the ':' and trimmed ("org", "expdef", ...)
  std::uint32_t source = 0;     // index into Document::sources()
  std::uint32_t line = 0;       // 1-based line of the header
  std::size_t begin = 0;        // raw bytes of the object [begin, end) in its source, header
  std::size_t end = 0;          //   included, terminating blank line excluded
  std::vector<Field> fields;    // in file order, duplicates kept
  std::vector<ObjectLine> other_lines;
  bool modified = false;  // set by Document::set(); the lossless writer re-emits the object

  // The field with this exact key (last occurrence wins, as in the SDK), or nullptr.
  const Field* find(std::string_view key) const;
  // find(key)->value or `fallback`.
  std::string_view get(std::string_view key, std::string_view fallback = {}) const;
};

// Top-level layout of the main file, for the lossless writer.
struct Item {
  enum class Kind { object, comment, include, blank, unexpected } kind = Kind::blank;
  std::size_t begin = 0, end = 0;  // raw bytes in the main source, incl. line end(s)
  std::size_t object = 0;          // index into Document::objects (kind == object)
};

struct Source {
  std::string name;       // as used in diagnostics (path as opened, or "<stdin>")
  std::string_view text;  // the bytes read (held by `bytes`)
  Bytes bytes;
  std::uint32_t parent = 0;        // source that included it (0 for the main file)
  std::uint32_t include_line = 0;  // line of the #include in the parent (0 for the main file)
};

class Document {
 public:
  Document() = default;
  Document(Document&&) noexcept = default;
  Document& operator=(Document&&) noexcept = default;
  Document(const Document&) = delete;
  Document& operator=(const Document&) = delete;

  std::vector<Object> objects;  // reading order, #include expanded in place
  std::vector<Item> items;      // main file only (includes are not expanded here)

  const std::vector<std::unique_ptr<Source>>& sources() const { return sources_; }
  const Source& source(std::uint32_t i) const { return *sources_[i]; }
  const std::string& file_name() const;  // name of the main source

  // Position of byte `value_offset` of the decoded value of `f` in the file that holds it:
  // file name, 1-based line and column and byte offset in that file. Correct across multi-line
  // values, removed CRs, `\~` escapes and #included files. Offsets past the end map to the
  // position just after the value.
  Location locate_value(const Field& f, std::size_t value_offset) const;
  // Position of a byte offset of a source.
  Location locate(std::uint32_t source, std::size_t offset) const;

  // Editing (lossless writer keeps every untouched byte): sets the last `key` field of `obj` or
  // appends one; marks the object modified.
  void set(Object& obj, std::string_view key, std::string value);
  // Stores a string in the document and returns a view of it (stable).
  std::string_view keep(std::string s);

  // Builders used by the reader and by from_json.
  std::uint32_t add_source(std::string name, Bytes text, std::uint32_t parent = 0,
                           std::uint32_t include_line = 0);

 private:
  std::vector<std::unique_ptr<Source>> sources_;
  std::deque<std::string> owned_;
};

// Reads Framsticks text. `file_name` names the text in diagnostics and is the base folder for
// #include. Never throws for bad input; every problem is a diagnostic with file, line, column and a
// stable code (frams.*).
Document parse(std::string_view text, std::string file_name, Diagnostics& diags, const LoadOptions& opt = {});
// parse() taking ownership of the bytes (no copy).
Document parse_owned(std::string text, std::string file_name, Diagnostics& diags,
                     const LoadOptions& opt = {});
// parse() sharing the bytes (no copy; what load_file uses, on a mapping of the file).
Document parse(Bytes text, std::string file_name, Diagnostics& diags, const LoadOptions& opt = {});
// Reads a file ("-" = stdin) and parses it.
Document load_file(const std::string& path, Diagnostics& diags, const LoadOptions& opt = {});

// The main file written back: untouched objects and all other lines byte-identical; modified
// objects re-emitted (untouched fields byte-identical, changed ones in canonical form).
std::string write_lossless(const Document& doc);

// Canonical text (SDK saveMultiLine rules): every object in reading order (includes expanded),
// `class:` line, fields in file order (duplicates collapsed to the last one), values longer than
// 50 bytes or containing CR/LF written as `key:~`..`~`, `~` escaped as `\~`, one blank line after
// each object, LF line ends. Comments and unexpected lines are dropped. Idempotent.
std::string write_canonical(const Document& doc);
// One object in canonical form (no trailing blank line).
void write_canonical_object(const Object& obj, std::string& out);
// One field value in canonical form, appended after "key:".
void write_canonical_value(std::string_view key, std::string_view value, std::string& out);

}  // namespace genokit::frams
