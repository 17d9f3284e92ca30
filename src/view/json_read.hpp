// JSON read with positions: a DOM (nlohmann) for the small parts of a document, every value's byte
// offset by JSON pointer, and long number arrays at chosen paths captured straight into doubles
// (a trajectory's samples: millions of numbers, no DOM node each). Internal to the view module.
#pragma once

#include <cstddef>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "genokit/core/diagnostics.hpp"
#include "genokit/core/text.hpp"

namespace genokit::view::detail {

struct JsonRead {
  nlohmann::ordered_json root;  // members in file order
  // JSON pointer ("/samples/parts", "/body/sticks/3/p1") -> byte offset of the value (its first
  // character; "" is the root).
  std::map<std::string, std::size_t> offsets;
  // The captured arrays (path -> numbers; null is read as NaN). A captured array also appears in
  // `root` as [].
  std::map<std::string, std::vector<double>> numbers;
};

// Parses `text`. Number arrays at a path in `capture` (a JSON pointer) are read into
// JsonRead::numbers; anything else in them is an error. Syntax errors become view.json-syntax at
// file:line:col. std::nullopt on any error.
std::optional<JsonRead> read_json(std::string_view text, const std::set<std::string>& capture,
                                  const std::string& file, Diagnostics& diags);

// How messages name a value: "/body/sticks/3/p1" -> "body.sticks[3].p1" ("" -> "the top-level object").
std::string json_path_name(const std::string& pointer);

}  // namespace genokit::view::detail
