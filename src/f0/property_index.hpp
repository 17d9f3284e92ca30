// Internal: the f0 property tables compiled for the parser, once per property order: per property
// what the field loops need (type, model slot, range, flag 1024), a first-byte index of names,
// and the element defaults that differ from the tables' (normally none).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "f0/field_slots.hpp"
#include "frams/single_line.hpp"
#include "genokit/f0/properties.hpp"

namespace genokit::f0::detail {

// The fields whose presence on a line matters beyond their value: dx/dy/dz make a delta joint;
// m:Vstyle is kept only when given. Only these are recorded in the parser's given-set.
inline constexpr Field kTrackedFields[] = {Field::j_dx, Field::j_dy, Field::j_dz, Field::m_vstyle};
constexpr std::uint64_t field_bit(Field f) {
  return std::uint64_t{1} << static_cast<unsigned>(f);
}

// One property as the field loops need it.
struct FastProp {
  char type = 0;                // 'd', 'f', 's'; 0: general path only (read-only, legacy)
  FieldSlot slot;               // none: read, checked and dropped
  bool can_omit = false;        // flag 1024
  std::uint64_t given_bit = 0;  // this Field's bit in the given-set, if the parser asks about it
  double min = 0, max = 0;      // accepted range (-inf..inf when unranged)
  std::int64_t imin = 0, imax = 0;
};

struct TableData {
  const ClassTable* table = nullptr;
  std::size_t positional = 0;
  FastProp props[64];
  std::int16_t head[256];
  std::int16_t next[64];
  struct Override {
    FieldSlot slot;
    double real;
    std::string_view text;
  };
  std::vector<Override> overrides;

  // find_prop() through the first-byte index; -1 when unknown.
  int lookup(std::string_view name) const {
    if (name.empty()) return -1;
    // Names are a few bytes and their first byte already matches: an inline loop, not memcmp.
    for (int k = head[static_cast<unsigned char>(name[0])]; k >= 0; k = next[k]) {
      const std::string_view id = table->props[static_cast<std::size_t>(k)].id;
      if (id.size() != name.size()) continue;
      std::size_t i = 1;
      while (i < id.size() && id[i] == name[i]) ++i;
      if (i == id.size()) return k;
    }
    return -1;
  }
  frams::sdk::LineTable line() const { return {table->props, positional}; }
  const PropDef& prop(int k) const { return table->props[static_cast<std::size_t>(k)]; }
};

struct OrderData {
  TableData t[5];  // m, p, j, n, c
};
const OrderData& order_data(PropertyOrder order, Joints joints);

// Applies the table defaults that the element's own initialisers do not give (normally none).
void apply_overrides(const TableData& td, void* base);

}  // namespace genokit::f0::detail
