// fF in the door: the SDK r909 Foraminifera converter (genokit/fF/convert.hpp); GenMan's check
// (ten values on one line) as the strict check. The SDK keeps no map for fF.
#include "genokit/fF/convert.hpp"
#include "genotype/encodings.hpp"

namespace genokit::genotype::detail {
namespace {

Genotype to_model(std::string_view text, Diagnostics& diags, const ReadOptions& opt) {
  fF::ConvertOptions co;
  co.strict = opt.strict;
  co.lint = opt.lint;
  fF::Conversion c = fF::convert(text, diags, co);
  Genotype g;
  g.model = std::move(c.model);
  g.converted = c.converted;
  g.sdk_messages = std::move(c.sdk_messages);
  return g;
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
  e.check_strict = fF::check;
  return e;
}

}  // namespace genokit::genotype::detail
