// What can be done with a genome: expression, gene-aligned diff, crossover and mutation (the C1/C3
// engine schemes).
#pragma once

#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "genokit/genome/genome.hpp"

namespace genokit::genome {

// ---- expression -----------------------------------------------------------------------------------
enum class Sex : std::uint8_t { male, female };
// Whether gene `g` is active in a creature of that sex at that life stage (notes §5.1): not dormant,
// not of the other sex only, and switching on at exactly `stage` (with `up_to`, at or before it).
// C3 organ genes skip the stage check. Genes with both sex bits are never expressed (openc2e).
bool expressed(const Genome& genome, const Gene& g, Sex sex, unsigned stage, bool up_to = false);

// ---- diff ---------------------------------------------------------------------------------------
struct FieldChange {
  std::string field, before, after;  // text-form names and values
};
struct GeneDiff {
  enum class Kind : std::uint8_t { added, removed, changed, moved } kind;
  int a_index = -1, b_index = -1;  // gene indices in A and B
  std::vector<FieldChange> changes;
};
// Aligns genes by (type, subtype, id, generation) in order of occurrence, then lists removed,
// added, changed (header and data fields) and moved genes (those outside the longest run that
// keeps its relative order).
std::vector<GeneDiff> diff(const Genome& a, const Genome& b);

// ---- genetic operators ----------------------------------------------------------------------------
struct Scheme {
  // Crossover linkage: a run of Rnd(min..max) genes is copied before looking for a crossover point.
  unsigned linkage_min = 1, linkage_max = 40;
  unsigned cut_error_one_in = 81;  // a cutting error happens when rnd(cut_error_one_in) == 0
  enum class Mutation : std::uint8_t { c1_bit, c3_weighted, none } mutation = Mutation::c1_bit;
  unsigned c1_one_in = 1601;  // C1: per byte, mutate when rnd(c1_one_in) == 0
  unsigned c3_base = 4800;    // C3: N = base * (256 - weighting)/256 * (256 - parent_chance)/256
  unsigned parent_chance = 0, parent_degree = 0;  // C3 GENE CROS parameters (0..255)

  static Scheme c1();
  static Scheme c3();
};

// Deterministic random numbers (mt19937_64 with our own bounded draw, so results are the same
// with every standard library).
class Random {
 public:
  explicit Random(std::uint64_t seed);
  std::uint64_t next();
  unsigned below(unsigned n);                // 0..n-1 (0 when n == 0)
  unsigned range(unsigned lo, unsigned hi);  // lo..hi inclusive
  double unit();                             // [0, 1)

 private:
  std::mt19937_64 eng_;  // fully specified by the standard: same sequence everywhere
};

struct OperatorStats {
  std::size_t eligible_bytes = 0;  // bytes that were allowed to mutate
  std::size_t mutated_bytes = 0;
  std::vector<unsigned> drawn_runs;   // linkage draws
  std::vector<unsigned> copied_runs;  // genes actually copied from a strand before each switch
  std::size_t crossovers = 0, duplications = 0, deletions = 0, cut_errors = 0;
  std::vector<unsigned> flipped_bits;  // C1 scheme: which bit each mutation flipped (8 = none)
};

struct MutateOptions {
  Scheme scheme = Scheme::c1();
  OperatorStats* stats = nullptr;  // when set, what happened is added to it
};
// A copy of `in` with per-byte mutation (only in mutable genes, never marker/type/subtype/id/
// generation/flags; switch-on and the bytes after the flags may change). Lengths never change.
Genome mutate(const Genome& in, Random& rng, const MutateOptions& opt = {});

struct CrossOptions {
  Scheme scheme = Scheme::c1();
  // The parents' monikers for the child's genus gene; empty: default_moniker() of that parent.
  std::string mum_moniker{}, dad_moniker{};
  OperatorStats* stats = nullptr;  // when set, what happened is added to it
};
// The child of two genomes of the same version: crossover by gene-id alignment with linkage runs
// and cutting errors, mutation while copying (unless the scheme says none), `gend` last.
Genome cross(const Genome& mum, const Genome& dad, Random& rng, const CrossOptions& opt = {});
// A 4-character moniker derived from a genome (digits and lower-case letters): the 64-bit FNV-1a
// hash of write(g) without the tail, written in base 36, least significant digit first. Genomes
// that differ only after `gend` get the same moniker.
std::string default_moniker(const Genome& g);

}  // namespace genokit::genome
