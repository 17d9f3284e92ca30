// Picking the genotype a network is built from (bare f0 file or an org: of a .gen file).
#include "genokit/neuro/source.hpp"

#include <filesystem>

#include "genokit/f0/files.hpp"
#include "genokit/f0/parser.hpp"
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
}  // namespace

SourceGenotype load_genotype(std::string_view bytes, const std::string& file_name, const std::string& pick,
                             Diagnostics& diags) {
  SourceGenotype out;
  const std::string base = file_name == "-" || file_name.empty()
                               ? "<stdin>"
                               : std::filesystem::path(file_name).filename().string();
  if (!f0::looks_like_frams_file(bytes)) {
    const auto h = frams::parse_genotype_header(bytes);
    if (h.declared && h.format != "0") {
      diags.error("neuro.unsupported-encoding",
                  "the genotype is in encoding f" + h.format + "; only f0 genotypes can be run for now",
                  {file_name, 1, 1, 0});
      return out;
    }
    Diagnostics gd;
    out.model = f0::parse(bytes, gd, parse_options());
    gd.set_file(file_name);
    diags.append(gd);
    out.name = base;
    out.found = true;
    return out;
  }
  frams::Document doc = frams::parse(bytes, file_name, diags);
  const auto gens = f0::find_f0_genotypes(doc);
  const f0::FileGenotype* g = nullptr;
  for (std::size_t i = 0; i < gens.size() && !g; ++i)
    if (pick.empty() || gens[i].name == pick || std::to_string(i) == pick) g = &gens[i];
  if (!g) {
    diags.error("neuro.no-genotype",
                pick.empty() ? "the file holds no f0 genotype"
                             : "no f0 genotype named or numbered '" + pick + "' (" +
                                   std::to_string(gens.size()) + " f0 genotype(s) in the file)",
                {file_name});
    return out;
  }
  Diagnostics gd;
  out.model = f0::parse(g->text, gd, parse_options());
  f0::map_diagnostics(&doc, *g, gd, diags);
  out.name = base + "#" + g->name;
  out.found = true;
  return out;
}

}  // namespace genokit::neuro
