// The network as people and programs read it: classes, parameters (after clamping), inputs with
// weights, update group and status. Used by `genokit neuro show`; an f0 `show` can append it:
//   auto net = neuro::Network::build(model, {0, 0, 0});
//   text += neuro::describe_text(net);  json["network"] = neuro::describe_json(net);
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "genokit/neuro/network.hpp"

namespace genokit::neuro {

std::string describe_text(const Network& net);
nlohmann::json describe_json(const Network& net);

}  // namespace genokit::neuro
