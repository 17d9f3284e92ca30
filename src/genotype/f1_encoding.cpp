// f1 in the door: the SDK r909 converter (genokit/f1/convert.hpp) with its text map.
#include "genokit/core/text.hpp"
#include "genokit/f1/convert.hpp"
#include "genokit/f1/operator_table.hpp"
#include "genokit/f1/operators.hpp"
#include "genotype/encodings.hpp"

namespace genokit::genotype::detail {
namespace {

// f1's element kinds are the first three of the door's.
static_assert(static_cast<int>(f1::ElementKind::part) == static_cast<int>(ElementKind::part) &&
              static_cast<int>(f1::ElementKind::joint) == static_cast<int>(ElementKind::joint) &&
              static_cast<int>(f1::ElementKind::neuron) == static_cast<int>(ElementKind::neuron));

Genotype to_model(std::string_view text, Diagnostics& diags, const ReadOptions& opt) {
  f1::ConvertOptions co;
  co.mapping = opt.mapping;
  co.strict = opt.strict;
  co.lint = opt.lint;
  f1::Conversion c = f1::convert(text, diags, co);
  Genotype g;
  g.model = std::move(c.model);
  g.converted = c.converted;
  g.sdk_messages = std::move(c.sdk_messages);
  // The SDK's error/warning positions in the converted f0 text (weights its f0 re-parse clamps).
  if (g.model.error_pos < 0) g.model.error_pos = c.sdk_error_pos;
  if (g.model.warn_pos < 0) g.model.warn_pos = c.sdk_warn_pos;
  g.map.reserve(c.map.size());
  for (const f1::MapEntry& m : c.map)
    g.map.push_back({m.begin, m.end, static_cast<ElementKind>(m.kind), m.index});
  return g;
}

// Only f1 symbols, blanks and bracket contents: "X(X,X)", "RRX[|G:1]".
int sniff(std::string_view text) {
  if (text.empty() || text.size() > (1u << 20) || !looks_like_text(text.substr(0, 4096))) return 0;
  bool x = false;
  int depth = 0;
  for (char c : text) {
    if (c == '[')
      ++depth;
    else if (c == ']')
      --depth;
    else if (depth > 0)
      continue;
    else if (c == 'X')
      x = true;
    else if (std::string_view("()[], \t\r\nLlCcQqRrWwFfAaIiSsMmEeDdGgBbHh").find(c) == std::string_view::npos)
      return 0;
  }
  return x ? 30 : 0;
}

}  // namespace

Encoding f1_encoding() {
  Encoding e;
  e.id = "1";
  e.name = "f1";
  e.description =
      "Framsticks f1 (recursive encoding, e.g. RRX(lX,X[|G:1])), converted to f0 as SDK r909 does";
  e.to_model = to_model;
  e.sniff = sniff;
  e.params = f1::operator_table();
  e.mutate = f1::mutate;
  e.crossover = f1::crossover;
  e.repair = f1::repair;
  e.simplest = [] { return std::string("X"); };
  e.check_strict = f1_check_strict;
  return e;
}

}  // namespace genokit::genotype::detail
