// Creatures genomes (.gen): C1 (no magic), C2 ("dna2") and C3/DS ("dna3").
//
// A Genome is the decoded structure of a file: its genes (header fields and data bytes each), the
// stray bytes between the magic and the first gene (`lead`), whether the `gend` end marker closes
// the genes, and every byte after it (`tail`). It keeps no copy of the file: write() encodes the
// structure, and for every genome read() returns, broken ones included, write(read(x)) == x.
// Edit a genome by editing the structure (a field through set_field_value(), a header field, the
// gene list), then write() it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "genokit/core/diagnostics.hpp"
#include "genokit/genome/layouts.hpp"

namespace genokit::genome {

struct Gene {
  std::uint8_t type = 0, subtype = 0, id = 0, generation = 0, switch_on = 0, flags = 0;
  std::uint8_t mutability = 0;  // C2/C3: mutation weighting
  std::uint8_t variant = 0;     // C3
  std::string data;             // the data bytes after the header
  // The layout of (type, subtype) for the genome's version, null when it has none. read() sets it;
  // set it with find_layout() when you build a gene or change its type.
  const GeneLayout* layout = nullptr;
  // Set when the file ends inside this gene's header: how many header bytes it has (the fields
  // after them are 0, `data` is empty, and write() gives back only those bytes).
  std::optional<std::uint8_t> partial_header;
  bool truncated = false;  // read(): the header or data ran past the end of the file
  bool resynced = false;   // read(): the data length differs from the layout; it ends at the next marker

  std::uint32_t key() const { return std::uint32_t(type) << 16 | std::uint32_t(subtype) << 8 | id; }
  bool mutable_() const { return flags & kMutable; }
  bool dormant() const { return flags & kDormant; }
};

struct Genome {
  Version version = Version::unknown;
  std::string lead;  // stray bytes between the magic and the first `gene` marker (normally none)
  std::vector<Gene> genes;
  bool has_gend = true;  // the `gend` end marker follows the genes
  std::string tail;      // bytes after `gend` (or after the last gene when there is none)

  std::size_t header_size() const { return genome::header_size(version); }
  // Header bytes `g` has in write(): all of them, or its partial_header (at most all).
  std::size_t header_bytes(const Gene& g) const {
    return g.partial_header && *g.partial_header < header_size() ? *g.partial_header : header_size();
  }
  // Bytes `g` takes in write(): marker, header and data.
  std::size_t gene_size(const Gene& g) const { return 4 + header_bytes(g) + g.data.size(); }
  // Where each gene's `gene` marker is in write(*this), plus one more entry: where the genes end
  // (the `gend` marker, or the tail when there is none). For a genome read() returns, these are the
  // offsets in the file it was read from.
  std::vector<std::size_t> offsets() const;
  std::int64_t gend_offset() const;  // -1 without `gend`
  std::size_t size() const;          // of write(*this)
};

// Detects C1/C2/C3 from the first bytes (Version::unknown when it is none of them).
Version detect_version(std::string_view bytes);

struct ReadOptions {
  // Also take a C1/C2 export (.exp): the genome inside it is extracted first (extract_from_export)
  // and read; a note says where it was, and offsets in diagnostics are those of the extracted genome.
  bool accept_export = false;
};
// Decodes a genome. Problems of the byte stream (truncation, missing gend, length mismatch with
// resync, unknown gene types) go to `diags` with byte offsets; the genome still holds every byte.
// std::nullopt when the bytes are not a genome at all (or, with accept_export, a broken export).
std::optional<Genome> read(std::string_view bytes, Diagnostics& diags, const ReadOptions& opt = {});
// Encodes the structure: magic, lead, each gene (`gene`, header, data), `gend` if has_gend, tail.
std::string write(const Genome& g);

// Semantic checks of a genome (stream problems are reported by read()). Codes: genome.*; positions
// are byte offsets in write(g).
void validate(const Genome& g, Diagnostics& diags);
// read() + validate().
std::optional<Genome> check(std::string_view bytes, Diagnostics& diags, const ReadOptions& opt = {});

}  // namespace genokit::genome
