// Locale-independent number parsing and printing (std::from_chars / std::to_chars).
// Format-specific leniency (hex, leading blanks, SDK quirks) is built on these by each module.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace genokit {

// Whole-string strict parses: no blanks, no trailing text. Doubles accept an optional leading '+',
// decimal/exponent forms and inf/infinity/nan (any case).
std::optional<double> parse_double(std::string_view s);
std::optional<std::int64_t> parse_int(std::string_view s);  // optional leading '+' or '-'

// Longest numeric prefix; returns the number of bytes consumed (0 = no number).
std::size_t parse_double_prefix(std::string_view s, double& out);
std::size_t parse_int_prefix(std::string_view s, std::int64_t& out);

// Shortest text that reads back to exactly the same double ("0.1", "1e+20", "1", "inf", "nan").
std::string format_double(double v);
// Like printf("%.17g") but locale-independent.
std::string format_double_g17(double v);

}  // namespace genokit
