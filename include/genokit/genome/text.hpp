// The genome text form (dump/assemble, byte-identical round trip), the community one-line summary
// and JSON. The text form is described in docs/creatures-genome.md.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "genokit/genome/genome.hpp"
#include "genokit/genome/notes_export.hpp"

namespace genokit::genome {

struct TextOptions {
  const Notes* notes = nullptr;  // captions become comments (not owned)
  bool comments = true;          // index/offset comments and lobe references
};
// The text form of a genome. assemble(to_text(g)) == write(g) for every genome.
std::string to_text(const Genome& g, const TextOptions& opt = {});
// Text form -> genome bytes (a .gen file). Errors carry line:column (1-based) and the byte offset
// in `text`; std::nullopt when there are any.
std::optional<std::string> assemble(std::string_view text, Diagnostics& diags);

struct SummaryOptions {
  const Notes* notes = nullptr;  // captions follow the gene kind (not owned)
};
// One line per gene: "id Stage Sex Flags [Organ#=n] Kind, caption, field=value, ..." (the format
// users quote from the C2 genetics kits).
std::string to_summary(const Genome& g, const SummaryOptions& opt = {});
std::string summary_line(const Genome& g, std::size_t index, const SummaryOptions& opt = {});

struct JsonOptions {
  const Notes* notes = nullptr;  // captions as "caption" (not owned)
};
// {"version", "size", "gene_count", "gend_offset", "tail_size", "genes": [...]} (docs/creatures-genome.md),
// indented by 2 spaces.
std::string to_json(const Genome& g, const JsonOptions& opt = {});

// The layout tables of a version as Markdown (docs/creatures-genome.md is generated from this).
std::string layouts_markdown(Version v);

// Text-form spellings, shared with diff and the summary.
std::string format_field(const FieldDef& f, std::string_view data);
std::string format_flags(unsigned bits, const SymbolTable& names);  // "mut+dup", "0"
std::string format_stage(unsigned stage);                           // "embryo" .. "senile", or the number
std::string gene_kind(const Gene& g);                               // layout name or "type5.3"

}  // namespace genokit::genome
