// Creatures genomes (.gen): C1 (no magic), C2 ("dna2") and C3/DS ("dna3").
//
// A Genome is the decoded structure of a file: its genes (header fields and data bytes each), the
// stray bytes between the magic and the first gene (`lead`), whether the `gend` end marker closes
// the genes, and every byte after it (`tail`). write() encodes the structure, and for every genome
// read() returns, broken ones included, write(read(x)) == x. Edit a genome by editing the
// structure (a header field, a gene's data through set_data() or set_field_value(), the gene
// list), then write() it.
//
// The genes' data bytes live in one pool that the Genome owns (read() fills it with one copy), so
// decoding costs no allocation per gene; a Gene knows where its data is in that pool, and
// Genome::data(gene) gives the bytes.
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

namespace detail {
struct PoolAccess;  // the decoder's way into a Genome's data pool (src/genome/codec.hpp)
}

struct Gene {
  std::uint8_t type = 0, subtype = 0, id = 0, generation = 0, switch_on = 0, flags = 0;
  std::uint8_t mutability = 0;  // C2/C3: mutation weighting
  std::uint8_t variant = 0;     // C3
  // The layout of (type, subtype) for the genome's version, null when it has none. read() sets it;
  // set it with find_layout() when you build a gene or change its type.
  const GeneLayout* layout = nullptr;
  // Set when the file ends inside this gene's header: how many header bytes it has (the fields
  // after them are 0, the data is empty, and write() gives back only those bytes).
  std::optional<std::uint8_t> partial_header;
  bool truncated = false;  // read(): the header or data ran past the end of the file
  bool resynced = false;   // read(): the data length differs from the layout; it ends at the next marker

  std::uint32_t key() const { return std::uint32_t(type) << 16 | std::uint32_t(subtype) << 8 | id; }
  bool mutable_() const { return flags & kMutable; }
  bool dormant() const { return flags & kDormant; }
  // Length of the data bytes (Genome::data() gives them).
  std::size_t data_size() const { return data_size_; }

 private:
  friend struct Genome;
  friend struct detail::PoolAccess;
  // Where the data is in the pool of the genome the gene belongs to. A Gene made by hand has no
  // data until Genome::set_data(); a Gene copied from another genome still points into that
  // genome's pool, so give it its data with set_data() (`to.set_data(gene, from.data(gene))`).
  std::size_t data_at_ = 0, data_size_ = 0;
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
  std::size_t gene_size(const Gene& g) const { return 4 + header_bytes(g) + g.data_size(); }

  // The data bytes of `g`, a gene of this genome. The view is valid until the next set_data() or
  // set_field_value() on this genome. A gene whose data is not in this genome's pool is a
  // programming error (std::out_of_range when it points past the pool).
  std::string_view data(const Gene& g) const;
  // Gives `g` these data bytes (`bytes` may be a view of this genome's data). `g` is a gene of this
  // genome or one about to be added to `genes`. The bytes are added to the pool and `g` points to
  // them, so genes copied from one another never see each other's edits; the pool is compacted
  // when most of it is no longer used by `genes`.
  void set_data(Gene& g, std::string_view bytes);
  // Sets one u8/flags8/u16be field of `g`'s data (nothing when the data is shorter than the layout).
  void set_field_value(Gene& g, const FieldDef& f, unsigned v);

  // Where each gene's `gene` marker is in write(*this), plus one more entry: where the genes end
  // (the `gend` marker, or the tail when there is none). For a genome read() returns, these are the
  // offsets in the file it was read from.
  std::vector<std::size_t> offsets() const;
  std::int64_t gend_offset() const;  // -1 without `gend`
  std::size_t size() const;          // of write(*this)

 private:
  friend struct detail::PoolAccess;
  void compact_pool();
  std::string pool_;               // the genes' data bytes (and, after read(), their headers)
  std::size_t pool_check_at_ = 0;  // set_data() looks for unused pool bytes once the pool is this big
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
