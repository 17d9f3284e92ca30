// Text and JSON descriptions of a built network.
#include "genokit/neuro/describe.hpp"

#include <cmath>

#include "genokit/core/numbers.hpp"
#include "neuro/data.hpp"
#include "neuro/json.hpp"

namespace genokit::neuro {
namespace {

std::string group_name(const Network& net, int i) {
  if (net.status(i) != Status::ok) return "-";
  return std::to_string(net.group(i));
}

std::string param_list(const Network& net, int i) {
  std::string o;
  const auto defs = net.param_defs(i);
  for (std::size_t k = 0; k < defs.size(); ++k) {
    if (!o.empty()) o += ' ';
    o += std::string(defs[k].id) + "=";
    if (defs[k].type == 's')
      o += "\"" + net.param_texts(i)[k] + "\"";
    else
      o += format_double(net.params(i)[k]);
  }
  return o;
}

}  // namespace

std::string describe_text(const Network& net) {
  const int n = static_cast<int>(net.size());
  int count[3] = {0, 0, 0}, conns = 0, off = 0;
  for (int i = 0; i < n; ++i) {
    conns += net.input_count(i);
    if (net.status(i) == Status::ok)
      ++count[net.group(i)];
    else
      ++off;
  }
  std::string o = "network: " + std::to_string(n) + " neuron(s), " + std::to_string(conns) +
                  " connection(s); update groups: receptors " + std::to_string(count[0]) + ", ordinary " +
                  std::to_string(count[1]) + ", effectors " + std::to_string(count[2]);
  if (off) o += "; never updated " + std::to_string(off);
  o += "\n";
  for (int i = 0; i < n; ++i) {
    o += "n" + std::to_string(i) + "  " + net.class_name(i) + "  group " + group_name(net, i);
    if (net.status(i) != Status::ok) o += "  [" + std::string(to_string(net.status(i))) + "]";
    if (net.part(i) >= 0) o += "  part " + std::to_string(net.part(i));
    if (net.joint(i) >= 0) o += "  joint " + std::to_string(net.joint(i));
    const std::string ps = param_list(net, i);
    if (!ps.empty()) o += "  " + ps;
    o += "\n";
    if (net.input_count(i) > 0) {
      o += "    inputs:";
      for (int k = 0; k < net.input_count(i); ++k)
        o += " n" + std::to_string(net.input_source(i, k)) + "*" + format_double(net.input_weight(i, k));
      o += "\n";
    }
  }
  for (const auto& m : net.messages())
    o += std::string(to_string(m.severity)) + ": " + m.text + " [" + m.code + "]\n";
  return o;
}

nlohmann::json detail::describe_json(const Network& net) {
  using nlohmann::json;
  const auto num = number_json;
  json ns = json::array();
  for (int i = 0; i < static_cast<int>(net.size()); ++i) {
    json params = json::object();
    const auto defs = net.param_defs(i);
    for (std::size_t k = 0; k < defs.size(); ++k)
      params[std::string(defs[k].id)] =
          defs[k].type == 's' ? json(utf8_safe(net.param_texts(i)[k])) : num(net.params(i)[k]);
    json inputs = json::array();
    for (int k = 0; k < net.input_count(i); ++k)
      inputs.push_back({{"source", net.input_source(i, k)}, {"weight", num(net.input_weight(i, k))}});
    json e = {{"index", i},
              {"class", utf8_safe(net.class_name(i))},
              {"details", utf8_safe(net.details(i))},
              {"status", to_string(net.status(i))},
              {"params", std::move(params)},
              {"inputs", std::move(inputs)}};
    e["group"] = net.status(i) == Status::ok ? json(net.group(i)) : json(nullptr);
    e["part"] = net.part(i) >= 0 ? json(net.part(i)) : json(nullptr);
    e["joint"] = net.joint(i) >= 0 ? json(net.joint(i)) : json(nullptr);
    ns.push_back(std::move(e));
  }
  json ms = json::array();
  for (const auto& m : net.messages())
    ms.push_back({{"severity", to_string(m.severity)},
                  {"code", m.code},
                  {"message", utf8_safe(m.text)},
                  {"neuron", m.neuron}});
  return {{"neurons", std::move(ns)}, {"messages", std::move(ms)}};
}

std::string describe_json(const Network& net) {
  return detail::describe_json(net).dump();
}

}  // namespace genokit::neuro
