// What a neural network needs from a body: receptors (G, T, S, Water, Energy, custom) read a value
// from it, effectors (|, @, LMu, Sti, custom) write their command to it. The creature simulator
// implements this interface; without one, the network behaves as the Framsticks SDK r909 does
// (receptors output 0, effectors do nothing).
#pragma once

#include <span>
#include <string_view>

namespace genokit::neuro {

// The neuron asking: its index, class, attachment and class parameters (in the class's property
// order, see neuron_classes.hpp; string properties read as 0).
struct Attachment {
  int neuron = -1;
  std::string_view class_name;
  int part = -1;
  int joint = -1;
  std::span<const double> params;
};

class Body {
 public:
  virtual ~Body() = default;
  // A receptor's output for this step (clamped to +-1e10 by the network like every output).
  virtual double sense(const Attachment& a) { return 0.0; }
  // An effector's command for this step: the weighted sum of its inputs (muscles: the signal).
  virtual void actuate(const Attachment& a, double command) {}
};

}  // namespace genokit::neuro
