// Picking the genotype a network is built from: a bare f0 or f1 genotype file, or an org: of a
// Framsticks file (.gen) holding f0 or f1 genotypes (f1 is converted to f0 first).
#include "genokit/neuro/source.hpp"

#include <filesystem>

#include "genokit/f0/files.hpp"
#include "genokit/f0/parser.hpp"
#include "genokit/f1/convert.hpp"
#include "genokit/frams/document.hpp"
#include "genokit/frams/genotype_header.hpp"

namespace genokit::neuro {
namespace {

// The SDK's own checks only: genokit's f0 lint (placement, input counts) is for `check`, and the
// network reports what matters for running as build messages.
f0::ParseOptions parse_options() {
  f0::ParseOptions o;
  o.lint = false;
  return o;
}

// Encodings the network can be built from ("" = not runnable).
std::string runnable(std::string_view text, bool bare_file) {
  const auto h = frams::parse_genotype_header(text);
  if (h.malformed) return "";
  if (!h.declared) return bare_file ? "0" : "1";  // a bare file without header is read as f0 body
  return h.format == "0" || h.format == "1" ? h.format : "";
}

f0::Model model_of(std::string_view text, const std::string& enc, Diagnostics& d) {
  if (enc == "1") return f1::to_f0(text, d);
  return f0::parse(text, d, parse_options());
}

}  // namespace

SourceGenotype load_genotype(std::string_view bytes, const std::string& file_name, const std::string& pick,
                             Diagnostics& diags) {
  SourceGenotype out;
  const std::string base = file_name == "-" || file_name.empty()
                               ? "<stdin>"
                               : std::filesystem::path(file_name).filename().string();
  if (!f0::looks_like_frams_file(bytes)) {
    const std::string enc = runnable(bytes, true);
    if (enc.empty()) {
      diags.error("neuro.unsupported-encoding",
                  "the genotype is in encoding f" + frams::parse_genotype_header(bytes).format +
                      "; only f0 and f1 genotypes can be run for now",
                  {file_name, 1, 1, 0});
      return out;
    }
    Diagnostics gd;
    out.model = model_of(bytes, enc, gd);
    gd.set_file(file_name);
    diags.append(gd);
    out.name = base;
    out.found = true;
    return out;
  }
  frams::Document doc = frams::parse(bytes, file_name, diags);
  // Runnable genotypes of the file's orgs, in file order.
  std::vector<std::pair<f0::FileGenotype, std::string>> gens;
  std::size_t k = 0;
  for (const auto& o : doc.objects) {
    if (o.class_name != "org") continue;
    const std::size_t index = k++;
    const frams::Field* g = o.find("genotype");
    if (!g) continue;
    const std::string enc = runnable(g->value, false);
    if (!enc.empty()) gens.push_back({{g->value, g, std::string(o.get("name")), index}, enc});
  }
  const std::pair<f0::FileGenotype, std::string>* g = nullptr;
  for (std::size_t i = 0; i < gens.size() && !g; ++i)
    if (pick.empty() || gens[i].first.name == pick || std::to_string(i) == pick) g = &gens[i];
  if (!g) {
    diags.error("neuro.no-genotype",
                pick.empty() ? "the file holds no f0 or f1 genotype"
                             : "no f0/f1 genotype named or numbered '" + pick + "' (" +
                                   std::to_string(gens.size()) + " in the file)",
                {file_name});
    return out;
  }
  Diagnostics gd;
  out.model = model_of(g->first.text, g->second, gd);
  f0::map_diagnostics(&doc, g->first, gd, diags);
  out.name = base + "#" + g->first.name;
  out.found = true;
  return out;
}

}  // namespace genokit::neuro
