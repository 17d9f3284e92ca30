// Genetic operators through the genotype door, wrapped as Framsticks' GenMan wraps them (spec notes
// evolution.md §2.3–2.4, encodings.md §1.3; docs/evolution.md):
//
//  - the parent is checked (is_valid_strict's rule; not when the caller vouches for it) and, when
//    invalid, repaired with the encoding's repair slot; a parent that stays invalid is an error
//    (genotype.invalid-parent);
//  - the raw operator is called up to 100 times; each result is checked through the door and
//    accepted when valid, or when repair makes it valid; operator failures and invalid results
//    are retried; after 100 attempts the call fails with its reason (genotype.mutation-failed,
//    genotype.crossover-failed): never a silent invalid genotype;
//  - of two children, one is kept with R(2);
//  - one random stream per call, MT19937 seeded with OperatorOptions::seed (frams::SdkRandom: seeds
//    below 2^32 give the SDK's stream for that seed); every attempt, repair and the child choice
//    draw from it in order, so the same seed, settings and parents give the same result.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "genokit/core/diagnostics.hpp"
#include "genokit/genotype/encoding.hpp"
#include "genokit/genotype/operator_settings.hpp"

namespace genokit::genotype {

// GenMan's cumulative statistics (gen_mvalid, ...): add OperatorOptions::stats to collect them
// (one per thread: the counters are plain numbers).
struct OperatorStats {
  std::uint64_t mvalid = 0;      // mutants valid as made
  std::uint64_t mvalidated = 0;  // mutants made valid by repair
  std::uint64_t minvalid = 0;    // mutants invalid even after repair (retried)
  std::uint64_t mfailed = 0;     // operator calls that could not mutate (retried)
  std::uint64_t xovalid = 0, xovalidated = 0, xoinvalid = 0, xofailed = 0;  // the same for crossover
  OperatorStats& operator+=(const OperatorStats& o);
};

struct OperatorOptions {
  std::uint64_t seed = 0;                      // the call's random stream (same seed, same result)
  const OperatorSettings* settings = nullptr;  // nullptr: every parameter at its default
  OperatorStats* stats = nullptr;              // counters to add to (nullptr: none)
  std::string name1, name2;                    // parent names for the info texts ("" allowed)
  // The caller knows the parents are valid (is_valid_strict: an operator's result, a checked
  // genotype): they are not checked again. The result is the same as with the check, which draws
  // nothing from the stream for a valid parent; an invalid parent would not be repaired first.
  bool parents_valid = false;
};

// Most attempts of one call (GenMan's GENMAN_REPEAT_FAILED).
inline constexpr int kOperatorAttempts = 100;

struct Mutant {
  std::string genotype;          // the new genotype text, header as the SDK writes it ("X", "//0\n...")
  std::string kind;              // which mutation was applied: "f1.add-stick", ...
  int method = -1;               // the SDK's method id where there is one
  double change = 0;             // how much changed (the SDK's chg), usually 0..1
  bool repaired = false;         // the operator's result was repaired to be valid (gen_mvalidated)
  bool parent_repaired = false;  // the parent was invalid and was repaired first
  int attempts = 0;              // operator calls made (1..kOperatorAttempts)
  // "12.50% mutation of 'name'" (gen_extmutinfo 0), "... mutation(3) of ..." (1), "...
  // mutation(f1.add-stick) of ..." (2).
  std::string info;
};

struct Offspring {
  std::string genotype;  // the kept child
  std::string kind;      // the crossover's kind when the encoding has several, else ""
  double change = 0;     // share of parent 1 in the child, 0..1
  int child = 1;         // which of the operator's children was kept (1 or 2)
  bool repaired = false;
  bool parents_repaired = false;
  int attempts = 0;
  std::string info;  // "Crossing over of 'a' (62.50%) and 'b' (37.50%)"
};

// The simplest genotype of an encoding ("1" -> "X"), with its header.
std::optional<std::string> simplest(std::string_view format, Diagnostics& diags);
// One mutation of `genotype` (format from its header, bare = f1). std::nullopt with the reason as
// an error in diags: unknown format, no mutation for the encoding (genotype.unsupported-operator),
// invalid parent that cannot be repaired, 100 failed attempts.
std::optional<Mutant> mutate(std::string_view genotype, Diagnostics& diags, const OperatorOptions& opt = {});
// One child of two genotypes of the same encoding (genotype.mixed-encodings otherwise).
std::optional<Offspring> crossover(std::string_view a, std::string_view b, Diagnostics& diags,
                                   const OperatorOptions& opt = {});
// GenMan.validate: the genotype itself when valid, else its repaired text; std::nullopt with the
// reasons when it cannot be made valid (or the encoding has no repair).
std::optional<std::string> repair(std::string_view genotype, Diagnostics& diags,
                                  const OperatorOptions& opt = {});

}  // namespace genokit::genotype
