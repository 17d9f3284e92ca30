// JSON form of Framsticks files (documented in docs/framsticks-file-format.md):
//   [ {"_classname": "org", "name": "Walker", "genotype": "//0\np:\n"}, ... ]
// one JSON object per Framsticks object, in reading order, fields in file order. Values are the
// decoded strings (lossless); with `typed`, fields whose schema type is d/f become JSON numbers.
// JSON goes in and out as text; the CLI uses the JSON builders of src/frams/json.hpp.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "genokit/core/diagnostics.hpp"
#include "genokit/frams/document.hpp"

namespace genokit::frams {

class Schema;

struct JsonOptions {
  // Convert d/f fields of classes known to `schema` to numbers (non-strict SDK conversion;
  // values that do not convert stay strings).
  bool typed = false;
  const Schema* schema = nullptr;  // nullptr = builtin_schema() when typed
  int indent = -1;                 // spaces per nesting level; -1 = everything on one line
};

// Invalid UTF-8 in values is replaced by U+FFFD.
std::string to_json(const Document& doc, const JsonOptions& opt = {});

struct FromJsonOptions {
  std::string name = "<json>";  // names the JSON text in diagnostics and the resulting document
};

// Canonical Framsticks text from the JSON form. Strings are taken as they are, numbers are
// written in shortest round-trip form, true/false as 1/0, null as an empty value. Reports
// frams.json-syntax (not JSON) and frams.json-* errors (wrong shape, invalid class or key names,
// nested values); std::nullopt when there were errors.
std::optional<std::string> json_to_text(std::string_view json, Diagnostics& diags,
                                        const FromJsonOptions& opt = {});
// json_to_text + parse: a Document whose only source is the canonical text (named opt.name);
// whatever could be written when there were errors.
Document from_json(std::string_view json, Diagnostics& diags, const FromJsonOptions& opt = {});

struct ClassSchema;

// What a property type string means (`genokit frams type --json`): {"type", "valid", "base",
// "meaning", "normalised"} plus, when they apply, "error", "hints", "min", "max", "default",
// "range_enforced", "labels", "class", "returns" and "arguments" [{"type", "name"}].
std::string type_json(std::string_view type);
// A property table (e.g. props_from_document's) as `genokit frams props --json` lists it:
// [{"id", "name", "type", "meaning"} plus "flags", "group", "labels" when set].
std::string props_json(const ClassSchema& cls);

}  // namespace genokit::frams
