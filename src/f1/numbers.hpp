// Internal: the SDK number rules the f1 converter depends on (notes f1.md §5.5, §7.6).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace genokit::f1::detail {

// ExtValue::parseDouble: leading blanks, C decimal/exponent, inf/nan, 0x hex integers; anything
// left over, and overflow/underflow, fail.
bool sdk_parse_double(std::string_view s, double& out);
// ExtValue::parseInt: an integer (decimal or 0x hex), else a number truncated toward zero.
bool sdk_parse_int(std::string_view s, std::int64_t& out);
// The value C "%g" prints, read back: 6 significant digits, ties by the exact binary value.
double round6(double v);
// C "%g" text (6 significant digits, trailing zeros dropped).
void format_g6(double v, char* buf, std::size_t size);

}  // namespace genokit::f1::detail

namespace genokit::f1::detail {
// A number as the SDK's SString::valueOf prints it: shortest round-trip digits, plain notation
// for exponents -4..16, "1e-5"/"1e+20" otherwise, ".0" added to integral values.
std::string sdk_number(double v);
}  // namespace genokit::f1::detail
