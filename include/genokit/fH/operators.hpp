// fH's genetic operators (Geno_fH of SDK r909, notes encodings.md §6.4): mutation (add a stick,
// neuron or connection handle; change a handle's vectors or properties; delete a handle),
// crossover (handles shuffled between two children), repair (GenMan's validate) and the validity
// check, with the parameters fH_mut_* as data. Registered with the genotype door
// (src/genotype/fH_encoding.cpp), which checks, repairs and retries as GenMan does.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "genokit/f0/genetic_operator.hpp"
#include "genokit/frams/property.hpp"

namespace genokit::fH {

// fH_mut_addition, fH_mut_add_joint, fH_mut_add_neuron, fH_mut_add_connection, fH_mut_deletion,
// fH_mut_handle, fH_mut_property.
std::span<const frams::Property> operator_table();

// Raw operators on genes (the text after "//H\n"). Kinds: fH.add-stick, fH.add-neuron,
// fH.add-connection (SDK methods 4-6), fH.change-vector (1), fH.change-property (2), fH.delete (3).
std::optional<f0::Mutation> mutate(std::string_view genes, const f0::OperatorCall& call);
std::optional<f0::Crossing> crossover(std::string_view genes1, std::string_view genes2,
                                      const f0::OperatorCall& call);
std::optional<std::string> repair(std::string_view genes, const f0::OperatorCall& call);

// The canonical genes (Geno_fH's toString): std::nullopt when the genes cannot be read.
std::optional<std::string> canonical(std::string_view genes);

// "3\nj:" (one default stick in three dimensions).
inline constexpr std::string_view kSimplest = "3\nj:";

}  // namespace genokit::fH
