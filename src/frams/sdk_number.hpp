// Internal: the Framsticks SDK r909 number rules, written once (ExtValue::parseNumber, parseInt,
// parseDouble, getInt and SString::valueOf), for every reader of SDK text: f0 elements, neuron
// class parameters, f1 brackets and object files. Each rule was settled against the SDK itself
// (tests/frams/sdk_number_test.cpp holds the SDK's verdicts; docs/framsticks-file-format.md).
//
//  - Leading C whitespace (space, tab, LF, VT, FF, CR) is skipped; nothing may follow the number.
//  - "0x" hex (after an optional sign): up to 0xFFFFFFFF; an integer wraps to 32 bits (0xFFFFFFFF
//    is -1), a double keeps the value (4294967295); the SDK's strtoul also takes a sign or another
//    "0x" after the first one ("0x+2" is 2).
//  - Decimal forms of C strtod: sign, digits with '.' and exponent, inf/infinity, nan/nan(payload),
//    any letter case. Overflow fails, and so does underflow (a non-zero number whose value is
//    below 2.2250738585072014e-308 after rounding to 53 bits: glibc's ERANGE).
//  - An integer property reads strictly (f0 elements, neuron parameters: no '.', no exponent,
//    within 32 bits) or, in object files and f1 brackets, any number converted by getInt (1.9 is
//    1; beyond 32 bits it is clamped with an error; NaN gives -2147483648).
#pragma once

#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace genokit::frams::sdk {

// What ExtValue::parseNumber is asked for (TUnknown, TInt, TDouble).
enum class Want : std::uint8_t { any, integer, real };

// A whole text read as one number (no text after it), or `none`.
struct Number {
  enum class Kind : std::uint8_t { none, integer, real } kind = Kind::none;
  std::int32_t i = 0;  // the SDK's paInt
  double d = 0;
  explicit operator bool() const { return kind != Kind::none; }
  double as_double() const { return kind == Kind::integer ? static_cast<double>(i) : d; }
};
Number parse_number(std::string_view text, Want want);
// ExtValue::parseNumber on the start of a longer text (f4 repetition counts and links, vector
// elements): after C blanks, the characters strtod (or, after "0x", strtoul) would read, then the
// rules above on them. `end` is set to the offset just after those characters (when a number is
// read; untouched otherwise).
Number parse_number_prefix(std::string_view text, Want want, std::size_t& end);

// ExtValue::parseDouble (always the whole text).
std::optional<double> parse_double(std::string_view text);
// ExtValue::parseInt, strict: an integer within 32 bits.
std::optional<std::int32_t> parse_int_strict(std::string_view text);

// ExtValue::getInt of a double: out of range clamps (with the SDK's error), NaN gives INT32_MIN.
struct IntValue {
  std::int32_t value = 0;
  enum class Overflow : std::uint8_t { none, max, min } overflow = Overflow::none;
  double from = 0;  // the double that overflowed
};
IntValue to_int(double d);
// ExtValue::parseInt, non-strict: any number, doubles through to_int().
std::optional<IntValue> parse_int(std::string_view text);

// The SDK's message texts (without "[ERROR] Source.function: ").
// ExtValue.parseInt/parseDouble: "Could not parse 'x'" (+ " (strict)").
std::string could_not_parse(std::string_view text, bool strict = false);
// ExtValue.getInt: "Overflow when converting floating point value to integer; using maximal
// allowed integer '2147483647' instead of '3000000000.0'".
std::string overflow_message(const IntValue& v);
// Param.set: "Setting p.fr = '99.0' exceeded allowed range (too big). Adjusted to '4.0'."
std::string clamp_message(std::string_view cls, std::string_view id, std::string_view given, bool too_big,
                          std::string_view adjusted);

// A double as the SDK writes it (SString::valueOf): shortest round-trip digits, plain notation
// for 1e-4 <= |v| <= 1e17 (digits padded with zeros, ".0" for integral values: "1.0",
// "2000000.0", "0.25", "100000000000000000.0"), "1e-5"/"1.1e+17" outside, "Inf.0"/"-Inf.0", and
// NaN as its bits ("NaN8000000000000.0"). Digits exactly halfway to a neighbouring double are
// never the shortest (3.3e22 is "3.2999999999999998e+22"; docs/f0.md, writer).
std::string format_double(double v);

// Whether the SDK's number reader reads back what format_double writes: not for NaN and infinities
// ("NaN8000000000000.0", "Inf.0") nor subnormal numbers ("1.2000000000000003e-308"), so a model
// the SDK builds through an f0 text fails at such a value.
inline bool reads_back(double v) {
  return v == 0 || std::isnormal(v);
}

}  // namespace genokit::frams::sdk
