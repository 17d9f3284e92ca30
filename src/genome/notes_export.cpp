// Genetics Kit notes (.gno: captions per gene) and genomes inside C1/C2 exports (.exp).
#include <cstring>
#include <string>

#include "genokit/genome/notes_export.hpp"

#include "genome/codec.hpp"

namespace genokit::genome {
namespace {

using detail::at_byte;

unsigned u16le(std::string_view b, std::size_t p) {
  return unsigned(static_cast<unsigned char>(b[p])) | unsigned(static_cast<unsigned char>(b[p + 1])) << 8;
}
std::uint32_t u32le(std::string_view b, std::size_t p) {
  return std::uint32_t(u16le(b, p)) | std::uint32_t(u16le(b, p + 2)) << 16;
}

}  // namespace

// GNO seen in the corpus: u16 2, u16 count, then per entry u16 type, u16 subtype, u32 id,
// u16 length + caption, u16 length + notes (rich text); zero padding after the last entry.
std::optional<Notes> read_gno(std::string_view b, Diagnostics& diags) {
  Notes out;
  if (b.size() < 4) {
    diags.error("genome.gno-truncated", "the notes file is shorter than its 4-byte header", at_byte(0));
    return std::nullopt;
  }
  if (u16le(b, 0) != 2) {
    diags.error(
        "genome.gno-version",
        "the notes file starts with " + std::to_string(u16le(b, 0)) + ", expected 2 (C2 Genetics Kit notes)",
        at_byte(0));
    return std::nullopt;
  }
  const unsigned count = u16le(b, 2);
  std::size_t p = 4;
  for (unsigned i = 0; i < count; ++i) {
    if (p + 10 > b.size()) {
      diags.error("genome.gno-truncated",
                  "note " + std::to_string(i) + " of " + std::to_string(count) + " is cut short at byte " +
                      std::to_string(p),
                  at_byte(p));
      return std::nullopt;
    }
    unsigned type = u16le(b, p), subtype = u16le(b, p + 2);
    std::uint32_t id = u32le(b, p + 4);
    std::size_t q = p + 8;
    GeneNote note;
    for (std::string* s : {&note.caption, &note.notes}) {
      if (q + 2 > b.size()) {
        diags.error("genome.gno-truncated",
                    "note " + std::to_string(i) + " is cut short at byte " + std::to_string(q), at_byte(q));
        return std::nullopt;
      }
      unsigned len = u16le(b, q);
      q += 2;
      if (q + len > b.size()) {
        diags.error(
            "genome.gno-truncated",
            "note " + std::to_string(i) + " has a " + std::to_string(len) + "-byte text running past the end",
            at_byte(q - 2));
        return std::nullopt;
      }
      s->assign(b.substr(q, len));
      while (!s->empty() && (s->back() == '\0' || s->back() == ' ')) s->pop_back();  // padding
      q += len;
    }
    if (type < 256 && subtype < 256 && id < 256)
      out[std::uint32_t(type) << 16 | subtype << 8 | id] = std::move(note);
    p = q;
  }
  return out;
}

// MFC archives tag a class's first object with ff ff, u16 schema, u16 name length, name. The
// CGenome body is u32 length, 4-byte moniker, u32 sex, u8 life stage, then the gene stream.
std::optional<ExportedGenome> extract_from_export(std::string_view b, Diagnostics& diags,
                                                  const ExtractOptions& opt) {
  static const char kTag[] =
      "\x07\x00"
      "CGenome";
  const std::string_view tag(kTag, 9);
  std::size_t t = b.find(tag);
  if (t == std::string_view::npos || t < 4 || b.substr(t - 4, 2) != "\xff\xff") {
    diags.error("genome.export-no-genome", "no CGenome record found in the export file", at_byte(0));
    return std::nullopt;
  }
  std::size_t p = t + tag.size();
  ExportedGenome out;
  if (p + 13 > b.size()) {
    diags.error("genome.export-truncated",
                "the CGenome record at byte " + std::to_string(t) + " is cut short", at_byte(p));
    return std::nullopt;
  }
  std::uint32_t len = u32le(b, p);
  out.moniker.assign(b.substr(p + 4, 4));
  out.sex = u32le(b, p + 8);
  out.stage = static_cast<std::uint8_t>(b[p + 12]);
  out.offset = p + 13;
  if (out.offset + len > b.size()) {
    diags.error("genome.export-truncated",
                "the CGenome record says " + std::to_string(len) + " genome bytes but only " +
                    std::to_string(b.size() - out.offset) + " follow",
                at_byte(p));
    return std::nullopt;
  }
  out.genome.assign(magic(opt.version));
  out.genome.append(b.substr(out.offset, len));
  return out;
}

bool looks_like_export(std::string_view b) {
  static const char kTag[] =
      "\xff\xff\x02\x00\x07\x00"
      "CGenome";
  return detect_version(b) == Version::unknown &&
         b.find(std::string_view(kTag, 13)) != std::string_view::npos;
}

}  // namespace genokit::genome
