// Neuron class implementations, looked up by class name when a network is built.
//
// The SDK r909 library (N, Nu, *, D, Rnd, Sin, Ch, ChSel, ChMux, Fuzzy, G, T, S, Water, Energy, |,
// @, LMu, Sti) is built in. More classes are added in C++ with one file (docs/neuro.md):
//
//   // src/neuro/class_thr.cpp
//   #include "genokit/neuro/classes.hpp"
//   namespace { struct Thr : genokit::neuro::NeuronBehavior { ... }; }
//   GENOKIT_NEURON_CLASS(thr) { return {"Thr", 1, ..., [] { return std::make_unique<Thr>(); }}; }
//
// Every src/neuro/class_<stem>.cpp is registered automatically (src/neuro/CMakeLists.txt lists
// them); programs can also call register_class() at run time.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "genokit/f0/neuron_classes.hpp"
#include "genokit/neuro/body.hpp"

namespace genokit::neuro {

class Network;

// What a class implementation sees while initialising or updating one neuron. Reads see the
// values committed before the neuron's group started; writes go to the pending output.
class NeuronContext {
 public:
  NeuronContext(Network& net, int neuron) : net_(net), i_(neuron) {}
  int index() const { return i_; }
  int input_count() const;
  int input_source(int k) const;
  double input_weight(int k) const;
  // Committed channel `channel` of input k's source (unweighted).
  double input_value(int k, int channel = 0) const;
  // Sum of weight * source output (channel 0) over the inputs, left to right.
  double weighted_input_sum() const;
  double output() const;      // this neuron's committed output
  void set_output(double v);  // pending output, clamped to +-1e10
  int channel_count() const;
  void set_channel_count(int n);  // >= 1; new channels start as the last existing one
  void set_channel(int ch, double v);
  // A class parameter by id (the class's declared properties; 0 for strings / unknown ids).
  double param(std::string_view id) const;
  std::string_view param_text(std::string_view id) const;
  double uniform();  // next number of the network's MT19937 stream, in [0, 1)
  Body* body() const;
  Attachment attachment() const;

 private:
  Network& net_;
  int i_;
};

class NeuronBehavior {
 public:
  virtual ~NeuronBehavior() = default;
  // After the random initial state; false = initialisation failed (the neuron is then constant).
  virtual bool init(NeuronContext& c) { return true; }
  virtual void update(NeuronContext& c) = 0;
};

// A class implementation. For a class of the f0 class table (f0/neuron_classes.hpp: the SDK r909
// library plus VEye, VMotor) the table is the one source of the class's facts (update order,
// required attachment, parameters) and only `make` is used; `group`, `needs` and `props` describe
// classes the table does not know.
struct ClassSpec {
  std::string name;  // as written in the f0 `d` text
  int group = 1;     // 0 receptors/constants, 1 ordinary, 2 effectors
  // Required attachment (initialisation fails without it).
  f0::NeuronLocation needs = f0::NeuronLocation::none;
  std::vector<f0::NeuronProp> props;
  std::function<std::unique_ptr<NeuronBehavior>()> make;
};

// Adds or replaces a class (a custom class may replace a built-in one). Not thread-safe with
// concurrent network builds.
void register_class(ClassSpec spec);
// Names of every class with an implementation, sorted.
std::vector<std::string> implemented_classes();
// The group a class updates in (-1 when it has no implementation).
int class_group(std::string_view name);

}  // namespace genokit::neuro

// Defines the registration hook of a src/neuro/class_<stem>.cpp file.
#define GENOKIT_NEURON_CLASS(stem) ::genokit::neuro::ClassSpec genokit_neuro_class_##stem()
