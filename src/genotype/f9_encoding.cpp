// f9 in the door: the SDK r909 turtle-on-a-lattice converter (genokit/f9/convert.hpp) with its
// text map; GenMan's genetic check as the strict check.
#include "genokit/f9/convert.hpp"
#include "genokit/f9/operators.hpp"
#include "genotype/converted.hpp"
#include "genotype/encodings.hpp"

namespace genokit::genotype::detail {
namespace {

static_assert(static_cast<int>(f9::ElementKind::part) == static_cast<int>(ElementKind::part) &&
              static_cast<int>(f9::ElementKind::joint) == static_cast<int>(ElementKind::joint));

Genotype to_model(std::string_view text, Diagnostics& diags, const ReadOptions& opt) {
  return genotype_of(f9::convert(text, diags, converter_options<f9::ConvertOptions>(opt)));
}

// Only the six moves ("RRFFLUU"): f1 needs an X.
int sniff(std::string_view text) {
  const auto end = text.find_last_not_of(" \t\r\n");
  if (end == std::string_view::npos || text.size() > (1u << 20)) return 0;
  for (std::size_t i = 0; i <= end; ++i)
    if (f9::kMoves.find(text[i]) == std::string_view::npos) return 0;
  return 25;
}
}  // namespace

Encoding f9_encoding() {
  Encoding e;
  e.id = "9";
  e.name = "f9";
  e.description = "Framsticks f9 (turtle moves on a lattice, e.g. RRFFU), converted to f0 as SDK r909 does";
  e.to_model = to_model;
  set_operators(e, {f9::operator_table(), f9::mutate, f9::crossover, f9::repair, f9::kSimplest});
  e.sniff = sniff;
  e.check_strict = f9::check;
  return e;
}

}  // namespace genokit::genotype::detail
