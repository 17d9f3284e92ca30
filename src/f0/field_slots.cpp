// Field -> member of the model. Offsets are taken from sample elements once, so they follow the
// structs in model.hpp whatever their layout.
#include "f0/field_slots.hpp"

#include <array>
#include <utility>

namespace genokit::f0 {
namespace {

template <class E, class M>
FieldSlot slot(SlotType t, const E& e, const M& member) {
  return {t, static_cast<std::uint16_t>(reinterpret_cast<const char*>(&member) -
                                        reinterpret_cast<const char*>(&e))};
}

std::array<FieldSlot, kFieldCount> make_slots() {
  static const Model M;
  static const Part P;
  static const Joint J;
  static const Neuron N;
  static const Connection C;
  constexpr SlotType R = SlotType::real, I = SlotType::integer, T = SlotType::text;
  std::array<FieldSlot, kFieldCount> s{};
  // p_m_legacy and the read-only slots are not stored.
  const std::pair<Field, FieldSlot> rows[] = {
      {Field::m_se, slot(R, M, M.se)},
      {Field::m_vstyle, slot(T, M, M.vstyle)},
      {Field::p_x, slot(R, P, P.pos.x)},
      {Field::p_y, slot(R, P, P.pos.y)},
      {Field::p_z, slot(R, P, P.pos.z)},
      {Field::p_sh, slot(I, P, P.sh)},
      {Field::p_s, slot(R, P, P.s)},
      {Field::p_sx, slot(R, P, P.scale.x)},
      {Field::p_sy, slot(R, P, P.scale.y)},
      {Field::p_sz, slot(R, P, P.scale.z)},
      {Field::p_h, slot(R, P, P.h)},
      {Field::p_dn, slot(R, P, P.dn)},
      {Field::p_fr, slot(R, P, P.fr)},
      {Field::p_ing, slot(R, P, P.ing)},
      {Field::p_as, slot(R, P, P.as)},
      {Field::p_rx, slot(R, P, P.rot.x)},
      {Field::p_ry, slot(R, P, P.rot.y)},
      {Field::p_rz, slot(R, P, P.rot.z)},
      {Field::p_i, slot(T, P, P.info)},
      {Field::p_vstyle, slot(T, P, P.vstyle)},
      {Field::p_vs, slot(R, P, P.vs)},
      {Field::p_vr, slot(R, P, P.color.x)},
      {Field::p_vg, slot(R, P, P.color.y)},
      {Field::p_vb, slot(R, P, P.color.z)},
      {Field::j_p1, slot(I, J, J.p1)},
      {Field::j_p2, slot(I, J, J.p2)},
      {Field::j_rx, slot(R, J, J.rot.x)},
      {Field::j_ry, slot(R, J, J.rot.y)},
      {Field::j_rz, slot(R, J, J.rot.z)},
      {Field::j_dx, slot(R, J, J.d.x)},
      {Field::j_dy, slot(R, J, J.d.y)},
      {Field::j_dz, slot(R, J, J.d.z)},
      {Field::j_sh, slot(I, J, J.sh)},
      {Field::j_hx, slot(R, J, J.hinge_pos.x)},
      {Field::j_hy, slot(R, J, J.hinge_pos.y)},
      {Field::j_hz, slot(R, J, J.hinge_pos.z)},
      {Field::j_hrx, slot(R, J, J.hinge_rot.x)},
      {Field::j_hry, slot(R, J, J.hinge_rot.y)},
      {Field::j_hrz, slot(R, J, J.hinge_rot.z)},
      {Field::j_hxn, slot(R, J, J.hxn)},
      {Field::j_hxp, slot(R, J, J.hxp)},
      {Field::j_hyn, slot(R, J, J.hyn)},
      {Field::j_hyp, slot(R, J, J.hyp)},
      {Field::j_stif, slot(R, J, J.stif)},
      {Field::j_rotstif, slot(R, J, J.rotstif)},
      {Field::j_stam, slot(R, J, J.stam)},
      {Field::j_i, slot(T, J, J.info)},
      {Field::j_vstyle, slot(T, J, J.vstyle)},
      {Field::j_vr, slot(R, J, J.color.x)},
      {Field::j_vg, slot(R, J, J.color.y)},
      {Field::j_vb, slot(R, J, J.color.z)},
      {Field::n_p, slot(I, N, N.part)},
      {Field::n_j, slot(I, N, N.joint)},
      {Field::n_d, slot(T, N, N.details)},
      {Field::n_i, slot(T, N, N.info)},
      {Field::n_vstyle, slot(T, N, N.vstyle)},
      {Field::c_n1, slot(I, C, C.target)},
      {Field::c_n2, slot(I, C, C.source)},
      {Field::c_w, slot(R, C, C.weight)},
      {Field::c_i, slot(T, C, C.info)},
  };
  for (const auto& [f, v] : rows) s[static_cast<std::size_t>(f)] = v;
  return s;
}

}  // namespace

const FieldSlot& field_slot(Field f) {
  static const std::array<FieldSlot, kFieldCount> slots = make_slots();
  return slots[static_cast<std::size_t>(f)];
}

}  // namespace genokit::f0
