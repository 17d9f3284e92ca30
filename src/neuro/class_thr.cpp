// Thr, the threshold neuron of the Framsticks distribution (neuro/threshold.neuro, a FramScript
// class there): output = hi when the weighted input sum >= t, else lo. Also the worked example of
// adding a neuron class in C++ (docs/neuro.md): one file named class_<stem>.cpp, one
// GENOKIT_NEURON_CLASS(<stem>) returning the class's name, group, parameters and factory.
#include "genokit/neuro/classes.hpp"

namespace {

class Thr final : public genokit::neuro::NeuronBehavior {
 public:
  bool init(genokit::neuro::NeuronContext& c) override {
    t_ = c.param("t");
    lo_ = c.param("lo");
    hi_ = c.param("hi");
    return true;
  }
  void update(genokit::neuro::NeuronContext& c) override {
    c.set_output(c.weighted_input_sum() >= t_ ? hi_ : lo_);
  }

 private:
  double t_ = 0, lo_ = 0, hi_ = 0;
};

}  // namespace

GENOKIT_NEURON_CLASS(thr) {
  genokit::neuro::ClassSpec s;
  s.name = "Thr";
  s.group = 1;
  // Unbounded floats, default 0, as in threshold.neuro (`type:f`).
  s.props = {{"t", 'f', false, 0, 0, 0, "threshold"},
             {"lo", 'f', false, 0, 0, 0, "low output value"},
             {"hi", 'f', false, 0, 0, 0, "high output value"}};
  s.make = [] { return std::make_unique<Thr>(); };
  return s;
}
