// Internal pieces of the genome encoder/decoder shared by the reader, the writer, the text-form
// assembler, validation and the genetic operators.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "genokit/core/diagnostics.hpp"
#include "genokit/genome/genome.hpp"

namespace genokit::genome::detail {

// A diagnostic position given as a byte offset only (binary input).
inline Location at_byte(std::size_t offset) {
  Location l;
  l.offset = static_cast<std::int64_t>(offset);
  return l;
}

// "gene #3 (receptor)", or with the id "gene #3 (receptor id 7)"; unknown kinds as "type 2/9".
std::string gene_label(const Gene& g, std::size_t index, bool with_id = false);

// Appends `gene`, the header (all of it, or the first *partial_header bytes) and `data`.
void append_gene(std::string& out, Version v, const Gene& g, std::string_view data);
// Sets the header fields from header bytes (`h` may be shorter than the header: the rest stay).
void read_header(Gene& g, Version v, std::string_view h);

// The decoder fills a genome's pool with one copy of the bytes its genes were read from and points
// each gene into it (no allocation per gene).
struct PoolAccess {
  static std::string& pool(Genome& g) { return g.pool_; }
  static void point(Gene& gene, std::size_t at, std::size_t size) {
    gene.data_at_ = at;
    gene.data_size_ = size;
  }
  // After the pool is filled: set_data() starts looking for unused bytes once it has doubled.
  static void pool_filled(Genome& g) { g.pool_check_at_ = 2 * g.pool_.size(); }
};

}  // namespace genokit::genome::detail
