#include "genokit/f0/docs.hpp"

#include <cmath>

#include "genokit/core/numbers.hpp"
#include "genokit/f0/neuron_classes.hpp"
#include "genokit/f0/properties.hpp"

namespace genokit::f0 {
namespace {

std::string num(double v) {
  return std::isinf(v) ? (v < 0 ? "-inf" : "inf") : format_double(v);
}

}  // namespace

std::string property_tables_markdown() {
  std::string o;
  for (const auto& t : all_tables(PropertyOrder::sdk, Joints::hinges)) {
    o += "#### `" + std::string(t.class_id) + ":` " + std::string(t.name) + "\n\n";
    o += "| # | id | type | range | default | name omittable | meaning |\n|---|---|---|---|---|---|---|\n";
    for (std::size_t i = 0; i < t.props.size(); ++i) {
      const PropDef& p = t.props[i];
      const char* type = p.readonly() ? "read-only" : p.type == 'd' ? "d" : p.type == 'f' ? "f" : "s";
      std::string pos = i < t.positional ? std::to_string(i) : is_legacy(p) ? "legacy" : "by name";
      std::string range = p.ranged ? num(p.min) + " .. " + num(p.max) : "";
      std::string def = p.readonly()    ? ""
                        : p.type == 's' ? "\"" + std::string(p.def_text) + "\""
                                        : num(p.def);
      o += "| " + pos + " | `" + std::string(p.id) + "` | " + type + " | " + range + " | " + def + " | " +
           (p.can_omit_name() ? "yes" : "") + " | " + std::string(p.name) + " |\n";
    }
    o += "\n";
  }
  return o;
}

std::string neuron_classes_markdown() {
  std::string o =
      "| class | name | inputs | output | location | SDK r909 | properties "
      "|\n|---|---|---|---|---|---|---|\n";
  for (const auto& c : neuron_classes()) {
    std::string props;
    for (const auto& p : c.props) {
      if (!props.empty()) props += "; ";
      props += std::string(p.id) + " " + p.type;
      if (p.ranged) props += " " + num(p.min) + ".." + num(p.max);
      if (p.type != 's') props += " =" + num(p.def);
      props += " (" + std::string(p.name) + ")";
    }
    const char* loc = c.pref_location == NeuronLocation::part    ? "part"
                      : c.pref_location == NeuronLocation::joint ? "joint"
                                                                 : "-";
    std::string name(c.name);
    if (name == "|") name = "\\|";
    o += "| `" + name + "` | " + std::string(c.long_name) + " | " +
         (c.pref_inputs < 0 ? "any" : std::to_string(c.pref_inputs)) + " | " + std::to_string(c.pref_output) +
         " | " + loc + " | " + (c.sdk ? "yes" : "no (full app)") + " | " + (props.empty() ? "–" : props) +
         " |\n";
  }
  return o;
}

}  // namespace genokit::f0
