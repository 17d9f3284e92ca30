#include "genokit/f0/files.hpp"

#include "genokit/core/text.hpp"
#include "genokit/f0/writer.hpp"
#include "genokit/frams/genotype_header.hpp"

namespace genokit::f0 {

bool looks_like_frams_file(std::string_view b) {
  std::size_t pos = 0;
  while (pos < b.size()) {
    std::size_t nl = b.find('\n', pos);
    if (nl == std::string_view::npos) nl = b.size();
    if (trim(b.substr(pos, nl - pos)) == "org:") return true;
    pos = nl + 1;
  }
  return false;
}

std::vector<FileGenotype> find_f0_genotypes(const frams::Document& doc) {
  std::vector<FileGenotype> out;
  std::size_t k = 0;
  for (const auto& o : doc.objects) {
    if (o.class_name != "org") continue;
    const std::size_t index = k++;
    const frams::Field* g = o.find("genotype");
    if (!g) continue;
    const auto h = frams::parse_genotype_header(g->value);
    if (!h.declared || h.malformed || h.format != "0") continue;
    out.push_back({g->value, g, std::string(o.get("name")), index});
  }
  return out;
}

void map_diagnostics(const frams::Document* doc, const FileGenotype& g, const Diagnostics& from,
                     Diagnostics& to) {
  for (const Diagnostic& d : from.items()) {
    Location where = d.where;
    std::string msg = d.message;
    if (doc && g.field) {
      where = doc->locate_value(*g.field, d.where.offset >= 0 ? static_cast<std::size_t>(d.where.offset) : 0);
      if (!g.name.empty()) msg += " (in org '" + g.name + "')";
    }
    to.report(d.severity, d.code, std::move(msg), std::move(where));
  }
}

ParseOptions options_from_strings(const std::vector<std::string>& kv) {
  ParseOptions po;
  for (const auto& s : kv) {
    if (s == "f0-order=spec")
      po.order = PropertyOrder::spec;
    else if (s == "f0-order=sdk")
      po.order = PropertyOrder::sdk;
    else if (s == "f0-lint=off")
      po.lint = false;
    else if (s == "f0-delta-order=sdk")
      po.spec_delta_order = false;
  }
  return po;
}

std::string apply_genotype_edits(frams::Document& doc, GenotypeEdits edits) {
  std::size_t k = 0, e = 0;
  for (auto& o : doc.objects) {
    if (o.class_name != "org") continue;
    if (e < edits.size() && edits[e].first == k) doc.set(o, "genotype", std::move(edits[e++].second));
    ++k;
  }
  return frams::write_lossless(doc);
}

bool canonical_text(std::string_view input, const std::string& file_name, const ParseOptions& opt,
                    Diagnostics& diags, std::string& out) {
  if (!looks_like_frams_file(input)) {
    Diagnostics d;
    Model m = parse(input, d, opt);
    diags.append(d);
    if (!m.valid) return false;
    out = frams::parse_genotype_header(input).declared ? write_genotype(m) : write_body(m);
    return true;
  }
  frams::Document doc = frams::parse(input, file_name, diags);
  if (diags.has_errors()) return false;
  auto gens = find_f0_genotypes(doc);
  GenotypeEdits edits;
  bool ok = true;
  for (const auto& g : gens) {
    Diagnostics d;
    Model m = parse(g.text, d, opt);
    map_diagnostics(&doc, g, d, diags);
    if (!m.valid) {
      ok = false;
      continue;
    }
    std::string text = write_genotype(m);
    if (text != g.text) edits.emplace_back(g.org_index, std::move(text));
  }
  if (!ok) return false;
  out = apply_genotype_edits(doc, std::move(edits));
  return true;
}

}  // namespace genokit::f0
