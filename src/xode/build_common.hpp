// Attribute reads shared by the two scene builders.
#pragma once

#include <string_view>
#include <utility>
#include <vector>

#include "genokit/core/numbers.hpp"
#include "genokit/core/text.hpp"
#include "genokit/xode/document.hpp"
#include "genokit/xode/scene.hpp"
#include "genokit/xode/schema.hpp"

namespace genokit::xode {

// trim() for attribute values, which rarely have blanks around them.
inline std::string_view trim_value(std::string_view v) {
  auto blank = [](char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
  };
  if (!v.empty() && !blank(v.front()) && !blank(v.back())) return v;
  return trim(v);
}

// The attribute as a number (blanks around it allowed), or `def` when missing or malformed (the
// validator reports those).
inline double attr_number(const XmlNode& e, std::string_view n, double def = 0) {
  XmlAttr a = e.attr(n);
  if (!a) return def;
  auto v = parse_double(trim_value(a.value()));
  return v ? *v : def;
}

// <axis> parameters in the order PyODE applies them: document order, except that a LowStop
// (alias) is applied last as LoStop.
inline std::vector<std::pair<int, double>> axis_params(const XmlNode& axis) {
  std::vector<std::pair<int, double>> out;
  auto names = axis_param_names();
  auto index = [&](std::string_view n) {
    for (std::size_t i = 0; i < names.size(); ++i)
      if (names[i] == n) return static_cast<int>(i);
    return -1;
  };
  XmlAttr low;
  for (XmlAttr a : axis.attrs()) {
    if (a.name() == "LowStop") {
      low = a;
      continue;
    }
    if (a.name() == "LoStop" && axis.has_attr("LowStop")) continue;
    int i = index(a.name());
    if (i < 0) continue;
    auto v = parse_double(trim_value(a.value()));
    if (v) out.emplace_back(i, *v);
  }
  if (low) {
    auto v = parse_double(trim_value(low.value()));
    if (v) out.emplace_back(index("LoStop"), *v);
  }
  return out;
}

bool build_standard(const Document& doc, const BuildOptions& opt, Scene& scene, Diagnostics& diags);
bool build_pyode(const Document& doc, const BuildOptions& opt, Scene& scene, Diagnostics& diags);

}  // namespace genokit::xode
