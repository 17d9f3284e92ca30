// The f1 -> f0 converter (notes f1.md §3-§8): one depth-first walk over the text with an explicit
// stack of segments, branch groups matched in one linear pre-pass, every part/joint value rounded
// as the SDK's "%g" f0 text round trip rounds it, and the effects of the SDK's final f0 re-parse
// (weight clamping, non-finite weights) applied directly. The converter: converter.hpp.
#include "genokit/f1/convert.hpp"

#include "f1/converter.hpp"
#include "genokit/frams/genotype_header.hpp"

namespace genokit::f1 {

using detail::Converter;

bool is_f1_genotype(std::string_view text) {
  const auto h = frams::parse_genotype_header(text);
  return !h.declared || (!h.malformed && h.format == "1");
}

Conversion convert(std::string_view genotype, Diagnostics& diags, const ConvertOptions& opt) {
  Conversion out;
  const auto h = frams::parse_genotype_header(genotype);
  if (h.declared && (h.malformed || h.format != "1")) {
    Location l;
    l.line = 1, l.column = 1, l.offset = 0;
    diags.error(
        "f1.not-f1",
        h.malformed ? "Invalid genotype format declaration" : "This is an f" + h.format + " genotype, not f1",
        l);
    out.model.valid = false;
    return out;
  }
  if (genotype.size() >= 0xFFFFFFF0u) {
    diags.error("f1.too-long", "The genotype is longer than 4 GB", {});
    return out;
  }
  out.model.body_offset = h.body_offset;
  Converter c(genotype, h.body_offset, diags, opt, out);
  c.run();
  return out;
}

f0::Model to_f0(std::string_view genotype, Diagnostics& diags) {
  ConvertOptions o;
  o.lint = false;
  return convert(genotype, diags, o).model;
}

std::vector<MapEntry> elements_at(const Conversion& c, std::uint32_t offset) {
  std::vector<MapEntry> out;
  for (const auto& e : c.map)
    if (e.begin <= offset && offset < e.end) out.push_back(e);
  return out;
}

std::vector<MapEntry> ranges_of(const Conversion& c, ElementKind kind, int index) {
  std::vector<MapEntry> out;
  for (const auto& e : c.map)
    if (e.kind == kind && e.index == index) out.push_back(e);
  return out;
}

}  // namespace genokit::f1
