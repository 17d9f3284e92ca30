// f0's genetic operators (docs/evolution.md "f0 operators"): raw mutation and crossover on f0
// genes, in the shapes of genokit/f0/genetic_operator.hpp, registered with the genotype door
// (call them through genokit/genotype/operators.hpp, which checks, repairs and retries).
//
// Mutation draws one of 24 kinds by roulette over the f0_* weights of f0's operator table (relative
// weights; a kind that cannot act on these genes takes no part), honouring the `mi=d` / `mi=m`
// tags (f0_nodel_tag, f0_nomod_tag). The mutant is written in the SDK writer's canonical form.
#pragma once

#include <optional>
#include <span>
#include <string_view>

#include "genokit/f0/genetic_operator.hpp"

namespace genokit::f0 {

// The kinds of f0 mutation, in the order of the table's weights (Mutation::method is the index):
// "f0.add-part" (f0_p_new), "f0.remove-part", "f0.swap-parts", "f0.move-part", "f0.change-density",
// "f0.change-friction", "f0.change-ingestion", "f0.change-assimilation", "f0.change-part-colour",
// "f0.add-joint", "f0.remove-joint", "f0.change-stamina", "f0.change-stiffness",
// "f0.change-rotational-stiffness", "f0.change-joint-colour", "f0.change-joint-red",
// "f0.change-joint-green", "f0.change-joint-blue", "f0.add-neuron", "f0.remove-neuron",
// "f0.change-neuron", "f0.add-connection", "f0.remove-connection", "f0.change-weight" (f0_c_wei).
std::span<const std::string_view> mutation_kinds();
// The f0_* weight id of each kind ("f0_p_new", ...), in the same order.
std::span<const std::string_view> mutation_weight_ids();

// One mutation of valid f0 genes (the text after "//0"). std::nullopt (reason in call.diags) when
// no kind can act or the drawn change is impossible this time.
std::optional<Mutation> mutate(std::string_view genes, const OperatorCall& call);

// Limb exchange: a bridge joint of each parent (one whose removal splits the body) is drawn; the
// part of the body beyond it (away from part 0), with its joints and neurons, is exchanged with the
// other parent's, translated so that it starts where the removed one started and re-attached by
// the other parent's bridge joint. Connections between a limb and the rest are dropped. Two
// children; chg1/chg2 = each child's share of elements (parts, joints, neurons) from its own
// parent.
std::optional<Crossing> crossover(std::string_view genes1, std::string_view genes2, const OperatorCall& call);

}  // namespace genokit::f0
