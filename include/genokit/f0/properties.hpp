// The f0 property tables as data (notes §4, SDK r909; the Framsticks 5.x hinge joints on request).
// One table per line class drives the parser (positional order, ranges, defaults, flag 1024), the
// writer (omit defaults, names where needed), the validator, `docs/f0.md` and the JSON schema.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "genokit/frams/property.hpp"

namespace genokit::f0 {

// Which model field a property fills (several tables may map to the same field).
enum class Field : std::uint8_t {
  none,  // read-only or ignored slot
  // m:
  m_se,
  m_vstyle,
  // p:
  p_x,
  p_y,
  p_z,
  p_sh,
  p_s,
  p_sx,
  p_sy,
  p_sz,
  p_h,
  p_dn,
  p_fr,
  p_ing,
  p_as,
  p_rx,
  p_ry,
  p_rz,
  p_i,
  p_vstyle,
  p_vs,
  p_vr,
  p_vg,
  p_vb,
  p_m_legacy,
  // j:
  j_p1,
  j_p2,
  j_rx,
  j_ry,
  j_rz,
  j_dx,
  j_dy,
  j_dz,
  j_sh,
  j_hx,
  j_hy,
  j_hz,
  j_hrx,
  j_hry,
  j_hrz,
  j_hxn,
  j_hxp,
  j_hyn,
  j_hyp,
  j_stif,
  j_rotstif,
  j_stam,
  j_i,
  j_vstyle,
  j_vr,
  j_vg,
  j_vb,
  // n:
  n_p,
  n_j,
  n_d,
  n_i,
  n_vstyle,
  // c:
  c_n1,
  c_n2,
  c_w,
  c_i,
};

// An f0 property: the one Framsticks table type. Its `tag` is the model Field it fills (field_of);
// its `name` says what it means. Flags: frams::kFlagCanOmitName (1024), read-only slots
// (frams::kFlagReadonly, never set from text), legacy properties (frams::kFlagDeprecated: p:m,
// dropped by later tables; accepted by name with a warning, then ignored).
using PropDef = frams::Property;
inline constexpr std::uint32_t kCanOmitName = frams::kFlagCanOmitName;
inline constexpr std::uint32_t kReadOnly = frams::kFlagReadonly;
inline constexpr std::uint32_t kDontSave = frams::kFlagDontSave;
inline constexpr std::uint32_t kLegacy = frams::kFlagDeprecated;

constexpr Field field_of(const PropDef& p) {
  return static_cast<Field>(p.tag);
}
constexpr bool is_legacy(const PropDef& p) {
  return p.flags & kLegacy;
}

struct ClassTable {
  std::string_view class_id;  // "m", "p", "j", "n", "c"
  std::string_view name;      // "Model", "Part", ...
  std::span<const PropDef> props;
  // props[0, positional) is the SDK r909 sequence unnamed values follow; the rest are by name only
  // (Framsticks 5.x additions such as the hinge properties, and legacy properties).
  std::size_t positional;
};

// Which property order unnamed values follow.
enum class PropertyOrder : std::uint8_t {
  sdk,   // SDK r909 tables (default; what Framsticks writes and reads)
  spec,  // the original f0 spec's order (p: x,y,z,rx,ry,rz,m,s,dn,fr,ing,as,i; c: n,i,w)
};

// Which joints the tables know.
enum class Joints : std::uint8_t {
  r909,    // SDK r909 (default): j:sh 0 (stick) or 1 (fixed), larger values clamp to 1; no hinge names
  hinges,  // Framsticks 5.x: j:sh 2 and 3 are hinges, and the hinge properties hx .. hyp are known
};

// The table for a line class ("m", "p", "j", "n", "c"), or nullptr.
const ClassTable* find_table(std::string_view class_id, PropertyOrder order = PropertyOrder::sdk,
                             Joints joints = Joints::r909);
// The writer's reduced joint table for non-delta joints (no rx..dz; it knows the hinges).
const ClassTable& joint_table_nondelta();
// All tables of an order, in m, p, j, n, c order (for docs and the JSON schema).
std::span<const ClassTable> all_tables(PropertyOrder order = PropertyOrder::sdk,
                                       Joints joints = Joints::r909);

// Index of `id` in `t`, or -1.
int find_prop(const ClassTable& t, std::string_view id);

}  // namespace genokit::f0
