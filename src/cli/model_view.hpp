// How `genokit show` presents a creature model built from any Framsticks genotype encoding.
#pragma once

#include <functional>
#include <nlohmann/json.hpp>
#include <string>

#include "genokit/core/diagnostics.hpp"
#include "genokit/f0/model.hpp"

namespace genokit::cli {

// Rewrites element source positions (offsets in the genotype text) to the file that holds the
// genotype, through `locate`.
void locate_elements(const std::function<Location(std::size_t)>& locate, f0::Model& m);

// The model as `show` prints it: the f0 table, then the neural network when there is one.
void describe_model(const f0::Model& m, std::string& text, nlohmann::json& json);

}  // namespace genokit::cli
