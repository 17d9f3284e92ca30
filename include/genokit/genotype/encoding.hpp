// The encoding registry of the genotype door. An encoding is an id (the header letter: "0" for
// `//0`, "1" for `/*1*/`), a name, a description, the one required job (text -> f0 model with
// diagnostics) and optional slots that the genetic operators and stricter checks fill later: an
// empty slot means "not available for this encoding", so new operators plug in without changing
// the door or its callers. f0 and f1 are the built-in entries (src/genotype/registry.cpp); a new
// encoding is one entry there plus its converter.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "genokit/core/diagnostics.hpp"
#include "genokit/genotype/read.hpp"

namespace genokit::genotype {

// Operator parameters by name, as Framsticks `.sim` files give them ("f1_smX" -> "0.05").
using Settings = std::vector<std::pair<std::string, std::string>>;

// Options of the random operators: the seed makes the result reproducible bit for bit.
struct OperatorOptions {
  std::uint64_t seed = 0;
  Settings settings;  // unknown names are reported by the operator
};

struct Mutant {
  std::string genotype;  // the new genotype text (with the encoding's header)
  std::string kind;      // which mutation was applied, e.g. "f1.add-stick"
  double change = 0;     // how much changed, 0..1 (the SDK's `chg`)
};

struct Offspring {
  std::string first, second;  // the children (with headers)
  double change = 0;          // share of material exchanged, 0..1
};

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

  // Slots filled by later work (empty = not available):
  // one mutation of a valid genotype (std::nullopt with the reason in diags on failure);
  std::function<std::optional<Mutant>(std::string_view parent, Diagnostics& diags,
                                      const OperatorOptions& opt)>
      mutate;
  // crossing two genotypes;
  std::function<std::optional<Offspring>(std::string_view a, std::string_view b, Diagnostics& diags,
                                         const OperatorOptions& opt)>
      crossover;
  // the simplest genotype of the encoding (with its header), e.g. "X" for f1;
  std::function<std::string()> simplest;
  // genetic validity where it is stricter than the converter's verdict (e.g. f1 `X[0:0],` is
  // converted with a warning but is not a valid f1 genotype): true = valid; reasons in diags.
  std::function<bool(std::string_view text, Diagnostics& diags)> check_strict;
};

// Every encoding genokit reads, in id order ("0", "1", ...).
std::span<const Encoding> encodings();
// The encoding with this id, or nullptr.
const Encoding* find_encoding(std::string_view id);
// "f0 and f1": the names of the encodings genokit reads, for messages.
std::string encoding_names(std::string_view conjunction = "and");

// The operator slots, called through the door: each reports genotype.unsupported-operator (and
// returns nothing) when the genotype's encoding has no such operator, and genotype.* errors when
// the text cannot be read.
std::optional<std::string> simplest(std::string_view format, Diagnostics& diags);
std::optional<Mutant> mutate(std::string_view genotype, Diagnostics& diags, const OperatorOptions& opt = {});
std::optional<Offspring> crossover(std::string_view a, std::string_view b, Diagnostics& diags,
                                   const OperatorOptions& opt = {});
// Strict genetic validity: the encoding's check_strict when it has one, else the model's verdict.
bool is_valid_strict(std::string_view genotype, Diagnostics& diags, const ReadOptions& opt = {});

}  // namespace genokit::genotype
