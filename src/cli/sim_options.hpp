// What the creature commands (simulate, evaluate, export-xode) share: the --sim settings chain,
// reading a creature from a file, and telling a creature from an XODE scene.
#pragma once

#include <optional>
#include <string>

#include "cli/registry.hpp"
#include "genokit/genotype/file.hpp"
#include "genokit/sim/model.hpp"
#include "genokit/sim/settings.hpp"

namespace genokit::cli {

// Settings from a --sim chain ("a.sim;b.sim"), Framsticks' defaults when empty. Diagnostics
// (unknown or unsimulated settings, errors with file:line) go to `diags`; std::nullopt when a
// file cannot be read.
std::optional<sim::Settings> load_sim_chain(const std::string& chain, Diagnostics& diags);

// True when the input is a creature (a Framsticks file with org: objects, or a genotype text)
// rather than an XML document (XODE scene).
bool looks_like_creature(const Input& in);

// One creature of a file: the org picked by name or index (--genotype) of a .gen, or the whole
// text of a bare genotype file (encoding from its header, else guessed).
struct Creature {
  genotype::Picked picked;
  std::string name;      // the org's name ("" for a bare file)
  std::string encoding;  // "f0", "f1", ...
};
std::optional<Creature> read_creature(const Input& in, const std::string& selector, Diagnostics& diags);

// The creature built for simulation; std::nullopt (diagnostics in `diags`) when it cannot be.
std::optional<sim::Model> build_creature(const Creature& c, const sim::Settings& s, Diagnostics& diags);

}  // namespace genokit::cli
