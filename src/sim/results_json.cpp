// framspy's result shape: the list FramsticksLib.evaluate() returns, one entry per genotype.
#include <nlohmann/json.hpp>

#include "genokit/sim/evaluate.hpp"
#include "sim/criteria_json.hpp"

namespace genokit::sim {

std::string framspy_json(std::span<const GenotypeResult> results, std::span<const std::string> names) {
  nlohmann::json out = nlohmann::json::array();
  for (std::size_t i = 0; i < results.size(); ++i) {
    const GenotypeResult& r = results[i];
    nlohmann::json e;
    e["num"] = i + 1;
    e["name"] = i < names.size() ? names[i] : std::string();
    if (r.criteria) {
      // framspy's evaluation plan ":numparts,...,time": its plan name is "" (standard-eval).
      nlohmann::json values = criteria_json(*r.criteria);
      values["time"] = r.seconds;
      e["evaluations"][""] = std::move(values);
    } else {
      e["evaluations"] = nullptr;  // what framspy gets for a genotype that was not evaluated
    }
    e["status"] = std::string(to_string(r.status));
    e["message"] = r.message;
    nlohmann::json d = nlohmann::json::array();
    for (const Diagnostic& x : r.diagnostics.items()) d.push_back(format_gcc(x));
    e["diagnostics"] = std::move(d);
    out.push_back(std::move(e));
  }
  return out.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace genokit::sim
