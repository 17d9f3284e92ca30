// Property tables of the Framsticks object file format: type strings (`d 0 10 5`, `s 0 40`,
// `oNeuroClass`, `p f(d a,s b)`, `d 0 3 ~a~b~c~d`), flags, per-class property tables of
// frams::Property (DATA, see schema_tables.cpp, or read from prop: objects) and the SDK's
// non-strict value conversion (Param::set).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "genokit/core/diagnostics.hpp"
#include "genokit/frams/property.hpp"

namespace genokit::frams {

class Document;
struct Object;
struct Field;

// "readonly|userhidden", "" for 0; unknown bits as "bit64" etc.
std::string describe_flags(std::uint32_t flags);

struct ProcArg {
  std::string type;  // "d", "f", "s", "x", "o", "oClass", ...
  std::string name;  // may be empty
};

// A parsed type string: type[hints] [min max [default]] [~label0~label1...]
struct PropType {
  char base = 0;             // d f s x o p l e (0 when the string is empty/invalid)
  std::string hints;         // display-hint letters after the type letter ("c", "b", "t", ...)
  std::string object_class;  // 'o': the class after the letter ("NeuroClass"); empty = any
  bool has_min = false, has_max = false, has_default = false;
  double min = 0, max = 0;          // d/f range; s: min = multi-line hint (0/1), max = max length (0 = any)
  std::string default_text;         // default as written (d/f number text, s: text up to '~', right-trimmed)
  std::vector<std::string> labels;  // enum labels (value - min -> label)
  // 'p' procedures: p [RET](ARG [name], ...)
  bool has_signature = false;
  std::string return_type;  // empty = void
  std::vector<ProcArg> args;

  bool range_enforced() const { return has_min && has_max && min <= max; }
  bool multiline_hint() const { return base == 's' && has_min && min == 1; }
  std::int64_t max_length() const { return base == 's' && has_max && max > 0 ? std::int64_t(max) : 0; }
};

// Parses a whole type string. On a problem returns false and sets `error` to a sentence (`out`
// then holds what could be read). Follows the SDK (at most 3 numbers after the first blank, the
// range is enforced only when min <= max, labels after '~', `oClass` without a blank).
bool parse_type(std::string_view text, PropType& out, std::string* error = nullptr);
// A type string equivalent to `t` (normalised spacing).
std::string format_type(const PropType& t);
// "integer 0..10 (default 5)", for info/doc output.
std::string describe_type(const PropType& t);

// The object file form of a property table row.
using PropDef = Property;

// A property from an SDK type string: type letter, range (enforced when min <= max; for strings
// the multi-line hint and maximum length), numeric default (the given one, else the minimum, else
// 0) and default text. The views (`id`, `type_text`, ...) must outlive the property: ClassSchema::add
// keeps copies. False with `error` when the type string is bad (the property then holds what
// could be read).
bool property_from_type(std::string_view id, std::string_view type_text, Property& out,
                        std::string* error = nullptr);
// The parsed type string of a property (labels, hints, object class, procedure signature).
PropType parsed_type(const Property& p);
// Strings: the multi-line editor hint, the maximum length (0 = any).
bool multiline_hint(const Property& p);
std::int64_t max_length(const Property& p);

struct ClassSchema {
  std::string name;
  // Views into static tables or into strings this schema keeps (copies of the schema share them).
  std::vector<Property> props;
  // true: fields not in `props` give "Ignored unknown property" (SDK ParamInterface.load).
  // false: the table lists the common fields only; other fields are accepted silently.
  bool closed = true;
  const Property* find(std::string_view id) const;
  // Sorts an id index so find() is a binary search (call after filling `props`).
  void build_index();
  // Appends a property described by texts (copied and kept by the schema); the type string is
  // read as property_from_type() does. Returns the new property (a copy); false in `ok` with
  // `error` for a bad type string.
  Property add(std::string_view id, std::string_view name, std::string_view type_text,
               std::uint32_t flags = 0, std::string_view help = {}, std::string_view group = {},
               std::string* error = nullptr, bool* ok = nullptr);

 private:
  std::string_view keep(std::string_view s);
  std::vector<std::pair<std::string_view, std::size_t>> index_;
  std::vector<std::shared_ptr<const std::string>> strings_;
};

class Schema {
 public:
  std::vector<ClassSchema> classes;
  // true: objects of other classes give "Skipping object 'x'" (SDK MultiParamLoader.go).
  bool warn_unknown_classes = true;
  const ClassSchema* find(std::string_view name) const;
};

// Built-in tables (declared once as data in schema_tables.cpp).
// Every class genokit knows in Framsticks files (org, prop, property, class, expdef, state,
// sim_params, GenotypeGroup, neuro, style, show, script, ...); only `org` is closed.
const Schema& builtin_schema();
// What the SDK's GenotypeMiniLoader knows: exactly the `org` class (used for .gen files and the
// corpus comparison with the SDK's loader messages).
const Schema& genotype_loader_schema();
// The `data` class of the SDK demo loader_test_param (the loader probes).
const Schema& loader_probe_schema();

// A typed value after the SDK's conversion.
struct Value {
  enum class Kind { none, integer, floating, string } kind = Kind::none;
  std::int64_t i = 0;
  double d = 0;
  std::string s;
};

// Converts `text` for property `p` of class `class_name` like the SDK's Param::set from a file:
// integers accept leading blanks, hex (0x..), and a decimal/exponent form truncated toward zero
// (1.9 -> 1); a failure reports frams.bad-number (error, "Could not parse 'x'") and gives the
// default; ranges clamp with frams.value-clamped (warning); strings longer than the maximum
// length are truncated with frams.value-truncated (warning). Messages are the SDK's texts.
Value convert_value(std::string_view text, const PropDef& p, std::string_view class_name, Diagnostics& diags,
                    const Location& where);
// The default value of `p` (from its type string).
Value default_value(const PropDef& p);
// Text of a value the way the SDK writes it in files ("1", "-100.0", "0.25", "2000000.0", "Inf.0",
// NaN as "NaN8000000000000.0", strings as is).
std::string format_value(const Value& v);

// Typed getters: the last field `key` of `obj` converted with the property definition `key` of
// `cls` (diagnostics optional). std::nullopt when the field is absent (use default_value).
std::optional<std::int64_t> get_int(const Document& doc, const Object& obj, const ClassSchema& cls,
                                    std::string_view key, Diagnostics* diags = nullptr);
std::optional<double> get_double(const Document& doc, const Object& obj, const ClassSchema& cls,
                                 std::string_view key, Diagnostics* diags = nullptr);
std::optional<std::string> get_string(const Document& doc, const Object& obj, const ClassSchema& cls,
                                      std::string_view key, Diagnostics* diags = nullptr);

// Checks one object against a schema the way the SDK loads it: unknown object (warning
// frams.unknown-object), unknown fields (frams.unknown-field), duplicate fields
// (frams.duplicate-field), value conversions. Called by parse() when LoadOptions::schema is set.
void check_object(const Document& doc, const Object& obj, const Schema& schema, Diagnostics& diags);

// Builds a property table from the `prop:`/`property:` objects of a document (e.g. an .expdef or
// .neuro file), validating each one: missing id (frams.prop-missing-id), bad type string
// (frams.bad-type), bad flags (frams.bad-flags), duplicate ids (frams.prop-duplicate-id).
ClassSchema props_from_document(const Document& doc, std::string class_name, Diagnostics& diags);
// Checks the values of `obj` against a property table: type (frams.bad-number), range
// (frams.value-out-of-range, error), enum (frams.bad-enum), string length (frams.value-too-long).
// Fields not in the table are reported as frams.unknown-field notes when `report_unknown`.
void check_values(const Document& doc, const Object& obj, const ClassSchema& props, Diagnostics& diags,
                  bool report_unknown = false);

}  // namespace genokit::frams
