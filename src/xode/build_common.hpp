// Attribute reads shared by the two scene builders.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <utility>
#include <vector>

#include "genokit/core/numbers.hpp"
#include "genokit/core/text.hpp"
#include "genokit/xode/document.hpp"
#include "genokit/xode/scene.hpp"
#include "genokit/xode/schema.hpp"
#include "xode/document_data.hpp"
#include "xode/element_id.hpp"

namespace genokit::xode {

// The attribute names m00 .. m33 of <matrix4f>, by row and column.
inline constexpr const char* kMatrixNames[4][4] = {{"m00", "m01", "m02", "m03"},
                                                   {"m10", "m11", "m12", "m13"},
                                                   {"m20", "m21", "m22", "m23"},
                                                   {"m30", "m31", "m32", "m33"}};

// trim() for attribute values, which rarely have blanks around them.
inline std::string_view trim_value(std::string_view v) {
  auto blank = [](char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
  };
  if (!v.empty() && !blank(v.front()) && !blank(v.back())) return v;
  return trim(v);
}

// An attribute value as a number: parse_double(trim(v)), which is also Python's float() on the
// values PyODE reads. False when it is not a number.
inline bool number_value(std::string_view v, double& out) {
  auto d = parse_double(trim_value(v));
  if (!d) return false;
  out = *d;
  return true;
}

// A hash of a name for the open-addressing tables of names: the first and last 8 bytes and the
// length, mixed (no per-byte multiply chain; names are short).
inline std::size_t name_hash(std::string_view s) {
  const std::size_t n = s.size();
  std::uint64_t a = 0, b = 0;
  if (n >= 8) {
    std::memcpy(&a, s.data(), 8);
    std::memcpy(&b, s.data() + n - 8, 8);
  } else {
    for (std::size_t i = 0; i < n; ++i) a |= std::uint64_t{static_cast<unsigned char>(s[i])} << (8 * i);
  }
  const std::uint64_t h = a * 0x9E3779B97F4A7C15ULL ^ (b + n) * 0xC2B2AE3D27D4EB4FULL;
  return static_cast<std::size_t>(h ^ (h >> 31));
}

// The value of the first attribute called `n` (nullptr when there is none).
inline const char* attr_text(const XmlNode& e, std::string_view n) {
  return attribute_value(Access::pugi(e), n);
}

// The value of the first attribute of each name (nullptr when absent), in one pass over the
// element's attributes. Names are compared by their first four bytes first (one integer compare;
// the names asked for are literals, so their keys are constants once this is inlined), then the
// rest.
template <std::size_t N>
inline std::array<const char*, N> attrs_of(pugi::xml_node e, const char* const (&names)[N]) {
  std::array<const char*, N> out{};
  std::array<std::uint32_t, N> keys;
  for (std::size_t i = 0; i < N; ++i) keys[i] = detail::prefix_of(std::string_view(names[i]));
  for (pugi::xml_attribute a = e.first_attribute(); a; a = a.next_attribute()) {
    const char* an = a.name();
    const std::uint32_t key = detail::prefix_of(an);
    for (std::size_t i = 0; i < N; ++i)
      if (!out[i] && key == keys[i] && (key >> 24 == 0 || same_text(an + 4, names[i] + 4))) {
        out[i] = a.value();
        break;
      }
  }
  return out;
}

// The attributes as numbers (blanks around them allowed), `def` for those missing or malformed
// (the validator reports those); attr_number() for several attributes in one pass.
template <std::size_t N>
inline std::array<double, N> numbers_of(const XmlNode& e, const char* const (&names)[N], double def = 0) {
  const auto values = attrs_of(Access::pugi(e), names);
  std::array<double, N> out;
  for (std::size_t i = 0; i < N; ++i)
    if (!values[i] || !number_value(values[i], out[i])) out[i] = def;
  return out;
}

// The attribute as a number (blanks around it allowed), or `def` when missing or malformed (the
// validator reports those).
inline double attr_number(const XmlNode& e, std::string_view n, double def = 0) {
  const char* v = attr_text(e, n);
  double d;
  return v && number_value(v, d) ? d : def;
}

// A number read where an integer is meant, as a long long: NaN becomes `fallback`, and values
// beyond +-1e15 are clamped there (a double out of long long's range cannot be converted).
inline long long to_integer(double d, long long fallback) {
  if (std::isnan(d)) return fallback;
  if (d > 1e15) return 1'000'000'000'000'000LL;
  if (d < -1e15) return -1'000'000'000'000'000LL;
  return static_cast<long long>(d);
}
inline int to_int(double d, int fallback) {
  long long v = to_integer(d, fallback);
  return v > 1'000'000'000 ? 1'000'000'000 : v < -1'000'000'000 ? -1'000'000'000 : static_cast<int>(v);
}

// The joint type a joint's child element names (amotor ... universal; anything else is
// universal's slot, the validator reports it).
inline JointType joint_type_of(El k) {
  switch (k) {
    case El::amotor:
      return JointType::amotor;
    case El::ball:
      return JointType::ball;
    case El::fixed:
      return JointType::fixed;
    case El::hinge:
      return JointType::hinge;
    case El::hinge2:
      return JointType::hinge2;
    case El::slider:
      return JointType::slider;
    default:
      return JointType::universal;
  }
}

inline constexpr int kLowStop = 100;
// Index of an <axis> joint parameter in axis_param_names() (kLowStop for PyODE's alias, -1 when
// the name is none of them). Only names of the right length are compared.
inline int axis_param_index(std::string_view n) {
  if (n.size() < 3 || n.size() > 13) return -1;
  if (n == "LowStop") return kLowStop;
  auto names = axis_param_names();
  for (std::size_t i = 0; i < names.size(); ++i)
    if (names[i].size() == n.size() && names[i] == n) return static_cast<int>(i);
  return -1;
}

// <axis> parameters in the order PyODE applies them: document order, except that a LowStop
// (alias) is applied last as LoStop. Into `out` (cleared first).
inline void axis_params(const XmlNode& axis, std::vector<AxisParam>& out) {
  out.clear();
  constexpr int kLoStop = 0;  // axis_param_names()[0]
  XmlAttr low;
  bool has_lo = false;
  for (XmlAttr a : axis.attrs()) {
    int i = axis_param_index(a.name());
    if (i < 0) continue;
    if (i == kLowStop) {
      low = a;
      continue;
    }
    if (i == kLoStop) has_lo = true;
    auto v = parse_double(trim_value(a.value()));
    if (v) out.push_back({i, *v});
  }
  if (low) {
    // LowStop wins over LoStop and is applied last.
    if (has_lo)
      out.erase(std::remove_if(out.begin(), out.end(), [](const AxisParam& p) { return p.index == kLoStop; }),
                out.end());
    auto v = parse_double(trim_value(low.value()));
    if (v) out.push_back({kLoStop, *v});
  }
}

bool build_standard(const Document& doc, const BuildOptions& opt, Scene& scene, Diagnostics& diags);
bool build_pyode(const Document& doc, const BuildOptions& opt, Scene& scene, Diagnostics& diags);

}  // namespace genokit::xode
