// Typed access: the SDK's non-strict conversions (Param::set / ExtValue::parseInt/parseDouble),
// object checks against a schema, prop:/property: validation and value checks.
#include <algorithm>
#include <cmath>
#include <limits>

#include "genokit/core/numbers.hpp"
#include "genokit/frams/document.hpp"
#include "genokit/frams/schema.hpp"
#include "internal.hpp"

namespace genokit::frams {

void ClassSchema::build_index() {
  index_.clear();
  index_.reserve(props.size());
  for (std::size_t i = 0; i < props.size(); ++i) index_.emplace_back(props[i].id, i);
  std::stable_sort(index_.begin(), index_.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
}

const PropDef* ClassSchema::find(std::string_view id) const {
  if (index_.size() == props.size() && !props.empty()) {
    auto it = std::lower_bound(index_.begin(), index_.end(), id, [](const auto& e, std::string_view k) {
      return std::string_view(e.first) < k;
    });
    // first occurrence in the table wins, as in the SDK's findId
    const PropDef* best = nullptr;
    for (; it != index_.end() && it->first == id; ++it)
      if (!best || it->second < std::size_t(best - props.data())) best = &props[it->second];
    return best;
  }
  for (const PropDef& p : props)
    if (p.id == id) return &p;
  return nullptr;
}

const ClassSchema* Schema::find(std::string_view name) const {
  for (const ClassSchema& c : classes)
    if (c.name == name) return &c;
  return nullptr;
}

namespace {

std::string_view skip_leading_blanks(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  return s;
}

// ExtValue::parseInt, non-strict: decimal, 0x hex, or a number with a fraction/exponent
// truncated toward zero; must fit in 32 bits.
std::optional<std::int64_t> sdk_parse_int(std::string_view s) {
  s = skip_leading_blanks(s);
  if (auto v = parse_int(s)) {
    if (*v >= std::numeric_limits<std::int32_t>::min() && *v <= std::numeric_limits<std::int32_t>::max())
      return v;
    return std::nullopt;
  }
  std::string_view h = s;
  bool neg = false;
  if (!h.empty() && (h[0] == '-' || h[0] == '+')) neg = h[0] == '-', h.remove_prefix(1);
  if (h.size() > 2 && h[0] == '0' && (h[1] == 'x' || h[1] == 'X')) {
    std::uint64_t v = 0;
    for (char c : h.substr(2)) {
      int d = (c >= '0' && c <= '9')   ? c - '0'
              : (c >= 'a' && c <= 'f') ? c - 'a' + 10
              : (c >= 'A' && c <= 'F') ? c - 'A' + 10
                                       : -1;
      if (d < 0 || v > 0xFFFFFFFFull) return std::nullopt;
      v = v * 16 + std::uint64_t(d);
    }
    if (v > 0xFFFFFFFFull) return std::nullopt;
    // 0x80000000..0xFFFFFFFF wrap to negative 32-bit values like the SDK's %x scan
    std::int64_t r = std::int64_t(std::int32_t(std::uint32_t(v)));
    return neg ? -r : r;
  }
  if (auto d = parse_double(s)) {
    if (!std::isfinite(*d) || *d < -2147483648.0 || *d > 2147483647.0) return std::nullopt;
    return std::int64_t(std::trunc(*d));
  }
  return std::nullopt;
}

std::optional<double> sdk_parse_double(std::string_view s) {
  s = skip_leading_blanks(s);
  if (auto d = parse_double(s)) return d;
  if (auto i = sdk_parse_int(s)) return double(*i);
  return std::nullopt;
}

// SDK message form of a string: long ones shortened to 15 + "..." + 15 characters.
std::string quoted_for_message(std::string_view s) {
  if (s.size() <= 30) return "\"" + std::string(s) + "\"";
  return "\"" + std::string(s.substr(0, 15)) + "..." + std::string(s.substr(s.size() - 15)) + "\" (length " +
         std::to_string(s.size()) + ")";
}

std::string full_name(std::string_view cls, const PropDef& p) {
  return std::string(cls) + "." + p.id;
}

}  // namespace

std::string format_value(const Value& v) {
  switch (v.kind) {
    case Value::Kind::none:
      return {};
    case Value::Kind::integer:
      return std::to_string(v.i);
    case Value::Kind::string:
      return v.s;
    case Value::Kind::floating: {
      if (std::isinf(v.d)) return v.d > 0 ? "Inf.0" : "-Inf.0";
      if (std::isnan(v.d)) return "NaN";
      std::string s = format_double(v.d);
      if (s.find_first_of(".eE") == std::string::npos) s += ".0";
      return s;
    }
  }
  return {};
}

Value default_value(const PropDef& p) {
  Value v;
  const PropType& t = p.type;
  switch (t.base) {
    case 'd': {
      v.kind = Value::Kind::integer;
      std::int64_t d = 0;
      if (t.has_default)
        parse_int_prefix(t.default_text, d);
      else if (t.has_min)
        d = std::int64_t(t.min);  // SDK: no default given -> the minimum
      v.i = d;
      break;
    }
    case 'f': {
      v.kind = Value::Kind::floating;
      double d = 0;
      if (t.has_default)
        parse_double_prefix(t.default_text, d);
      else if (t.has_min)
        d = t.min;
      v.d = d;
      break;
    }
    case 's':
      v.kind = Value::Kind::string, v.s = t.default_text;
      break;
    default:
      break;
  }
  return v;
}

Value convert_value(std::string_view text, const PropDef& p, std::string_view cls, Diagnostics& diags,
                    const Location& where) {
  Value v;
  const PropType& t = p.type;
  switch (t.base) {
    case 'd': {
      auto r = sdk_parse_int(text);
      if (!r) {
        if (skip_leading_blanks(text).empty()) return default_value(p);  // empty value: the default, silently
        std::string msg = "Could not parse '" + std::string(text) + "'";
        auto lbl = std::find(t.labels.begin(), t.labels.end(), text);
        msg += " (" + full_name(cls, p) + " is an integer";
        if (lbl != t.labels.end())
          msg += "; '" + std::string(text) + "' is a label, write its number " +
                 std::to_string(std::int64_t(t.has_min ? t.min : 0) + (lbl - t.labels.begin()));
        msg += "; the default is used)";
        diags.error("frams.bad-number", std::move(msg), where);
        return default_value(p);
      }
      v.kind = Value::Kind::integer;
      v.i = *r;
      if (t.range_enforced() && (double(v.i) < t.min || double(v.i) > t.max)) {
        bool big = double(v.i) > t.max;
        std::int64_t adj = std::int64_t(big ? t.max : t.min);
        diags.warning("frams.value-clamped",
                      "Setting " + full_name(cls, p) + " = '" + std::to_string(v.i) +
                          "' exceeded allowed range (" + (big ? "too big" : "too small") +
                          "). Adjusted to '" + std::to_string(adj) + "'.",
                      where);
        v.i = adj;
      }
      return v;
    }
    case 'f': {
      auto r = sdk_parse_double(text);
      if (!r) {
        if (skip_leading_blanks(text).empty()) return default_value(p);
        diags.error("frams.bad-number",
                    "Could not parse '" + std::string(text) + "' (" + full_name(cls, p) +
                        " is a number; the default is used)",
                    where);
        return default_value(p);
      }
      v.kind = Value::Kind::floating;
      v.d = *r;
      if (t.range_enforced() && (v.d < t.min || v.d > t.max)) {
        bool big = v.d > t.max;
        Value adj;
        adj.kind = Value::Kind::floating;
        adj.d = big ? t.max : t.min;
        diags.warning("frams.value-clamped",
                      "Setting " + full_name(cls, p) + " = '" + format_value(v) +
                          "' exceeded allowed range (" + (big ? "too big" : "too small") +
                          "). Adjusted to '" + format_value(adj) + "'.",
                      where);
        v.d = adj.d;
      }
      return v;
    }
    case 's': {
      v.kind = Value::Kind::string;
      v.s = std::string(text);
      if (std::int64_t maxlen = t.max_length(); maxlen > 0 && std::int64_t(v.s.size()) > maxlen) {
        std::string cut = v.s.substr(0, std::size_t(maxlen));
        diags.warning("frams.value-truncated",
                      "Setting " + full_name(cls, p) + " = " + quoted_for_message(v.s) +
                          " exceeded allowed range (too long). Truncated to " + quoted_for_message(cut) + ".",
                      where);
        v.s = std::move(cut);
      }
      return v;
    }
    case 'x': {
      // untyped: a number when the whole text is one, else a string
      std::string_view s = text;
      if (auto i = parse_int(s)) {
        v.kind = Value::Kind::integer, v.i = *i;
      } else if (auto d = parse_double(s)) {
        v.kind = Value::Kind::floating, v.d = *d;
      } else if (!s.empty()) {
        v.kind = Value::Kind::string, v.s = std::string(s);
      }
      return v;
    }
    default:
      v.kind = text.empty() ? Value::Kind::none : Value::Kind::string;
      v.s = std::string(text);
      return v;
  }
}

namespace {
const Field* typed_field(const Object& obj, const ClassSchema& cls, std::string_view key, const PropDef*& p) {
  p = cls.find(key);
  return p ? obj.find(key) : nullptr;
}
}  // namespace

std::optional<std::int64_t> get_int(const Document& doc, const Object& obj, const ClassSchema& cls,
                                    std::string_view key, Diagnostics* diags) {
  const PropDef* p = nullptr;
  const Field* f = typed_field(obj, cls, key, p);
  if (!f) return std::nullopt;
  Diagnostics local;
  Value v = convert_value(f->value, *p, cls.name, diags ? *diags : local, detail::value_start(doc, *f));
  if (v.kind == Value::Kind::integer) return v.i;
  if (v.kind == Value::Kind::floating) return std::int64_t(v.d);
  return std::nullopt;
}

std::optional<double> get_double(const Document& doc, const Object& obj, const ClassSchema& cls,
                                 std::string_view key, Diagnostics* diags) {
  const PropDef* p = nullptr;
  const Field* f = typed_field(obj, cls, key, p);
  if (!f) return std::nullopt;
  Diagnostics local;
  Value v = convert_value(f->value, *p, cls.name, diags ? *diags : local, detail::value_start(doc, *f));
  if (v.kind == Value::Kind::floating) return v.d;
  if (v.kind == Value::Kind::integer) return double(v.i);
  return std::nullopt;
}

std::optional<std::string> get_string(const Document& doc, const Object& obj, const ClassSchema& cls,
                                      std::string_view key, Diagnostics* diags) {
  const PropDef* p = nullptr;
  const Field* f = typed_field(obj, cls, key, p);
  if (!f) return std::nullopt;
  Diagnostics local;
  Value v = convert_value(f->value, *p, cls.name, diags ? *diags : local, detail::value_start(doc, *f));
  if (v.kind == Value::Kind::string) return v.s;
  return format_value(v);
}

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
    const PropDef* p = cls->find(f.key);
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
    const char b = p->type.base;
    if (b == 's' && p->type.max_length() == 0) continue;  // nothing to convert or check
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
    PropDef p;
    const Field* id = o.find("id");
    if (!id || id->value.empty()) {
      diags.error("frams.prop-missing-id",
                  "This " + std::string(o.class_name) + ": object has no id, so the property cannot be used",
                  where);
      continue;
    }
    p.id = std::string(id->value);
    p.name = std::string(o.get("name"));
    p.help = std::string(o.get("help"));
    p.group = std::string(o.get("group"));
    const Field* type = o.find("type");
    if (!type) {
      diags.error("frams.bad-type", "Property '" + p.id + "' has no type", where);
    } else {
      p.type_text = std::string(type->value);
      std::string err;
      if (!parse_type(p.type_text, p.type, &err)) {
        diags.error("frams.bad-type",
                    "Property '" + p.id + "' has an invalid type \"" + p.type_text + "\": " + err,
                    detail::value_start(doc, *type));
      } else if (p.type.has_default && p.type.range_enforced() &&
                 (p.type.base == 'd' || p.type.base == 'f')) {
        double d = 0;
        parse_double_prefix(p.type.default_text, d);
        if (d < p.type.min || d > p.type.max)
          diags.warning("frams.prop-bad-default",
                        "Property '" + p.id + "': the default " + p.type.default_text +
                            " is outside the range " + format_double(p.type.min) + ".." +
                            format_double(p.type.max) +
                            " (the SDK adjusts it every time an object is created)",
                        detail::value_start(doc, *type));
      }
    }
    if (const Field* fl = o.find("flags")) {
      auto v = sdk_parse_int(fl->value);
      if (!v || *v < 0)
        diags.error(
            "frams.bad-flags",
            "Property '" + p.id + "' has invalid flags '" + std::string(fl->value) + "' (expected a number)",
            detail::value_start(doc, *fl));
      else
        p.flags = std::uint32_t(*v);
    }
    if (out.find(p.id)) {
      diags.warning("frams.prop-duplicate-id",
                    "Property '" + p.id + "' is defined more than once; the first one is used", where);
    }
    out.props.push_back(std::move(p));
    out.build_index();
  }
  out.build_index();
  return out;
}

void check_values(const Document& doc, const Object& obj, const ClassSchema& props, Diagnostics& diags,
                  bool report_unknown) {
  std::vector<char> superseded(obj.fields.size(), 0);
  if (obj.fields.size() > 1) {
    std::vector<std::uint32_t> prev;
    detail::previous_same_key(obj, prev);
    for (std::uint32_t p : prev)
      if (p) superseded[p - 1] = 1;
  }
  for (std::size_t fi = 0; fi < obj.fields.size(); ++fi) {
    if (superseded[fi]) continue;  // only the value that counts
    const Field& f = obj.fields[fi];
    const PropDef* p = props.find(f.key);
    Location where = detail::value_start(doc, f);
    if (!p) {
      if (report_unknown)
        diags.note("frams.unknown-field",
                   "'" + std::string(f.key) + "' is not a property defined for " + props.name,
                   detail::key_location(doc, f));
      continue;
    }
    const PropType& t = p->type;
    std::string name = props.name + "." + p->id;
    if (t.base == 'd') {
      auto v = sdk_parse_int(f.value);
      if (!v) {
        auto lbl = std::find(t.labels.begin(), t.labels.end(), f.value);
        std::string msg = "'" + std::string(f.value) + "' is not an integer (" + name + " has type \"" +
                          p->type_text + "\")";
        if (lbl != t.labels.end())
          msg += "; labels are not accepted as values, write " +
                 std::to_string(std::int64_t(t.has_min ? t.min : 0) + (lbl - t.labels.begin()));
        diags.error(lbl != t.labels.end() ? "frams.bad-enum" : "frams.bad-number", std::move(msg), where);
        continue;
      }
      if (t.range_enforced() && (double(*v) < t.min || double(*v) > t.max))
        diags.error("frams.value-out-of-range",
                    "Value " + std::to_string(*v) + " of " + name + " is outside the range " +
                        format_double(t.min) + ".." + format_double(t.max),
                    where);
      else if (!t.labels.empty() &&
               (*v - std::int64_t(t.has_min ? t.min : 0)) >= std::int64_t(t.labels.size()))
        diags.error("frams.bad-enum",
                    "Value " + std::to_string(*v) + " of " + name + " has no label (" +
                        std::to_string(t.labels.size()) + " labels)",
                    where);
    } else if (t.base == 'f') {
      auto v = sdk_parse_double(f.value);
      if (!v) {
        diags.error(
            "frams.bad-number",
            "'" + std::string(f.value) + "' is not a number (" + name + " has type \"" + p->type_text + "\")",
            where);
        continue;
      }
      if (t.range_enforced() && (*v < t.min || *v > t.max))
        diags.error("frams.value-out-of-range",
                    "Value " + format_double(*v) + " of " + name + " is outside the range " +
                        format_double(t.min) + ".." + format_double(t.max),
                    where);
    } else if (t.base == 's') {
      if (std::int64_t m = t.max_length(); m > 0 && std::int64_t(f.value.size()) > m)
        diags.error("frams.value-too-long",
                    name + " is " + std::to_string(f.value.size()) + " characters long; at most " +
                        std::to_string(m) + " are allowed",
                    where);
      if (!t.multiline_hint() && f.value.find('\n') != std::string_view::npos)
        diags.warning("frams.value-multiline",
                      name + " is a single-line text but the value has several lines", where);
    }
  }
}

}  // namespace genokit::frams
