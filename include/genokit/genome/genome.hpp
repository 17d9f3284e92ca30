// Creatures genomes (.gen): C1 (no magic), C2 ("dna2") and C3/DS ("dna3").
// A Genome keeps the file's bytes and indexes the genes inside them, so writing it back is
// byte-identical (unknown genes, odd lengths and everything after the first `gend` are kept).
// Gene data layouts are data tables (layouts.cpp), one per game version.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "genokit/core/diagnostics.hpp"

namespace genokit::genome {

enum class Version : std::uint8_t { unknown = 0, c1 = 1, c2 = 2, c3 = 3 };
std::string_view to_string(Version v);  // "c1", "c2", "c3", "unknown"

// How a field's bytes are read and shown.
enum class FieldKind : std::uint8_t {
  u8,      // one byte, a number (or a symbol when the field has a symbol table)
  flags8,  // one byte of bit flags with names
  u16be,   // two bytes, big-endian (C3)
  chars,   // fixed-length characters (monikers, pose strings, C3 lobe ids)
  svrule,  // C1/C2 state-variable rule: one opcode per byte
  table,   // a list of numbers, one per byte (half-lives)
  bytes,   // raw bytes shown as hex (C3 rules, spare bytes)
};

// What a field refers to (drives validation, comments and the summary form).
enum class FieldRole : std::uint8_t { none, lobe_index, chemical, organ, species };

struct SymbolTable {
  const char* const* names = nullptr;  // names[value], nullptr/"" = no name for that value
  std::uint16_t count = 0;
  std::string_view name(unsigned value) const {
    return value < count && names[value] ? std::string_view(names[value]) : std::string_view();
  }
  int find(std::string_view n) const;  // value with that name, or -1
};

struct FieldDef {
  const char* name;
  FieldKind kind;
  std::uint16_t size;  // bytes
  FieldRole role = FieldRole::none;
  const SymbolTable* symbols = nullptr;  // value names (u8) or bit names (flags8)
  std::uint16_t engine_max = 0xFFFF;     // larger values are wrapped by the engines: a warning
  std::uint16_t offset = 0;              // within the gene data (filled in by the tables)
};

struct GeneLayout {
  std::uint8_t type = 0, subtype = 0;
  const char* name = "";   // text-form keyword: lobe, receptor, ...
  const char* title = "";  // for people: "Brain lobe"
  std::span<const FieldDef> fields;
  std::uint16_t data_size = 0;
  // Bit i set: field i is range-limited or a lobe reference, so validation reads it (filled in
  // with the offsets; layouts have at most 64 fields).
  std::uint64_t checked = 0;
};

// The layout table of a version, or empty for Version::unknown.
std::span<const GeneLayout> layouts(Version v);
const GeneLayout* find_layout(Version v, std::uint8_t type, std::uint8_t subtype);
const GeneLayout* find_layout(Version v, std::string_view name);
// Bytes after `gene`: 6 (C1), 7 (C2), 8 (C3).
std::size_t header_size(Version v);
std::string_view magic(Version v);  // "", "dna2", "dna3"

// Shared symbol tables.
const SymbolTable& stage_names();      // embryo, child, adolescent, youth, adult, old, senile
const SymbolTable& gene_flag_names();  // mut, dup, cut, male, female, dormant
const SymbolTable& svrule_opcodes();   // C1/C2 SVRule opcode names

// Gene header flag bits.
enum GeneFlag : std::uint8_t {
  kMutable = 1,
  kDuplicable = 2,
  kDeletable = 4,
  kMaleOnly = 8,
  kFemaleOnly = 16,
  kDormant = 32,
};

struct Gene {
  std::uint32_t offset = 0;  // of the `gene` marker in Genome::bytes
  std::uint32_t size = 0;    // marker + header + data
  std::uint8_t type = 0, subtype = 0, id = 0, generation = 0, switch_on = 0, flags = 0;
  std::uint8_t mutability = 0, variant = 0;  // C2/C3; C3 only
  const GeneLayout* layout = nullptr;        // null when the (type, subtype) is unknown
  bool truncated = false;                    // the header or data runs past the end of the stream
  bool resynced = false;  // data length differs from the layout; the gene ends at the next marker

  std::uint32_t key() const { return std::uint32_t(type) << 16 | std::uint32_t(subtype) << 8 | id; }
  bool mutable_() const { return flags & kMutable; }
  bool dormant() const { return flags & kDormant; }
};

struct Genome {
  Version version = Version::unknown;
  std::string bytes;  // the whole file, exactly as read
  std::vector<Gene> genes;
  std::uint32_t genes_begin = 0;  // after the magic
  std::uint32_t lead_size = 0;    // stray bytes between the magic and the first marker
  std::int64_t gend_offset = -1;  // offset of the first `gend`, -1 if none
  std::uint32_t tail_offset = 0;  // after `gend` (or where reading stopped when there is none)

  std::size_t header_size() const { return genome::header_size(version); }
  std::string_view gene_bytes(const Gene& g) const {
    return std::string_view(bytes).substr(g.offset, g.size);
  }
  std::string_view data(const Gene& g) const;  // the gene's data (after the header)
  std::size_t data_offset(const Gene& g) const { return g.offset + 4 + header_size(); }
  // Bytes after `gend` (or after the last gene when there is no `gend`).
  std::string_view tail() const { return std::string_view(bytes).substr(tail_offset); }
  std::string_view lead() const { return std::string_view(bytes).substr(genes_begin, lead_size); }
};

// Detects C1/C2/C3 from the first bytes (Version::unknown when it is none of them).
Version detect_version(std::string_view bytes);

// Reads a genome. Never throws; problems of the byte stream (truncation, missing gend, length
// mismatch with resync, unknown gene types) go to `diags` with byte offsets. `bytes` is kept.
// Returns false when the bytes are not a genome at all.
bool read(std::string bytes, Genome& out, Diagnostics& diags, Version force = Version::unknown);
// The file bytes: exactly `g.bytes` for a genome from read(); rebuilt from genes otherwise.
const std::string& write(const Genome& g);

// Builds genome bytes gene by gene (used by the assembler and the genetic operators).
class Builder {
 public:
  explicit Builder(Version v);
  void lead(std::string_view raw) { out_ += raw; }
  // Appends "gene" + header + data.
  void gene(const Gene& header, std::string_view data);
  void raw(std::string_view b) { out_ += b; }  // a whole gene copied verbatim
  void gend() { out_ += "gend"; }
  void tail(std::string_view t) { out_ += t; }
  std::string& bytes() { return out_; }
  Version version() const { return v_; }

 private:
  Version v_;
  std::string out_;
};

// Field access inside a gene's data (the data may be shorter than the layout when truncated).
unsigned field_value(std::string_view data, const FieldDef& f);  // u8/flags8/u16be only
void set_field_value(std::string& data, const FieldDef& f, unsigned v);

}  // namespace genokit::genome
