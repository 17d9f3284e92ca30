// The XODE 1.0r22 element schema as data: every element, the children it may hold and its
// attributes with types and defaults. One table drives the validator, the scene builder's
// attribute reads, the docs (`genokit xode schema`) and the JSON form.
#pragma once

#include <span>
#include <string>
#include <string_view>

namespace genokit::xode {

enum class AttrType {
  number,        // finite decimal
  integer,       // decimal integer
  boolean,       // "true" / "false"
  text,          // anything
  angle_format,  // "radians" / "degrees"
};

enum class Range { any, positive, non_negative };

struct AttrSpec {
  std::string_view name;
  AttrType type = AttrType::number;
  bool required = false;
  std::string_view default_value;  // as written in XODE ("" = none)
  Range range = Range::any;
  std::string_view doc;
};

struct ElementSpec {
  std::string_view name;
  std::span<const std::string_view> children;  // allowed child elements, in canonical order
  std::span<const AttrSpec> attrs;
  bool open_content = false;    // <ext>: anything goes inside, kept verbatim
  bool any_attributes = false;  // unknown attributes are not reported
  std::string_view doc;
};

std::span<const ElementSpec> schema();
const ElementSpec* find_element(std::string_view name);
const AttrSpec* find_attr(const ElementSpec& e, std::string_view attr);
bool allows_child(const ElementSpec& e, std::string_view child);
std::string_view to_string(AttrType t);

// Axis parameter attributes of <axis> (ODE dParam* names without the prefix), in ODE order.
std::span<const std::string_view> axis_param_names();

// The schema as JSON text (`genokit xode schema --json`).
std::string schema_json();
// Markdown table of the schema (used for docs/xode.md).
std::string schema_markdown();

}  // namespace genokit::xode
