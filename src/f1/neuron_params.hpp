// Internal: neuron parameters as the SDK's parameter interface sets them for f1 brackets (notes
// f1.md §7.5): parse "name=value, ..." for the class, set one value (clamped to the class's range),
// write back only non-default values in the class's order.
#pragma once

#include <array>
#include <string>
#include <string_view>

#include "genokit/f0/neuron_classes.hpp"

namespace genokit::f1::detail {

enum class SetResult { ok, clamped_low, clamped_high, unknown_class, unknown_param };

// The SDK library class named exactly `name` (f0::find_neuron_class, bucketed for speed).
const f0::NeuronClass* find_class(std::string_view name);
inline const f0::NeuronClass* class_n() {  // find_class("N"), every bracket's starting class
  static const f0::NeuronClass* const n = find_class("N");
  return n;
}

// The parameters of one bracket neuron. The SDK writes the parameter text after every set and
// reads it back before the next; here the values stay numbers between sets and the text is
// written once when it is needed. That is the same text: every value kept as a number is one that
// reads back exactly from its own text (finite, integers below 2^53), and anything else (and any
// string parameter) takes the text round trip at once.
class ParamSet {
 public:
  static constexpr std::size_t kMax = 16;  // parameters per class (the library has at most 8)

  // The class name: a view into the genotype text (or "N"), valid while the text is.
  std::string_view cls() const { return cls_; }
  // The class (SDK library only; nullptr for unknown classes), looked up once.
  const f0::NeuronClass* klass() {
    if (!resolved_) {
      cls_class_ = cls_ == "N" ? class_n() : find_class(cls_);
      if (cls_class_ && !cls_class_->sdk) cls_class_ = nullptr;
      resolved_ = true;
    }
    return cls_class_;
  }
  // A class token: the parameter text (set for the old class) is kept and read for the new one.
  void set_class(std::string_view name) {
    flush();
    cls_ = name;
    resolved_ = false;
    nums_ = false;
  }
  const std::string& params() {  // text after "Class:" (may be empty)
    flush();
    return params_;
  }
  // Writes "Class" or "Class:params" into `details` and the parameter text into `params`.
  void describe(std::string& details, std::string& params) {
    flush();
    if (params_.empty()) {
      if (details != cls_) details.assign(cls_);
      return;
    }
    details.reserve(cls_.size() + 1 + params_.size());
    details.assign(cls_).append(1, ':').append(params_);
    params = std::move(params_);
    params_.clear();
  }

 private:
  friend SetResult set_param(ParamSet& ps, std::string_view name, double value, std::string& given,
                             std::string& adjusted);
  void flush() {
    if (stale_) write();
  }
  void write();

  std::string_view cls_ = "N";
  std::string params_;
  const f0::NeuronClass* cls_class_ = nullptr;
  bool resolved_ = false;
  bool nums_ = false;             // num_ holds the values params_ (or the text it stands for) reads as
  bool stale_ = false;            // params_ must be written from num_
  std::array<double, kMax> num_;  // filled (defaults or read text) before use
};

// Sets `name` = `value` on `ps` when its class is in the SDK library and has that parameter.
// On clamping, `given` / `adjusted` receive the SDK's texts of the two values.
SetResult set_param(ParamSet& ps, std::string_view name, double value, std::string& given,
                    std::string& adjusted);

}  // namespace genokit::f1::detail
