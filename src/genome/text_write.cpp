// Writing the text form: one `gene` line (or a few, for long genes) per gene, with fields named
// after the layout tables.
#include <string>
#include <vector>

#include "genokit/genome/text.hpp"
#include "genome/codec.hpp"
#include "genome/format.hpp"

namespace genokit::genome {
namespace {

using detail::append_hex;
using detail::one_line;
using detail::trim_zeros;

// "# dendrites: d0 from lobe 2 (Source lobe), d1 from lobe 3": source_lobe is a lobe number in
// genome order, which is easy to get wrong when editing, so the dump spells it out.
void append_dendrite_sources(std::string& out, const Gene& gene, std::string_view data,
                             const std::vector<const Gene*>& lobes, const Notes* notes) {
  if (data.size() != gene.layout->data_size) return;
  std::string line;
  for (const FieldDef& f : gene.layout->fields) {
    if (f.role != FieldRole::lobe_index) continue;
    unsigned v = field_value(data, f);
    line += line.empty() ? "# dendrites: " : ", ";
    line += std::string(f.name).substr(0, 2) + " from lobe " + std::to_string(v);
    if (v >= lobes.size()) {
      line += " (no such lobe)";
    } else if (notes) {
      auto it = notes->find(lobes[v]->key());
      if (it != notes->end() && !it->second.caption.empty())
        line += " (" + one_line(it->second.caption) + ")";
    }
  }
  if (!line.empty()) out += line + "\n";
}

bool is_long(const GeneLayout* l) {
  return l && (l->fields.size() > 16 || l->data_size > 64);
}

}  // namespace

std::string to_text(const Genome& g, const TextOptions& opt) {
  std::string out;
  out.reserve(g.size() * 4);
  out += "# genokit Creatures genome text form 1 (docs/creatures-genome.md)\n";
  out += "genome ";
  out += to_string(g.version);
  out += '\n';
  if (!g.lead.empty()) {
    out += "lead <";
    append_hex(out, g.lead, 32, "  ");
    out += ">\n";
  }
  const std::vector<std::size_t> offsets = g.offsets();
  std::size_t lobe_index = 0;
  std::vector<const Gene*> lobes;  // lobe number (genome order) -> gene
  for (const Gene& x : g.genes)
    if (x.type == 0 && x.subtype == 0) lobes.push_back(&x);
  for (std::size_t i = 0; i < g.genes.size(); ++i) {
    const Gene& gene = g.genes[i];
    if (opt.comments || opt.notes) {
      out += "\n# #" + std::to_string(i) + " @" + std::to_string(offsets[i]);
      if (gene.layout && gene.type == 0 && gene.subtype == 0) out += " lobe " + std::to_string(lobe_index++);
      if (opt.notes) {
        auto it = opt.notes->find(gene.key());
        if (it != opt.notes->end() && !it->second.caption.empty()) out += ": " + one_line(it->second.caption);
      }
      out += '\n';
      if (gene.layout && gene.type == 0 && gene.subtype == 0 && g.version != Version::c3)
        append_dendrite_sources(out, gene, g.data(gene), lobes, opt.notes);
    }
    if (gene.partial_header) {  // header cut short: keep the bytes as they are
      std::string bytes;
      detail::append_gene(bytes, g.version, gene, g.data(gene));
      out += "raw <";
      append_hex(out, bytes);
      out += ">\n";
      continue;
    }
    out += "gene ";
    if (gene.layout) {
      out += gene.layout->name;
    } else {
      out += "type=" + std::to_string(gene.type) + " subtype=" + std::to_string(gene.subtype);
    }
    out += " id=" + std::to_string(gene.id) + " gen=" + std::to_string(gene.generation) +
           " stage=" + format_stage(gene.switch_on) + " flags=" + format_flags(gene.flags, gene_flag_names());
    if (g.version != Version::c1) out += " mutability=" + std::to_string(gene.mutability);
    if (g.version == Version::c3) out += " variant=" + std::to_string(gene.variant);
    std::string_view data = g.data(gene);
    if (!gene.layout || data.size() != gene.layout->data_size) {
      out += "\n  data=<";
      append_hex(out, data, 32, "    ");
      out += ">\n";
      continue;
    }
    const bool long_form = is_long(gene.layout);
    std::size_t col = 0;
    for (const FieldDef& f : gene.layout->fields) {
      std::string v = format_field(f, data);
      if (long_form) {
        // One line per rule/table, the small fields packed a few per line.
        bool big = f.kind == FieldKind::svrule || f.kind == FieldKind::table || f.kind == FieldKind::bytes;
        if (big || col == 0 || col > 70 || f.role == FieldRole::lobe_index) {
          out += "\n  ";
          col = 2;
        } else {
          out += ' ';
        }
        out += f.name;
        out += '=';
        out += v;
        col += std::string_view(f.name).size() + 1 + v.size();
        if (big) col = 71;
      } else {
        out += ' ';
        out += f.name;
        out += '=';
        out += v;
      }
    }
    out += '\n';
  }
  if (g.has_gend) out += "\ngend\n";
  std::string_view tail = g.tail;
  if (!tail.empty()) {
    if (trim_zeros(tail).empty()) {
      out += "tail zeros=" + std::to_string(tail.size()) + "\n";
    } else {
      out += "# " + std::to_string(tail.size()) + " bytes after the end marker, kept as they are\ntail <\n  ";
      append_hex(out, tail, 32, "  ");
      out += "\n>\n";
    }
  }
  return out;
}

}  // namespace genokit::genome
