#include "neuron_params.hpp"

#include <cmath>
#include <vector>

#include "genokit/f0/neuron_classes.hpp"
#include "genokit/f0/writer.hpp"
#include "numbers.hpp"

namespace genokit::f1::detail {
namespace {

std::string number_text(const f0::NeuronProp& p, double v) {
  if (p.type == 'd') return std::to_string(static_cast<long long>(v));
  return sdk_number(v);
}

std::string_view trim_blanks(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

}  // namespace

SetResult set_param(ParamSet& ps, std::string_view name, double value, std::string& given,
                    std::string& adjusted) {
  const f0::NeuronClass* c = f0::find_neuron_class(ps.cls);
  if (!c || !c->sdk) return SetResult::unknown_class;
  const int idx = f0::find_neuron_prop(*c, name);
  if (idx < 0 || c->props[idx].type == 's') return SetResult::unknown_param;  // strings: not from f1
  const auto props = c->props;
  std::vector<double> num(props.size());
  std::vector<std::string> str(props.size());
  for (std::size_t i = 0; i < props.size(); ++i) num[i] = props[i].def;
  // Current values from the text ("a=1.0, b=2.0"); names the class lacks are dropped.
  std::string_view rest = ps.params;
  while (!rest.empty()) {
    const std::size_t comma = rest.find(',');
    const std::string_view item = trim_blanks(rest.substr(0, comma));
    rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
    const std::size_t eq = item.find('=');
    if (eq == std::string_view::npos) continue;
    const int k = f0::find_neuron_prop(*c, trim_blanks(item.substr(0, eq)));
    if (k < 0) continue;
    const std::string_view val = item.substr(eq + 1);
    if (props[k].type == 's') {
      str[k] = std::string(val);
    } else {
      double d = 0;
      if (sdk_parse_double(val, d)) num[k] = d;
    }
  }
  const f0::NeuronProp& p = props[idx];
  SetResult r = SetResult::ok;
  if (p.type == 'd') value = std::trunc(value);
  if (p.ranged && value > p.max) {
    given = number_text(p, value), adjusted = number_text(p, p.max), value = p.max,
    r = SetResult::clamped_high;
  } else if (p.ranged && value < p.min) {
    given = number_text(p, value), adjusted = number_text(p, p.min), value = p.min,
    r = SetResult::clamped_low;
  }
  num[idx] = value;
  std::string out;
  for (std::size_t i = 0; i < props.size(); ++i) {
    std::string item;
    if (props[i].type == 's') {
      if (str[i].empty()) continue;
      item = str[i];
    } else {
      if (num[i] == props[i].def) continue;
      item = number_text(props[i], num[i]);
    }
    if (!out.empty()) out += ", ";
    out.append(props[i].id).append("=").append(item);
  }
  ps.params = std::move(out);
  return r;
}

}  // namespace genokit::f1::detail
