// Object checks against a schema (the SDK's ParamInterface::load), prop:/property: tables read
// from documents, and genokit's value checks against such tables.
#include <algorithm>

#include "frams/sdk_number.hpp"
#include "genokit/core/numbers.hpp"
#include "genokit/frams/document.hpp"
#include "genokit/frams/schema.hpp"
#include "internal.hpp"

namespace genokit::frams {

void check_object(const Document& doc, const Object& obj, const Schema& schema, Diagnostics& diags) {
  const ClassSchema* cls = schema.find(obj.class_name);
  if (!cls) {
    if (schema.warn_unknown_classes) {
      Location l{doc.source(obj.source).name, obj.line, 1, std::int64_t(obj.begin)};
      diags.warning("frams.unknown-object", "Skipping object '" + std::string(obj.class_name) + "'", l);
    }
    return;
  }
  const std::string& file = doc.source(obj.source).name;
  std::string_view base_name = file;
  if (auto slash = base_name.find_last_of('/'); slash != std::string_view::npos)
    base_name.remove_prefix(slash + 1);
  // duplicate detection over known fields only (the SDK reports them in ParamInterface::load)
  thread_local std::vector<std::uint32_t> prev;
  if (obj.fields.size() > 1)
    detail::previous_same_key(obj, prev);
  else
    prev.assign(obj.fields.size(), 0);
  for (std::size_t i = 0; i < obj.fields.size(); ++i) {
    const Field& f = obj.fields[i];
    const Property* p = cls->find(f.key);
    if (!p) {
      if (cls->closed)
        diags.warning(
            "frams.unknown-field",
            "Ignored unknown property '" + std::string(obj.class_name) + "." + std::string(f.key) + "'",
            detail::key_location(doc, f));
      continue;
    }
    if (prev[i])
      diags.warning("frams.duplicate-field",
                    "Multiple '" + std::string(obj.class_name) + "." + std::string(f.key) +
                        "' properties found while reading from '" + std::string(base_name) + "' (line " +
                        std::to_string(f.line) + ")",
                    detail::key_location(doc, f));
    if (p->flags & (kFlagReadonly | kFlagDontLoad)) continue;
    const char b = p->type;
    if (b == 's' && max_length(*p) == 0) continue;  // nothing to convert or check
    if (b == 'x' || b == 'o' || b == 'p') continue;
    convert_value(f.value, *p, obj.class_name, diags, detail::value_start(doc, f));
  }
}

ClassSchema props_from_document(const Document& doc, std::string class_name, Diagnostics& diags) {
  ClassSchema out;
  out.name = std::move(class_name);
  out.closed = true;
  for (const Object& o : doc.objects) {
    if (o.class_name != "prop" && o.class_name != "property") continue;
    Location where{doc.source(o.source).name, o.line, 1, std::int64_t(o.begin)};
    const Field* id = o.find("id");
    if (!id || id->value.empty()) {
      diags.error("frams.prop-missing-id",
                  "This " + std::string(o.class_name) + ": object has no id, so the property cannot be used",
                  where);
      continue;
    }
    const std::string pid(id->value);
    const bool duplicate = out.find(pid) != nullptr;
    const Field* type = o.find("type");
    std::string err;
    bool ok = true;
    const Property p = out.add(pid, o.get("name"), type ? type->value : std::string_view(), 0, o.get("help"),
                               o.get("group"), &err, &ok);
    out.build_index();
    if (!type) {
      diags.error("frams.bad-type", "Property '" + pid + "' has no type", where);
    } else if (!ok) {
      diags.error("frams.bad-type",
                  "Property '" + pid + "' has an invalid type \"" + std::string(type->value) + "\": " + err,
                  detail::value_start(doc, *type));
    } else if (p.ranged && p.is_number() && !p.def_text.empty() && (p.def < p.min || p.def > p.max)) {
      diags.warning("frams.prop-bad-default",
                    "Property '" + pid + "': the default " + std::string(p.def_text) +
                        " is outside the range " + format_double(p.min) + ".." + format_double(p.max) +
                        " (the SDK adjusts it every time an object is created)",
                    detail::value_start(doc, *type));
    }
    if (const Field* fl = o.find("flags")) {
      const auto v = sdk::parse_int(fl->value);
      if (!v || v->value < 0 || v->overflow != sdk::IntValue::Overflow::none)
        diags.error(
            "frams.bad-flags",
            "Property '" + pid + "' has invalid flags '" + std::string(fl->value) + "' (expected a number)",
            detail::value_start(doc, *fl));
      else
        out.props.back().flags = std::uint32_t(v->value);
    }
    if (duplicate)
      diags.warning("frams.prop-duplicate-id",
                    "Property '" + pid + "' is defined more than once; the first one is used", where);
  }
  return out;
}

void check_values(const Document& doc, const Object& obj, const ClassSchema& props, Diagnostics& diags,
                  bool report_unknown) {
  const std::vector<char> superseded = detail::superseded_fields(obj);
  for (std::size_t fi = 0; fi < obj.fields.size(); ++fi) {
    if (superseded[fi]) continue;  // only the value that counts
    const Field& f = obj.fields[fi];
    const Property* p = props.find(f.key);
    Location where = detail::value_start(doc, f);
    if (!p) {
      if (report_unknown)
        diags.note("frams.unknown-field",
                   "'" + std::string(f.key) + "' is not a property defined for " + props.name,
                   detail::key_location(doc, f));
      continue;
    }
    const std::string name = props.name + "." + std::string(p->id);
    const std::string range = format_double(p->min) + ".." + format_double(p->max);
    if (p->type == 'd') {
      const PropType t = parsed_type(*p);  // (labels)
      const auto v = sdk::parse_int(f.value);
      if (!v || v->overflow != sdk::IntValue::Overflow::none) {
        auto lbl = std::find(t.labels.begin(), t.labels.end(), f.value);
        std::string msg = "'" + std::string(f.value) + "' is not an integer (" + name + " has type \"" +
                          std::string(p->type_text) + "\")";
        if (lbl != t.labels.end())
          msg += "; labels are not accepted as values, write " +
                 std::to_string(std::int64_t(t.has_min ? t.min : 0) + (lbl - t.labels.begin()));
        diags.error(lbl != t.labels.end() ? "frams.bad-enum" : "frams.bad-number", std::move(msg), where);
        continue;
      }
      const std::int64_t x = v->value;
      if (p->ranged && (double(x) < p->min || double(x) > p->max))
        diags.error("frams.value-out-of-range",
                    "Value " + std::to_string(x) + " of " + name + " is outside the range " + range, where);
      else if (!t.labels.empty() &&
               (x - std::int64_t(t.has_min ? t.min : 0)) >= std::int64_t(t.labels.size()))
        diags.error("frams.bad-enum",
                    "Value " + std::to_string(x) + " of " + name + " has no label (" +
                        std::to_string(t.labels.size()) + " labels)",
                    where);
    } else if (p->type == 'f') {
      const auto v = sdk::parse_double(f.value);
      if (!v) {
        diags.error("frams.bad-number",
                    "'" + std::string(f.value) + "' is not a number (" + name + " has type \"" +
                        std::string(p->type_text) + "\")",
                    where);
        continue;
      }
      if (p->ranged && (*v < p->min || *v > p->max))
        diags.error("frams.value-out-of-range",
                    "Value " + format_double(*v) + " of " + name + " is outside the range " + range, where);
    } else if (p->type == 's') {
      if (std::int64_t m = max_length(*p); m > 0 && std::int64_t(f.value.size()) > m)
        diags.error("frams.value-too-long",
                    name + " is " + std::to_string(f.value.size()) + " characters long; at most " +
                        std::to_string(m) + " are allowed",
                    where);
      if (!multiline_hint(*p) && f.value.find('\n') != std::string_view::npos)
        diags.warning("frams.value-multiline",
                      name + " is a single-line text but the value has several lines", where);
    }
  }
}

}  // namespace genokit::frams
