// f4's genetic operators (Geno_f4 of SDK r909, notes spec/notes/encodings.md §2.6, §2.8): seven
// mutation methods on the code tree (add division, connection, neuron property, repetition, simple
// node; delete; modify), subtree-exchange crossover, and the SDK's tree repair. Raw operators on
// genes (no header), called through the door's GenMan wrapper (docs/evolution.md). Where the SDK's
// operator defeats its own purpose genokit does what it is meant to do (docs/encodings.md, "f4").
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "genokit/f0/genetic_operator.hpp"
#include "genokit/frams/property.hpp"

namespace genokit::f4 {

// f4_mut_add 50 (add node, then one of f4_mut_add_div 20, f4_mut_add_conn 15, f4_mut_add_neupar 5,
// f4_mut_add_rep 10, f4_mut_add_simp 50), f4_mut_del 20, f4_mut_mod 30 (relative weights, 0..100),
// f4_mut_exmod (modifiers simple nodes never add, default "EeWwAaSsDdGgBbHh").
std::span<const frams::Property> operator_table();

// Kinds (SDK method id): f4.add-division (0), f4.add-connection (1), f4.add-neuron-property (2),
// f4.add-repetition (3), f4.add-simple-node (4), f4.delete-node (5), f4.modify-node (6). Up to 20
// attempts inside, each developed; std::nullopt when none develops without an error.
std::optional<f0::Mutation> mutate(std::string_view genes, const f0::OperatorCall& call);
// Two children exchanging subtrees of random sizes.
std::optional<f0::Crossing> crossover(std::string_view genes1, std::string_view genes2,
                                      const f0::OperatorCall& call);
// The SDK's validate(): up to 21 rounds of developing and fixing the first repairable error
// (deleting the offending code, or inserting X before a '>' reached by an undifferentiated cell).
// std::nullopt when the genes do not parse or an error cannot be repaired.
std::optional<std::string> repair(std::string_view genes, const f0::OperatorCall& call);

inline constexpr std::string_view kSimplest = "X";

}  // namespace genokit::f4
