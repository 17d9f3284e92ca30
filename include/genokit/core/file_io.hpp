// File input and safe output. "-" means standard input / standard output.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "genokit/core/diagnostics.hpp"

namespace genokit {

// The whole file (or stdin for "-"). On failure reports core.read-failed and returns std::nullopt.
std::optional<std::string> read_file(const std::string& path, Diagnostics& diags);

// Writes `data` to `path` atomically: a temporary file in the same folder is written, flushed and
// renamed over the target, so the target is either the old or the new content, never a mix. The
// mode of an existing target is kept. "-" writes to stdout. On failure reports core.write-failed,
// removes the temporary file and returns false.
bool write_file_atomic(const std::string& path, std::string_view data, Diagnostics& diags);

// The name to show for a path in messages ("<stdin>" for "-").
std::string display_name(const std::string& path);

}  // namespace genokit
