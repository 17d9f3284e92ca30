// fn in the door: a vector of numbers with no body of its own (genokit/fn/convert.hpp), converted
// to the one-part model as SDK r909 does; GenMan's check (a non-empty vector) as the strict check.
#include "genokit/fn/convert.hpp"
#include "genokit/fn/operators.hpp"
#include "genotype/converted.hpp"
#include "genotype/encodings.hpp"

namespace genokit::genotype::detail {
namespace {

Genotype to_model(std::string_view text, Diagnostics& diags, const ReadOptions& opt) {
  return genotype_of(fn::convert(text, diags, converter_options<fn::ConvertOptions>(opt)));
}

// A vector of numbers in brackets ("[1, 2.5]").
int sniff(std::string_view text) {
  const auto b = text.find_first_not_of(" \t\r\n");
  if (b == std::string_view::npos || text[b] != '[' || text.size() > (1u << 20)) return 0;
  return fn::check_validity(text) == 0 ? 45 : 0;
}
}  // namespace

Encoding fn_encoding() {
  Encoding e;
  e.id = "n";
  e.name = "fn";
  e.description =
      "Framsticks fn (a vector of real numbers for numerical optimisation, e.g. [1, 2.5]; no body: "
      "one default part, as SDK r909 converts it)";
  e.to_model = to_model;
  set_operators(e, {fn::operator_table(), fn::mutate, fn::crossover, fn::repair, fn::kSimplest});
  e.sniff = sniff;
  e.check_strict = fn::check;
  return e;
}

}  // namespace genokit::genotype::detail
