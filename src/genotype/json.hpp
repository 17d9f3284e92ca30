// Internal: the nlohmann::json builder behind genokit/genotype/json.hpp, for the CLI.
#pragma once

#include <functional>
#include <nlohmann/json.hpp>
#include <string_view>

#include "genokit/genotype/read.hpp"

namespace genokit::genotype::detail {

// `locate` gives the line/column of a genotype byte offset for the map (in the text itself, or in
// the file that holds it).
nlohmann::json to_json(const Genotype& g, std::string_view text,
                       const std::function<Location(std::size_t)>& locate);

}  // namespace genokit::genotype::detail
