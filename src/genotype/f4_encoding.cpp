// f4 in the door: the SDK r909 developmental-encoding converter (genokit/f4/convert.hpp) with its
// text map; GenMan's genetic check as the strict check.
#include <cctype>

#include "genokit/f4/convert.hpp"
#include "genokit/f4/operators.hpp"
#include "genotype/converted.hpp"
#include "genotype/encodings.hpp"

namespace genokit::genotype::detail {
namespace {

static_assert(static_cast<int>(f4::ElementKind::connection) == static_cast<int>(ElementKind::connection));

Genotype to_model(std::string_view text, Diagnostics& diags, const ReadOptions& opt) {
  return genotype_of(f4::convert(text, diags, converter_options<f4::ConvertOptions>(opt)));
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
  set_operators(e, {f4::operator_table(), f4::mutate, f4::crossover, f4::repair, f4::kSimplest});
  e.sniff = sniff;
  e.check_strict = f4::check;
  return e;
}

}  // namespace genokit::genotype::detail
