#include "neuron_params.hpp"

#include <array>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <vector>

#include "genokit/f0/neuron_classes.hpp"
#include "genokit/f0/writer.hpp"
#include "numbers.hpp"

namespace genokit::f1::detail {
namespace {

constexpr std::size_t kMax = ParamSet::kMax;

// sdk_number() of recent values: bracket after bracket sets the same muscle powers and ranges.
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
  if (!s.used || s.bits != bits) s.bits = bits, s.used = true, s.text = sdk_number(v);
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

std::string_view trim_blanks(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// A value that reads back bit for bit from its own text (or, for -0, as an equal value).
bool keeps_as_number(const f0::NeuronProp& p, double v) {
  return p.type == 'd' ? std::fabs(v) < 9007199254740992.0 : std::isfinite(v);
}

// Current values from the text ("a=1.0, b=2.0"); names the class lacks are dropped. False when
// the text holds something not kept as a number (a string value, an extreme integer).
bool read_text(std::span<const f0::NeuronProp> props, std::string_view rest, const f0::NeuronClass& c,
               std::array<double, kMax>& num, std::array<std::string_view, kMax>& str) {
  bool plain = true;
  for (std::size_t i = 0; i < props.size(); ++i) num[i] = props[i].def;
  while (!rest.empty()) {
    const std::size_t comma = rest.find(',');
    const std::string_view item = trim_blanks(rest.substr(0, comma));
    rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
    const std::size_t eq = item.find('=');
    if (eq == std::string_view::npos) continue;
    const int k = f0::find_neuron_prop(c, trim_blanks(item.substr(0, eq)));
    if (k < 0) continue;
    const std::string_view val = item.substr(eq + 1);
    if (props[k].type == 's') {
      str[k] = val;
      plain &= val.empty();
    } else {
      double d = 0;
      if (sdk_parse_double(val, d)) num[k] = d;
      plain &= keeps_as_number(props[k], num[k]);
    }
  }
  return plain;
}

std::string write_text(std::span<const f0::NeuronProp> props, const std::array<double, kMax>& num,
                       const std::array<std::string_view, kMax>& str) {
  std::string out;
  for (std::size_t i = 0; i < props.size(); ++i) {
    if (props[i].type == 's' ? str[i].empty() : num[i] == props[i].def) continue;
    if (!out.empty()) out += ", ";
    out.append(props[i].id).append("=");
    if (props[i].type == 's')
      out.append(str[i]);
    else
      append_number(out, props[i], num[i]);
  }
  return out;
}

}  // namespace

void ParamSet::write() {
  stale_ = false;
  const auto props = cls_class_->props;
  // The texts of recent value sets: bracket after bracket writes the same muscle parameters.
  struct Entry {
    const f0::NeuronClass* cls = nullptr;
    std::array<double, kMax> num{};
    std::string text;
  };
  thread_local const auto cache = std::make_unique<std::array<Entry, 256>>();  // heap: big
  std::uint64_t h = reinterpret_cast<std::uintptr_t>(cls_class_);
  for (std::size_t i = 0; i < props.size(); ++i) {
    std::uint64_t bits;
    std::memcpy(&bits, &num_[i], sizeof bits);
    h = (h ^ bits) * 0x9E3779B97F4A7C15ull;
  }
  Entry& e = (*cache)[h >> 56];
  if (e.cls == cls_class_ && std::memcmp(e.num.data(), num_.data(), props.size() * sizeof(double)) == 0) {
    params_ = e.text;  // same class, same bits: the same text
    return;
  }
  params_ = write_text(props, num_, {});
  e.cls = cls_class_, e.num = num_, e.text = params_;
}

namespace {

// Clamps `value` to p's range as the SDK's Param.set does; the texts of both values on clamping.
SetResult clamp(const f0::NeuronProp& p, double& value, std::string& given, std::string& adjusted) {
  if (p.type == 'd') value = std::trunc(value);
  if (p.ranged && value > p.max) {
    given = number_text(p, value), adjusted = number_text(p, p.max), value = p.max;
    return SetResult::clamped_high;
  }
  if (p.ranged && value < p.min) {
    given = number_text(p, value), adjusted = number_text(p, p.min), value = p.min;
    return SetResult::clamped_low;
  }
  return SetResult::ok;
}

}  // namespace

SetResult set_param(ParamSet& ps, std::string_view name, double value, std::string& given,
                    std::string& adjusted) {
  const f0::NeuronClass* c = ps.klass();
  if (!c) return SetResult::unknown_class;
  const int idx = f0::find_neuron_prop(*c, name);
  if (idx < 0 || c->props[idx].type == 's') return SetResult::unknown_param;  // strings: not from f1
  const auto props = c->props;
  if (props.size() > kMax) return SetResult::unknown_param;
  const f0::NeuronProp& p = props[idx];
  if (!ps.nums_ && !ps.params_.empty()) {  // read the text (set for this or another class)
    std::array<std::string_view, kMax> str{};
    const bool plain = read_text(props, ps.params_, *c, ps.num_, str);
    const SetResult r = clamp(p, value, given, adjusted);
    ps.num_[idx] = value;
    if (plain && keeps_as_number(p, value)) {
      ps.nums_ = ps.stale_ = true;
      return r;
    }
    ps.params_ = write_text(props, ps.num_, str);  // the SDK's text round trip, at once
    return r;
  }
  if (!ps.nums_)  // no text yet: all defaults
    for (std::size_t i = 0; i < props.size(); ++i) ps.num_[i] = props[i].def;
  const SetResult r = clamp(p, value, given, adjusted);
  ps.num_[idx] = value;
  if (keeps_as_number(p, value)) {
    ps.nums_ = ps.stale_ = true;
    return r;
  }
  ps.params_ = write_text(props, ps.num_, {});  // the SDK's text round trip, at once
  ps.nums_ = ps.stale_ = false;
  return r;
}

const f0::NeuronClass* find_class(std::string_view name) {
  // Buckets by first byte: one or two comparisons instead of a scan of the whole library.
  struct Table {
    std::array<std::array<const f0::NeuronClass*, 8>, 128> at{};
  };
  static const Table t = [] {
    Table tb;
    for (const auto& c : f0::neuron_classes()) {
      if (c.name.empty()) continue;
      const auto u = static_cast<unsigned char>(c.name[0]);
      if (u >= 128) continue;
      for (auto& slot : tb.at[u])
        if (!slot) {
          slot = &c;
          break;
        }
    }
    return tb;
  }();
  if (name.empty() || static_cast<unsigned char>(name[0]) >= 128) return nullptr;
  for (const f0::NeuronClass* c : t.at[static_cast<unsigned char>(name[0])]) {
    if (!c) break;
    if (c->name == name) return c;
  }
  return nullptr;
}

}  // namespace genokit::f1::detail
