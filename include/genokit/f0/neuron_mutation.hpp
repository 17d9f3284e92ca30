// The neuron side of the genetic operators of every encoding (spec notes encodings.md §0,
// evolution.md §2.5–2.6), on top of the neuron class table: which classes mutations may add
// (GenMan's `neuadd_<Class>` flags) and the SDK helpers that pick and mutate neuron properties.
// Number-only helpers (random source, creep, weights) are in genokit/frams/sdk_random.hpp.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "genokit/f0/neuron_classes.hpp"
#include "genokit/frams/operator_params.hpp"
#include "genokit/frams/sdk_random.hpp"

namespace genokit::f0 {

// The `neuadd_<Class>` table ("Genetics: Neurons to add"), integer 0/1 per class, in library order:
// one row per class of neuron_classes() (id: the class name, or for the classes named by a symbol
// its long name with '_' for blanks: neuadd_Constant, neuadd_Bend_muscle, neuadd_Rotation_muscle),
// defaulting to 1 for the genetically active classes (N G T S * | @), then rows for classes of the
// full Framsticks application genokit does not have (neuadd_Gpart, neuadd_M, ...; accepted so
// Framsticks `.sim` files read without warnings, and without effect).
std::span<const frams::Property> neuadd_params();
// The neuadd_ id of a class ("N", "Constant", "Bend_muscle"), without the prefix.
std::string neuadd_name(const NeuronClass& c);
// True for a class of the library (neuron_classes()) or of the full Framsticks application that
// genokit lacks (Gpart, Thr, Delay, ...): names real Framsticks genotypes may use.
bool known_to_framsticks(std::string_view class_name);

// The classes mutations may add, always in library order (the SDK's derived lists).
struct NeuronClassLists {
  std::vector<const NeuronClass*> active;       // neuadd_<Class> = 1
  std::vector<const NeuronClass*> with_output;  // active, preferred output != 0 (N G T S *)
  std::vector<const NeuronClass*> with_inputs;  // active, preferred inputs != 0 (N | @)
  std::vector<const NeuronClass*> sensors;      // active, output and no inputs (G T S *)
};
// From the values of neuadd_params() (defaults: the lists above).
NeuronClassLists neuron_class_lists(const frams::ParamValues& neuadd);
const NeuronClassLists& default_neuron_class_lists();
// R(size) of a list, or nullptr when it is empty (no draw then, as in the SDK).
const NeuronClass* random_class(std::span<const NeuronClass* const> list, frams::SdkRandom& rng);

// A random property of the class to mutate: R(count) over its properties, or -1 when it has none
// (no draw). (The SDK adds the neuron's "extra" properties first and offsets class properties by
// 100; r909 neurons have no extra properties, so the draw is the same.)
int select_random_property(const NeuronClass& c, frams::SdkRandom& rng);
// A new value for property `prop` of class `c` (getMutatedProperty): the si/in/fo interval
// mixtures, other numbers creep()ed within their range (frams::mutate_property).
double mut_neuron_prop(const NeuronClass& c, int prop, double current, frams::SdkRandom& rng);

// The class properties of a neuron's details text ("N:in=0.5, fo=0.1"): every number of the
// class's table at its value (the default when not given or unreadable; strict SDK numbers,
// clamped to the range), string properties as text.
struct NeuronParams {
  const NeuronClass* cls = nullptr;  // nullptr: not a class of the library
  std::string class_name;            // as written ("N" for an empty details text)
  std::vector<double> numbers;       // per class property
  std::vector<std::string> texts;    // per class property ('s' rows)
};
NeuronParams read_neuron_params(std::string_view details);
// "in=0.9, si=3.0": the properties that differ from their defaults, in class order, as the SDK's
// single-line writer prints them (numbers shortest round-trip with ".0", strings quoted when
// needed); empty when all are defaults.
std::string write_neuron_params(const NeuronParams& p);

// mutNeuronDetails (used by fH, fB, fL): reads the details (empty = "N"); if the class has
// properties, picks one with R(count) and, when it is a real number, replaces it with
// mut_neuron_prop; then returns "<Class>: <non-default properties>" (colon and a space, e.g.
// "N: in=0.9491182933282107") or the bare class name when all are defaults. std::nullopt (no draw)
// for a class the library does not have.
std::optional<std::string> mut_neuron_details(std::string_view details, frams::SdkRandom& rng);

}  // namespace genokit::f0
