// f9's genetic operators (GenoOper_f9 of SDK r909, notes spec/notes/encodings.md §3.4): per-letter
// substitution plus one insertion or deletion, one-point crossover, repair by deleting what is not
// a move. Raw operators on genes (no header), called through the door's GenMan wrapper
// (genokit/genotype/operators.hpp, docs/evolution.md).
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "genokit/f0/genetic_operator.hpp"
#include "genokit/frams/property.hpp"

namespace genokit::f9 {

// f9_mut (0..1, 0.1): the per-letter substitution probability, and the probability of one
// insertion or deletion.
std::span<const frams::Property> operator_table();

// Kind "f9.substitute-insert-delete" (method 0). std::nullopt when nothing changed (the SDK's
// failure, so GenMan tries again).
std::optional<f0::Mutation> mutate(std::string_view genes, const f0::OperatorCall& call);
// One cut in each parent; two children.
std::optional<f0::Crossing> crossover(std::string_view genes1, std::string_view genes2,
                                      const f0::OperatorCall& call);
// Deletes every character that is not a move (the result may be empty, so still invalid).
std::optional<std::string> repair(std::string_view genes, const f0::OperatorCall& call);

inline constexpr std::string_view kSimplest = "R";

}  // namespace genokit::f9
