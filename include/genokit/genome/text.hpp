// The genome text form (dump/assemble, byte-identical round trip), the community one-line summary
// and JSON. The text form is described in docs/creatures-genome.md.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "genokit/genome/ops.hpp"

namespace genokit::genome {

struct TextOptions {
  const Notes* notes = nullptr;  // captions become comments
  bool comments = true;          // index/offset comments and lobe references
};

// The text form of a genome. assemble(to_text(g)) == write(g) for every genome read().
std::string to_text(const Genome& g, const TextOptions& opt = {});
// Text form -> genome bytes. Errors carry line:column (1-based) and the byte offset in `text`.
bool assemble(std::string_view text, std::string& bytes, Diagnostics& diags);

// One line per gene: "id Stage Sex Flags [Organ#=n] Kind, caption, field=value, ..." (the format
// users quote from the C2 genetics kits).
std::string to_summary(const Genome& g, const Notes* notes = nullptr);
std::string summary_line(const Genome& g, std::size_t index, const Notes* notes = nullptr);
// Organ number of each gene (1-based count of Organ genes so far; 0 before the first organ).
std::vector<unsigned> organ_numbers(const Genome& g);

nlohmann::json to_json(const Genome& g, const Notes* notes = nullptr);
nlohmann::json gene_json(const Genome& g, std::size_t index, const Notes* notes = nullptr);

// The layout tables of a version as Markdown (docs/creatures-genome.md is generated from this).
std::string layouts_markdown(Version v);

// Text-form spellings, shared with diff and the summary.
std::string format_field(const FieldDef& f, std::string_view data);
std::string format_flags(unsigned bits, const SymbolTable& names);  // "mut+dup", "0"
std::string format_stage(unsigned stage);                           // "embryo" .. "senile", or the number
std::string gene_kind(const Gene& g);                               // layout name or "type5.3"

}  // namespace genokit::genome
