// The genotypes of a file: a bare genotype file (one genotype, the whole text) or the `org:`
// objects of a Framsticks file (.gen), each with its encoding, org name and index; reading one of
// them with diagnostics and element positions mapped to the file's own lines and columns; picking
// one by org name or index. Rewriting a file's genotypes is in rewrite.hpp.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "genokit/core/diagnostics.hpp"
#include "genokit/core/text.hpp"
#include "genokit/frams/document.hpp"
#include "genokit/genotype/read.hpp"

namespace genokit::genotype {

// One genotype of a file.
struct FileGenotype {
  std::string_view text;  // the genotype, header included (owned by GenotypeFile::doc)
  // Its encoding id: from the header (no header: f1, as the SDK's loader reads org: genotypes), or
  // for a bare file by FileOptions. Empty when the header is malformed.
  std::string format;
  bool bad_header = false;              // "Invalid genotype format declaration" (format is empty)
  std::string name;                     // the org's name; empty for a bare file
  std::size_t org_index = 0;            // index among the file's org: objects
  const frams::Field* field = nullptr;  // the org's genotype field; nullptr for a bare file
  // The file (main or #included) that holds the field; nullptr for a bare file. Like the field, it
  // stays where it is while the file is read (FileOptions::on_genotype) and in the file returned.
  const frams::Source* source = nullptr;
  // True when genokit can read the encoding (find_encoding(format) != nullptr).
  bool readable() const;
};

struct FileOptions {
  std::string format;       // a bare file is read as this encoding ("" = its header, else `bare`)
  Bare bare = Bare::f1;     // a bare file without header
  frams::LoadOptions load;  // how a Framsticks file is read (schema, #include policy)
  // Called on the reading thread with each genotype of a Framsticks file as soon as its org: object
  // is read (before read_genotypes returns), in file order: a caller can check genotypes while the
  // rest of the file is read. The genotype's text and field stay valid in the file returned; the
  // FileGenotype itself is copied into it afterwards.
  std::function<void(const FileGenotype&)> on_genotype;
};

// A file's genotypes. Owns every byte the views point into (moving it keeps them valid).
struct GenotypeFile {
  std::string file_name;
  bool framsticks = false;  // a Framsticks file (it has an `org:` header line); else a bare genotype
  frams::Document doc;      // the parsed Framsticks file (empty for a bare genotype)
  std::vector<FileGenotype>
      genotypes;  // org: genotypes in file order (every encoding), or the one bare genotype

  // Position in the file of byte `offset` of g.text.
  Location locate(const FileGenotype& g, std::size_t offset) const;
  // Positions diagnostics found in g.text in the file instead (by offset, else by line/column
  // within the genotype); for an org, their messages end with " (in org 'NAME')".
  void position(const FileGenotype& g, Diagnostics& diags) const;

  // The genotype picked by `selector`: an org name, or a 0-based index among the genotypes whose
  // encoding is in `formats` (empty = every readable encoding), in file order; an empty selector
  // picks the first. nullptr when none matches.
  const FileGenotype* find(std::string_view selector, const std::vector<std::string>& formats = {}) const;
  // The genotypes whose encoding is in `formats` (empty = every readable one), in file order.
  std::vector<const FileGenotype*> select(const std::vector<std::string>& formats = {}) const;

  // Positions of one genotype's bytes in the file, for many lookups (locate() builds one per call).
  class Locator {
   public:
    Locator(const GenotypeFile& file, const FileGenotype& g);
    // Without the file, while it is still being read (FileOptions::on_genotype): for an org
    // genotype whose field holds its bytes as they stand in the file (no `\~` escape or CR
    // removed); std::nullopt for any other.
    static std::optional<Locator> while_reading(const FileGenotype& g);
    Location at(std::size_t offset) const;
    // Positions diagnostics found in the genotype's text as GenotypeFile::position() does
    // (`org_name`: the org's name, for the messages' " (in org 'NAME')").
    void position(std::string_view org_name, Diagnostics& diags) const;

   private:
    Locator() = default;
    void start_direct();                  // direct_ set: the first line of the text and its start
    const GenotypeFile* file_ = nullptr;  // nullptr: while_reading()
    std::string_view text_;               // the genotype's text
    const frams::Field* field_ = nullptr;
    const frams::Source* source_ = nullptr;
    bool direct_ = false;
    std::size_t line0_ = 0, line_begin0_ = 0;
    LineIndex lines_;
  };
};

// True when the text has an `org:` object header line (a Framsticks file, not a bare genotype).
bool looks_like_frams_file(std::string_view text);

// The genotypes of a file's bytes. `file_name` names the file in diagnostics (and is the base of
// #include paths). Framsticks reading problems are reported in `diags`; a malformed genotype header
// is left to the caller (FileGenotype::bad_header).
GenotypeFile read_genotypes(std::string_view bytes, std::string file_name, Diagnostics& diags,
                            const FileOptions& opt = {});
// The same sharing the bytes (no copy of a Framsticks file: its document holds them).
GenotypeFile read_genotypes(Bytes bytes, std::string file_name, Diagnostics& diags,
                            const FileOptions& opt = {});

// The genotypes of a Framsticks file's bytes (any class of file: .gen, .sim, ...; also one without
// an `org:` object), read as one: opt.format and opt.bare are not used.
GenotypeFile read_framsticks(Bytes bytes, std::string file_name, Diagnostics& diags,
                             const FileOptions& opt = {});

// The genotypes of an already parsed Framsticks file (any class of file: .gen, .sim, ...).
GenotypeFile from_document(frams::Document doc, std::string file_name);

// Reads one genotype of a file through the door: diagnostics mapped into the file (see
// GenotypeFile::position) and, for an org genotype, the model's element positions (line and
// column of `src`; the offset stays in the genotype text) too. The map keeps genotype offsets.
// std::nullopt as for read().
std::optional<Genotype> read(const GenotypeFile& file, const FileGenotype& g, Diagnostics& diags,
                             const ReadOptions& opt = {});

struct PickOptions {
  FileOptions file;                  // how the file is read
  ReadOptions read;                  // how the picked genotype is read
  std::vector<std::string> formats;  // the encodings to pick from (empty = every one genokit reads)
};

// One genotype of a file, read. Moving it keeps `source` valid.
struct Picked {
  GenotypeFile file;                     // the whole file
  const FileGenotype* source = nullptr;  // the picked genotype (in file.genotypes)
  Genotype genotype;                     // what the door made of it
};

// The genotype of a file picked by org name or index (GenotypeFile::find; a bare file holds one
// genotype and `selector` is ignored), read with diagnostics positioned in the file. std::nullopt
// when nothing matches (genotype.no-genotype) or the genotype cannot be read (see read()).
std::optional<Picked> pick(std::string_view bytes, std::string file_name, std::string_view selector,
                           Diagnostics& diags, const PickOptions& opt = {});

}  // namespace genokit::genotype
