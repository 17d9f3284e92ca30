// The encoding registry of the genotype door. An encoding is an id (the header letter: "0" for
// `//0`, "1" for `/*1*/`), a name, a description, the one required job (text -> f0 model with
// diagnostics) and optional slots for the genetic operators and the strict check: an empty slot
// means "not available for this encoding", so new operators plug in without changing the door or
// its callers. f0 and f1 are the built-in entries (src/genotype/registry.cpp); a new
// encoding is one entry there plus its converter.
#pragma once

#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "genokit/core/diagnostics.hpp"
#include "genokit/f0/genetic_operator.hpp"
#include "genokit/frams/property.hpp"
#include "genokit/genotype/read.hpp"

namespace genokit::genotype {

struct Encoding {
  std::string id;           // header letter(s): "0", "1", "4", "H", ...
  std::string name;         // "f0", "f1", ...
  std::string description;  // one line for people
  // True when the model is converted from another text (every encoding but f0): rewriting a file
  // then turns the genotype into f0 text.
  bool converts = true;

  // Required: the genotype text (header included or not) -> model, map (with opt.mapping) and
  // diagnostics positioned in the text. The door fills Genotype::format.
  std::function<Genotype(std::string_view text, Diagnostics& diags, const ReadOptions& opt)> to_model;
  // How much a text without a header looks like this encoding: 0 (not at all) .. 100. Optional.
  std::function<int(std::string_view text)> sniff;

  // Genetic operators and strict validity (empty = not available for this encoding; an encoding
  // may fill any subset). Raw operators work on genes (the text after the header) and are called
  // through the GenMan wrapper of genokit/genotype/operators.hpp, which checks, repairs and
  // retries (docs/evolution.md "How operators are called").
  //
  // The operator parameters (f1_smX, f4_mut_add, ...): one table, declared once as data next to
  // the operators; `.sim` files and name=value strings set them (operator_settings.hpp).
  std::span<const frams::Property> params;
  f0::MutateOperator mutate;        // one mutation of valid genes
  f0::CrossoverOperator crossover;  // one or two children of two valid parents
  f0::RepairOperator repair;        // GenMan's validate(): fixes minor errors of invalid genes
  // The genes of the simplest genotype (no header), e.g. "X" for f1.
  std::function<std::string()> simplest;
  // Genetic validity (the SDK's checkValidity) where it differs from the converter's verdict (f1:
  // `X[0:0],` converts with a warning but is not a valid genotype): the whole text (header
  // included, like to_model), true = valid, the reasons positioned in it in diags. Without it the
  // converter's verdict decides.
  std::function<bool(std::string_view text, Diagnostics& diags)> check_strict;
  // The encoding's own canonical text of genes (no header), as its SDK operators write it (fH:
  // Geno_fH's handle lines; fL: fL_Builder::toString), for `genokit fmt` on a file of this encoding;
  // std::nullopt (reasons in diags) when the genes cannot be read. Empty = fmt has no canonical form.
  std::function<std::optional<std::string>(std::string_view genes, Diagnostics& diags)> canonical;
};

// Every encoding genokit reads, in id order ("0", "1", ...).
std::span<const Encoding> encodings();
// The encoding with this id, or nullptr.
const Encoding* find_encoding(std::string_view id);
// "f0 and f1": the names of the encodings genokit reads, for messages.
std::string encoding_names(std::string_view conjunction = "and");

// Strict genetic validity (framspy's isValid): the encoding's check_strict when it has one, else
// the converter's verdict. Reasons in diags.
bool is_valid_strict(std::string_view genotype, Diagnostics& diags, const ReadOptions& opt = {});
// A valid creature (framspy's isValidCreature): genetically valid (is_valid_strict), and the model
// builds without the warnings Framsticks counts as creature build failures: two muscles of one kind
// on one joint (genotype.duplicate-muscle), a neuron away from the part or joint its class needs
// (genotype.misplaced-neuron), a class outside the SDK library (genotype.unknown-neuron-class).
bool is_valid_creature(std::string_view genotype, Diagnostics& diags, const ReadOptions& opt = {});

}  // namespace genokit::genotype
