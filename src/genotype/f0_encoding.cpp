// f0 in the door: the parser itself (f0 is the model's own text); the map is each element's line.
#include <algorithm>

#include "genokit/core/text.hpp"
#include "genokit/f0/operator_table.hpp"
#include "genokit/f0/operators.hpp"
#include "genokit/f0/parser.hpp"
#include "genokit/genotype/file.hpp"
#include "genotype/encodings.hpp"

namespace genokit::genotype::detail {
namespace {

// Each element's line [start, end of line) without the line end.
template <class Element>
void map_lines(std::string_view text, const std::vector<Element>& elements, ElementKind kind,
               std::vector<MapEntry>& map) {
  for (std::size_t i = 0; i < elements.size(); ++i) {
    const f0::SourcePos& s = elements[i].src;
    if (s.offset < 0 || static_cast<std::size_t>(s.offset) > text.size()) continue;
    const auto begin = static_cast<std::size_t>(s.offset);
    std::size_t end = std::min(text.find('\n', begin), text.size());
    if (end > begin && text[end - 1] == '\r') --end;
    map.push_back(
        {static_cast<std::uint32_t>(begin), static_cast<std::uint32_t>(end), kind, static_cast<int>(i)});
  }
}

Genotype to_model(std::string_view text, Diagnostics& diags, const ReadOptions& opt) {
  f0::ParseOptions po = opt.f0;
  po.lint = opt.lint;
  Genotype g;
  g.model = f0::parse(text, diags, po);
  if (opt.mapping) {
    map_lines(text, g.model.parts, ElementKind::part, g.map);
    map_lines(text, g.model.joints, ElementKind::joint, g.map);
    map_lines(text, g.model.neurons, ElementKind::neuron, g.map);
    map_lines(text, g.model.connections, ElementKind::connection, g.map);
    std::stable_sort(g.map.begin(), g.map.end(),
                     [](const MapEntry& a, const MapEntry& b) { return a.begin < b.begin; });
  }
  return g;
}

// A text whose first meaningful line is an f0 element line ("p:", "j:", "checkpoint:", ...).
int sniff(std::string_view text) {
  for (std::size_t pos = 0; pos < text.size();) {
    std::size_t nl = text.find('\n', pos);
    if (nl == std::string_view::npos) nl = text.size();
    const std::string_view t = trim(text.substr(pos, nl - pos));
    pos = nl + 1;
    if (t.empty() || t[0] == '#') continue;
    const bool f0_line =
        (t.size() >= 2 && t[1] == ':' && std::string_view("mpjnc").find(t[0]) != std::string_view::npos) ||
        t.substr(0, 11) == "checkpoint:";
    return f0_line && !looks_like_frams_file(text) ? 50 : 0;
  }
  return 0;
}

}  // namespace

Encoding f0_encoding() {
  Encoding e;
  e.id = "0";
  e.name = "f0";
  e.description = "Framsticks f0: the creature's parts, joints, neurons and connections, one per line";
  e.converts = false;
  e.to_model = to_model;
  e.sniff = sniff;
  e.params = f0::operator_table();
  e.mutate = f0::mutate;
  e.crossover = f0::crossover;
  // One stick, as f1's simplest `X` builds it (two parts one unit apart, one joint), in the SDK
  // writer's canonical form. (SDK r909 has no f0 operators; this is genokit's choice.)
  e.simplest = [] { return std::string("p:\np:1.0\nj:0, 1\n"); };
  return e;
}

}  // namespace genokit::genotype::detail
