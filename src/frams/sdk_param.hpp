// Internal: the SDK's Param::set from a text for one number property, written once: parse
// (strictly in f0 elements and neuron parameters, non-strictly in object files and f1 brackets),
// the default on a parse failure (0 for a non-strict integer), getInt's overflow clamp and the range clamp.
// Callers report what happened with their own codes (texts: sdk_number.hpp).
#pragma once

#include <string>
#include <string_view>

#include "frams/sdk_number.hpp"
#include "genokit/frams/property.hpp"

namespace genokit::frams::sdk {

struct SetNumber {
  bool parsed = true;     // false: "Could not parse" (the value is then the property's default;
                          // 0 for a non-strict integer)
  IntValue int_overflow;  // non-strict integers beyond 32 bits: getInt's error (overflow != none)
  int clamped = 0;        // -1 too small, +1 too big (the SDK's Param.set warning)
  double given = 0;       // the value read, before range clamping
  double value = 0;       // the value stored (integers exact)
};

// `p` is an integer ('d') or number ('f') property.
SetNumber set_number(const Property& p, std::string_view text, bool strict);
// Param.set compares before it stores: a value equal to the current one changes nothing, so -0
// stays after a later 0 (f0 `p:sx=-0,sx=0`, f1 `X[N,in:-0,in:0]`) and a clamp message names the
// value kept.
inline void set_unless_equal(double& slot, double value) {
  if (!(slot == value)) slot = value;
}
// A value of `p` as the SDK's messages print it ("3", "-1", "99.0", "Inf.0").
std::string value_text(const Property& p, double v);
// The Param.set message for a clamped result: "Setting c.id = 'given' exceeded ...".
std::string clamp_message(std::string_view cls, const Property& p, const SetNumber& r);

}  // namespace genokit::frams::sdk
