// JSON of genomes: the internal nlohmann builders (json.hpp) and the public text form.
#include "genome/json.hpp"

#include <string>
#include <vector>

#include "genome/format.hpp"

namespace genokit::genome {
namespace detail {

nlohmann::json gene_json(const Genome& g, std::size_t i, std::size_t offset, const JsonOptions& opt) {
  const Gene& gene = g.genes[i];
  nlohmann::json j = {{"index", i},
                      {"offset", offset},
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
  if (opt.notes) {
    auto it = opt.notes->find(gene.key());
    if (it != opt.notes->end()) j["caption"] = it->second.caption;
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
          for (std::size_t k = 0; k < fd.size; ++k)
            a.push_back(opcode_name(*fd.symbols, static_cast<unsigned char>(data[fd.offset + k])));
          f[fd.name] = std::move(a);
          break;
        }
        case FieldKind::chars: {
          std::string s(data.substr(fd.offset, fd.size));
          while (!s.empty() && s.back() == 0) s.pop_back();
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

nlohmann::json genome_json(const Genome& g, const JsonOptions& opt) {
  const std::vector<std::size_t> offsets = g.offsets();
  nlohmann::json genes = nlohmann::json::array();
  for (std::size_t i = 0; i < g.genes.size(); ++i) genes.push_back(gene_json(g, i, offsets[i], opt));
  nlohmann::json j = {{"version", std::string(to_string(g.version))},
                      {"size", offsets.back() + (g.has_gend ? 4 : 0) + g.tail.size()},
                      {"gene_count", g.genes.size()},
                      {"gend_offset", g.has_gend ? std::int64_t(offsets.back()) : -1},
                      {"tail_size", g.tail.size()},
                      {"genes", std::move(genes)}};
  return j;
}

}  // namespace detail

std::string to_json(const Genome& g, const JsonOptions& opt) {
  return detail::genome_json(g, opt).dump(2);
}

}  // namespace genokit::genome
