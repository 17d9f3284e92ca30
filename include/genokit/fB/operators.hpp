// fB's genetic operators (Geno_fB of SDK r909, notes encodings.md §6.9): letter substitution,
// insertion, neuron class insertion, deletion, gene duplication and translocation; crossover by gene
// transfer or gene crossing over; repair (GenMan's validate) and the validity check, with the
// parameters fB_mut_* and fB_cross_* as data. Registered with the genotype door.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "genokit/f0/genetic_operator.hpp"
#include "genokit/frams/property.hpp"

namespace genokit::fB {

// fB_mut_substitution, fB_mut_insertion, fB_mut_nclassins, fB_mut_deletion, fB_mut_duplication,
// fB_mut_translocation, fB_cross_gene_transfer, fB_cross_crossover.
std::span<const frams::Property> operator_table();

// Raw operators on genes ("dims\nletters"). Kinds (SDK methods): fB.substitution (0),
// fB.insertion (1), fB.class-insertion (2), fB.deletion (3), fB.duplication (4),
// fB.translocation (5); crossover kinds fB.gene-transfer, fB.crossing-over.
std::optional<f0::Mutation> mutate(std::string_view genes, const f0::OperatorCall& call);
std::optional<f0::Crossing> crossover(std::string_view genes1, std::string_view genes2,
                                      const f0::OperatorCall& call);
std::optional<std::string> repair(std::string_view genes, const f0::OperatorCall& call);

// "5\naaazz".
inline constexpr std::string_view kSimplest = "5\naaazz";

}  // namespace genokit::fB
