// Neuron parameters of f1 brackets (neuron_params.hpp). Like the SDK's parameter object, the
// values persist between sets (a NaN set earlier survives later sets) and the text is the SDK
// writer's: the table's order, defaults left out, numbers as frams::sdk::format_double writes them
// (integers without ".0"), texts quoted when needed.
#include "f1/neuron_params.hpp"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>

#include "frams/single_line.hpp"

namespace genokit::f1::detail {
namespace {

constexpr std::size_t kMax = ParamSet::kMax;

// format_double() of recent values: bracket after bracket sets the same muscle powers and ranges.
const std::string& cached_number(double v) {
  struct Slot {
    std::uint64_t bits = 0;
    bool used = false;
    std::string text;
  };
  thread_local const auto cache = std::make_unique<std::array<Slot, 512>>();  // heap: big
  std::uint64_t bits;
  std::memcpy(&bits, &v, sizeof bits);
  Slot& s = (*cache)[(bits * 0x9E3779B97F4A7C15ull) >> 55];
  if (!s.used || s.bits != bits) s.bits = bits, s.used = true, s.text = frams::sdk::format_double(v);
  return s.text;
}

// double -> long long as the x86 conversion the SDK build does it: out of range and NaN give the
// "integer indefinite" INT64_MIN (a plain cast would be undefined behaviour there).
long long to_int64(double v) {
  if (v >= -9223372036854775808.0 && v < 9223372036854775808.0) return static_cast<long long>(v);
  return std::numeric_limits<long long>::min();
}

void append_number(std::string& out, const f0::NeuronProp& p, double v) {
  if (p.type == 'd') {
    char buf[24];
    const auto r = std::to_chars(buf, buf + sizeof buf, to_int64(v));  // std::to_string's text
    out.append(buf, r.ptr);
  } else {
    out += cached_number(v);
  }
}

std::string number_text(const f0::NeuronProp& p, double v) {
  std::string s;
  append_number(s, p, v);
  return s;
}

// `text(i)`: the string parameter i (empty when not set).
template <class Text>
std::string write_text(std::span<const f0::NeuronProp> props, const std::array<double, kMax>& num,
                       Text text) {
  std::string out;
  for (std::size_t i = 0; i < props.size(); ++i) {
    const bool is_text = props[i].type == 's';
    if (is_text ? text(i).empty() : num[i] == props[i].def) continue;  // (NaN is never a default)
    if (!out.empty()) out += ", ";
    out.append(props[i].id).append("=");
    if (is_text)
      frams::sdk::append_text(out, text(i));
    else
      append_number(out, props[i], num[i]);
  }
  return out;
}

// Clamps `value` to p's range as the SDK's Param.set does; the texts of both values on clamping.
void clamp(const f0::NeuronProp& p, double& value, SetOutcome& out) {
  if (!p.ranged) return;
  if (value > p.max || value < p.min) {
    const bool big = value > p.max;
    out.result = big ? SetResult::clamped_high : SetResult::clamped_low;
    out.given = number_text(p, value);
    value = big ? p.max : p.min;
    out.adjusted = number_text(p, value);
  }
}

// Stores `value` as the SDK's Param.set does (frams::sdk::set_unless_equal): the clamping message
// names the value kept ("X[N,fo:-0,fo:-5]": "Adjusted to '-0.0'").
void store(const f0::NeuronProp& p, double& slot, double value, SetOutcome& out) {
  frams::sdk::set_unless_equal(slot, value);
  if (out.result == SetResult::clamped_high || out.result == SetResult::clamped_low)
    out.adjusted = number_text(p, slot);
}

}  // namespace

void ParamSet::write() {
  stale_ = false;
  const auto props = table_->props;
  if (texts_) {
    params_ =
        write_text(props, num_, [&](std::size_t i) { return std::string_view(str_[i].data, str_[i].size); });
    return;
  }
  // The texts of recent value sets: bracket after bracket writes the same muscle parameters.
  struct Entry {
    const f0::NeuronClass* cls = nullptr;
    std::array<double, kMax> num{};
    std::string text;
  };
  thread_local const auto cache = std::make_unique<std::array<Entry, 256>>();  // heap: big
  std::uint64_t h = reinterpret_cast<std::uintptr_t>(table_);
  for (std::size_t i = 0; i < props.size(); ++i) {
    std::uint64_t bits;
    std::memcpy(&bits, &num_[i], sizeof bits);
    h = (h ^ bits) * 0x9E3779B97F4A7C15ull;
  }
  Entry& e = (*cache)[h >> 56];
  if (e.cls == table_ && std::memcmp(e.num.data(), num_.data(), props.size() * sizeof(double)) == 0) {
    params_ = e.text;  // same class, same bits: the same text
    return;
  }
  params_ = write_text(props, num_, [](std::size_t) { return std::string_view(); });
  e.cls = table_, e.num = num_, e.text = params_;
}

const f0::NeuronProp* ParamSet::prepare(std::string_view name, SetOutcome& out, int& idx) {
  const f0::NeuronClass* t = table();
  if (!t) {
    out.result = SetResult::unknown_class;
    return nullptr;
  }
  out.table = t->name;
  idx = f0::find_neuron_prop(*t, name);
  if (idx < 0 || t->props.size() > kMax) {
    out.result = SetResult::unknown_param;
    return nullptr;
  }
  if (!values_) {  // the first set: the table's defaults
    for (std::size_t i = 0; i < t->props.size(); ++i) num_[i] = t->props[i].def;
    values_ = true;
  }
  stale_ = true;
  const f0::NeuronProp& p = t->props[static_cast<std::size_t>(idx)];
  out.type = p.type;
  return &p;
}

SetOutcome ParamSet::set(std::string_view name, double value) {
  SetOutcome out;
  int idx;
  const f0::NeuronProp* p = prepare(name, out, idx);
  if (!p) return out;
  if (p->type == 's') {  // (only numbers are set this way: fo, in, si, muscle p and r)
    out.result = SetResult::unknown_param;
    return out;
  }
  if (p->type == 'd') value = std::trunc(value);
  clamp(*p, value, out);
  store(*p, num_[static_cast<std::size_t>(idx)], value, out);
  return out;
}

SetOutcome ParamSet::set_text(std::string_view name, std::string_view text) {
  SetOutcome out;
  int idx;
  const f0::NeuronProp* p = prepare(name, out, idx);
  if (!p) return out;
  const auto k = static_cast<std::size_t>(idx);
  if (p->type == 's') {
    if (!texts_) str_.fill({nullptr, 0}), texts_ = true;
    str_[k] = {text.data(), text.size()};
    return out;
  }
  const frams::sdk::SetNumber r = frams::sdk::set_number(*p, text, false);
  out.int_overflow = r.int_overflow;
  if (!r.parsed) {
    out.result = SetResult::parse_failed;
  } else if (r.clamped) {
    out.result = r.clamped > 0 ? SetResult::clamped_high : SetResult::clamped_low;
    out.given = number_text(*p, r.given);
  }
  store(*p, num_[k], r.value, out);
  return out;
}

}  // namespace genokit::f1::detail
