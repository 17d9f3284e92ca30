// Internal: the SDK converter's 6-digit rounding (it builds the model through "%g" f0 text; notes
// f1.md §5.5). The SDK's number reading and writing rules are frams::sdk's (frams/sdk_number.hpp).
#pragma once

#include <cstddef>

namespace genokit::f1::detail {

// The value C "%g" prints, read back: 6 significant digits, ties by the exact binary value.
double round6(double v);
// C "%g" text (6 significant digits, trailing zeros dropped).
void format_g6(double v, char* buf, std::size_t size);

}  // namespace genokit::f1::detail
