// Reading and writing genome bytes. Genes are walked by their layout length and cross-checked
// against the next `gene`/`gend` marker; on a mismatch we report it and resync on the marker, as
// the engines do (they only ever scan for markers).
#include <algorithm>
#include <cstring>
#include <string>

#include "genokit/genome/genome.hpp"

namespace genokit::genome {
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

Location at(std::size_t offset) {
  Location l;
  l.offset = static_cast<std::int64_t>(offset);
  return l;
}

std::string gene_label(const Gene& g, std::size_t index) {
  std::string s = "gene #" + std::to_string(index) + " (";
  s += g.layout ? g.layout->name : "type " + std::to_string(g.type) + "/" + std::to_string(g.subtype);
  s += ")";
  return s;
}

}  // namespace

Version detect_version(std::string_view b) {
  if (b.size() >= 4 && b.substr(0, 4) == "dna2") return Version::c2;
  if (b.size() >= 4 && b.substr(0, 4) == "dna3") return Version::c3;
  if (b.size() >= 4 && (b.substr(0, 4) == "gene" || b.substr(0, 4) == "gend")) return Version::c1;
  return Version::unknown;
}

std::string_view Genome::data(const Gene& g) const {
  std::size_t start = g.offset + 4 + header_size();
  std::size_t end = std::size_t(g.offset) + g.size;
  if (start >= end) return {};
  return std::string_view(bytes).substr(start, end - start);
}

bool read(std::string bytes, Genome& out, Diagnostics& diags, Version force) {
  out = Genome{};
  out.bytes = std::move(bytes);
  const std::string_view b = out.bytes;
  const std::size_t n = b.size();
  Version v = force != Version::unknown ? force : detect_version(b);
  if (v == Version::unknown) {
    diags.error(
        "genome.not-a-genome",
        "the file does not start with `dna2`, `dna3` or a C1 `gene` marker, so it is not a Creatures genome",
        at(0));
    out.tail_offset = 0;
    return false;
  }
  if (n > 0xFFFFFFF0u) {  // gene offsets are 32-bit; no real genome comes near
    diags.error("genome.too-large",
                "the file has " + std::to_string(n) + " bytes; genomes over 4 GB are not supported", at(0));
    return false;
  }
  out.version = v;
  std::size_t p = magic(v).size();
  if (p > n) p = n;
  out.genes_begin = std::uint32_t(p);
  if (!is_marker(b, p)) {
    std::size_t m = next_marker(b, p);
    std::size_t stop = m == std::string_view::npos ? n : m;
    diags.error("genome.expected-gene",
                "expected a `gene` marker at byte " + std::to_string(p) + "; skipped " +
                    std::to_string(stop - p) + " bytes to the next marker",
                at(p));
    out.lead_size = std::uint32_t(stop - p);
    p = stop;
  }
  const std::size_t hs = header_size(v);
  const LayoutIndex& idx = index_for(v);
  out.genes.reserve(std::min<std::size_t>(n / 24 + 1, 4096));  // a 100 MB tail must not reserve 4M genes
  while (is_marker(b, p)) {
    if (b[p + 3] == 'd') {
      out.gend_offset = std::int64_t(p);
      p += 4;
      break;
    }
    Gene g;
    g.offset = std::uint32_t(p);
    const std::size_t data_start = p + 4 + hs;
    if (data_start > n) {
      g.truncated = true;
      g.size = std::uint32_t(n - p);
      const unsigned char* h = reinterpret_cast<const unsigned char*>(b.data()) + p + 4;
      std::size_t have = n - p - 4;
      if (have > 0) g.type = h[0];
      if (have > 1) g.subtype = h[1];
      if (have > 2) g.id = h[2];
      if (have > 3) g.generation = h[3];
      if (have > 4) g.switch_on = h[4];
      if (have > 5) g.flags = h[5];
      if (have > 6 && v != Version::c1) g.mutability = h[6];
      g.layout = idx.find(g.type, g.subtype);
      diags.error("genome.truncated-gene",
                  gene_label(g, out.genes.size()) + " at byte " + std::to_string(p) +
                      " ends inside its header (" + std::to_string(have) + " of " + std::to_string(hs) +
                      " header bytes)",
                  at(p));
      out.genes.push_back(g);
      p = n;
      break;
    }
    const unsigned char* h = reinterpret_cast<const unsigned char*>(b.data()) + p + 4;
    g.type = h[0];
    g.subtype = h[1];
    g.id = h[2];
    g.generation = h[3];
    g.switch_on = h[4];
    g.flags = h[5];
    if (v != Version::c1) g.mutability = h[6];
    if (v == Version::c3) g.variant = h[7];
    g.layout = idx.find(g.type, g.subtype);
    std::size_t end;
    if (!g.layout) {
      std::size_t m = next_marker(b, data_start);
      end = m == std::string_view::npos ? n : m;
      diags.error("genome.unknown-gene-type",
                  "gene #" + std::to_string(out.genes.size()) + " at byte " + std::to_string(p) +
                      " has type " + std::to_string(g.type) + ", subtype " + std::to_string(g.subtype) +
                      ", which " + std::string(to_string(v)) + " does not define; its " +
                      std::to_string(end - data_start) + " data bytes are kept as they are",
                  at(p));
    } else {
      const std::size_t expected = data_start + g.layout->data_size;
      if (expected == n || is_marker(b, expected)) {
        end = expected;
      } else {
        std::size_t m = next_marker(b, data_start);
        if (m == std::string_view::npos) {
          if (expected > n) {
            g.truncated = true;
            diags.error("genome.truncated-gene",
                        gene_label(g, out.genes.size()) + " at byte " + std::to_string(p) + " needs " +
                            std::to_string(g.layout->data_size) + " data bytes but only " +
                            std::to_string(n - data_start) + " remain",
                        at(p));
            end = n;
          } else {
            end = expected;  // what follows has no marker at all: it becomes the tail
          }
        } else {
          g.resynced = true;
          diags.error("genome.length-mismatch",
                      gene_label(g, out.genes.size()) + " at byte " + std::to_string(p) + " has " +
                          std::to_string(m - data_start) +
                          " data bytes before the next marker, but its layout has " +
                          std::to_string(g.layout->data_size) + "; resynchronised on the marker at byte " +
                          std::to_string(m),
                      at(p));
          end = m;
        }
      }
    }
    g.size = std::uint32_t(end - p);
    out.genes.push_back(g);
    p = end;
  }
  if (out.gend_offset < 0) {
    if (p < n)
      diags.error("genome.missing-gend",
                  "no `gend` end marker: reading stopped at byte " + std::to_string(p) + " where " +
                      std::to_string(n - p) + " bytes follow without any marker",
                  at(p));
    else
      diags.error("genome.missing-gend",
                  "the genome ends at byte " + std::to_string(n) + " without a `gend` marker", at(n));
  }
  out.tail_offset = std::uint32_t(p);
  return true;
}

const std::string& write(const Genome& g) {
  return g.bytes;
}

Builder::Builder(Version v) : v_(v) {
  out_ += magic(v);
}

void Builder::gene(const Gene& h, std::string_view data) {
  char hdr[12] = {'g',
                  'e',
                  'n',
                  'e',
                  char(h.type),
                  char(h.subtype),
                  char(h.id),
                  char(h.generation),
                  char(h.switch_on),
                  char(h.flags),
                  char(h.mutability),
                  char(h.variant)};
  out_.append(hdr, 4 + header_size(v_));
  out_ += data;
}

unsigned field_value(std::string_view data, const FieldDef& f) {
  if (std::size_t(f.offset) + f.size > data.size()) return 0;
  const auto* d = reinterpret_cast<const unsigned char*>(data.data()) + f.offset;
  if (f.kind == FieldKind::u16be) return unsigned(d[0]) << 8 | d[1];
  return d[0];
}

void set_field_value(std::string& data, const FieldDef& f, unsigned v) {
  if (std::size_t(f.offset) + f.size > data.size()) return;
  if (f.kind == FieldKind::u16be) {
    data[f.offset] = char((v >> 8) & 0xFF);
    data[f.offset + 1] = char(v & 0xFF);
  } else {
    data[f.offset] = char(v & 0xFF);
  }
}

}  // namespace genokit::genome
