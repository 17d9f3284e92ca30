// f4 in the door: the SDK r909 developmental-encoding converter (genokit/f4/convert.hpp) with its
// text map; GenMan's genetic check as the strict check.
#include <cctype>

#include "genokit/f4/convert.hpp"
#include "genokit/f4/operators.hpp"
#include "genotype/encodings.hpp"

namespace genokit::genotype::detail {
namespace {

static_assert(static_cast<int>(f4::ElementKind::connection) == static_cast<int>(ElementKind::connection));

Genotype to_model(std::string_view text, Diagnostics& diags, const ReadOptions& opt) {
  f4::ConvertOptions co;
  co.mapping = opt.mapping;
  co.strict = opt.strict;
  co.lint = opt.lint;
  f4::Conversion c = f4::convert(text, diags, co);
  Genotype g;
  g.model = std::move(c.model);
  g.converted = c.converted;
  g.sdk_messages = std::move(c.sdk_messages);
  g.map.reserve(c.map.size());
  for (const f4::MapEntry& m : c.map)
    g.map.push_back({m.begin, m.end, static_cast<ElementKind>(m.kind), m.index});
  return g;
}

// A division '<' with only f4 codes around it ("<X>N|", "<<X>X>X"): f1 has no '<'.
int sniff(std::string_view text) {
  if (text.size() > (1u << 20) || text.find('<') == std::string_view::npos) return 0;
  for (char c : text)
    if (!(std::isalnum(static_cast<unsigned char>(c)) ||
          std::string_view("<>#,[]:+-/!=|@*. \t\r\n").find(c) != std::string_view::npos))
      return 0;
  return 40;
}
}  // namespace

Encoding f4_encoding() {
  Encoding e;
  e.id = "4";
  e.name = "f4";
  e.description =
      "Framsticks f4 (developmental encoding, e.g. <X><N|[G:1]>X), developed and converted to f0 as "
      "SDK r909 does";
  e.to_model = to_model;
  e.params = f4::operator_table();
  e.mutate = f4::mutate;
  e.crossover = f4::crossover;
  e.repair = f4::repair;
  e.simplest = [] { return std::string(f4::kSimplest); };
  e.sniff = sniff;
  e.check_strict = f4::check;
  return e;
}

}  // namespace genokit::genotype::detail
