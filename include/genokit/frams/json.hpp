// JSON form of Framsticks files (documented in docs/framsticks-file-format.md):
//   [ {"_classname": "org", "name": "Walker", "genotype": "//0\np:\n"}, ... ]
// one JSON object per Framsticks object, in reading order, fields in file order. Values are the
// decoded strings (lossless); with `typed`, fields whose schema type is d/f become JSON numbers.
#pragma once

#include <nlohmann/json.hpp>

#include "genokit/core/diagnostics.hpp"
#include "genokit/frams/document.hpp"

namespace genokit::frams {

class Schema;

struct JsonOptions {
  // Convert d/f fields of classes known to `schema` to numbers (non-strict SDK conversion;
  // values that do not convert stay strings).
  bool typed = false;
  const Schema* schema = nullptr;  // nullptr = builtin_schema() when typed
};

nlohmann::ordered_json to_json(const Document& doc, const JsonOptions& opt = {});

// Canonical Framsticks text from the JSON form. Strings are taken as they are, numbers are
// written in shortest round-trip form, true/false as 1/0, null as an empty value. Reports
// frams.json-* errors (wrong shape, invalid class or key names, nested values) and skips what it
// cannot write. Returns false when there were errors.
bool json_to_text(const nlohmann::ordered_json& j, std::string& out, Diagnostics& diags);
// json_to_text + parse: a Document whose only source is the canonical text (named `name`).
Document from_json(const nlohmann::ordered_json& j, Diagnostics& diags, std::string name = "<json>");

}  // namespace genokit::frams
