// Internal spelling helpers of the text form, the summary and JSON.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "genokit/genome/layouts.hpp"

namespace genokit::genome::detail {

// Two lower-case hex digits per byte; with `wrap`, a line break and `indent` every `wrap` bytes.
void append_hex(std::string& out, std::string_view b, std::size_t wrap = 0, const char* indent = "");
// `b` without its trailing NUL bytes.
std::string_view trim_zeros(std::string_view b);
// An SVRule opcode: its name, or ?N for a byte without one.
std::string opcode_name(const SymbolTable& opcodes, unsigned c);
// A gene caption on one line (line breaks become spaces).
std::string one_line(std::string_view caption);

}  // namespace genokit::genome::detail
