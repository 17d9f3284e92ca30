// Semantic checks of a genome: the rules the engines rely on (genus first, organ membership, lobe
// references) and values the engines would wrap (warnings). Positions are byte offsets in write(g).
#include <algorithm>
#include <bit>
#include <bitset>
#include <string>
#include <vector>

#include "genome/codec.hpp"

namespace genokit::genome {
namespace {

using detail::at_byte;

std::string label(const Gene& g, std::size_t i) {
  return detail::gene_label(g, i, true);
}

bool is_chemistry_user(const Gene& g) {
  return g.type == 1 && g.subtype <= 2;
}
bool is_organ(const Gene& g) {
  return (g.type == 3 && g.subtype == 0) || (g.type == 0 && g.subtype == 1);
}

// Genus: first and only once.
void check_genus(const Genome& gm, const std::vector<std::size_t>& at, Diagnostics& diags) {
  std::size_t genus_count = 0;
  for (std::size_t i = 0; i < gm.genes.size(); ++i) {
    const Gene& g = gm.genes[i];
    if (g.type != 2 || g.subtype != 1) continue;
    ++genus_count;
    if (i != 0)
      diags.error("genome.genus-not-first",
                  genus_count == 1 ? label(g, i) +
                                         " is the genus gene but not the first gene; the engines read the "
                                         "genus from gene #0"
                                   : label(g, i) + " repeats the genus gene; a genome has exactly one",
                  at_byte(at[i]));
  }
  if (genus_count == 0)
    diags.error("genome.missing-genus", "the genome has no genus gene (type 2, subtype 1)", at_byte(at[0]));
}

// Duplicate ids: alignment in crossover needs (type, subtype, id, generation) to be unique. A
// bitset over (type, subtype, id) finds candidates in one pass; only those are compared exactly.
void check_duplicate_ids(const Genome& gm, const std::vector<std::size_t>& at, Diagnostics& diags) {
  const auto& genes = gm.genes;
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
  if (!candidates) return;
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
                    at_byte(at[i]));
    else
      seen.insert(it, key);
  }
}

// The fields a layout marks as checked: engine ranges and lobe references.
void check_fields(const Gene& g, std::string_view data, std::size_t i, std::size_t data_at,
                  std::size_t lobe_count, Diagnostics& diags) {
  for (std::uint64_t m = g.layout->checked; m; m &= m - 1) {
    const FieldDef& f = g.layout->fields[std::size_t(std::countr_zero(m))];
    unsigned v = field_value(data, f);
    if (f.engine_max != 0xFFFF && v > f.engine_max)
      diags.warning("genome.value-range",
                    label(g, i) + ": " + f.name + " " + std::to_string(v) + " is above " +
                        std::to_string(f.engine_max) + "; the engines wrap it into range",
                    at_byte(data_at + f.offset));
    if (f.role == FieldRole::lobe_index && v >= lobe_count)
      diags.error("genome.dendrite-source-lobe",
                  label(g, i) + ": " + f.name + " is " + std::to_string(v) + " but the genome has only " +
                      std::to_string(lobe_count) + " lobes (numbered 0-" +
                      std::to_string(lobe_count ? lobe_count - 1 : 0) + " in genome order)",
                  at_byte(data_at + f.offset));
  }
}

}  // namespace

void validate(const Genome& gm, Diagnostics& diags) {
  const auto& genes = gm.genes;
  if (genes.empty()) {
    diags.error("genome.no-genes", "the genome has no genes", at_byte(magic(gm.version).size()));
    return;
  }
  const std::vector<std::size_t> at = gm.offsets();
  check_genus(gm, at, diags);
  check_duplicate_ids(gm, at, diags);

  std::size_t lobe_count = 0;
  for (const Gene& g : genes)
    if (g.type == 0 && g.subtype == 0) ++lobe_count;
  const std::size_t hs = gm.header_size();
  bool seen_organ = false;
  bool warned_orphans = false;
  for (std::size_t i = 0; i < genes.size(); ++i) {
    const Gene& g = genes[i];
    if ((g.flags & kMaleOnly) && (g.flags & kFemaleOnly))
      diags.warning("genome.both-sexes",
                    label(g, i) +
                        " has both the male-only and the female-only flag; openc2e never expresses it, the "
                        "C3 engine expresses it in both sexes",
                    at_byte(at[i] + 9));
    if (g.switch_on > 6)
      diags.warning("genome.switch-on-range",
                    label(g, i) + " switches on at stage " + std::to_string(g.switch_on) +
                        ", outside 0-6 (embryo..senile); it is never expressed",
                    at_byte(at[i] + 8));
    if (is_organ(g)) seen_organ = true;
    if (is_chemistry_user(g) && !seen_organ && gm.version != Version::c1 && !warned_orphans) {
      warned_orphans = true;
      diags.warning("genome.chemistry-before-organ",
                    label(g, i) + " comes before any organ gene, so it belongs to no organ", at_byte(at[i]));
    }
    if (g.layout && !g.partial_header && g.data_size() == g.layout->data_size)
      check_fields(g, gm.data(g), i, at[i] + 4 + hs, lobe_count, diags);
  }
}

std::optional<Genome> check(std::string_view bytes, Diagnostics& diags, const ReadOptions& opt) {
  auto g = read(bytes, diags, opt);
  if (g) validate(*g, diags);
  return g;
}

}  // namespace genokit::genome
