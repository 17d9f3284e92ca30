// Expression (which genes act in a creature) and the gene-aligned diff of two genomes.
#include <algorithm>
#include <map>
#include <string>

#include "genokit/genome/ops.hpp"
#include "genokit/genome/text.hpp"

namespace genokit::genome {

bool expressed(const Genome& genome, const Gene& g, Sex sex, unsigned stage, bool up_to) {
  if (g.flags & kDormant) return false;
  const bool male_only = g.flags & kMaleOnly, female_only = g.flags & kFemaleOnly;
  if (male_only && female_only) return false;  // openc2e: never; documented as a deliberate choice
  if (male_only && sex != Sex::male) return false;
  if (female_only && sex != Sex::female) return false;
  if (genome.version == Version::c3 && g.type == 3 && g.subtype == 0)
    return true;  // C3 organs: no stage check
  return up_to ? g.switch_on <= stage : g.switch_on == stage;
}

namespace {

std::uint64_t align_key(const Gene& g) {
  return std::uint64_t(g.key()) << 8 | g.generation;
}

std::vector<FieldChange> compare(const Genome& a, const Gene& ga, const Genome& b, const Gene& gb) {
  std::vector<FieldChange> ch;
  auto add = [&](std::string f, std::string x, std::string y) {
    if (x != y) ch.push_back({std::move(f), std::move(x), std::move(y)});
  };
  add("stage", format_stage(ga.switch_on), format_stage(gb.switch_on));
  add("flags", format_flags(ga.flags, gene_flag_names()), format_flags(gb.flags, gene_flag_names()));
  if (a.version != Version::c1 || b.version != Version::c1)
    add("mutability", std::to_string(ga.mutability), std::to_string(gb.mutability));
  if (a.version == Version::c3 || b.version == Version::c3)
    add("variant", std::to_string(ga.variant), std::to_string(gb.variant));
  std::string_view da = a.data(ga), db = b.data(gb);
  if (da == db) return ch;
  if (ga.layout && gb.layout && ga.layout == gb.layout && da.size() == ga.layout->data_size &&
      db.size() == gb.layout->data_size) {
    for (const FieldDef& f : ga.layout->fields) {
      if (da.substr(f.offset, f.size) == db.substr(f.offset, f.size)) continue;
      if (f.kind == FieldKind::table) {  // name the entries, not the whole 256-byte table
        for (std::size_t k = 0; k < f.size; ++k)
          if (da[f.offset + k] != db[f.offset + k])
            add(std::string(f.name) + "[" + std::to_string(k) + "]",
                std::to_string(static_cast<unsigned char>(da[f.offset + k])),
                std::to_string(static_cast<unsigned char>(db[f.offset + k])));
      } else {
        add(f.name, format_field(f, da), format_field(f, db));
      }
    }
  } else {
    add("data", std::to_string(da.size()) + " bytes", std::to_string(db.size()) + " bytes (different)");
  }
  return ch;
}

}  // namespace

std::vector<GeneDiff> diff(const Genome& a, const Genome& b) {
  // Match the k-th occurrence of a key in A with the k-th occurrence in B.
  std::map<std::uint64_t, std::vector<int>> in_b;
  for (int j = 0; j < int(b.genes.size()); ++j) in_b[align_key(b.genes[j])].push_back(j);
  std::map<std::uint64_t, std::size_t> used;
  std::vector<int> match(a.genes.size(), -1);
  std::vector<bool> b_matched(b.genes.size(), false);
  for (int i = 0; i < int(a.genes.size()); ++i) {
    std::uint64_t k = align_key(a.genes[i]);
    auto it = in_b.find(k);
    if (it == in_b.end()) continue;
    std::size_t& u = used[k];
    if (u < it->second.size()) {
      match[i] = it->second[u++];
      b_matched[match[i]] = true;
    }
  }
  // Genes outside the longest increasing run of B positions (in A order) have moved.
  std::vector<int> seq_idx;  // indices i with a match
  for (int i = 0; i < int(a.genes.size()); ++i)
    if (match[i] >= 0) seq_idx.push_back(i);
  std::vector<int> tails, tails_at, prev(seq_idx.size(), -1);
  for (int s = 0; s < int(seq_idx.size()); ++s) {
    int v = match[seq_idx[s]];
    auto it = std::lower_bound(tails.begin(), tails.end(), v);
    int pos = int(it - tails.begin());
    if (it == tails.end()) {
      tails.push_back(v);
      tails_at.push_back(s);
    } else {
      *it = v;
      tails_at[pos] = s;
    }
    prev[s] = pos > 0 ? tails_at[pos - 1] : -1;
  }
  std::vector<bool> in_order(a.genes.size(), false);
  for (int s = tails_at.empty() ? -1 : tails_at.back(); s >= 0; s = prev[s]) in_order[seq_idx[s]] = true;

  std::vector<GeneDiff> out;
  for (int i = 0; i < int(a.genes.size()); ++i) {
    if (match[i] < 0) {
      out.push_back({GeneDiff::Kind::removed, i, -1, {}});
      continue;
    }
    auto ch = compare(a, a.genes[i], b, b.genes[match[i]]);
    if (!in_order[i])
      out.push_back({GeneDiff::Kind::moved, i, match[i], ch});
    else if (!ch.empty())
      out.push_back({GeneDiff::Kind::changed, i, match[i], std::move(ch)});
  }
  for (int j = 0; j < int(b.genes.size()); ++j)
    if (!b_matched[j]) out.push_back({GeneDiff::Kind::added, -1, j, {}});
  return out;
}

}  // namespace genokit::genome
