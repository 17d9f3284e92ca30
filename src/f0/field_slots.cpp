// Field -> member of the model. Offsets are taken from sample elements once, so they follow the
// structs in model.hpp whatever their layout.
#include "f0/field_slots.hpp"

#include <array>

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
  auto put = [&](Field f, FieldSlot v) { s[static_cast<std::size_t>(f)] = v; };
  put(Field::m_se, slot(R, M, M.se));
  put(Field::m_vstyle, slot(T, M, M.vstyle));

  put(Field::p_x, slot(R, P, P.pos.x));
  put(Field::p_y, slot(R, P, P.pos.y));
  put(Field::p_z, slot(R, P, P.pos.z));
  put(Field::p_sh, slot(I, P, P.sh));
  put(Field::p_s, slot(R, P, P.s));
  put(Field::p_sx, slot(R, P, P.scale.x));
  put(Field::p_sy, slot(R, P, P.scale.y));
  put(Field::p_sz, slot(R, P, P.scale.z));
  put(Field::p_h, slot(R, P, P.h));
  put(Field::p_dn, slot(R, P, P.dn));
  put(Field::p_fr, slot(R, P, P.fr));
  put(Field::p_ing, slot(R, P, P.ing));
  put(Field::p_as, slot(R, P, P.as));
  put(Field::p_rx, slot(R, P, P.rot.x));
  put(Field::p_ry, slot(R, P, P.rot.y));
  put(Field::p_rz, slot(R, P, P.rot.z));
  put(Field::p_i, slot(T, P, P.info));
  put(Field::p_vstyle, slot(T, P, P.vstyle));
  put(Field::p_vs, slot(R, P, P.vs));
  put(Field::p_vr, slot(R, P, P.color.x));
  put(Field::p_vg, slot(R, P, P.color.y));
  put(Field::p_vb, slot(R, P, P.color.z));
  // p_m_legacy: read and warned about, not stored

  put(Field::j_p1, slot(I, J, J.p1));
  put(Field::j_p2, slot(I, J, J.p2));
  put(Field::j_rx, slot(R, J, J.rot.x));
  put(Field::j_ry, slot(R, J, J.rot.y));
  put(Field::j_rz, slot(R, J, J.rot.z));
  put(Field::j_dx, slot(R, J, J.d.x));
  put(Field::j_dy, slot(R, J, J.d.y));
  put(Field::j_dz, slot(R, J, J.d.z));
  put(Field::j_sh, slot(I, J, J.sh));
  put(Field::j_hx, slot(R, J, J.hinge_pos.x));
  put(Field::j_hy, slot(R, J, J.hinge_pos.y));
  put(Field::j_hz, slot(R, J, J.hinge_pos.z));
  put(Field::j_hrx, slot(R, J, J.hinge_rot.x));
  put(Field::j_hry, slot(R, J, J.hinge_rot.y));
  put(Field::j_hrz, slot(R, J, J.hinge_rot.z));
  put(Field::j_hxn, slot(R, J, J.hxn));
  put(Field::j_hxp, slot(R, J, J.hxp));
  put(Field::j_hyn, slot(R, J, J.hyn));
  put(Field::j_hyp, slot(R, J, J.hyp));
  put(Field::j_stif, slot(R, J, J.stif));
  put(Field::j_rotstif, slot(R, J, J.rotstif));
  put(Field::j_stam, slot(R, J, J.stam));
  put(Field::j_i, slot(T, J, J.info));
  put(Field::j_vstyle, slot(T, J, J.vstyle));
  put(Field::j_vr, slot(R, J, J.color.x));
  put(Field::j_vg, slot(R, J, J.color.y));
  put(Field::j_vb, slot(R, J, J.color.z));

  put(Field::n_p, slot(I, N, N.part));
  put(Field::n_j, slot(I, N, N.joint));
  put(Field::n_d, slot(T, N, N.details));
  put(Field::n_i, slot(T, N, N.info));
  put(Field::n_vstyle, slot(T, N, N.vstyle));

  put(Field::c_n1, slot(I, C, C.target));
  put(Field::c_n2, slot(I, C, C.source));
  put(Field::c_w, slot(R, C, C.weight));
  put(Field::c_i, slot(T, C, C.info));
  return s;
}

}  // namespace

const FieldSlot& field_slot(Field f) {
  static const std::array<FieldSlot, kFieldCount> slots = make_slots();
  return slots[static_cast<std::size_t>(f)];
}

}  // namespace genokit::f0
