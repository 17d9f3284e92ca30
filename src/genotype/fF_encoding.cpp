// fF in the door: the SDK r909 Foraminifera converter (genokit/fF/convert.hpp); GenMan's check
// (ten values on one line) as the strict check. The SDK keeps no map for fF.
#include <algorithm>

#include "genokit/fF/convert.hpp"
#include "genokit/fF/operators.hpp"
#include "genotype/converted.hpp"
#include "genotype/encodings.hpp"

namespace genokit::genotype::detail {
namespace {

Genotype to_model(std::string_view text, Diagnostics& diags, const ReadOptions& opt) {
  return genotype_of(fF::convert(text, diags, converter_options<fF::ConvertOptions>(opt)));
}

// Ten values on one line that load as fF parameters.
int sniff(std::string_view text) {
  if (text.size() > 4096 || std::count(text.begin(), text.end(), ',') < 9) return 0;
  return fF::check_validity(text) == 0 ? 45 : 0;
}
}  // namespace

Encoding fF_encoding() {
  Encoding e;
  e.id = "F";
  e.name = "fF";
  e.description =
      "Framsticks fF (Foraminifera: ten growth parameters, e.g. 6, 0.1, 0.1, 0.1, 1.05, 1.05, 1.05, 0, 0, "
      "0), grown "
      "into chambers as SDK r909 does";
  e.to_model = to_model;
  set_operators(e, {fF::operator_table(), fF::mutate, fF::crossover, fF::repair, fF::kSimplest});
  e.sniff = sniff;
  e.check_strict = fF::check;
  return e;
}

}  // namespace genokit::genotype::detail
