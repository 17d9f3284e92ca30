// Writing the text form, the one-line summary and JSON. All three walk the layout tables.
#include <cstdio>
#include <string>

#include "genokit/genome/text.hpp"

namespace genokit::genome {
namespace {

const char kHex[] = "0123456789abcdef";

void append_hex(std::string& out, std::string_view b, std::size_t wrap = 0, const char* indent = "") {
  for (std::size_t i = 0; i < b.size(); ++i) {
    if (wrap && i && i % wrap == 0) {
      out += '\n';
      out += indent;
    }
    auto c = static_cast<unsigned char>(b[i]);
    out += kHex[c >> 4];
    out += kHex[c & 15];
  }
}

std::string_view trim_zeros(std::string_view b) {
  while (!b.empty() && b.back() == 0) b.remove_suffix(1);
  return b;
}

void append_quoted(std::string& out, std::string_view s) {
  out += '"';
  for (char ch : s) {
    auto c = static_cast<unsigned char>(ch);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += ch;
    } else if (c < 0x20 || c >= 0x7F) {
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 15];
    } else {
      out += ch;
    }
  }
  out += '"';
}

// "# dendrites: d0 from lobe 2 (Source lobe), d1 from lobe 3": source_lobe is a lobe number in
// genome order, which is easy to get wrong when editing, so the dump spells it out.
void append_dendrite_sources(std::string& out, const Genome& g, const Gene& gene,
                             const std::vector<const Gene*>& lobes, const Notes* notes) {
  std::string_view data = g.data(gene);
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
      if (it != notes->end() && !it->second.caption.empty()) {
        std::string c = it->second.caption;
        for (char& ch : c)
          if (ch == '\n' || ch == '\r') ch = ' ';
        line += " (" + c + ")";
      }
    }
  }
  if (!line.empty()) out += line + "\n";
}

bool is_long(const GeneLayout* l) {
  return l && (l->fields.size() > 16 || l->data_size > 64);
}

}  // namespace

std::string format_flags(unsigned bits, const SymbolTable& names) {
  if (bits == 0) return "0";
  std::string s;
  for (unsigned b = 0; b < 8; ++b) {
    if (!(bits & (1u << b))) continue;
    if (!s.empty()) s += '+';
    std::string_view n = names.name(b);
    if (n.empty())
      s += "bit" + std::to_string(b);
    else
      s += n;
  }
  return s;
}

std::string format_stage(unsigned stage) {
  std::string_view n = stage_names().name(stage);
  return n.empty() ? std::to_string(stage) : std::string(n);
}

std::string gene_kind(const Gene& g) {
  if (g.layout) return g.layout->name;
  return "type" + std::to_string(g.type) + "." + std::to_string(g.subtype);
}

std::string format_field(const FieldDef& f, std::string_view data) {
  std::string out;
  std::string_view bytes =
      std::size_t(f.offset) < data.size() ? data.substr(f.offset, f.size) : std::string_view();
  switch (f.kind) {
    case FieldKind::u8: {
      unsigned v = field_value(data, f);
      std::string_view n = f.symbols ? f.symbols->name(v) : std::string_view();
      return n.empty() ? std::to_string(v) : std::string(n);
    }
    case FieldKind::u16be:
      return std::to_string(field_value(data, f));
    case FieldKind::flags8:
      return format_flags(field_value(data, f), *f.symbols);
    case FieldKind::chars:
      append_quoted(out, trim_zeros(bytes));
      return out;
    case FieldKind::svrule: {
      out += '[';
      std::string_view t = trim_zeros(bytes);
      for (std::size_t i = 0; i < t.size(); ++i) {
        if (i) out += ' ';
        auto c = static_cast<unsigned char>(t[i]);
        std::string_view n = f.symbols->name(c);
        if (n.empty())
          out += "?" + std::to_string(c);
        else
          out += n;
      }
      out += ']';
      return out;
    }
    case FieldKind::table: {
      out += '[';
      std::string_view t = trim_zeros(bytes);
      for (std::size_t i = 0; i < t.size(); ++i) {
        if (i) out += (i % 32 == 0) ? "\n    " : " ";
        out += std::to_string(static_cast<unsigned char>(t[i]));
      }
      out += ']';
      return out;
    }
    case FieldKind::bytes:
      out += '<';
      append_hex(out, trim_zeros(bytes));
      out += '>';
      return out;
  }
  return out;
}

std::string to_text(const Genome& g, const TextOptions& opt) {
  std::string out;
  out.reserve(g.bytes.size() * 4);
  out += "# genokit Creatures genome text form 1 (docs/creatures-genome.md)\n";
  out += "genome ";
  out += to_string(g.version);
  out += '\n';
  if (g.lead_size) {
    out += "lead <";
    append_hex(out, g.lead(), 32, "  ");
    out += ">\n";
  }
  const std::size_t hs = g.header_size();
  std::size_t lobe_index = 0;
  std::vector<const Gene*> lobes;  // lobe number (genome order) -> gene
  for (const Gene& x : g.genes)
    if (x.type == 0 && x.subtype == 0) lobes.push_back(&x);
  for (std::size_t i = 0; i < g.genes.size(); ++i) {
    const Gene& gene = g.genes[i];
    if (opt.comments || opt.notes) {
      out += "\n# #" + std::to_string(i) + " @" + std::to_string(gene.offset);
      if (gene.layout && gene.type == 0 && gene.subtype == 0) out += " lobe " + std::to_string(lobe_index++);
      if (opt.notes) {
        auto it = opt.notes->find(gene.key());
        if (it != opt.notes->end() && !it->second.caption.empty()) {
          out += ": ";
          for (char c : it->second.caption) out += (c == '\n' || c == '\r') ? ' ' : c;
        }
      }
      out += '\n';
      if (gene.layout && gene.type == 0 && gene.subtype == 0 && g.version != Version::c3)
        append_dendrite_sources(out, g, gene, lobes, opt.notes);
    }
    if (gene.size < 4 + hs) {  // header cut short: keep the bytes as they are
      out += "raw <";
      append_hex(out, g.gene_bytes(gene));
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
  if (g.gend_offset >= 0) out += "\ngend\n";
  std::string_view tail = g.tail();
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

std::vector<unsigned> organ_numbers(const Genome& g) {
  std::vector<unsigned> out(g.genes.size(), 0);
  unsigned organ = 0;
  for (std::size_t i = 0; i < g.genes.size(); ++i) {
    if (g.genes[i].type == 3 && g.genes[i].subtype == 0) ++organ;
    out[i] = organ;
  }
  return out;
}

std::string summary_line(const Genome& g, std::size_t i, const Notes* notes) {
  static const char* const kStage3[] = {"Emb", "Chi", "Ado", "You", "Adu", "Old", "Sen"};
  const Gene& gene = g.genes[i];
  std::string s = std::to_string(gene.id) + " ";
  s += gene.switch_on < 7 ? kStage3[gene.switch_on] : "S" + std::to_string(gene.switch_on);
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
  if (notes) {
    auto it = notes->find(gene.key());
    if (it != notes->end() && !it->second.caption.empty()) s += ", " + it->second.caption;
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

std::string to_summary(const Genome& g, const Notes* notes) {
  std::string out;
  // Organ numbers are counted incrementally here rather than per line.
  for (std::size_t i = 0; i < g.genes.size(); ++i) {
    out += summary_line(g, i, notes);
    out += '\n';
  }
  return out;
}

nlohmann::json gene_json(const Genome& g, std::size_t i, const Notes* notes) {
  const Gene& gene = g.genes[i];
  nlohmann::json j = {{"index", i},
                      {"offset", gene.offset},
                      {"kind", gene_kind(gene)},
                      {"type", gene.type},
                      {"subtype", gene.subtype},
                      {"id", gene.id},
                      {"generation", gene.generation},
                      {"switch_on", gene.switch_on},
                      {"stage", format_stage(gene.switch_on)},
                      {"flags", gene.flags},
                      {"flag_names", format_flags(gene.flags, gene_flag_names())}};
  if (g.version != Version::c1) j["mutability"] = gene.mutability;
  if (g.version == Version::c3) j["variant"] = gene.variant;
  if (notes) {
    auto it = notes->find(gene.key());
    if (it != notes->end()) j["caption"] = it->second.caption;
  }
  std::string_view data = g.data(gene);
  if (gene.layout && data.size() == gene.layout->data_size) {
    nlohmann::json f = nlohmann::json::object();
    for (const FieldDef& fd : gene.layout->fields) {
      switch (fd.kind) {
        case FieldKind::u8:
        case FieldKind::u16be:
        case FieldKind::flags8:
          f[fd.name] = field_value(data, fd);
          break;
        case FieldKind::table: {
          nlohmann::json a = nlohmann::json::array();
          for (std::size_t k = 0; k < fd.size; ++k)
            a.push_back(static_cast<unsigned char>(data[fd.offset + k]));
          f[fd.name] = std::move(a);
          break;
        }
        case FieldKind::svrule: {
          nlohmann::json a = nlohmann::json::array();
          for (std::size_t k = 0; k < fd.size; ++k) {
            auto c = static_cast<unsigned char>(data[fd.offset + k]);
            std::string_view n = fd.symbols->name(c);
            a.push_back(n.empty() ? "?" + std::to_string(c) : std::string(n));
          }
          f[fd.name] = std::move(a);
          break;
        }
        case FieldKind::chars: {
          std::string s(data.substr(fd.offset, fd.size));
          while (!s.empty() && s.back() == 0) s.pop_back();
          f[fd.name] = nlohmann::json::binary_t();  // placeholder replaced below
          bool ascii = true;
          for (unsigned char c : s) ascii = ascii && c >= 0x20 && c < 0x7F;
          if (ascii)
            f[fd.name] = s;
          else {
            std::string h;
            append_hex(h, s);
            f[fd.name] = "hex:" + h;
          }
          break;
        }
        case FieldKind::bytes: {
          std::string h;
          append_hex(h, data.substr(fd.offset, fd.size));
          f[fd.name] = h;
          break;
        }
      }
    }
    j["fields"] = std::move(f);
  } else {
    std::string h;
    append_hex(h, data);
    j["data"] = h;
    if (gene.truncated) j["truncated"] = true;
    if (gene.resynced) j["resynced"] = true;
  }
  return j;
}

nlohmann::json to_json(const Genome& g, const Notes* notes) {
  nlohmann::json genes = nlohmann::json::array();
  for (std::size_t i = 0; i < g.genes.size(); ++i) genes.push_back(gene_json(g, i, notes));
  nlohmann::json j = {{"version", std::string(to_string(g.version))},
                      {"size", g.bytes.size()},
                      {"gene_count", g.genes.size()},
                      {"gend_offset", g.gend_offset},
                      {"tail_size", g.tail().size()},
                      {"genes", std::move(genes)}};
  return j;
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
