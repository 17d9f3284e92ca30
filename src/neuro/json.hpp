// Internal: the nlohmann::json builders behind describe_json() and trace_json(), for the CLI.
#pragma once

#include <nlohmann/json.hpp>

#include "genokit/neuro/network.hpp"
#include "genokit/neuro/trace.hpp"

namespace genokit::neuro::detail {

nlohmann::json describe_json(const Network& net);
nlohmann::json trace_json(const Network& net, const Trace& t, const TableInfo& info);
// A finite number as a JSON number, anything else as its text ("nan", "inf", "-inf").
nlohmann::json number_json(double v);

}  // namespace genokit::neuro::detail
