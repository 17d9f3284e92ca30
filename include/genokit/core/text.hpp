// Small text utilities shared by the text-format readers.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "genokit/core/diagnostics.hpp"

namespace genokit {

// Maps byte offsets of a text to 1-based line/column. Lines end at LF.
class LineIndex {
 public:
  LineIndex() = default;
  explicit LineIndex(std::string_view text);
  // Location of `offset` (clamped to the text size); line and column are 1-based.
  Location locate(std::size_t offset) const;
  std::size_t line_count() const { return starts_.size(); }
  std::size_t line_start(std::size_t line1) const { return starts_.at(line1 - 1); }

 private:
  std::vector<std::size_t> starts_{0};
};

// Offset of the first byte that breaks UTF-8 validity, or npos if the text is valid UTF-8.
std::size_t find_invalid_utf8(std::string_view s);

// True when the bytes look like text (no NUL, few control characters) rather than binary data.
bool looks_like_text(std::string_view bytes);

std::string_view trim(std::string_view s);  // blanks = space, tab, CR, LF, FF, VT

}  // namespace genokit
