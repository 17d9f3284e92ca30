// The neuron class library as data: the 19 classes of SDK r909 plus VEye and VMotor of the full
// Framsticks application (notes §5.9). The one list of class facts: used by the model (known
// classes), the lint layer (placement, input counts, parameter ranges), `show`, `render`, the f1
// converter and the network stepper (which attaches behaviour to these classes by name).
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

#include "genokit/frams/property.hpp"

namespace genokit::f0 {

enum class NeuronLocation : std::int8_t { none = 0, part = 1, joint = 2 };

// visualhints bits (SDK NeuroClass)
inline constexpr std::uint32_t kHintInvisible = 1, kHintNoLabel = 2, kHintAtFirstPart = 4,
                               kHintAtSecondPart = 8, kHintEffector = 16, kHintReceptor = 32,
                               kHintV1BendMuscle = 64, kHintV1RotMuscle = 128, kHintLinearMuscle = 256;

// A class parameter: the one Framsticks table type ('f' number, 'd' integer, 's' string; a range
// that is not enforced when `ranged` is false), e.g. {"in", 'f', true, 0, 1, 0.8, "inertia"}.
using NeuronProp = frams::Property;

struct NeuronClass {
  std::string_view name;       // "N", "|", "@", "Sin", ...
  std::string_view long_name;  // "Neuron (standard)"
  int pref_inputs;             // -1 = any number
  int pref_output;             // 1 = has an output, 0 = effector without output
  NeuronLocation pref_location;
  std::uint32_t visual_hints;
  bool sdk;                 // in the SDK r909 library (false: full-app VEye, VMotor)
  bool genetically_active;  // PreconfiguredGenetics' list (N, G, T, S, *, |, @)
  std::span<const NeuronProp> props;
  std::string_view description;
  // When the SDK's network updates the class: 0 first (receptors, constants), 1 ordinary
  // neurons, 2 last (effectors).
  int sim_order = 1;
};

std::span<const NeuronClass> neuron_classes();
// The class named exactly `name` (case-sensitive), or nullptr.
const NeuronClass* find_neuron_class(std::string_view name);
// Index of property `id` in `c`, or -1.
int find_neuron_prop(const NeuronClass& c, std::string_view id);

}  // namespace genokit::f0
