// Files around a genome: Genetics Kit notes (.gno, captions per gene) and the genome inside a
// C1/C2 creature export (.exp, an MFC archive).
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "genokit/core/diagnostics.hpp"
#include "genokit/genome/layouts.hpp"

namespace genokit::genome {

struct GeneNote {
  std::string caption, notes;
};
// Keyed by (type << 16 | subtype << 8 | id), i.e. Gene::key().
using Notes = std::map<std::uint32_t, GeneNote>;
// std::nullopt when the file is cut short or is not C2 Genetics Kit notes.
std::optional<Notes> read_gno(std::string_view bytes, Diagnostics& diags);

struct ExportedGenome {
  std::string moniker;  // 4 characters
  std::uint32_t sex = 0;
  std::uint8_t stage = 0;
  std::size_t offset = 0;  // of the gene stream in the export
  std::string genome;      // the magic + the gene stream: a .gen file
};
struct ExtractOptions {
  Version version = Version::c2;  // whose magic goes in front of the gene stream (exports have none)
};
// Finds the CGenome record of an export; std::nullopt when there is none or it is cut short.
std::optional<ExportedGenome> extract_from_export(std::string_view bytes, Diagnostics& diags,
                                                  const ExtractOptions& opt = {});
// True when the bytes look like an MFC export holding a CGenome record.
bool looks_like_export(std::string_view bytes);

}  // namespace genokit::genome
