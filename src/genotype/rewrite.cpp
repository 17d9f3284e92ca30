// Rewriting a file's genotypes as f0 text; every other byte of a Framsticks file stays.
#include "genokit/genotype/rewrite.hpp"

#include <algorithm>

#include "genokit/f0/writer.hpp"
#include "genokit/frams/genotype_header.hpp"

namespace genokit::genotype {

std::optional<Rewritten> rewrite(std::string_view bytes, const std::string& file_name, Diagnostics& diags,
                                 const RewriteOptions& opt) {
  GenotypeFile file = read_genotypes(bytes, file_name, diags, opt.file);
  if (diags.has_errors()) return std::nullopt;
  Rewritten out;
  std::vector<std::pair<std::size_t, std::string>> edits;  // org index -> new genotype text
  bool ok = true;
  for (const FileGenotype& g : file.genotypes) {
    if (std::find(opt.formats.begin(), opt.formats.end(), g.format) == opt.formats.end()) {
      if (!file.framsticks) {
        diags.error("genotype.not-rewritten",
                    g.format.empty()
                        ? "Invalid genotype format declaration"
                        : "the genotype is in encoding f" + g.format + ", which is not rewritten here",
                    file.locate(g, 0));
        return std::nullopt;
      }
      continue;
    }
    const std::optional<Genotype> r = read(file, g, diags, opt.read);
    if (!r || !r->model.valid) {
      if (opt.keep_invalid && g.field) {
        diags.warning("f" + g.format + ".left-unconverted",
                      "Invalid f" + g.format + " genotype left unconverted" +
                          (g.name.empty() ? std::string() : " (org '" + g.name + "')"),
                      file.locate(g, 0));
      } else {
        ok = false;
      }
      continue;
    }
    ++out.rewritten;
    // An f0 genotype without a header stays a body; everything else gets "//0".
    const bool body_only =
        !file.framsticks && g.format == "0" && !frams::parse_genotype_header(g.text).declared;
    std::string text = body_only ? f0::write_body(r->model) : f0::write_genotype(r->model);
    if (!file.framsticks) {
      out.text = std::move(text);
      return out;
    }
    if (text != g.text) edits.emplace_back(g.org_index, std::move(text));
  }
  if (!ok) return std::nullopt;
  std::size_t k = 0, e = 0;
  for (frams::Object& o : file.doc.objects) {
    if (o.class_name != "org") continue;
    if (e < edits.size() && edits[e].first == k) file.doc.set(o, "genotype", std::move(edits[e++].second));
    ++k;
  }
  out.text = frams::write_lossless(file.doc);
  return out;
}

}  // namespace genokit::genotype
