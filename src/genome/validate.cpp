// Semantic checks of a genome: the rules the engines rely on (genus first, organ membership, lobe
// references) and values the engines would wrap (warnings). Positions are byte offsets.
#include <algorithm>
#include <bit>
#include <bitset>
#include <string>
#include <vector>

#include "genokit/genome/ops.hpp"

namespace genokit::genome {
namespace {

Location at(std::size_t offset) {
  Location l;
  l.offset = static_cast<std::int64_t>(offset);
  return l;
}

std::string label(const Gene& g, std::size_t i) {
  std::string s = "gene #" + std::to_string(i) + " (";
  s += g.layout ? g.layout->name : "type " + std::to_string(g.type) + "/" + std::to_string(g.subtype);
  s += " id " + std::to_string(g.id) + ")";
  return s;
}

bool is_chemistry_user(const Gene& g) {
  return g.type == 1 && g.subtype <= 2;
}
bool is_organ(const Gene& g) {
  return (g.type == 3 && g.subtype == 0) || (g.type == 0 && g.subtype == 1);
}

}  // namespace

void validate(const Genome& gm, Diagnostics& diags) {
  const auto& genes = gm.genes;
  const std::size_t hs = gm.header_size();
  if (genes.empty()) {
    diags.error("genome.no-genes", "the genome has no genes", at(gm.genes_begin));
    return;
  }
  // Genus: first and only once.
  std::size_t genus_count = 0;
  for (std::size_t i = 0; i < genes.size(); ++i) {
    const Gene& g = genes[i];
    if (g.type == 2 && g.subtype == 1) {
      ++genus_count;
      if (i != 0)
        diags.error(
            "genome.genus-not-first",
            genus_count == 1
                ? label(g, i) +
                      " is the genus gene but not the first gene; the engines read the genus from gene #0"
                : label(g, i) + " repeats the genus gene; a genome has exactly one",
            at(g.offset));
    }
  }
  if (genus_count == 0)
    diags.error("genome.missing-genus", "the genome has no genus gene (type 2, subtype 1)",
                at(genes[0].offset));

  // Duplicate ids: alignment in crossover needs (type, subtype, id, generation) to be unique. A
  // bitset over (type, subtype, id) finds candidates in one pass; only those are compared exactly.
  {
    std::bitset<4 * 16 * 256> seen_id;
    bool candidates = false;
    for (const Gene& g : genes) {
      if (g.type >= 4 || g.subtype >= 16) {
        candidates = true;
        continue;
      }
      std::size_t bit = (std::size_t(g.type) * 16 + g.subtype) * 256 + g.id;
      if (seen_id.test(bit)) candidates = true;
      seen_id.set(bit);
    }
    if (candidates) {
      std::vector<std::uint32_t> seen;
      seen.reserve(genes.size());
      for (std::size_t i = 0; i < genes.size(); ++i) {
        std::uint32_t key = genes[i].key() << 8 | genes[i].generation;
        auto it = std::lower_bound(seen.begin(), seen.end(), key);
        if (it != seen.end() && *it == key)
          diags.warning("genome.duplicate-gene-id",
                        label(genes[i], i) + " has the same type, subtype, id and generation (" +
                            std::to_string(genes[i].generation) +
                            ") as an earlier gene; crossover cannot tell them apart",
                        at(genes[i].offset));
        else
          seen.insert(it, key);
      }
    }
  }

  std::size_t lobe_count = 0;
  for (const Gene& g : genes)
    if (g.type == 0 && g.subtype == 0) ++lobe_count;

  bool seen_organ = false;
  bool warned_orphans = false;
  for (std::size_t i = 0; i < genes.size(); ++i) {
    const Gene& g = genes[i];
    if ((g.flags & kMaleOnly) && (g.flags & kFemaleOnly))
      diags.warning("genome.both-sexes",
                    label(g, i) +
                        " has both the male-only and the female-only flag; openc2e never expresses it, the "
                        "C3 engine expresses it in both sexes",
                    at(g.offset + 9));
    if (g.switch_on > 6)
      diags.warning("genome.switch-on-range",
                    label(g, i) + " switches on at stage " + std::to_string(g.switch_on) +
                        ", outside 0-6 (embryo..senile); it is never expressed",
                    at(g.offset + 8));
    if (is_organ(g)) seen_organ = true;
    if (is_chemistry_user(g) && !seen_organ && gm.version != Version::c1 && !warned_orphans) {
      warned_orphans = true;
      diags.warning("genome.chemistry-before-organ",
                    label(g, i) + " comes before any organ gene, so it belongs to no organ", at(g.offset));
    }
    if (!g.layout || g.truncated || g.resynced) continue;
    std::string_view data = gm.data(g);
    const std::size_t data_at = g.offset + 4 + hs;
    for (std::uint64_t m = g.layout->checked; m; m &= m - 1) {
      const FieldDef& f = g.layout->fields[std::size_t(std::countr_zero(m))];
      unsigned v = field_value(data, f);
      if (f.engine_max != 0xFFFF && v > f.engine_max) {
        std::string what = std::string(f.name) + " " + std::to_string(v);
        diags.warning("genome.value-range",
                      label(g, i) + ": " + what + " is above " + std::to_string(f.engine_max) +
                          "; the engines wrap it into range",
                      at(data_at + f.offset));
      }
      if (f.role == FieldRole::lobe_index && v >= lobe_count)
        diags.error("genome.dendrite-source-lobe",
                    label(g, i) + ": " + f.name + " is " + std::to_string(v) + " but the genome has only " +
                        std::to_string(lobe_count) + " lobes (numbered 0-" +
                        std::to_string(lobe_count ? lobe_count - 1 : 0) + " in genome order)",
                    at(data_at + f.offset));
    }
  }
}

bool check_bytes(std::string bytes, Genome& out, Diagnostics& diags) {
  if (!read(std::move(bytes), out, diags)) return false;
  validate(out, diags);
  return true;
}

}  // namespace genokit::genome
