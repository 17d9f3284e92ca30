// Creatures genomes (.gen, and genomes inside C2 exports) for the generic commands: check, info,
// cat (the text form) and show (gene table / JSON).
#include <map>
#include <string>

#include "cli/registry.hpp"
#include "genokit/core/text.hpp"
#include "genokit/genome/text.hpp"
#include "genome/json.hpp"

namespace genokit::cli {
namespace {

using namespace genokit::genome;

constexpr ReadOptions kRead{.accept_export = true};  // every command also takes a C2 export

class GenomeFormat final : public FormatHandler {
 public:
  GenomeFormat() : FormatHandler(0) {}
  std::string name() const override { return "genome"; }
  std::string description() const override {
    return "Creatures genome (.gen: C1, C2 `dna2`, C3/DS `dna3`; also the genome in a C2 .exp export)";
  }
  int detect(const Input& in) const override {
    std::string_view b = in.bytes;
    Version v = detect_version(b);
    if (v == Version::c2 || v == Version::c3) return 100;
    // C1 has no magic; .gen may also be a Framsticks text file, so text never counts as a genome.
    if (looks_like_text(b.substr(0, 4096))) return 0;
    if (v == Version::c1) return 90;
    if (looks_like_export(b)) return 60;
    return 0;
  }

  void check(const Input& in, const Options& opt, Diagnostics& diags, nlohmann::json& report,
             FormattedDiagnostics*) const override {
    auto g = genome::check(in.bytes, diags, kRead);
    if (!g) return;
    report = {{"version", std::string(to_string(g->version))},
              {"genes", g->genes.size()},
              {"gend_offset", g->gend_offset()},
              {"tail_size", g->tail.size()}};
  }

  void info(const Input& in, const Options& opt, Diagnostics& diags, nlohmann::json& out) const override {
    auto read_genome = read(in.bytes, diags, kRead);
    if (!read_genome) return;
    const Genome& g = *read_genome;
    out["version"] = std::string(to_string(g.version));
    out["size"] = g.size();
    out["genes"] = g.genes.size();
    out["gend_offset"] = g.gend_offset();
    std::string_view tail = g.tail;
    std::size_t nonzero = 0;
    for (char c : tail) nonzero += c != 0;
    out["bytes_after_gend"] = tail.size();
    if (!tail.empty()) out["nonzero_bytes_after_gend"] = nonzero;
    std::map<std::string, int> kinds;
    int dormant = 0, male = 0, female = 0, mut = 0;
    for (const Gene& gene : g.genes) {
      ++kinds[gene_kind(gene)];
      dormant += gene.dormant();
      male += (gene.flags & kMaleOnly) != 0;
      female += (gene.flags & kFemaleOnly) != 0;
      mut += gene.mutable_();
    }
    nlohmann::json per = nlohmann::json::object();
    for (const auto& l : layouts(g.version))  // table order, then unknown kinds
      if (kinds.count(l.name)) per[l.name] = kinds[l.name];
    for (const auto& [k, n] : kinds)
      if (!per.contains(k)) per[k] = n;
    out["genes_per_kind"] = per;
    out["mutable_genes"] = mut;
    out["dormant_genes"] = dormant;
    out["male_only_genes"] = male;
    out["female_only_genes"] = female;
    if (!g.genes.empty() && g.genes[0].type == 2 && g.genes[0].subtype == 1 && g.genes[0].layout) {
      std::string_view d = g.data(g.genes[0]);
      if (d.size() == g.genes[0].layout->data_size) {
        nlohmann::json genus = nlohmann::json::object();
        for (const FieldDef& f : g.genes[0].layout->fields) genus[f.name] = format_field(f, d);
        out["genus"] = genus;
      }
    }
    validate(g, diags);
  }

  bool canonical(const Input& in, const Options& opt, Diagnostics& diags, std::string& out) const override {
    if (auto g = read(in.bytes, diags, kRead)) out = to_text(*g);
    return true;
  }

  bool show(const Input& in, const Options& opt, Diagnostics& diags, std::string& text,
            nlohmann::json& json) const override {
    auto read_genome = read(in.bytes, diags, kRead);
    if (!read_genome) return true;
    const Genome& g = *read_genome;
    json = genome::detail::genome_json(g);
    text = "#    offset  kind                   id gen stage      flags              summary\n";
    char buf[160];
    const std::vector<std::size_t> offsets = g.offsets();
    for (std::size_t i = 0; i < g.genes.size(); ++i) {
      const Gene& gene = g.genes[i];
      std::snprintf(buf, sizeof buf, "%-4zu %-7u %-22s %3u %3u %-10s %-18s ", i, unsigned(offsets[i]),
                    gene_kind(gene).c_str(), gene.id, gene.generation, format_stage(gene.switch_on).c_str(),
                    format_flags(gene.flags, gene_flag_names()).c_str());
      text += buf;
      std::string line = summary_line(g, i);
      // Drop the "id Stage Sex Flags" prefix the columns already show.
      std::size_t cut = 0;
      for (int k = 0; k < 4 && cut != std::string::npos; ++k) cut = line.find(' ', cut + (k ? 1 : 0));
      text += cut == std::string::npos ? line : line.substr(cut + 1);
      text += '\n';
    }
    return true;
  }
};

const GenomeFormat genome_format;

}  // namespace
}  // namespace genokit::cli
