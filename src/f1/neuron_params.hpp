// Internal: neuron parameters as the SDK's parameter interface sets them for f1 brackets (notes
// f1.md §7.5): parse "name=value, ..." for the class, set one value (clamped to the class's range),
// write back only non-default values in the class's order.
#pragma once

#include <string>
#include <string_view>

#include "genokit/f0/neuron_classes.hpp"

namespace genokit::f1::detail {

enum class SetResult { ok, clamped_low, clamped_high, unknown_class, unknown_param };

struct ParamSet {
  std::string cls = "N";  // class name
  std::string params;     // text after "Class:" (may be empty)
  std::string details() const { return params.empty() ? cls : cls + ":" + params; }
};

// Sets `name` = `value` on `ps` when its class is in the SDK library and has that parameter.
// On clamping, `given` / `adjusted` receive the SDK's texts of the two values.
// The SDK library class named exactly `name` (f0::find_neuron_class, bucketed for speed).
const f0::NeuronClass* find_class(std::string_view name);

SetResult set_param(ParamSet& ps, std::string_view name, double value, std::string& given,
                    std::string& adjusted);

}  // namespace genokit::f1::detail
