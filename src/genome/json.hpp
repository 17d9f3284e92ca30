// Internal JSON builders (nlohmann) of genomes, for the CLI's larger documents. The public form is
// to_json() in genokit/genome/text.hpp, which gives the same document as text.
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>

#include "genokit/genome/text.hpp"

namespace genokit::genome::detail {

// {"version", "size", "gene_count", "gend_offset", "tail_size", "genes": [gene_json...]}
nlohmann::json genome_json(const Genome& g, const JsonOptions& opt = {});
// Gene `index`, whose marker is at `offset` (g.offsets()[index]): index, offset, kind, header
// fields, caption, fields (or data as hex).
nlohmann::json gene_json(const Genome& g, std::size_t index, std::size_t offset, const JsonOptions& opt = {});

}  // namespace genokit::genome::detail
