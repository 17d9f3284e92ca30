// JSON both ways (shape in json.hpp / docs).
#include "genokit/frams/json.hpp"

#include <cmath>

#include "frams/json.hpp"
#include "genokit/core/numbers.hpp"
#include "genokit/frams/schema.hpp"
#include "internal.hpp"

namespace genokit::frams {
namespace detail {
namespace {
// "_classname" names the class in JSON; a field with that name (or "__classname", ...) gets one
// more leading underscore so both directions are exact.
bool is_classname_key(std::string_view k) {
  std::size_t u = 0;
  while (u < k.size() && k[u] == '_') ++u;
  return u >= 1 && k.substr(u) == "classname";
}
}  // namespace

nlohmann::ordered_json to_json(const Document& doc, const JsonOptions& opt) {
  nlohmann::ordered_json arr = nlohmann::ordered_json::array();
  const Schema* schema = opt.typed ? (opt.schema ? opt.schema : &builtin_schema()) : nullptr;
  Diagnostics ignored;
  std::vector<std::uint32_t> prev;
  for (const Object& o : doc.objects) {
    nlohmann::ordered_json jo = nlohmann::ordered_json::object();
    jo["_classname"] = std::string(o.class_name);
    const ClassSchema* cls = schema ? schema->find(o.class_name) : nullptr;
    // duplicates: only the last occurrence, in its place (like the canonical writer)
    std::vector<char> superseded(o.fields.size(), 0);
    if (o.fields.size() > 1) {
      detail::previous_same_key(o, prev);
      for (std::uint32_t p : prev)
        if (p) superseded[p - 1] = 1;
    }
    for (std::size_t fi = 0; fi < o.fields.size(); ++fi) {
      if (superseded[fi]) continue;
      const Field& f = o.fields[fi];
      std::string key(f.key);
      if (is_classname_key(key)) key.insert(0, "_");
      const PropDef* p = cls ? cls->find(f.key) : nullptr;
      if (p && p->is_number()) {
        ignored.clear();
        Value v = convert_value(f.value, *p, o.class_name, ignored, {});
        if (!ignored.has_errors() && v.kind == Value::Kind::integer) {
          jo[key] = v.i;
          continue;
        }
        if (!ignored.has_errors() && v.kind == Value::Kind::floating && std::isfinite(v.d)) {
          jo[key] = v.d;
          continue;
        }
      }
      // nlohmann::json requires valid UTF-8 when dumping: invalid bytes are replaced there
      jo[key] = std::string(f.value);
    }
    arr.push_back(std::move(jo));
  }
  return arr;
}

namespace {

bool bad_name(std::string_view s, bool is_class) {
  if (is_class && s.empty()) return true;
  if (s.find_first_of("\r\n") != std::string_view::npos) return true;
  if (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '#')) return true;
  if (!is_class && s.find(':') != std::string_view::npos) return true;
  if (is_class && (s.back() == ' ' || s.back() == '\t' || s == ":")) return true;
  return false;
}

}  // namespace

std::optional<std::string> json_to_text(const nlohmann::ordered_json& j, Diagnostics& diags,
                                        std::string* partial) {
  const std::size_t errors_before = diags.error_count();
  if (!j.is_array()) {
    diags.error("frams.json-shape",
                "The JSON must be an array of objects like {\"_classname\": \"org\", ...}");
    return std::nullopt;
  }
  std::string out;
  std::size_t index = 0;
  for (const auto& jo : j) {
    ++index;
    std::string where = "object " + std::to_string(index);
    if (!jo.is_object()) {
      diags.error("frams.json-shape", "JSON " + where + " is not an object");
      continue;
    }
    auto cn = jo.find("_classname");
    if (cn == jo.end() || !cn->is_string()) {
      diags.error("frams.json-shape", "JSON " + where + " has no \"_classname\" string");
      continue;
    }
    const std::string& cls = cn->get_ref<const std::string&>();
    if (bad_name(cls, true)) {
      diags.error("frams.json-bad-name", "JSON " + where + ": \"" + cls + "\" cannot be a class name");
      continue;
    }
    out += cls;
    out += ":\n";
    for (auto it = jo.begin(); it != jo.end(); ++it) {
      if (it.key() == "_classname") continue;
      std::string key = is_classname_key(it.key()) ? it.key().substr(1) : it.key();
      if (bad_name(it.key(), false)) {
        diags.error("frams.json-bad-name",
                    "JSON " + where + ": \"" + it.key() +
                        "\" cannot be a field name (no ':', line breaks, leading blank or '#')");
        continue;
      }
      std::string value;
      const auto& v = it.value();
      if (v.is_string())
        value = v.get_ref<const std::string&>();
      else if (v.is_boolean())
        value = v.get<bool>() ? "1" : "0";
      else if (v.is_null())
        value.clear();
      else if (v.is_number_integer())
        value = v.is_number_unsigned() ? std::to_string(v.get<std::uint64_t>())
                                       : std::to_string(v.get<std::int64_t>());
      else if (v.is_number_float())
        value = format_double(v.get<double>());
      else {
        diags.error(
            "frams.json-bad-value",
            "JSON " + where + ": field \"" + it.key() +
                "\" holds an array or object; only strings, numbers, booleans and null can be written");
        continue;
      }
      out += key;
      out += ':';
      write_canonical_value(key, value, out);
    }
    out += '\n';
  }
  if (diags.error_count() == errors_before) return out;
  if (partial) *partial = std::move(out);
  return std::nullopt;
}

}  // namespace detail

namespace {

// The JSON value of a text; frams.json-syntax (at the byte where reading stopped) when it is not JSON.
std::optional<nlohmann::ordered_json> parse_json(std::string_view text, Diagnostics& diags,
                                                 const FromJsonOptions& opt) {
  nlohmann::ordered_json j = nlohmann::ordered_json::parse(text, nullptr, false);
  if (!j.is_discarded()) return j;
  try {  // parse again with exceptions for the position and the reason
    (void)nlohmann::ordered_json::parse(text);
  } catch (const nlohmann::json::parse_error& e) {
    diags.error("frams.json-syntax", std::string("The input is not valid JSON: ") + e.what(),
                {opt.name, 0, 0, std::int64_t(e.byte > 0 ? e.byte - 1 : 0)});
  }
  return std::nullopt;
}

}  // namespace

nlohmann::json detail::type_json(std::string_view type) {
  PropType t;
  std::string err;
  const bool ok = parse_type(type, t, &err);
  nlohmann::json j = {{"type", std::string(type)},
                      {"valid", ok},
                      {"base", std::string(1, t.base ? t.base : '?')},
                      {"meaning", describe_type(t)},
                      {"normalised", format_type(t)}};
  if (!ok) j["error"] = err;
  if (!t.hints.empty()) j["hints"] = t.hints;
  if (t.has_min) j["min"] = t.min;
  if (t.has_max) j["max"] = t.max;
  if (t.has_default) j["default"] = t.default_text;
  if (t.base == 'd' || t.base == 'f') j["range_enforced"] = t.range_enforced();
  if (!t.labels.empty()) j["labels"] = t.labels;
  if (!t.object_class.empty()) j["class"] = t.object_class;
  if (t.has_signature) {
    j["returns"] = t.return_type;
    nlohmann::json args = nlohmann::json::array();
    for (const auto& a : t.args) args.push_back({{"type", a.type}, {"name", a.name}});
    j["arguments"] = args;
  }
  return j;
}

nlohmann::json detail::props_json(const ClassSchema& cls) {
  nlohmann::json all = nlohmann::json::array();
  for (const PropDef& p : cls.props) {
    const PropType t = parsed_type(p);
    nlohmann::json j = {{"id", p.id}, {"name", p.name}, {"type", p.type_text}, {"meaning", describe_type(t)}};
    if (p.flags) j["flags"] = describe_flags(p.flags);
    if (!p.group.empty()) j["group"] = p.group;
    if (!t.labels.empty()) j["labels"] = t.labels;
    all.push_back(std::move(j));
  }
  return all;
}

std::string type_json(std::string_view type) {
  return detail::type_json(type).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string props_json(const ClassSchema& cls) {
  return detail::props_json(cls).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string to_json(const Document& doc, const JsonOptions& opt) {
  return detail::to_json(doc, opt).dump(opt.indent, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::optional<std::string> json_to_text(std::string_view json, Diagnostics& diags,
                                        const FromJsonOptions& opt) {
  const auto j = parse_json(json, diags, opt);
  return j ? detail::json_to_text(*j, diags) : std::nullopt;
}

Document from_json(std::string_view json, Diagnostics& diags, const FromJsonOptions& opt) {
  std::string text;
  if (const auto j = parse_json(json, diags, opt)) {
    if (auto t = detail::json_to_text(*j, diags, &text)) text = std::move(*t);
  }
  return parse_owned(std::move(text), opt.name, diags, {});
}

}  // namespace genokit::frams
