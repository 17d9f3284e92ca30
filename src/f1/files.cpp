#include "genokit/f1/files.hpp"

#include "genokit/core/text.hpp"
#include "genokit/f0/files.hpp"
#include "genokit/f0/json.hpp"
#include "genokit/f0/writer.hpp"
#include "genokit/frams/genotype_header.hpp"

namespace genokit::f1 {

std::vector<FileGenotype> find_f1_genotypes(const frams::Document& doc) {
  std::vector<FileGenotype> out;
  std::size_t k = 0;
  for (const auto& o : doc.objects) {
    if (o.class_name != "org") continue;
    const std::size_t index = k++;
    const frams::Field* g = o.find("genotype");
    if (!g || !is_f1_genotype(g->value)) continue;
    out.push_back({g->value, g, std::string(o.get("name")), index});
  }
  return out;
}

std::vector<FileGenotype> inputs(std::string_view text, const std::string& file_name, frams::Document& doc,
                                 Diagnostics& diags) {
  if (!f0::looks_like_frams_file(text)) return {{text, nullptr, {}, 0}};
  doc = frams::parse(text, file_name, diags);
  return find_f1_genotypes(doc);
}

bool convert_text(std::string_view input, const std::string& file_name, const FileConvertOptions& opt,
                  Diagnostics& diags, std::string& out, std::size_t* converted) {
  std::size_t n = 0;
  if (!f0::looks_like_frams_file(input)) {
    Diagnostics d;
    const Conversion c = convert(input, d, opt.convert);
    diags.append(d);
    if (!c.model.valid) return false;
    out = f0::write_genotype(c.model);
    if (converted) *converted = 1;
    return true;
  }
  frams::Document doc = frams::parse(input, file_name, diags);
  if (diags.has_errors()) return false;
  const auto gens = find_f1_genotypes(doc);
  f0::GenotypeEdits edits;
  bool ok = true;
  for (const auto& g : gens) {
    Diagnostics d;
    const Conversion c = convert(g.text, d, opt.convert);
    map_diagnostics(&doc, g, d, diags);
    if (!c.model.valid) {
      if (opt.keep_invalid) {
        diags.warning("f1.left-unconverted",
                      "Invalid f1 genotype left unconverted" +
                          (g.name.empty() ? std::string() : " (org '" + g.name + "')"),
                      doc.locate_value(*g.field, 0));
      } else {
        ok = false;
      }
      continue;
    }
    edits.emplace_back(g.org_index, f0::write_genotype(c.model));
    ++n;
  }
  if (!ok) return false;
  out = f0::apply_genotype_edits(doc, std::move(edits));
  if (converted) *converted = n;
  return true;
}

namespace {
// JSON strings must be UTF-8: bytes that break it are shown as '?'.
std::string printable(std::string_view s) {
  std::string out(s);
  for (std::size_t bad; (bad = find_invalid_utf8(out)) != std::string::npos;) out[bad] = '?';
  return out;
}
}  // namespace

nlohmann::json to_json(const Conversion& c, std::string_view text) {
  nlohmann::json j = f0::to_json(c.model);
  j["f1_converted"] = c.converted;
  nlohmann::json map = nlohmann::json::array();
  LineIndex li(text);
  static const char* kinds[] = {"part", "joint", "neuron"};
  for (const MapEntry& e : c.map) {
    const Location l = li.locate(e.begin);
    map.push_back({{"begin", e.begin},
                   {"end", e.end},
                   {"line", l.line},
                   {"column", l.column},
                   {"text", printable(text.substr(e.begin, e.end - e.begin))},
                   {"kind", kinds[static_cast<int>(e.kind)]},
                   {"index", e.index}});
  }
  j["f1_map"] = std::move(map);
  nlohmann::json log = nlohmann::json::array();
  for (const auto& m : c.sdk_messages) log.push_back(printable(m));
  j["sdk_messages"] = std::move(log);
  return j;
}

}  // namespace genokit::f1
