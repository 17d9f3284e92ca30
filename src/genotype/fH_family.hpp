// Internal: the door's reading of the encodings whose converters give an fH::Conversion (fH, fB, fL):
// the options passed on, the model, verdict, SDK messages and map taken over.
#pragma once

#include <optional>
#include <string>
#include <utility>

#include "genokit/fH/convert.hpp"
#include "genokit/genotype/encoding.hpp"
#include "genokit/genotype/read.hpp"

namespace genokit::genotype::detail {

static_assert(static_cast<int>(fH::ElementKind::connection) == static_cast<int>(ElementKind::connection));

template <class Convert>
Genotype fH_family_model(std::string_view text, Diagnostics& diags, const ReadOptions& opt, Convert convert) {
  fH::ConvertOptions co;
  co.mapping = opt.mapping;
  co.strict = opt.strict;
  co.lint = opt.lint;
  fH::Conversion c = convert(text, diags, co);
  Genotype g;
  g.model = std::move(c.model);
  g.converted = c.converted;
  g.sdk_messages = std::move(c.sdk_messages);
  g.map.reserve(c.map.size());
  for (const fH::MapEntry& m : c.map)
    g.map.push_back({m.begin, m.end, static_cast<ElementKind>(m.kind), m.index});
  return g;
}

// An encoding's canonical genes, or the reason why there are none (genokit fmt).
inline std::optional<std::string> canonical_or_report(std::optional<std::string> genes,
                                                      const char* code_prefix, Diagnostics& diags) {
  if (!genes)
    diags.error(std::string(code_prefix) + ".unreadable",
                "The genotype cannot be read, so it has no canonical form (genokit check says why)");
  return genes;
}

}  // namespace genokit::genotype::detail
