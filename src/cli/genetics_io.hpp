// What the commands running genetic operators share (mutate, cross, evolve): the --sim / --set
// options that set the operators' parameters, reading a genotype file, writing genotypes as `org:`
// objects of a .gen file.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "cli/registry.hpp"
#include "genokit/genotype/file.hpp"
#include "genokit/genotype/operator_settings.hpp"

namespace genokit::cli {

struct GeneticsArgs {
  std::string sim;               // "a.sim;b.sim"
  std::vector<std::string> set;  // "f1_smX=0.1", ...
};
void add_genetics_options(CLI::App& cmd, GeneticsArgs& a);
// Defaults, then the .sim chain (later files win), then each --set. Diagnostics (unknown keys,
// clamped values, with their file:line) are printed; std::nullopt after an error (exit code raised:
// kExitInvalid for a .sim file, kExitUsage for a bad --set).
std::optional<genotype::OperatorSettings> load_genetics(const GeneticsArgs& a);

// The genotypes of a file (a .gen file or one bare genotype); problems reading it are printed.
std::optional<genotype::GenotypeFile> read_genotype_file(const Input& in);

// The genotype to hand to an operator: its text, without the line end of a bare f1 file (f1
// ignores it; mutants and children would carry it).
std::string_view parent_text(const genotype::GenotypeFile& f, const genotype::FileGenotype& g);

// One `org:` object in canonical Framsticks form, followed by a blank line.
void append_org(std::string& out, const std::vector<std::pair<std::string, std::string>>& fields);
// A fraction for a field ("0.125").
std::string format_fraction(double x);

}  // namespace genokit::cli
