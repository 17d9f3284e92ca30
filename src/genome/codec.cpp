// Decoding genome bytes into a Genome and encoding it back. Genes are walked by their layout
// length and cross-checked against the next `gene`/`gend` marker; on a mismatch we report it and
// resync on the marker, as the engines do (they only ever scan for markers). Every byte ends up in
// the structure (lead, a gene's header or data, tail), which is what makes write(read(x)) == x.
// The genes' bytes are copied into the genome's pool in one go and each gene points into it.
#include <algorithm>
#include <cstring>
#include <string>

#include "genokit/genome/notes_export.hpp"
#include "genome/codec.hpp"

namespace genokit::genome {

using detail::at_byte;
using detail::gene_label;

namespace {

bool is_marker(std::string_view b, std::size_t p) {
  return p + 4 <= b.size() && b[p] == 'g' && b[p + 1] == 'e' && b[p + 2] == 'n' &&
         (b[p + 3] == 'e' || b[p + 3] == 'd');
}

// Offset of the next `gene` or `gend` at or after `from`, or npos.
std::size_t next_marker(std::string_view b, std::size_t from) {
  while (from + 4 <= b.size()) {
    const void* hit = std::memchr(b.data() + from, 'g', b.size() - from - 3);
    if (!hit) return std::string_view::npos;
    std::size_t p = static_cast<const char*>(hit) - b.data();
    if (is_marker(b, p)) return p;
    from = p + 1;
  }
  return std::string_view::npos;
}

// Per-version lookup (type < 4, subtype < 16) so the hot loop does no search.
struct LayoutIndex {
  const GeneLayout* at[4][16] = {};
  explicit LayoutIndex(Version v) {
    for (const auto& g : layouts(v))
      if (g.type < 4 && g.subtype < 16) at[g.type][g.subtype] = &g;
  }
  const GeneLayout* find(unsigned t, unsigned s) const { return t < 4 && s < 16 ? at[t][s] : nullptr; }
};

const LayoutIndex& index_for(Version v) {
  static const LayoutIndex c1(Version::c1), c2(Version::c2), c3(Version::c3), none(Version::unknown);
  switch (v) {
    case Version::c1:
      return c1;
    case Version::c2:
      return c2;
    case Version::c3:
      return c3;
    default:
      return none;
  }
}

// Where gene `g` (header at `p`, data from `data_start`) ends: at its layout length when a marker
// (or the end of the file) follows, else at the next marker (resync), else where the file ends.
std::size_t gene_end(std::string_view b, std::size_t p, std::size_t data_start, Gene& g, std::size_t index,
                     Version v, Diagnostics& diags) {
  const std::size_t n = b.size();
  if (!g.layout) {
    std::size_t m = next_marker(b, data_start);
    std::size_t end = m == std::string_view::npos ? n : m;
    diags.error("genome.unknown-gene-type",
                "gene #" + std::to_string(index) + " at byte " + std::to_string(p) + " has type " +
                    std::to_string(g.type) + ", subtype " + std::to_string(g.subtype) + ", which " +
                    std::string(to_string(v)) + " does not define; its " + std::to_string(end - data_start) +
                    " data bytes are kept as they are",
                at_byte(p));
    return end;
  }
  const std::size_t expected = data_start + g.layout->data_size;
  if (expected == n || is_marker(b, expected)) return expected;
  std::size_t m = next_marker(b, data_start);
  if (m == std::string_view::npos) {
    if (expected <= n) return expected;  // what follows has no marker at all: it becomes the tail
    g.truncated = true;
    diags.error("genome.truncated-gene",
                gene_label(g, index) + " at byte " + std::to_string(p) + " needs " +
                    std::to_string(g.layout->data_size) + " data bytes but only " +
                    std::to_string(n - data_start) + " remain",
                at_byte(p));
    return n;
  }
  g.resynced = true;
  diags.error("genome.length-mismatch",
              gene_label(g, index) + " at byte " + std::to_string(p) + " has " +
                  std::to_string(m - data_start) + " data bytes before the next marker, but its layout has " +
                  std::to_string(g.layout->data_size) + "; resynchronised on the marker at byte " +
                  std::to_string(m),
              at_byte(p));
  return m;
}

std::optional<Genome> decode(std::string_view b, Diagnostics& diags) {
  const std::size_t n = b.size();
  const Version v = detect_version(b);
  if (v == Version::unknown) {
    diags.error(
        "genome.not-a-genome",
        "the file does not start with `dna2`, `dna3` or a C1 `gene` marker, so it is not a Creatures genome",
        at_byte(0));
    return std::nullopt;
  }
  Genome out;
  out.version = v;
  out.has_gend = false;
  std::size_t p = magic(v).size();
  if (!is_marker(b, p)) {
    std::size_t m = next_marker(b, p);
    std::size_t stop = m == std::string_view::npos ? n : m;
    diags.error("genome.expected-gene",
                "expected a `gene` marker at byte " + std::to_string(p) + "; skipped " +
                    std::to_string(stop - p) + " bytes to the next marker",
                at_byte(p));
    out.lead.assign(b.substr(p, stop - p));
    p = stop;
  }
  const std::size_t hs = header_size(v);
  const LayoutIndex& idx = index_for(v);
  const std::size_t genes_begin = p;  // the pool holds the bytes from here to the end of the genes
  std::size_t genes_end = p;
  out.genes.reserve(std::min<std::size_t>(n / 24 + 1, 4096));  // a 100 MB tail must not reserve 4M genes
  while (is_marker(b, p)) {
    if (b[p + 3] == 'd') {
      out.has_gend = true;
      genes_end = p;
      p += 4;
      break;
    }
    Gene& g = out.genes.emplace_back();
    const std::size_t data_start = p + 4 + hs;
    if (data_start > n) {  // the file ends inside the header
      const std::size_t have = n - p - 4;
      detail::read_header(g, v, b.substr(p + 4, have));
      g.partial_header = std::uint8_t(have);
      g.truncated = true;
      g.layout = idx.find(g.type, g.subtype);
      diags.error("genome.truncated-gene",
                  gene_label(g, out.genes.size() - 1) + " at byte " + std::to_string(p) +
                      " ends inside its header (" + std::to_string(have) + " of " + std::to_string(hs) +
                      " header bytes)",
                  at_byte(p));
      detail::PoolAccess::point(g, n - genes_begin, 0);
      p = genes_end = n;
      break;
    }
    detail::read_header(g, v, b.substr(p + 4, hs));
    g.layout = idx.find(g.type, g.subtype);
    const std::size_t end = gene_end(b, p, data_start, g, out.genes.size() - 1, v, diags);
    detail::PoolAccess::point(g, data_start - genes_begin, end - data_start);
    p = genes_end = end;
  }
  detail::PoolAccess::pool(out).assign(b.substr(genes_begin, genes_end - genes_begin));
  detail::PoolAccess::pool_filled(out);
  if (!out.has_gend) {
    if (p < n)
      diags.error("genome.missing-gend",
                  "no `gend` end marker: reading stopped at byte " + std::to_string(p) + " where " +
                      std::to_string(n - p) + " bytes follow without any marker",
                  at_byte(p));
    else
      diags.error("genome.missing-gend",
                  "the genome ends at byte " + std::to_string(n) + " without a `gend` marker", at_byte(n));
  }
  out.tail.assign(b.substr(p));
  return out;
}

}  // namespace

namespace detail {

std::string gene_label(const Gene& g, std::size_t index, bool with_id) {
  std::string s = "gene #" + std::to_string(index) + " (";
  s += g.layout ? g.layout->name : "type " + std::to_string(g.type) + "/" + std::to_string(g.subtype);
  if (with_id) s += " id " + std::to_string(g.id);
  s += ")";
  return s;
}

void append_gene(std::string& out, Version v, const Gene& g, std::string_view data) {
  const char hdr[12] = {'g',
                        'e',
                        'n',
                        'e',
                        char(g.type),
                        char(g.subtype),
                        char(g.id),
                        char(g.generation),
                        char(g.switch_on),
                        char(g.flags),
                        char(g.mutability),
                        char(g.variant)};
  const std::size_t hs = header_size(v);
  out.append(hdr, 4 + (g.partial_header && *g.partial_header < hs ? *g.partial_header : hs));
  out += data;
}

void read_header(Gene& g, Version v, std::string_view h) {
  std::uint8_t* fields[8] = {&g.type,      &g.subtype, &g.id,         &g.generation,
                             &g.switch_on, &g.flags,   &g.mutability, &g.variant};
  const std::size_t k = std::min(h.size(), header_size(v));
  for (std::size_t i = 0; i < k; ++i) *fields[i] = static_cast<std::uint8_t>(h[i]);
}

}  // namespace detail

Version detect_version(std::string_view b) {
  if (b.size() >= 4 && b.substr(0, 4) == "dna2") return Version::c2;
  if (b.size() >= 4 && b.substr(0, 4) == "dna3") return Version::c3;
  if (b.size() >= 4 && (b.substr(0, 4) == "gene" || b.substr(0, 4) == "gend")) return Version::c1;
  return Version::unknown;
}

std::vector<std::size_t> Genome::offsets() const {
  std::vector<std::size_t> out;
  out.reserve(genes.size() + 1);
  std::size_t p = magic(version).size() + lead.size();
  for (const Gene& g : genes) {
    out.push_back(p);
    p += gene_size(g);
  }
  out.push_back(p);
  return out;
}

namespace {
std::size_t genes_end(const Genome& g) {
  std::size_t p = magic(g.version).size() + g.lead.size();
  for (const Gene& gene : g.genes) p += g.gene_size(gene);
  return p;
}
}  // namespace

std::int64_t Genome::gend_offset() const {
  return has_gend ? std::int64_t(genes_end(*this)) : -1;
}

std::size_t Genome::size() const {
  return genes_end(*this) + (has_gend ? 4 : 0) + tail.size();
}

std::optional<Genome> read(std::string_view bytes, Diagnostics& diags, const ReadOptions& opt) {
  if (opt.accept_export && detect_version(bytes) == Version::unknown &&
      bytes.find("CGenome") != std::string_view::npos) {
    // Only C2 exports are known (corpus); their stream has no magic, so `dna2` is put in front.
    auto ex = extract_from_export(bytes, diags);
    if (!ex) return std::nullopt;
    diags.note("genome.from-export",
               "genome of creature " + ex->moniker + " extracted from the export (gene stream at byte " +
                   std::to_string(ex->offset) + "); offsets below are in the extracted .gen file");
    return decode(ex->genome, diags);
  }
  return decode(bytes, diags);
}

std::string write(const Genome& g) {
  std::string out;
  out.reserve(g.size());
  out += magic(g.version);
  out += g.lead;
  for (const Gene& gene : g.genes) detail::append_gene(out, g.version, gene, g.data(gene));
  if (g.has_gend) out += "gend";
  out += g.tail;
  return out;
}

}  // namespace genokit::genome
