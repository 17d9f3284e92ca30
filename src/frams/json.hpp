// Internal: the nlohmann::ordered_json builders behind genokit/frams/json.hpp.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "genokit/frams/json.hpp"

namespace genokit::frams::detail {

nlohmann::ordered_json to_json(const Document& doc, const JsonOptions& opt = {});
// The canonical text (std::nullopt when there were errors; `partial`, when given, receives what
// could be written).
std::optional<std::string> json_to_text(const nlohmann::ordered_json& j, Diagnostics& diags,
                                        std::string* partial = nullptr);
// genokit/frams/json.hpp's type_json and props_json before dumping (keys sorted, as the CLI prints them).
nlohmann::json type_json(std::string_view type);
nlohmann::json props_json(const ClassSchema& cls);

}  // namespace genokit::frams::detail
