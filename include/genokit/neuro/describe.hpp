// The network as people and programs read it: classes, parameters (after clamping), inputs with
// weights, update group and status. Used by `genokit neuro show` and, for a model with neurons,
// `genokit show`:
//   auto net = neuro::Network::build(model, {0, 0, 0});
//   std::string text = neuro::describe_text(net), json = neuro::describe_json(net);
#pragma once

#include <string>

#include "genokit/neuro/network.hpp"

namespace genokit::neuro {

std::string describe_text(const Network& net);
// {"neurons": [{index, class, details, status, params, inputs, group, part, joint}], "messages": [...]}
std::string describe_json(const Network& net);

}  // namespace genokit::neuro
