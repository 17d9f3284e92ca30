// Reading one genotype text: which encoding, then that encoding's to_model.
#include "genokit/genotype/read.hpp"

#include <algorithm>

#include "genokit/frams/genotype_header.hpp"
#include "genotype/encodings.hpp"

namespace genokit::genotype {

std::string_view to_string(ElementKind k) {
  switch (k) {
    case ElementKind::part:
      return "part";
    case ElementKind::joint:
      return "joint";
    case ElementKind::neuron:
      return "neuron";
    case ElementKind::connection:
      return "connection";
  }
  return "part";
}

std::string format_of(std::string_view text, const ReadOptions& opt) {
  if (!opt.format.empty()) return opt.format;
  const frams::GenotypeHeader h = frams::parse_genotype_header(text);
  if (h.declared) return h.malformed ? std::string() : h.format;
  switch (opt.bare) {
    case Bare::f1:
      return "1";
    case Bare::f0:
      return "0";
    case Bare::guess:
      break;
  }
  const Encoding* best = nullptr;
  int best_score = 0;
  for (const Encoding& e : encodings()) {
    const int s = e.sniff ? e.sniff(text) : 0;
    if (s > best_score) best = &e, best_score = s;
  }
  return best ? best->id : "1";
}

std::optional<Genotype> read(std::string_view text, Diagnostics& diags, const ReadOptions& opt) {
  const std::string id = format_of(text, opt);
  const Encoding* e = detail::find_or_report(id, diags, {{}, 1, 1, 0});
  if (!e) return std::nullopt;
  Genotype g = e->to_model(text, diags, opt);
  g.format = e->id;
  return g;
}

std::vector<MapEntry> elements_at(const Genotype& g, std::uint32_t offset) {
  std::vector<MapEntry> out;
  for (const MapEntry& e : g.map) {
    if (e.begin > offset) break;  // sorted by begin
    if (offset < e.end) out.push_back(e);
  }
  return out;
}

std::vector<MapEntry> ranges_of(const Genotype& g, ElementKind kind, int index) {
  std::vector<MapEntry> out;
  std::copy_if(g.map.begin(), g.map.end(), std::back_inserter(out),
               [&](const MapEntry& e) { return e.kind == kind && e.index == index; });
  return out;
}

}  // namespace genokit::genotype
