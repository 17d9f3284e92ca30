// Element ids: every element of the schema table (schema.cpp) as a small integer, in table order
// (checked at compile time there), so the validator and the builders dispatch with a switch
// instead of comparing strings.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "genokit/xode/document.hpp"
#include "xode/document_data.hpp"

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

// Element names in an open-addressing hash table built at compile time, keyed by the first four
// bytes of the name (no hash chain over the whole name): a lookup reads at most four bytes, then
// compares the name with the one or few names in its slots.
namespace detail {
inline constexpr std::size_t kIdSlots = 256;  // power of two, > 4x the element count
constexpr std::uint32_t slot_of(std::uint32_t prefix) {
  return (prefix * 2654435761u) >> 24;  // top 8 bits: kIdSlots = 256
}
// The first four bytes, zero-padded (a name has no NUL inside).
constexpr std::uint32_t prefix_of(std::string_view s) {
  std::uint32_t k = 0;
  for (std::size_t i = 0; i < 4 && i < s.size(); ++i)
    k |= std::uint32_t{static_cast<unsigned char>(s[i])} << (8 * i);
  return k;
}
inline std::uint32_t prefix_of(const char* s) {
  std::uint32_t k = 0;
  for (unsigned i = 0; i < 4 && s[i]; ++i) k |= std::uint32_t{static_cast<unsigned char>(s[i])} << (8 * i);
  return k;
}
inline constexpr auto kIdTable = [] {
  std::array<std::uint8_t, kIdSlots> t{};
  for (auto& x : t) x = 0xFF;
  for (std::size_t i = 0; i < kElementCount; ++i) {
    std::size_t k = slot_of(prefix_of(kElementNames[i]));
    while (t[k] != 0xFF) k = (k + 1) & (kIdSlots - 1);
    t[k] = static_cast<std::uint8_t>(i);
  }
  return t;
}();
inline constexpr auto kIdPrefix = [] {
  std::array<std::uint32_t, kElementCount> p{};
  for (std::size_t i = 0; i < kElementCount; ++i) p[i] = prefix_of(kElementNames[i]);
  return p;
}();
// Names are short: an inline byte loop is cheaper than a call to memcmp.
inline bool same_name(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i] != b[i]) return false;
  return true;
}
// `name` equals `known`, given that their first four bytes (zero-padded) are equal: a name
// shorter than four bytes is then equal; a longer one is compared from its fifth byte.
inline bool same_tail(std::string_view known, std::string_view name) {
  if (known.size() != name.size()) return false;
  for (std::size_t i = 4; i < known.size(); ++i)
    if (name[i] != known[i]) return false;
  return true;
}
inline bool same_tail(std::string_view known, const char* name) {
  if (known.size() < 4) return true;  // the NUL was part of the prefix
  for (std::size_t i = 4; i < known.size(); ++i)
    if (name[i] != known[i]) return false;  // also stops at the NUL of a shorter name
  return name[known.size()] == '\0';
}
template <class Name>
inline El lookup_id(std::uint32_t prefix, Name name) {
  for (std::size_t k = slot_of(prefix);; k = (k + 1) & (kIdSlots - 1)) {
    std::uint8_t i = kIdTable[k];
    if (i == 0xFF) return El::unknown;
    if (kIdPrefix[i] == prefix && same_tail(kElementNames[i], name)) return static_cast<El>(i);
  }
}
}  // namespace detail

// The id of an element name (El::unknown when the schema has no such element).
inline El element_id(std::string_view name) {
  return detail::lookup_id(detail::prefix_of(name), name);
}
// The same for a NUL-terminated name (pugixml's).
inline El element_id(const char* name) {
  return detail::lookup_id(detail::prefix_of(name), name);
}
inline El element_id(pugi::xml_node e) {
  return element_id(e.name());  // other nodes than elements have no name: ""
}
inline El element_id(const XmlNode& e) {
  return element_id(Access::pugi(e));
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
