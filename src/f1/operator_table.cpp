// f1's operator parameters (spec notes evolution.md §2.1: XML1104 and SIM1303 names and defaults;
// whether the rates are per-gene probabilities or relative weights is up to the f1 operators and
// written in docs/evolution.md).
#include "genokit/f1/operator_table.hpp"

#include <array>

#include "genokit/frams/operator_params.hpp"

namespace genokit::f1 {
namespace {

constexpr frams::Property rate(std::string_view id, double def, std::string_view name) {
  return frams::operator_param(id, 'f', 0, 100, def, name, name);
}

constexpr std::array kTable{
    rate("f1_smX", 0.05, "Add/remove a stick X"),
    rate("f1_smJunct", 0.02, "Add/remove a junction ( )"),
    rate("f1_smComma", 0.02, "Add/remove a comma ,"),
    rate("f1_smModif", 0.1, "Add/remove a modifier"),
    frams::operator_text_param("f1_smModifiers", 0, "LlRrCcQqFfMm", "modifiers used by mutation",
                               "the modifiers mutation may add or remove (SIM1303; replaces f1_mut_exmod)"),
    frams::operator_text_param("f1_mut_exmod", 30, "", "excluded modifiers",
                               "modifiers never added or deleted by mutation (XML1104)"),
    rate("f1_nmNeu", 0.05, "Add/remove a neuron"),
    rate("f1_nmConn", 0.1, "Add/remove a neural connection"),
    rate("f1_nmProp", 0.1, "Add/remove a neuron property setting"),
    rate("f1_nmWei", 1.0, "Change connection weight"),
    rate("f1_nmVal", 0.05, "Change property value"),
    frams::operator_param(
        "f1_xo_propor", 'd', 0, 1, 1, "Proportional crossover",
        "1: the two-point crossover chooses its cut points proportionally to neural genes, so "
        "parents with equal neuron counts give children with that count"),
};

}  // namespace

std::span<const frams::Property> operator_table() {
  return kTable;
}

}  // namespace genokit::f1
