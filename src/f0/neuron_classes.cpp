// The neuron class library (notes §5.9): SDK r909's 19 classes plus the full app's VEye and VMotor.
#include "genokit/f0/neuron_classes.hpp"

#include <array>

namespace genokit::f0 {
namespace {

using L = NeuronLocation;
constexpr NeuronProp fp(std::string_view id, double mn, double mx, double def, std::string_view name) {
  return {id, 'f', true, mn, mx, def, name};
}
constexpr NeuronProp dp(std::string_view id, double mn, double mx, double def, std::string_view name,
                        bool ranged = true) {
  return {id, 'd', ranged, mn, mx, def, name};
}
constexpr NeuronProp sp(std::string_view id, std::string_view name) {
  return {id, 's', false, 0, 0, 0, name};
}
constexpr NeuronProp fu(std::string_view id, double def, std::string_view name) {
  return {id, 'f', false, 0, 0, def, name};
}

constexpr std::array kN{fp("in", 0, 1, 0.8, "inertia"), fp("fo", 0, 999, 0.04, "force"),
                        fp("si", -99999, 99999, 2.0, "sigmoid"), fp("s", -1, 1, 0, "state")};
constexpr std::array kT{fp("r", 0, 1, 1.0, "range")};
constexpr std::array kBend{fp("p", 0.01, 1, 0.25, "power"), fp("r", 0, 1, 1.0, "bending range")};
constexpr std::array kRot{fp("p", 0.01, 1, 1.0, "power")};
constexpr std::array kFuzzy{dp("ns", 1, 0, 1, "number of fuzzy sets", false),
                            dp("nr", 1, 0, 1, "number of rules", false), sp("fs", "fuzzy sets"),
                            sp("fr", "fuzzy rules")};
constexpr std::array kChSel{dp("ch", 0, 0, 0, "channel", false)};
constexpr std::array kSin{fp("f0", -1, 1, 0.06283185307, "base frequency"),
                          fp("t", 0, 6.283185307, 0, "time (phase)")};
constexpr std::array kVEye{fu("tx", 0, "target x"),
                           fu("ty", 0, "target y"),
                           fu("tz", 0, "target z"),
                           fu("ts", 0, "target size"),
                           dp("p", 0, 0, 0, "perspective", false),
                           fu("s", 1, "scale"),
                           fu("h", 0, "hue"),
                           fu("o", 0, "offset"),
                           fu("d", 0, "distance")};
constexpr std::array kVMotor{dp("noIF", 0, 0, 0, "number of interfaces", false),
                             dp("noDim", 0, 0, 0, "number of dimensions", false), sp("params", "parameters")};

constexpr std::uint32_t R = kHintReceptor, E = kHintEffector;

constexpr std::array kClasses{
    NeuronClass{"N", "Neuron (standard)", -1, 1, L::none, 0, true, true, kN, "Standard neuron"},
    NeuronClass{"Nu", "Unipolar neuron [EXPERIMENTAL]", -1, 1, L::none, 0, true, false, kN,
                "Standard neuron with output in 0..1"},
    NeuronClass{"G", "Gyroscope", 0, 1, L::joint, R, true, true, {}, "Tilt of the joint it sits on", 0},
    NeuronClass{"T", "Touch", 0, 1, L::part, R, true, true, kT, "Touch sensor of a part", 0},
    NeuronClass{"S", "Smell", 0, 1, L::part, R, true, true, {}, "Smell (energy sources nearby)", 0},
    NeuronClass{"*", "Constant", 0, 1, L::none, 0, true, true, {}, "Constant output 1", 0},
    NeuronClass{"|", "Bend muscle", 1, 0, L::joint, E | kHintV1BendMuscle | kHintAtSecondPart, true, true,
                kBend, "Bends the joint it sits on", 2},
    NeuronClass{"@", "Rotation muscle", 1, 0, L::joint, E | kHintV1RotMuscle | kHintAtSecondPart, true, true,
                kRot, "Rotates the joint it sits on", 2},
    NeuronClass{"D", "Differentiate", -1, 1, L::none, 0, true, false, {}, "Difference of the input"},
    NeuronClass{"Fuzzy", "Fuzzy system [EXPERIMENTAL]", -1, 1, L::none, 0, true, false, kFuzzy,
                "Fuzzy rule system"},
    NeuronClass{
        "Sti", "Sticky [EXPERIMENTAL]", 1, 0, L::part, E, true, false, {}, "Sticks a part to others", 0},
    NeuronClass{"LMu", "Linear muscle [EXPERIMENTAL]", 1, 0, L::joint, E | kHintLinearMuscle, true, false,
                kRot, "Changes the joint's length", 2},
    NeuronClass{"Water", "Water detector", 0, 1, L::part, R, true, false, {}, "Depth under water", 0},
    NeuronClass{"Energy", "Energy level", 0, 1, L::none, R, true, false, {}, "Creature's energy"},
    NeuronClass{"Ch", "Channelize", -1, 1, L::none, 0, true, false, {}, "Joins inputs into channels"},
    NeuronClass{"ChMux", "Channel multiplexer", 2, 1, L::none, 0, true, false, {}, "Selects a channel"},
    NeuronClass{"ChSel", "Channel selector", 1, 1, L::none, 0, true, false, kChSel, "Picks one channel"},
    NeuronClass{"Rnd", "Random noise", 0, 1, L::none, 0, true, false, {}, "Random output"},
    NeuronClass{"Sin", "Sinus generator", 1, 1, L::none, 0, true, false, kSin, "Sine wave"},
    NeuronClass{"VEye", "Vector Eye", 1, 1, L::part, R, false, false, kVEye,
                "Vector eye of the full Framsticks application"},
    NeuronClass{"VMotor", "Visual Motor", -1, 1, L::none, 0, false, false, kVMotor,
                "Vector motor of the full Framsticks application"},
};

}  // namespace

std::span<const NeuronClass> neuron_classes() {
  return kClasses;
}

const NeuronClass* find_neuron_class(std::string_view name) {
  // Every neuron of every genotype is looked up: the classes bucketed by their first byte.
  using Bucket = std::array<const NeuronClass*, 4>;
  static const auto buckets = [] {
    std::array<Bucket, 256> b{};
    for (const auto& c : kClasses) {
      Bucket& k = b[static_cast<unsigned char>(c.name[0])];
      std::size_t i = 0;
      while (k[i]) ++i;  // (at most 3 classes share a first letter)
      k[i] = &c;
    }
    return b;
  }();
  if (name.empty()) return nullptr;
  for (const NeuronClass* c : buckets[static_cast<unsigned char>(name[0])]) {
    if (!c) break;
    if (c->name.size() != name.size()) continue;
    std::size_t i = 1;  // the first byte matches (bucket); names are short: no memcmp call
    while (i < name.size() && c->name[i] == name[i]) ++i;
    if (i == name.size()) return c;
  }
  return nullptr;
}

int find_neuron_prop(const NeuronClass& c, std::string_view id) {
  return frams::find_property(c.props, id);
}

}  // namespace genokit::f0
