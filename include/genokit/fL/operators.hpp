// fL's genetic operators (Geno_fL of SDK r909, notes encodings.md §7.7): mutations of the axiom and
// the rules' successors (add a word, a word definition or a rule, change a condition, a word or the
// development time, delete a word), crossover by rule migration, repair (GenMan's validate) and the
// validity check, with the parameters fL_* as data. Registered with the genotype door. Where the
// SDK's operators spoil their own purpose, genokit does what they are meant to do (docs/encodings.md):
// formulas are written exactly, a check failure (-1) is a failure, crossover copies conditions and
// uses each parent's own rule count.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "genokit/f0/genetic_operator.hpp"
#include "genokit/frams/property.hpp"

namespace genokit::fL {

// fL_maxdefinedwords, fL_axm_mut_prob, fL_rul_mut_prob, fL_mut_addition, fL_mut_add_stick,
// fL_mut_add_neuro, fL_mut_add_conn, fL_mut_add_rot, fL_mut_add_branch, fL_mut_add_other,
// fL_mut_worddefaddition, fL_mut_ruleaddition, fL_mut_rulecond, fL_mut_changeword,
// fL_mut_changeword_formula, fL_mut_changeword_name, fL_mut_changeiter, fL_mut_changeiter_step,
// fL_mut_deletion.
std::span<const frams::Property> operator_table();

// Kinds (SDK methods): fL.add-word (0), fL.add-word-definition (1), fL.add-rule (2),
// fL.change-condition (3), fL.change-word (4), fL.change-time (5), fL.delete-word (6).
std::optional<f0::Mutation> mutate(std::string_view genes, const f0::OperatorCall& call);
std::optional<f0::Crossing> crossover(std::string_view genes1, std::string_view genes2,
                                      const f0::OperatorCall& call);
std::optional<std::string> repair(std::string_view genes, const f0::OperatorCall& call);

// The canonical genes (fL_Builder::toString, formulas written exactly): std::nullopt when the genes
// cannot be read.
std::optional<std::string> canonical(std::string_view genes);

inline constexpr std::string_view kSimplest = "i:axiom=\"S()\", time=0, maxwords=300";

}  // namespace genokit::fL
