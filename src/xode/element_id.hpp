// Element ids: every element of the schema table (schema.cpp) as a small integer, in table order
// (checked at compile time there), so the validator and the builders dispatch with a switch
// instead of comparing strings.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "genokit/xode/document.hpp"

namespace genokit::xode {

// clang-format off
#define GENOKIT_XODE_ELEMENTS(X)                                                                  \
  X(xode) X(world) X(space) X(group) X(jointgroup) X(ext) X(body) X(mass) X(mass_struct)         \
  X(centerGravity) X(imatrix) X(mass_shape) X(adjust) X(geom) X(box) X(sphere) X(cylinder)       \
  X(cappedCylinder) X(cone) X(plane) X(ray) X(trimesh) X(vertices) X(triangles) X(v) X(t)        \
  X(joint) X(link1) X(link2) X(amotor) X(ball) X(fixed) X(hinge) X(hinge2) X(slider)             \
  X(universal) X(anchor) X(axis) X(transform) X(matrix4f) X(position) X(rotation) X(euler)       \
  X(axisangle) X(quaternion) X(scale) X(torque) X(force) X(linearVel) X(angularVel)              \
  X(finiteRotation)
// clang-format on

enum class El : std::uint8_t {
#define GENOKIT_X(n) n,
  GENOKIT_XODE_ELEMENTS(GENOKIT_X)
#undef GENOKIT_X
      unknown  // not in the schema
};

inline constexpr std::size_t kElementCount = static_cast<std::size_t>(El::unknown);

inline constexpr std::array<std::string_view, kElementCount> kElementNames{
#define GENOKIT_X(n) #n,
    GENOKIT_XODE_ELEMENTS(GENOKIT_X)
#undef GENOKIT_X
};

// Element names in an open-addressing hash table built at compile time: a lookup hashes the
// name once and compares it with the one or two names in its slots (no scan by length).
namespace detail {
inline constexpr std::size_t kIdSlots = 256;  // power of two, > 4x the element count
constexpr std::uint32_t name_hash_step(std::uint32_t h, char c) {
  return (h ^ static_cast<unsigned char>(c)) * 16777619u;  // FNV-1a
}
constexpr std::uint32_t name_hash(std::string_view s) {
  std::uint32_t h = 2166136261u;
  for (char c : s) h = name_hash_step(h, c);
  return h;
}
inline constexpr auto kIdTable = [] {
  std::array<std::uint8_t, kIdSlots> t{};
  for (auto& x : t) x = 0xFF;
  for (std::size_t i = 0; i < kElementCount; ++i) {
    std::size_t k = name_hash(kElementNames[i]) & (kIdSlots - 1);
    while (t[k] != 0xFF) k = (k + 1) & (kIdSlots - 1);
    t[k] = static_cast<std::uint8_t>(i);
  }
  return t;
}();
// Names are short: an inline byte loop is cheaper than a call to memcmp.
inline bool same_name(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i] != b[i]) return false;
  return true;
}
inline El lookup_id(std::uint32_t h, std::string_view name) {
  for (std::size_t k = h & (kIdSlots - 1);; k = (k + 1) & (kIdSlots - 1)) {
    std::uint8_t i = kIdTable[k];
    if (i == 0xFF) return El::unknown;
    if (same_name(kElementNames[i], name)) return static_cast<El>(i);
  }
}
}  // namespace detail

// The id of an element name (El::unknown when the schema has no such element).
inline El element_id(std::string_view name) {
  return detail::lookup_id(detail::name_hash(name), name);
}
// The same for a NUL-terminated name (pugixml's): hashed and measured in one pass.
inline El element_id(const char* name) {
  std::uint32_t h = 2166136261u;
  const char* p = name;
  for (; *p; ++p) h = detail::name_hash_step(h, *p);
  return detail::lookup_id(h, std::string_view(name, static_cast<std::size_t>(p - name)));
}
inline El element_id(const XmlNode& e) {
  return element_id(e.name());  // other nodes have no name
}

// A set of element ids (the schema has fewer than 64 elements).
using ElementSet = std::uint64_t;
constexpr ElementSet bit(El e) {
  return e == El::unknown ? 0 : ElementSet{1} << static_cast<unsigned>(e);
}
template <class... E>
constexpr ElementSet set_of(E... e) {
  return (bit(e) | ...);
}
static_assert(kElementCount < 64);

// The children the schema allows in `parent` (open-content elements: none listed).
ElementSet allowed_children(El parent);

}  // namespace genokit::xode
