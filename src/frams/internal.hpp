// Helpers shared by the frams sources (not public API).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "genokit/frams/document.hpp"

namespace genokit::frams::detail {

// For each field of `o`: index + 1 of the previous field with the same key, 0 if none.
// Linear for small objects, hashed for big ones (no quadratic behaviour).
void previous_same_key(const Object& o, std::vector<std::uint32_t>& prev);
// For each field of `o`: 1 when a later field has the same key (only the last one counts, SDK).
std::vector<char> superseded_fields(const Object& o);

// Location of the start of the value of `f` without scanning the value.
Location value_start(const Document& doc, const Field& f);
Location key_location(const Document& doc, const Field& f);

}  // namespace genokit::frams::detail
