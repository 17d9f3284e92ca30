// Class parameters from the `d` text after "Class:", read like the SDK's Param::loadSingleLine:
// comma-separated fields (commas inside double quotes do not count), `name=value` or unnamed values
// in property order; out-of-range numbers are clamped with a warning, unparsable numbers keep the
// default with an error, unknown names are ignored with a warning.
#include <cmath>
#include <limits>

#include "genokit/core/numbers.hpp"
#include "genokit/core/text.hpp"
#include "genokit/f0/writer.hpp"
#include "neuro/data.hpp"

namespace genokit::neuro {
namespace {

bool is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

std::string_view trim_blanks(std::string_view s) {
  while (!s.empty() && is_blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_blank(s.back())) s.remove_suffix(1);
  return s;
}

std::string unquote(std::string_view s) {
  std::string out;
  for (std::size_t i = 1; i < s.size(); ++i) {
    char c = s[i];
    if (c == '"') break;
    if (c == '\\' && i + 1 < s.size()) {
      char e = s[++i];
      switch (e) {
        case 'n':
          out += '\n';
          break;
        case 't':
          out += '\t';
          break;
        case 'r':
          out += '\r';
          break;
        default:
          out += e;
          break;
      }
      continue;
    }
    out += c;
  }
  return out;
}

bool parse_hex(std::string_view s, double& out) {
  bool neg = false;
  if (!s.empty() && (s[0] == '-' || s[0] == '+')) neg = s[0] == '-', s.remove_prefix(1);
  if (s.size() < 3 || s[0] != '0' || (s[1] != 'x' && s[1] != 'X')) return false;
  double v = 0;
  for (char c : s.substr(2)) {
    int d = c >= '0' && c <= '9'   ? c - '0'
            : c >= 'a' && c <= 'f' ? c - 'a' + 10
            : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                   : -1;
    if (d < 0) return false;
    v = v * 16 + d;
  }
  out = neg ? -v : v;
  return true;
}

// ExtValue::parseInt (strict): an optional sign and digits (or hex) that fit an int.
bool parse_strict_int(std::string_view s, int& out) {
  double h;
  if (parse_hex(s, h)) {
    if (!(h >= std::numeric_limits<int>::min() && h <= std::numeric_limits<int>::max())) return false;
    out = static_cast<int>(h);
    return true;
  }
  std::string_view d = s;
  if (!d.empty() && (d[0] == '+' || d[0] == '-')) d.remove_prefix(1);
  if (d.empty()) return false;
  for (char c : d)
    if (c < '0' || c > '9') return false;
  auto v = parse_int(s);
  if (!v || *v < std::numeric_limits<int>::min() || *v > std::numeric_limits<int>::max()) return false;
  out = static_cast<int>(*v);
  return true;
}

bool parse_strict_double(std::string_view s, double& out) {
  if (s.empty()) return false;
  if (parse_hex(s, out)) return true;
  if (auto v = parse_double(s)) {
    out = *v;
    return true;
  }
  return false;
}

}  // namespace

void parse_class_params(std::string_view cls, std::string_view text, const std::vector<f0::NeuronProp>& defs,
                        int neuron, std::vector<double>& params, std::vector<std::string>& texts,
                        std::vector<BuildMessage>& out) {
  params.assign(defs.size(), 0.0);
  texts.assign(defs.size(), std::string());
  for (std::size_t k = 0; k < defs.size(); ++k) params[k] = defs[k].type == 's' ? 0.0 : defs[k].def;

  auto msg = [&](Severity sev, const char* origin, const char* code, std::string t) {
    out.push_back({sev, origin, std::move(t), code, neuron});
  };
  const std::string c(cls);
  std::size_t pos = 0;
  int idx = 0;  // next slot for an unnamed value; -1 after an unknown name
  while (pos < text.size()) {
    while (pos < text.size() && is_blank(text[pos])) ++pos;
    if (pos >= text.size()) break;
    std::size_t e = pos, eq = std::string_view::npos;
    bool inq = false, quote_seen = false;
    for (; e < text.size(); ++e) {
      char ch = text[e];
      if (inq) {
        if (ch == '\\' && e + 1 < text.size())
          ++e;
        else if (ch == '"')
          inq = false;
      } else if (ch == '"') {
        inq = quote_seen = true;
      } else if (ch == ',') {
        break;
      } else if (ch == '=' && eq == std::string_view::npos && !quote_seen) {
        eq = e;
      }
    }
    std::string_view field = text.substr(pos, e - pos);
    const std::size_t fstart = pos;
    pos = e + 1;
    int k;
    std::string_view value;
    if (eq != std::string_view::npos) {
      std::string_view name = trim_blanks(text.substr(fstart, eq - fstart));
      k = -1;
      for (std::size_t j = 0; j < defs.size(); ++j)
        if (defs[j].id == name) k = static_cast<int>(j);
      if (k < 0) {
        msg(Severity::warning, "Param.loadSingleLine", "neuro.unknown-param",
            "Unknown property '" + c + "." + std::string(name) + "' (ignored)");
        idx = -1;
        continue;
      }
      value = trim_blanks(text.substr(eq + 1, e - eq - 1));
    } else {
      value = trim_blanks(field);
      if (value.empty()) {
        if (idx >= 0) ++idx;
        continue;
      }
      if (idx < 0 || static_cast<std::size_t>(idx) >= defs.size()) {
        msg(Severity::warning, "Param.loadSingleLine", "neuro.extra-value",
            "Value '" + std::string(value) + "' has no property of '" + c + "' to go to (ignored)");
        continue;
      }
      k = idx;
      msg(Severity::warning, "Param.loadSingleLine", "neuro.missing-param-name",
          "Missing property name in '" + c + "' (assuming '" +
              std::string(defs[static_cast<std::size_t>(k)].id) + "')");
    }
    idx = k + 1;
    const f0::NeuronProp& d = defs[static_cast<std::size_t>(k)];
    std::string unq;
    if (!value.empty() && value.front() == '"') {
      unq = unquote(value);
      value = unq;
    }
    const std::string full = c + "." + std::string(d.id);
    if (d.type == 's') {
      texts[static_cast<std::size_t>(k)] = std::string(value);
    } else if (d.type == 'd') {
      int v = 0;
      if (!parse_strict_int(trim_blanks(value), v)) {
        msg(Severity::error, "ExtValue.parseInt", "neuro.bad-integer",
            "Could not parse '" + std::string(value) + "' (strict)");
        continue;
      }
      if (d.ranged && (v < d.min || v > d.max)) {
        const bool big = v > d.max;
        const int adj = static_cast<int>(big ? d.max : d.min);
        msg(Severity::warning, "Param.set", "neuro.param-clamped",
            "Setting " + full + " = '" + std::to_string(v) + "' exceeded allowed range (too " +
                (big ? "big" : "small") + "). Adjusted to '" + std::to_string(adj) + "'.");
        v = adj;
      }
      params[static_cast<std::size_t>(k)] = v;
    } else {
      double v = 0;
      if (!parse_strict_double(trim_blanks(value), v)) {
        msg(Severity::error, "ExtValue.parseDouble", "neuro.bad-number",
            "Could not parse '" + std::string(value) + "' (strict)");
        continue;
      }
      if (d.ranged && (v < d.min || v > d.max)) {
        const bool big = v > d.max;
        const double adj = big ? d.max : d.min;
        msg(Severity::warning, "Param.set", "neuro.param-clamped",
            "Setting " + full + " = '" + f0::format_number(v) + "' exceeded allowed range (too " +
                (big ? "big" : "small") + "). Adjusted to '" + f0::format_number(adj) + "'.");
        v = adj;
      }
      params[static_cast<std::size_t>(k)] = v;
    }
  }
}

}  // namespace genokit::neuro
