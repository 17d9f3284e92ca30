// f1's genetic operators (docs/evolution.md "f1 operators"): raw mutation, two-point crossover and
// repair on f1 genes, in the shapes of genokit/f0/genetic_operator.hpp. The genotype door
// registers them for f1 and wraps them as Framsticks' GenMan does (parent check and repair, 100
// attempts, statistics): call them through genokit/genotype/operators.hpp.
//
// Mutation picks one of nine groups by roulette over their parameters, treated as relative
// weights (f1_smX, f1_smJunct, f1_smComma, f1_smModif, f1_nmNeu, f1_nmConn, f1_nmProp, f1_nmWei,
// f1_nmVal); a group that cannot act on these genes (no connection to re-weigh, ...) takes no
// part in the draw. Add or remove is then chosen with R(2) when both are possible.
#pragma once

#include <optional>
#include <span>
#include <string_view>

#include "genokit/f0/genetic_operator.hpp"

namespace genokit::f1 {

// The kinds of f1 mutation, in the order of their method ids (Mutation::method is the index):
// "f1.add-stick", "f1.remove-stick", "f1.add-junction", "f1.remove-junction", "f1.add-comma",
// "f1.remove-comma", "f1.add-modifier", "f1.remove-modifier", "f1.add-neuron", "f1.remove-neuron",
// "f1.add-connection", "f1.remove-connection", "f1.add-property", "f1.remove-property",
// "f1.change-weight", "f1.change-value".
std::span<const std::string_view> mutation_kinds();

// One mutation of valid f1 genes (no header). std::nullopt (reason in call.diags) when no group
// can act on them (every weight 0, or nothing to do) or the drawn change is impossible this time.
std::optional<f0::Mutation> mutate(std::string_view genes, const f0::OperatorCall& call);

// Two-point crossing over (docs/evolution.md): a run of whole sticks (and a final branch group)
// of one branch of each parent is exchanged; the second parent's run is the one whose position
// corresponds best: by neural genes (brackets) before and inside the run when f1_xo_propor is 1,
// by sticks otherwise. Relative connections left pointing outside the child's neurons are
// dropped. Two children; chg1/chg2 are each child's share of its own parent (by characters).
std::optional<f0::Crossing> crossover(std::string_view genes1, std::string_view genes2,
                                      const f0::OperatorCall& call);

// GenMan's validate for f1: removes what the SDK ignores (text after a top-level ',' or ')' or a
// branch group, stray ']', characters f1 does not have, neurons before the first stick, modifiers
// that act on no stick), closes '(' and '[', names empty brackets N, drops connections to neurons
// that do not exist and tokens the converter ignores or cannot read, and clamps neuron property
// values and weights into their ranges (e.g. `in:1.5` -> `in:1`). std::nullopt when nothing
// changed (the genes cannot be repaired).
std::optional<std::string> repair(std::string_view genes, const f0::OperatorCall& call);

}  // namespace genokit::f1
