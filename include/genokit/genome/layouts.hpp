// The gene layouts of Creatures 1, 2 and 3/DS as data tables (src/genome/layouts.cpp), one per
// game version: the reader, the writer, the text form, JSON, validation and the docs all walk them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

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
// The layout of a (type, subtype), or nullptr when the version does not define it.
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

// Field access inside a gene's data (the data may be shorter than the layout when truncated:
// field_value() then gives 0 and set_field_value() does nothing). u8/flags8/u16be fields only.
unsigned field_value(std::string_view data, const FieldDef& f);
void set_field_value(std::string& data, const FieldDef& f, unsigned v);

}  // namespace genokit::genome
