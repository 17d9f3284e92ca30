// Class parameters from the `d` text after "Class:", read as the SDK reads them when it builds a
// network: Param::loadSingleLine (frams::sdk::load_single_line) with strict numbers; out-of-range
// numbers are clamped with a warning, an unreadable number gives the default with an error,
// unknown names are ignored with a warning. The texts are the SDK's log lines.
#include "frams/sdk_param.hpp"
#include "frams/single_line.hpp"
#include "neuro/data.hpp"

namespace genokit::neuro {

void parse_class_params(std::string_view cls, std::string_view text, const std::vector<f0::NeuronProp>& defs,
                        int neuron, std::vector<double>& params, std::vector<std::string>& texts,
                        std::vector<BuildMessage>& out) {
  params.assign(defs.size(), 0.0);
  texts.assign(defs.size(), std::string());
  for (std::size_t k = 0; k < defs.size(); ++k) params[k] = defs[k].type == 's' ? 0.0 : defs[k].def;

  struct Fields {
    std::string_view cls;
    const std::vector<f0::NeuronProp>& defs;
    int neuron;
    std::vector<double>& params;
    std::vector<std::string>& texts;
    std::vector<BuildMessage>& out;
    void msg(Severity sev, const char* origin, const char* code, std::string t) {
      out.push_back({sev, origin, std::move(t), code, neuron});
    }
    void warn(const char* code, std::string t) {
      msg(Severity::warning, "Param.loadSingleLine", code, std::move(t));
    }
    int find(std::string_view name) { return frams::find_property(defs, name); }
    void unknown_name(std::string_view name, std::size_t) {
      warn("neuro.unknown-param",
           "Unknown property '" + std::string(cls) + "." + std::string(name) + "' (ignored)");
    }
    void missing_name(int k, std::size_t) {
      warn("neuro.missing-param-name", "Missing property name in '" + std::string(cls) + "' (assuming '" +
                                           std::string(defs[static_cast<std::size_t>(k)].id) + "')");
    }
    void after_last(std::size_t) {
      warn("neuro.extra-value", "Value after the last property of '" + std::string(cls) + "'");
    }
    void after_unknown(std::string_view value, std::size_t) {  // (the SDK's message here is garbage)
      warn("neuro.extra-value", "Value '" + std::string(value) + "' has no property of '" + std::string(cls) +
                                    "' to go to (ignored)");
    }
    void set(int k, std::string_view value, std::size_t) {
      const f0::NeuronProp& d = defs[static_cast<std::size_t>(k)];
      if (d.type == 's') {
        texts[static_cast<std::size_t>(k)] = std::string(value);
        return;
      }
      const frams::sdk::SetNumber r = frams::sdk::set_number(d, value, true);
      if (!r.parsed)
        msg(Severity::error, d.type == 'd' ? "ExtValue.parseInt" : "ExtValue.parseDouble",
            d.type == 'd' ? "neuro.bad-integer" : "neuro.bad-number",
            frams::sdk::could_not_parse(value, d.type == 'd'));
      else if (r.clamped)
        msg(Severity::warning, "Param.set", "neuro.param-clamped", frams::sdk::clamp_message(cls, d, r));
      params[static_cast<std::size_t>(k)] = r.value;
    }
  } h{cls, defs, neuron, params, texts, out};
  std::string scratch;
  frams::sdk::load_single_line(text, {defs, defs.size()}, h, scratch);
}

}  // namespace genokit::neuro
