// f0's operator parameters (spec notes evolution.md §2.2: XML1104 and SIM1303 names and defaults).
#include "genokit/f0/operator_table.hpp"

#include <array>

#include "genokit/frams/operator_params.hpp"

namespace genokit::f0 {
namespace {

constexpr frams::Property w(std::string_view id, double def, std::string_view name, std::string_view help) {
  return frams::operator_param(id, 'f', 0, 100, def, name, help);
}

constexpr std::array kTable{
    w("f0_p_new", 5, "new part", "relative weight of adding a part"),
    w("f0_p_del", 5, "delete part", "relative weight of deleting a part"),
    w("f0_p_swp", 10, "swap parts", "relative weight of swapping two parts"),
    w("f0_p_pos", 10, "part position", "relative weight of changing a part's position"),
    w("f0_p_den", 0, "part density",
      "relative weight of changing a part's density (matters only under water)"),
    w("f0_p_frc", 10, "part friction", "relative weight of changing a part's friction"),
    w("f0_p_ing", 10, "part ingestion", "relative weight of changing a part's ingestion"),
    w("f0_p_asm", 0, "part assimilation",
      "relative weight of changing a part's assimilation (its meaning is up to the experiment)"),
    w("f0_p_color", 0, "part colour", "relative weight of changing a part's colour (SIM1303)"),
    w("f0_j_new", 5, "new joint", "relative weight of adding a joint"),
    w("f0_j_del", 5, "delete joint", "relative weight of deleting a joint"),
    w("f0_j_stm", 0, "joint stamina", "relative weight of changing a joint's stamina"),
    w("f0_j_stf", 10, "joint stiffness", "relative weight of changing a joint's stiffness"),
    w("f0_j_rsf", 10, "joint rotational stiffness",
      "relative weight of changing a joint's rotational stiffness"),
    w("f0_j_color", 0, "joint colour", "relative weight of changing a joint's colour (SIM1303)"),
    w("f0_j_vred", 0, "joint red", "relative weight of changing a joint's red component (XML1104)"),
    w("f0_j_vgrn", 0, "joint green", "relative weight of changing a joint's green component (XML1104)"),
    w("f0_j_vblu", 0, "joint blue", "relative weight of changing a joint's blue component (XML1104)"),
    w("f0_n_new", 5, "new neuron", "relative weight of adding a neuron"),
    w("f0_n_del", 5, "delete neuron", "relative weight of deleting a neuron"),
    w("f0_n_prp", 10, "neuron properties", "relative weight of changing a neuron's properties"),
    w("f0_c_new", 5, "new connection", "relative weight of adding a neural connection"),
    w("f0_c_del", 5, "delete connection", "relative weight of deleting a neural connection"),
    w("f0_c_wei", 10, "connection weight", "relative weight of changing a connection's weight"),
    frams::operator_param("f0_nodel_tag", 'd', 0, 1, 1, "no-delete tag",
                          "1: elements tagged i=\"mi=d\" (or mi=dm, mi=md) are never deleted"),
    frams::operator_param("f0_nomod_tag", 'd', 0, 1, 1, "no-modify tag",
                          "1: elements tagged i=\"mi=m\" (or mi=dm, mi=md) are never modified"),
};

}  // namespace

std::span<const frams::Property> operator_table() {
  return kTable;
}

}  // namespace genokit::f0
