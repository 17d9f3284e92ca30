// Internal: where each property Field is stored in the model (which member of Model, Part, Joint,
// Neuron or Connection), declared once for the parser (which writes values straight into the
// elements) and the writer (which reads them back). Not installed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "genokit/f0/model.hpp"
#include "genokit/f0/properties.hpp"

namespace genokit::f0 {

inline constexpr std::size_t kFieldCount = static_cast<std::size_t>(Field::c_i) + 1;

enum class SlotType : std::uint8_t {
  none,     // not stored (read-only slots, the legacy p:m)
  real,     // double
  integer,  // int (every integer property is ranged within int)
  text,     // std::string
};

// The member's byte offset in its element: Model for m_*, Part for p_*, Joint for j_*, Neuron for
// n_*, Connection for c_*.
struct FieldSlot {
  SlotType type = SlotType::none;
  std::uint16_t offset = 0;
};

const FieldSlot& field_slot(Field f);

// Typed access to a slot of an element (`base` points to the element the field belongs to).
inline double& real_at(void* base, FieldSlot s) {
  return *reinterpret_cast<double*>(static_cast<char*>(base) + s.offset);
}
inline int& int_at(void* base, FieldSlot s) {
  return *reinterpret_cast<int*>(static_cast<char*>(base) + s.offset);
}
inline std::string& text_at(void* base, FieldSlot s) {
  return *reinterpret_cast<std::string*>(static_cast<char*>(base) + s.offset);
}
inline const double& real_at(const void* base, FieldSlot s) {
  return *reinterpret_cast<const double*>(static_cast<const char*>(base) + s.offset);
}
inline const int& int_at(const void* base, FieldSlot s) {
  return *reinterpret_cast<const int*>(static_cast<const char*>(base) + s.offset);
}
inline const std::string& text_at(const void* base, FieldSlot s) {
  return *reinterpret_cast<const std::string*>(static_cast<const char*>(base) + s.offset);
}

}  // namespace genokit::f0
