// f0 genotypes as they appear in files: bare genotype files and the org: objects of Framsticks
// files (.gen), with diagnostics mapped back to the file, and canonical rewriting of both.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "genokit/core/diagnostics.hpp"
#include "genokit/f0/parser.hpp"
#include "genokit/frams/document.hpp"

namespace genokit::f0 {

// One f0 genotype of an input. For a bare genotype file, `field` is nullptr.
struct FileGenotype {
  std::string_view text;                // the genotype, header included
  const frams::Field* field = nullptr;  // the org's genotype field
  std::string name;                     // the org's name
  std::size_t org_index = 0;            // index among the file's org: objects
};

// True when the text has an `org:` object header line (a Framsticks file, not a bare genotype).
bool looks_like_frams_file(std::string_view text);
// The f0 genotypes of a loaded Framsticks file, in file order.
std::vector<FileGenotype> find_f0_genotypes(const frams::Document& doc);
// Copies diagnostics positioned in g.text into `to`, positioned in the file (line, column,
// offset via Document::locate_value) and naming the org.
void map_diagnostics(const frams::Document* doc, const FileGenotype& g, const Diagnostics& from,
                     Diagnostics& to);

// New genotype texts for org: objects, by org index (ascending), as canonical rewriters collect them.
using GenotypeEdits = std::vector<std::pair<std::size_t, std::string>>;
// Sets each edited org's genotype field (untouched bytes stay as they were) and returns the file's
// lossless text.
std::string apply_genotype_edits(frams::Document& doc, GenotypeEdits edits);

// --opt values understood by the generic commands: f0-order=spec|sdk, f0-lint=off,
// f0-delta-order=sdk.
ParseOptions options_from_strings(const std::vector<std::string>& kv);

// Canonical text of an input. A bare genotype becomes its canonical f0 ("//0" header kept when
// present, or added for "/*0*/"); a Framsticks file keeps every byte except its valid f0
// genotypes, which are rewritten canonically. Returns false (with errors) when a genotype is
// invalid: nothing is written then.
bool canonical_text(std::string_view input, const std::string& file_name, const ParseOptions& opt,
                    Diagnostics& diags, std::string& out);

}  // namespace genokit::f0
