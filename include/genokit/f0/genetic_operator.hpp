// The shape of a genetic operator of any encoding (f0, f1, f4, f9, fF, fn, fH, fB, fL): what an
// encoding's raw mutation, crossover and repair receive and return. Encodings implement them in
// their own module (they sit below the genotype door) and register them in their Encoding entry
// (genokit/genotype/encoding.hpp); the door's GenMan wrapper (genokit/genotype/operators.hpp) calls
// them, checks and repairs their results, retries, and keeps the statistics (docs/evolution.md).
//
// A raw operator works on genes: the genotype text after its format header ("X(X,X)" for f1,
// "p:\np:1.0\nj:0, 1\n" for f0). It draws every random number from `call.rng` and reads its
// parameters from `call.params` (its encoding's table, e.g. f1_smX); it never checks validity
// itself (the wrapper does) and it never throws.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "genokit/core/diagnostics.hpp"
#include "genokit/f0/neuron_mutation.hpp"
#include "genokit/frams/operator_params.hpp"
#include "genokit/frams/sdk_random.hpp"

namespace genokit::f0 {

// What one operator call receives besides the genes.
struct OperatorCall {
  frams::SdkRandom& rng;             // the call's stream (shared by every attempt of one wrapper call)
  const frams::ParamValues& params;  // the encoding's operator parameters (table in its Encoding)
  const NeuronClassLists& neurons;   // neuron classes mutations may add (neuadd_<Class>)
  Diagnostics& diags;                // why this attempt failed (kept only if the wrapper fails)
};

// One mutation (std::nullopt from the operator: it could not mutate these genes this time, the
// SDK's GENOPER_OPFAIL; the reason goes to call.diags).
struct Mutation {
  std::string genes;  // the mutant's genes (no header)
  std::string kind;   // stable name "<encoding>.<kebab-case>": "f1.add-stick", "f4.add-division"
  int method = -1;    // the SDK's method id where it has one (f4: 0..6), else -1
  double chg = 0;     // the operator's estimate of the fraction of genes changed, usually 0..1
};

// One crossing over of two parents: one or two children.
struct Crossing {
  std::string child1, child2;  // genes (child2 unused when !two_children)
  bool two_children = true;
  double chg1 = 0;   // fraction of child1 that comes from parent 1
  double chg2 = 0;   // fraction of child2 that comes from parent 2
  std::string kind;  // optional: "fB.gene-transfer", ... ("" = the encoding's only crossover)
};

using MutateOperator =
    std::function<std::optional<Mutation>(std::string_view genes, const OperatorCall& call)>;
using CrossoverOperator = std::function<std::optional<Crossing>(
    std::string_view genes1, std::string_view genes2, const OperatorCall& call)>;
// GenMan's validate(): fixes minor errors (out-of-range values, bad links) of invalid genes; the
// wrapper checks the result again. std::nullopt: cannot repair.
using RepairOperator =
    std::function<std::optional<std::string>(std::string_view genes, const OperatorCall& call)>;

}  // namespace genokit::f0
