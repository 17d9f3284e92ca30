// fF's genetic operators (GenoOper_fF of SDK r909, notes spec/notes/encodings.md §4.4): creep one of
// seven parameters, linear-mix crossover, repair by rewriting the ten values. Raw operators on genes
// (no header), called through the door's GenMan wrapper (docs/evolution.md).
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "genokit/f0/genetic_operator.hpp"
#include "genokit/frams/property.hpp"

namespace genokit::fF {

// fF_xover (0.5..1, 0.5): the share of its own parent each crossover child keeps.
std::span<const frams::Property> operator_table();

// One of n, sx, sy, sz, tr, a1, a2 (R(7); the radii never change) creeps within its range; kind
// "fF.creep-<parameter>" (method 0).
std::optional<f0::Mutation> mutate(std::string_view genes, const f0::OperatorCall& call);
// Two children, each value a linear mix of the parents' (n rounded).
std::optional<f0::Crossing> crossover(std::string_view genes1, std::string_view genes2,
                                      const f0::OperatorCall& call);
// The values that load (defaults for the rest), written back as ten values.
std::optional<std::string> repair(std::string_view genes, const f0::OperatorCall& call);

inline constexpr std::string_view kSimplest = "6, 0.1, 0.1, 0.1, 1.05, 1.05, 1.05, 0, 0, 0";

}  // namespace genokit::fF
