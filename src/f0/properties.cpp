// The f0 property tables (notes §4). Declared once; parser, writer, JSON schema and docs read them.
#include "genokit/f0/properties.hpp"

#include <array>
#include <limits>

namespace genokit::f0 {
namespace {

using F = Field;
constexpr std::uint32_t O = kCanOmitName;
constexpr std::uint32_t L = kLegacy;

constexpr std::uint16_t tag(Field f) {
  return static_cast<std::uint16_t>(f);
}
// Builders: f/fr numbers (fr ranged), dr ranged integers, s strings, ro read-only slots.
constexpr PropDef f(std::string_view id, double def, std::uint32_t flags, Field field,
                    std::string_view name) {
  return PropDef(id, 'f', false, 0, 0, def, name).with_flags(flags).with_tag(tag(field));
}
constexpr PropDef fr(std::string_view id, double mn, double mx, double def, std::uint32_t flags, Field field,
                     std::string_view name) {
  return PropDef(id, 'f', true, mn, mx, def, name).with_flags(flags).with_tag(tag(field));
}
constexpr PropDef dr(std::string_view id, double mn, double mx, double def, std::uint32_t flags, Field field,
                     std::string_view name) {
  return PropDef(id, 'd', true, mn, mx, def, name).with_flags(flags).with_tag(tag(field));
}
constexpr PropDef s(std::string_view id, std::string_view def, std::uint32_t flags, Field field,
                    std::string_view name) {
  return PropDef(id, 's', false, 0, 0, 0, name).with_default_text(def).with_flags(flags).with_tag(tag(field));
}
constexpr PropDef ro(std::string_view id, char type) {
  return PropDef(id, type, false, 0, 0, 0, "read-only (never set)").with_flags(kReadOnly | kDontSave);
}

// ---- SDK r909 ---------------------------------------------------------------------------------
constexpr std::array kModel{
    f("se", 1.0, O, F::m_se, "start energy"),
    s("Vstyle", "", 0, F::m_vstyle, "visual style"),
};

constexpr std::array kPart{
    f("x", 0, O, F::p_x, "position x"),
    f("y", 0, O, F::p_y, "position y"),
    f("z", 0, O, F::p_z, "position z"),
    dr("sh", 0, 3, 0, 0, F::p_sh, "shape: 0 ball-and-stick, 1 ellipsoid, 2 cuboid, 3 cylinder"),
    fr("s", 0.1, 10, 1.0, 0, F::p_s, "size"),
    fr("sx", 0.001, 1000, 1.0, 0, F::p_sx, "scale x"),
    fr("sy", 0.001, 1000, 1.0, 0, F::p_sy, "scale y"),
    fr("sz", 0.001, 1000, 1.0, 0, F::p_sz, "scale z"),
    fr("h", 0, 1, 0, 0, F::p_h, "hollow"),
    fr("dn", 0.2, 5, 1.0, 0, F::p_dn, "density"),
    fr("fr", 0, 4, 0.4, 0, F::p_fr, "friction"),
    fr("ing", 0, 1, 0.25, 0, F::p_ing, "ingestion"),
    fr("as", 0, 1, 0.25, 0, F::p_as, "assimilation"),
    f("rx", 0, 0, F::p_rx, "rotation about x (radians)"),
    f("ry", 0, O, F::p_ry, "rotation about y (radians)"),
    f("rz", 0, O, F::p_rz, "rotation about z (radians)"),
    s("i", "", 0, F::p_i, "info"),
    s("Vstyle", "part", 0, F::p_vstyle, "visual style"),
    fr("vs", 0.05, 0.7, 0.2, 0, F::p_vs, "visual thickness (dropped by Framsticks 5.x)"),
    fr("vr", 0, 1, 1.0, 0, F::p_vr, "colour red"),
    fr("vg", 0, 1, 1.0, O, F::p_vg, "colour green"),
    fr("vb", 0, 1, 1.0, O, F::p_vb, "colour blue"),
    f("m", 1.0, L, F::p_m_legacy, "mass (legacy: removed by SDK r909, mass derives from joints)"),
};

constexpr std::array kJoint{
    dr("p1", -1, 999999, -1, O, F::j_p1, "part 1 index"),
    dr("p2", -1, 999999, -1, O, F::j_p2, "part 2 index"),
    f("rx", 0, 0, F::j_rx, "rotation delta about x (radians)"),
    f("ry", 0, O, F::j_ry, "rotation delta about y (radians)"),
    f("rz", 0, O, F::j_rz, "rotation delta about z (radians)"),
    fr("dx", -2, 2, 0, 0, F::j_dx, "position delta x (makes a delta joint)"),
    fr("dy", -2, 2, 0, O, F::j_dy, "position delta y"),
    fr("dz", -2, 2, 0, O, F::j_dz, "position delta z"),
    dr("sh", 0, 1, 0, 0, F::j_sh, "shape: 0 ball-and-stick rod, 1 fixed"),
    fr("stif", 0, 1, 1.0, 0, F::j_stif, "stiffness"),
    fr("rotstif", 0, 1, 1.0, 0, F::j_rotstif, "rotation stiffness"),
    fr("stam", 0, 1, 0.25, 0, F::j_stam, "stamina"),
    s("i", "", 0, F::j_i, "info"),
    s("Vstyle", "joint", 0, F::j_vstyle, "visual style"),
    fr("vr", 0, 1, 1.0, 0, F::j_vr, "colour red"),
    fr("vg", 0, 1, 1.0, O, F::j_vg, "colour green"),
    fr("vb", 0, 1, 1.0, O, F::j_vb, "colour blue"),
};

// ---- Framsticks 5.x hinge joints (ParseOptions::joints, --opt f0-hinges=on) --------------------
// `sh` gains 2 and 3; the hinge properties are by name only, so r909's positional order stays.
constexpr PropDef kHingeShape = dr("sh", 0, 3, 0, 0, F::j_sh,
                                   "shape: 0 ball-and-stick rod, 1 fixed, 2 hinge X, 3 hinge XY (2, 3: "
                                   "Framsticks 5.x, read with --opt f0-hinges=on; SDK r909 clamps to 1)");
constexpr std::array kHinge{
    f("hx", 0, 0, F::j_hx, "hinge position x (5.x, f0-hinges=on)"),
    f("hy", 0, O, F::j_hy, "hinge position y (5.x, f0-hinges=on)"),
    f("hz", 0, O, F::j_hz, "hinge position z (5.x, f0-hinges=on)"),
    f("hrx", 0, 0, F::j_hrx, "hinge rotation x (5.x, f0-hinges=on)"),
    f("hry", 0, O, F::j_hry, "hinge rotation y (5.x, f0-hinges=on)"),
    f("hrz", 0, O, F::j_hrz, "hinge rotation z (5.x, f0-hinges=on)"),
    fr("hxn", -6.2832, 0, -1.5708, 0, F::j_hxn, "hinge x negative limit (5.x, f0-hinges=on)"),
    fr("hxp", 0, 6.2832, 1.5708, O, F::j_hxp, "hinge x positive limit (5.x, f0-hinges=on)"),
    fr("hyn", -6.2832, 0, -1.5708, 0, F::j_hyn, "hinge y negative limit (5.x, f0-hinges=on)"),
    fr("hyp", 0, 6.2832, 1.5708, O, F::j_hyp, "hinge y positive limit (5.x, f0-hinges=on)"),
};
constexpr std::array kHingeJoint{
    kJoint[0],  kJoint[1],   kJoint[2],  kJoint[3],  kJoint[4],  kJoint[5],  kJoint[6],
    kJoint[7],  kHingeShape, kJoint[9],  kJoint[10], kJoint[11], kJoint[12], kJoint[13],
    kJoint[14], kJoint[15],  kJoint[16], kHinge[0],  kHinge[1],  kHinge[2],  kHinge[3],
    kHinge[4],  kHinge[5],   kHinge[6],  kHinge[7],  kHinge[8],  kHinge[9],
};

// The writer's table for joints without delta: rx..dz are not saved. It writes any model, so it
// knows the hinges.
constexpr std::array kJointNonDelta{
    kHingeJoint[0],  kHingeJoint[1],  kHingeJoint[8],  kHingeJoint[9],  kHingeJoint[10], kHingeJoint[11],
    kHingeJoint[12], kHingeJoint[13], kHingeJoint[14], kHingeJoint[15], kHingeJoint[16], kHingeJoint[17],
    kHingeJoint[18], kHingeJoint[19], kHingeJoint[20], kHingeJoint[21], kHingeJoint[22], kHingeJoint[23],
    kHingeJoint[24], kHingeJoint[25], kHingeJoint[26],
};

constexpr std::array kNeuron{
    dr("p", -1, 999999, -1, 0, F::n_p, "part the neuron is attached to"),
    dr("j", -1, 999999, -1, 0, F::n_j, "joint the neuron is attached to"),
    s("d", "N", 0, F::n_d, "details: Class or Class:prop=value,..."),
    s("i", "", 0, F::n_i, "info"),
    s("Vstyle", "neuro", 0, F::n_vstyle, "visual style"),
    ro("getInputCount", 'd'),
    ro("getInputNeuroDef", 'p'),
    ro("getInputNeuroIndex", 'p'),
    ro("getInputWeight", 'p'),
    ro("classObject", 'o'),
};

constexpr std::array kConnection{
    dr("n1", -1, 999999, -1, O, F::c_n1, "target neuron (receives the input)"),
    dr("n2", -1, 999999, -1, O, F::c_n2, "source neuron"),
    fr("w", -999999, 999999, 1.0, O, F::c_w, "weight"),
    s("i", "", 0, F::c_i, "info"),
};

constexpr std::array kTables{
    ClassTable{"m", "Model", kModel, kModel.size()},
    ClassTable{"p", "Part", kPart, kPart.size() - 1},
    ClassTable{"j", "Joint", kJoint, kJoint.size()},
    ClassTable{"n", "Neuron", kNeuron, kNeuron.size()},
    ClassTable{"c", "Connection", kConnection, kConnection.size()},
};
constexpr std::array kHingeTables{
    kTables[0], kTables[1], ClassTable{"j", "Joint", kHingeJoint, kJoint.size()}, kTables[3], kTables[4],
};
constexpr ClassTable kJointNonDeltaTable{"j", "Joint", kJointNonDelta, 11};

// ---- the original f0 spec's order (--f0-order spec) --------------------------------------------
constexpr std::array kSpecPart{
    kPart[0],
    kPart[1],
    kPart[2],
    kPart[13],
    kPart[14],
    kPart[15],
    kPart[22],
    kPart[4],
    kPart[9],
    kPart[10],
    kPart[11],
    kPart[12],
    kPart[16],
    // not in the spec: by name only
    dr("sh", 0, 3, 0, 0, F::p_sh, kPart[3].name),
    kPart[5],
    kPart[6],
    kPart[7],
    kPart[8],
    kPart[17],
    kPart[18],
    kPart[19],
    kPart[20],
    kPart[21],
};
constexpr std::array kSpecJoint{
    kJoint[0],  kJoint[1],  kJoint[2],  kJoint[3], kJoint[4],  kJoint[5],  kJoint[6],  kJoint[7],  kJoint[9],
    kJoint[10], kJoint[11], kJoint[12], kJoint[8], kJoint[13], kJoint[14], kJoint[15], kJoint[16],
};
constexpr std::array kSpecHingeJoint{
    kHingeJoint[0],  kHingeJoint[1],  kHingeJoint[2],  kHingeJoint[3],  kHingeJoint[4],  kHingeJoint[5],
    kHingeJoint[6],  kHingeJoint[7],  kHingeJoint[9],  kHingeJoint[10], kHingeJoint[11], kHingeJoint[12],
    kHingeJoint[8],  kHingeJoint[13], kHingeJoint[14], kHingeJoint[15], kHingeJoint[16], kHingeJoint[17],
    kHingeJoint[18], kHingeJoint[19], kHingeJoint[20], kHingeJoint[21], kHingeJoint[22], kHingeJoint[23],
    kHingeJoint[24], kHingeJoint[25], kHingeJoint[26],
};
constexpr std::array kSpecNeuron{kNeuron[0], kNeuron[1], kNeuron[2], kNeuron[3], kNeuron[4]};
constexpr std::array kSpecConnection{
    dr("n", -1, 999999, -1, O, F::c_n1, "target neuron (spec name of n1)"),
    dr("i", -1, 999999, -1, O, F::c_n2, "source neuron (spec name of n2)"),
    kConnection[2],
    kConnection[0],
    kConnection[1],
};
constexpr std::array kSpecTables{
    ClassTable{"m", "Model", kModel, kModel.size()},   ClassTable{"p", "Part", kSpecPart, 13},
    ClassTable{"j", "Joint", kSpecJoint, 12},          ClassTable{"n", "Neuron", kSpecNeuron, 4},
    ClassTable{"c", "Connection", kSpecConnection, 3},
};
constexpr std::array kSpecHingeTables{
    kSpecTables[0], kSpecTables[1], ClassTable{"j", "Joint", kSpecHingeJoint, 12},
    kSpecTables[3], kSpecTables[4],
};

}  // namespace

const ClassTable* find_table(std::string_view class_id, PropertyOrder order, Joints joints) {
  for (const auto& t : all_tables(order, joints))
    if (t.class_id == class_id) return &t;
  return nullptr;
}

const ClassTable& joint_table_nondelta() {
  return kJointNonDeltaTable;
}

std::span<const ClassTable> all_tables(PropertyOrder order, Joints joints) {
  const bool hinges = joints == Joints::hinges;
  if (order == PropertyOrder::spec)
    return hinges ? std::span<const ClassTable>(kSpecHingeTables) : kSpecTables;
  return hinges ? std::span<const ClassTable>(kHingeTables) : kTables;
}

int find_prop(const ClassTable& t, std::string_view id) {
  return frams::find_property(t.props, id);
}

}  // namespace genokit::f0
