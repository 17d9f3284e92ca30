// read_document's step for callers that want what was read of a document it rejects (the CLI
// reports a failed lenient read's repairs).
#pragma once

#include <string_view>

#include "genokit/core/diagnostics.hpp"
#include "genokit/xode/document.hpp"

namespace genokit::xode {

// Reads into `doc` (a new Document); false when read_document would return std::nullopt, `doc`
// then holding what was read before the problem (its text, encoding, repairs).
bool read_into(Document& doc, std::string_view bytes, Diagnostics& diags, const ReadOptions& opt);

}  // namespace genokit::xode
