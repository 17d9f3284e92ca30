// The one-line-per-gene summary users quote from the C2 genetics kits, and the layout tables as
// Markdown for the docs.
#include <string>

#include "genokit/genome/text.hpp"

namespace genokit::genome {

std::string summary_line(const Genome& g, std::size_t i, const SummaryOptions& opt) {
  static const char* const kStage3[] = {"Emb", "Chi", "Ado", "You", "Adu", "Old", "Sen"};
  const Gene& gene = g.genes[i];
  std::string s = std::to_string(gene.id) + " ";
  if (gene.switch_on < 7) {
    s += kStage3[gene.switch_on];
  } else {
    s += 'S';
    s += std::to_string(gene.switch_on);
  }
  unsigned sex = gene.flags & (kMaleOnly | kFemaleOnly);
  s += sex == kMaleOnly ? " M " : sex == kFemaleOnly ? " F " : sex ? " MF " : " B ";
  std::string fl;
  if (gene.flags & kMutable) fl += "Mut";
  if (gene.flags & kDuplicable) fl += "Dup";
  if (gene.flags & kDeletable) fl += "Cut";
  if (gene.flags & kDormant) fl += "Dor";
  s += fl.empty() ? "-" : fl;
  if (gene.type == 1 && gene.subtype <= 2) {
    unsigned organ = 0;
    for (std::size_t k = 0; k <= i; ++k)
      if (g.genes[k].type == 3 && g.genes[k].subtype == 0) ++organ;
    if (organ) s += " Organ#=" + std::to_string(organ);
  }
  s += ' ';
  s += gene.layout ? gene.layout->title : gene_kind(gene);
  if (opt.notes) {
    auto it = opt.notes->find(gene.key());
    if (it != opt.notes->end() && !it->second.caption.empty()) s += ", " + it->second.caption;
  }
  std::string_view data = g.data(gene);
  if (gene.layout && data.size() == gene.layout->data_size) {
    for (const FieldDef& f : gene.layout->fields) {
      if (f.kind == FieldKind::table || f.kind == FieldKind::bytes || f.kind == FieldKind::svrule) continue;
      s += ", ";
      s += f.name;
      s += '=';
      s += format_field(f, data);
    }
  } else {
    s += ", " + std::to_string(data.size()) + " raw bytes";
  }
  return s;
}

std::string to_summary(const Genome& g, const SummaryOptions& opt) {
  std::string out;
  for (std::size_t i = 0; i < g.genes.size(); ++i) {
    out += summary_line(g, i, opt);
    out += '\n';
  }
  return out;
}

std::string layouts_markdown(Version v) {
  static const char* const kKinds[] = {"u8",     "flags", "u16 (big-endian)", "characters",
                                       "SVRule", "table", "hex bytes"};
  std::string out = "### " + std::string(to_string(v)) + " gene layouts (header: `gene` + " +
                    std::to_string(header_size(v)) + " bytes)\n\n";
  for (const GeneLayout& l : layouts(v)) {
    out += "**" + std::string(l.title) + "** `" + l.name + "` (" + std::to_string(l.type) + "," +
           std::to_string(l.subtype) + "), " + std::to_string(l.data_size) + " data bytes: ";
    bool first = true;
    for (const FieldDef& f : l.fields) {
      if (!first) out += ", ";
      first = false;
      out += '`';
      out += f.name;
      out += '`';
      if (f.size != 1 || f.kind != FieldKind::u8) {
        out += " (";
        out += kKinds[int(f.kind)];
        if (f.size != 1 && f.kind != FieldKind::u16be) out += " ×" + std::to_string(f.size);
        out += ")";
      }
      if (f.symbols && f.kind != FieldKind::svrule && f.role != FieldRole::chemical) {
        std::string names;
        for (unsigned i = 0; i < f.symbols->count; ++i)
          if (!f.symbols->name(i).empty()) {
            if (!names.empty()) names += ' ';
            if (f.kind == FieldKind::flags8) names += std::to_string(1u << i) + "=";
            names += f.symbols->name(i);
          }
        out += " {" + names + "}";
      }
      if (f.engine_max != 0xFFFF) out += " ≤" + std::to_string(f.engine_max);
    }
    out += "\n\n";
  }
  return out;
}

}  // namespace genokit::genome
