// Pieces of read_document (reader.cpp) that xode::load's fast path (fast_load.cpp) shares.
#pragma once

#include <string>
#include <string_view>

#include "genokit/core/diagnostics.hpp"
#include "genokit/xode/document.hpp"

namespace genokit::xode {

// encoding="..." of a leading XML declaration, or "".
std::string declared_encoding(std::string_view text);
// The note for a file that starts with a UTF-8 BOM.
void note_bom(const Document& doc, Diagnostics& diags);

}  // namespace genokit::xode
