// Internal: neuron parameters as the SDK's parameter interface sets them for f1 brackets (notes
// f1.md §7.5): a parameter text "name=value, ..." read and written with the SDK's single-line rules
// (frams::sdk) for one class's table, a value set from a number (`!`, `=`, `/`, muscles) or from
// the token's text (named parameters: Param::set, non-strict), clamped to the class's range.
//
// The table is the class current at the bracket's first parameter set (SDK r909): parameters given
// before the class token are set for class N, and every later set (the muscle's p/r included)
// goes to N's table while the neuron gets the new class ("[!:0.5,|,p:0.3]" gives "|:fo=0.5").
#pragma once

#include <array>
#include <span>
#include <string>
#include <string_view>

#include "frams/sdk_param.hpp"
#include "genokit/f0/neuron_classes.hpp"

namespace genokit::f1::detail {

enum class SetResult { ok, clamped_low, clamped_high, unknown_class, unknown_param, parse_failed };

// The SDK library class named exactly `name`, or nullptr (full-app classes are unknown to it).
inline const f0::NeuronClass* sdk_class(std::string_view name) {
  const f0::NeuronClass* c = f0::find_neuron_class(name);
  return c && c->sdk ? c : nullptr;
}
inline const f0::NeuronClass* class_n() {  // every bracket's starting class
  static const f0::NeuronClass* const n = sdk_class("N");
  return n;
}

// What a set did, for the caller's messages.
struct SetOutcome {
  SetResult result = SetResult::ok;
  std::string given, adjusted;        // the SDK's texts of the values on clamping
  frams::sdk::IntValue int_overflow;  // a non-strict integer beyond 32 bits (getInt's error)
  std::string_view table;             // the class whose table took the set (message prefix)
  char type = 'f';                    // of the property set
};

// The parameters of one bracket neuron: the values of its table, kept between sets as the SDK's
// parameter object keeps them, and their text, written when it is needed.
class ParamSet {
 public:
  static constexpr std::size_t kMax = 16;  // parameters per class (the library has at most 9)

  // The class name: a view into the genotype text (or "N"), valid while the text is.
  std::string_view cls() const { return cls_; }
  // The class (SDK library only; nullptr for unknown classes), looked up once.
  const f0::NeuronClass* klass() {
    if (!resolved_) {
      cls_class_ = cls_ == "N" ? class_n() : sdk_class(cls_);
      resolved_ = true;
    }
    return cls_class_;
  }
  // A class token: the neuron's class changes; the parameter table does not once a parameter
  // was set.
  void set_class(std::string_view name) {
    cls_ = name;
    resolved_ = false;
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

  // Sets `name` = `value` (a number, clamped as Param.set does).
  SetOutcome set(std::string_view name, double value);
  // Sets `name` from a token's text as Param::set does: numbers non-strict (a failure gives the
  // default), strings as they are.
  SetOutcome set_text(std::string_view name, std::string_view text);

 private:
  // The table taking sets (fixed by the first one); nullptr when its class is unknown.
  const f0::NeuronClass* table() {
    if (!table_fixed_) table_ = klass(), table_fixed_ = true;
    return table_;
  }
  // Finds `name` in the table (nullptr with the result in `out` when it cannot be set); makes sure
  // the values are there.
  const f0::NeuronProp* prepare(std::string_view name, SetOutcome& out, int& idx);
  void flush() {
    if (stale_) write();
  }
  void write();

  std::string_view cls_ = "N";
  std::string params_;
  const f0::NeuronClass* cls_class_ = nullptr;
  const f0::NeuronClass* table_ = nullptr;
  bool resolved_ = false;
  bool table_fixed_ = false;
  bool values_ = false;  // num_ holds the table's values (from the first set on)
  bool texts_ = false;   // str_ holds the string parameters (from the first one set)
  bool stale_ = false;   // params_ must be written from the values
  std::array<double, kMax> num_;
  // String parameters: views into the genotype text (a trivial type: set only when first used).
  struct Text {
    const char* data;
    std::size_t size;
  };
  std::array<Text, kMax> str_;
};

}  // namespace genokit::f1::detail
