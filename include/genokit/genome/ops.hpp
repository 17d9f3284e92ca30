// What can be done with a genome: validation, expression, gene-aligned diff, crossover and
// mutation (the C1/C3 engine schemes), notes (GNO) and export (.exp) extraction.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "genokit/genome/genome.hpp"

namespace genokit::genome {

// ---- validation ---------------------------------------------------------------------------------
// Semantic checks of a read genome (stream problems are reported by read()). Codes: genome.*.
void validate(const Genome& g, Diagnostics& diags);
// read() + validate().
bool check_bytes(std::string bytes, Genome& out, Diagnostics& diags);
// Like read(), but also accepts a C1/C2 export (.exp): its genome is extracted first (offsets in
// diagnostics are then relative to the extracted genome, whose `export_offset` is reported).
bool read_any(std::string bytes, Genome& out, Diagnostics& diags);
// True when the bytes look like an MFC export holding a CGenome record.
bool looks_like_export(std::string_view bytes);

// ---- notes (GNO) and exports ---------------------------------------------------------------------
struct GeneNote {
  std::string caption, notes;
};
// Keyed by (type << 16 | subtype << 8 | id), i.e. Gene::key().
using Notes = std::map<std::uint32_t, GeneNote>;
bool read_gno(std::string_view bytes, Notes& out, Diagnostics& diags);

struct ExportedGenome {
  std::string moniker;  // 4 characters
  std::uint32_t sex = 0;
  std::uint8_t stage = 0;
  std::size_t offset = 0;  // of the gene stream in the export
  std::string genome;      // `dna2` + the gene stream: a .gen file
};
// Finds the CGenome record of a C1/C2 export (.exp, an MFC archive).
bool extract_from_export(std::string_view bytes, ExportedGenome& out, Diagnostics& diags,
                         Version v = Version::c2);

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

// Copies `in` with per-byte mutation (only in mutable genes, never marker/type/subtype/id/
// generation/flags; switch-on and the bytes after the flags may change). Returns the new file bytes.
std::string mutate(const Genome& in, const Scheme& s, Random& rng, OperatorStats* stats = nullptr);
// Crossover by gene-id alignment with linkage runs and cutting errors; mutation while copying
// (unless the scheme says none); the parents' monikers go into the child's genus gene.
std::string cross(const Genome& mum, const Genome& dad, std::string_view mum_moniker,
                  std::string_view dad_moniker, const Scheme& s, Random& rng, OperatorStats* stats = nullptr);
// A 4-character moniker derived from a genome's bytes (used when the caller gives none).
std::string default_moniker(const Genome& g);

}  // namespace genokit::genome
