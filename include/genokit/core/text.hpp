// Small text utilities shared by the text-format readers.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
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

// Appends `s` to `out` escaped for XML (XODE, SVG): & < > always, CR as a character reference
// (a parser would turn it into LF), and in an attribute value also " and, so that they survive
// attribute-value normalisation, LF and tab.
void append_xml_escaped(std::string& out, std::string_view s, bool attribute);

// True when the bytes look like text (no NUL, few control characters) rather than binary data.
bool looks_like_text(std::string_view bytes);

// The blank sets the text formats skip. They differ on purpose: each is what the format's
// reference implementation skips at that place, so each place names its set.
enum class Blanks : std::uint8_t {
  space,       // C isspace (space, tab, LF, VT, FF, CR): strtod/sscanf, Framsticks file lines
  space_tab,   // C isblank (space, tab): fields of the SDK's Param::loadSingleLine
  line_start,  // space, tab, CR: what the SDK skips before an f0 line's class
  layout,      // space, tab, LF, CR: f1 text (the SDK's f1 reader rejects VT and FF)
};

namespace detail {
inline constexpr std::uint8_t kBlankBits[256] = {
    // bit 0 space, bit 1 space_tab, bit 2 line_start, bit 3 layout
    0,   0, 0, 0, 0, 0, 0, 0, 0, 0xF, 0x9, 0x1, 0x1, 0xD, 0, 0,  // \t \n \v \f \r
    0,   0, 0, 0, 0, 0, 0, 0, 0, 0,   0,   0,   0,   0,   0, 0,
    0xF,  // ' '
};
}  // namespace detail

// True when `c` is in the set.
constexpr bool is_blank(char c, Blanks set = Blanks::space) {
  return (detail::kBlankBits[static_cast<unsigned char>(c)] >> static_cast<unsigned>(set)) & 1u;
}
// `s` without the blanks of `set` at its start / end / both ends.
constexpr std::string_view trim_left(std::string_view s, Blanks set = Blanks::space) {
  std::size_t b = 0;
  while (b < s.size() && is_blank(s[b], set)) ++b;
  return s.substr(b);
}
constexpr std::string_view trim_right(std::string_view s, Blanks set = Blanks::space) {
  std::size_t e = s.size();
  while (e > 0 && is_blank(s[e - 1], set)) --e;
  return s.substr(0, e);
}
constexpr std::string_view trim(std::string_view s, Blanks set = Blanks::space) {
  return trim_right(trim_left(s, set), set);
}

}  // namespace genokit
