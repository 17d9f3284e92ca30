// Property tables of object files (frams::Property, their strings kept by the ClassSchema), typed
// access and the SDK's non-strict conversions (Param::set with frams::sdk's number rules).
#include <algorithm>
#include <cmath>

#include "frams/sdk_number.hpp"
#include "genokit/core/numbers.hpp"
#include "genokit/frams/document.hpp"
#include "genokit/frams/schema.hpp"
#include "internal.hpp"

namespace genokit::frams {

bool property_from_type(std::string_view id, std::string_view type_text, Property& out, std::string* error) {
  PropType t;
  const bool ok = parse_type(type_text, t, error);
  out = Property(id, t.base, t.range_enforced(), t.min, t.max);
  out.type_text = type_text;
  if (t.has_default) {  // a view into type_text: the default is the last item before any labels
    const std::string_view before_labels = type_text.substr(0, type_text.find('~'));
    const std::size_t at = before_labels.rfind(t.default_text);
    if (at != std::string_view::npos) out.def_text = type_text.substr(at, t.default_text.size());
  }
  if (t.base == 'd' || t.base == 'f') {
    double d = 0;
    if (t.has_default) {
      std::int64_t i = 0;
      if (t.base == 'd')
        parse_int_prefix(t.default_text, i), d = static_cast<double>(i);
      else
        parse_double_prefix(t.default_text, d);
    } else if (t.has_min) {
      d = t.min;  // SDK: no default given -> the minimum
    }
    out.def = d;
  }
  return ok;
}

PropType parsed_type(const Property& p) {
  PropType t;
  parse_type(p.type_text, t);
  return t;
}

bool multiline_hint(const Property& p) {
  return p.type == 's' && p.min == 1;
}

std::int64_t max_length(const Property& p) {
  return p.type == 's' && p.max > 0 ? static_cast<std::int64_t>(p.max) : 0;
}

std::string_view ClassSchema::keep(std::string_view s) {
  if (s.empty()) return {};
  strings_.push_back(std::make_shared<const std::string>(s));
  return *strings_.back();
}

Property ClassSchema::add(std::string_view id, std::string_view name, std::string_view type_text,
                          std::uint32_t flags, std::string_view help, std::string_view group,
                          std::string* error, bool* ok) {
  Property p;
  const bool good = property_from_type(keep(id), keep(type_text), p, error);
  if (ok) *ok = good;
  p.name = keep(name);
  p.flags = flags;
  p.help = keep(help);
  p.group = keep(group);
  props.push_back(p);
  return p;
}

void ClassSchema::build_index() {
  index_.clear();
  index_.reserve(props.size());
  for (std::size_t i = 0; i < props.size(); ++i) index_.emplace_back(props[i].id, i);
  std::stable_sort(index_.begin(), index_.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
}

const Property* ClassSchema::find(std::string_view id) const {
  if (index_.size() == props.size() && !props.empty()) {
    auto it = std::lower_bound(index_.begin(), index_.end(), id,
                               [](const auto& e, std::string_view k) { return e.first < k; });
    // first occurrence in the table wins, as in the SDK's findId
    const Property* best = nullptr;
    for (; it != index_.end() && it->first == id; ++it)
      if (!best || it->second < std::size_t(best - props.data())) best = &props[it->second];
    return best;
  }
  const int k = find_property(props, id);
  return k < 0 ? nullptr : &props[static_cast<std::size_t>(k)];
}

const ClassSchema* Schema::find(std::string_view name) const {
  for (const ClassSchema& c : classes)
    if (c.name == name) return &c;
  return nullptr;
}

namespace {

// SDK message form of a string: long ones shortened to 15 + "..." + 15 characters.
std::string quoted_for_message(std::string_view s) {
  if (s.size() <= 30) return "\"" + std::string(s) + "\"";
  return "\"" + std::string(s.substr(0, 15)) + "..." + std::string(s.substr(s.size() - 15)) + "\" (length " +
         std::to_string(s.size()) + ")";
}

std::string full_name(std::string_view cls, const Property& p) {
  return std::string(cls) + "." + std::string(p.id);
}

Value floating(double d) {
  Value v;
  v.kind = Value::Kind::floating, v.d = d;
  return v;
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
    case Value::Kind::floating:
      return sdk::format_double(v.d);
  }
  return {};
}

Value default_value(const Property& p) {
  Value v;
  switch (p.type) {
    case 'd':
      v.kind = Value::Kind::integer, v.i = static_cast<std::int64_t>(p.def);
      break;
    case 'f':
      v = floating(p.def);
      break;
    case 's':
      v.kind = Value::Kind::string, v.s = std::string(p.def_text);
      break;
    default:
      break;
  }
  return v;
}

Value convert_value(std::string_view text, const Property& p, std::string_view cls, Diagnostics& diags,
                    const Location& where) {
  Value v;
  switch (p.type) {
    case 'd': {
      const auto r = sdk::parse_int(text);
      if (!r) {
        std::string msg = sdk::could_not_parse(text) + " (" + full_name(cls, p) + " is an integer";
        if (p.type_text.find('~') != std::string_view::npos) {
          const PropType t = parsed_type(p);
          auto lbl = std::find(t.labels.begin(), t.labels.end(), text);
          if (lbl != t.labels.end())
            msg += "; '" + std::string(text) + "' is a label, write its number " +
                   std::to_string(std::int64_t(t.has_min ? t.min : 0) + (lbl - t.labels.begin()));
        }
        diags.error("frams.bad-number", msg + "; the default is used)", where);
        return default_value(p);
      }
      if (r->overflow != sdk::IntValue::Overflow::none)
        diags.error("frams.integer-overflow", sdk::overflow_message(*r) + " (" + full_name(cls, p) + ")",
                    where);
      v.kind = Value::Kind::integer;
      v.i = r->value;
      if (p.ranged && (double(v.i) < p.min || double(v.i) > p.max)) {
        const bool big = double(v.i) > p.max;
        const std::int64_t adj = std::int64_t(big ? p.max : p.min);
        diags.warning("frams.value-clamped",
                      sdk::clamp_message(cls, p.id, std::to_string(v.i), big, std::to_string(adj)), where);
        v.i = adj;
      }
      return v;
    }
    case 'f': {
      const auto r = sdk::parse_double(text);
      if (!r) {
        diags.error(
            "frams.bad-number",
            sdk::could_not_parse(text) + " (" + full_name(cls, p) + " is a number; the default is used)",
            where);
        return default_value(p);
      }
      v = floating(*r);
      if (p.ranged && (v.d < p.min || v.d > p.max)) {
        const bool big = v.d > p.max;
        const Value adj = floating(big ? p.max : p.min);
        diags.warning("frams.value-clamped",
                      sdk::clamp_message(cls, p.id, format_value(v), big, format_value(adj)), where);
        v.d = adj.d;
      }
      return v;
    }
    case 's': {
      v.kind = Value::Kind::string;
      v.s = std::string(text);
      if (std::int64_t maxlen = max_length(p); maxlen > 0 && std::int64_t(v.s.size()) > maxlen) {
        std::string cut = v.s.substr(0, std::size_t(maxlen));
        diags.warning("frams.value-truncated",
                      "Setting " + full_name(cls, p) + " = " + quoted_for_message(v.s) +
                          " exceeded allowed range (too long). Truncated to " + quoted_for_message(cut) + ".",
                      where);
        v.s = std::move(cut);
      }
      return v;
    }
    case 'x': {  // untyped: a number when the whole text is one (the SDK's rules), else a string
      const sdk::Number n = sdk::parse_number(text, sdk::Want::any);
      if (n.kind == sdk::Number::Kind::integer)
        v.kind = Value::Kind::integer, v.i = n.i;
      else if (n.kind == sdk::Number::Kind::real)
        v = floating(n.d);
      else if (!text.empty())
        v.kind = Value::Kind::string, v.s = std::string(text);
      return v;
    }
    default:
      v.kind = text.empty() ? Value::Kind::none : Value::Kind::string;
      v.s = std::string(text);
      return v;
  }
}

namespace {
// The last field `key` of `obj` converted with its property of `cls`, or nullopt when absent.
std::optional<Value> typed_field(const Document& doc, const Object& obj, const ClassSchema& cls,
                                 std::string_view key, Diagnostics* diags) {
  const Property* p = cls.find(key);
  const Field* f = p ? obj.find(key) : nullptr;
  if (!f) return std::nullopt;
  Diagnostics local;
  return convert_value(f->value, *p, cls.name, diags ? *diags : local, detail::value_start(doc, *f));
}
}  // namespace

std::optional<std::int64_t> get_int(const Document& doc, const Object& obj, const ClassSchema& cls,
                                    std::string_view key, Diagnostics* diags) {
  const auto v = typed_field(doc, obj, cls, key, diags);
  if (v && v->kind == Value::Kind::integer) return v->i;
  if (v && v->kind == Value::Kind::floating) return std::int64_t(v->d);
  return std::nullopt;
}

std::optional<double> get_double(const Document& doc, const Object& obj, const ClassSchema& cls,
                                 std::string_view key, Diagnostics* diags) {
  const auto v = typed_field(doc, obj, cls, key, diags);
  if (v && v->kind == Value::Kind::floating) return v->d;
  if (v && v->kind == Value::Kind::integer) return double(v->i);
  return std::nullopt;
}

std::optional<std::string> get_string(const Document& doc, const Object& obj, const ClassSchema& cls,
                                      std::string_view key, Diagnostics* diags) {
  const auto v = typed_field(doc, obj, cls, key, diags);
  if (!v) return std::nullopt;
  if (v->kind == Value::Kind::string) return v->s;
  return format_value(*v);
}

}  // namespace genokit::frams
