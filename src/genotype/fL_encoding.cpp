// fL in the door: developed and drawn as SDK r909 does (genokit/fL/convert.hpp), with the map from the
// lines of the genotype to the elements their words made.
#include "genokit/core/text.hpp"
#include "genokit/fL/convert.hpp"
#include "genokit/fL/operators.hpp"
#include "genotype/encodings.hpp"
#include "genotype/fH_family.hpp"

namespace genokit::genotype::detail {
namespace {

Genotype to_model(std::string_view text, Diagnostics& diags, const ReadOptions& opt) {
  return fH_family_model(
      text, diags, opt,
      [](std::string_view t, Diagnostics& d, const fH::ConvertOptions& o) { return fL::convert(t, d, o); });
}

// A bare text whose lines are w:, i: and r: lines with one i: line holding an axiom.
int sniff(std::string_view text) {
  if (text.empty() || text.size() > (1u << 20) || !looks_like_text(text.substr(0, 4096))) return 0;
  int info = 0;
  for (std::size_t pos = 0; pos < text.size();) {
    std::size_t nl = text.find('\n', pos);
    if (nl == std::string_view::npos) nl = text.size();
    const std::string_view t = text.substr(pos, nl - pos);
    pos = nl + 1;
    if (trim(t).empty()) continue;
    if (t.starts_with("i:"))
      ++info;
    else if (!t.starts_with("w:") && !t.starts_with("r:"))
      return 0;
  }
  return info == 1 && text.find("axiom") != std::string_view::npos ? 60 : 0;
}

bool check_strict(std::string_view text, Diagnostics& diags) {
  Diagnostics quiet;
  const fL::Conversion c = fL::convert(text, quiet);
  if (c.sdk_check == 0 && c.converted && c.model.valid) return true;
  diags.error("fL.sdk-invalid",
              c.sdk_check < 0
                  ? std::string("The SDK's fL validity check rejects this genotype: its axiom has no stick "
                                "(S) or its development fails")
                  : "The SDK's fL validity check rejects this genotype (error position " +
                        std::to_string(c.sdk_check) + ")");
  return false;
}

}  // namespace

Encoding fL_encoding() {
  Encoding e;
  e.id.assign(1, 'L');  // (assign: GCC 12 warns falsely on short literal assignments here)
  e.name.assign("fL", 2);
  e.description.assign(
      "Framsticks fL (a parametric timed L-system drawn by a 3D turtle), developed and converted to f0 "
      "as SDK r909 does");
  e.to_model = to_model;
  e.sniff = sniff;
  e.check_strict = check_strict;
  e.params = fL::operator_table();
  e.mutate = fL::mutate;
  e.crossover = fL::crossover;
  e.repair = fL::repair;
  e.simplest = [] { return std::string(fL::kSimplest); };
  e.canonical = [](std::string_view genes, Diagnostics& diags) {
    return canonical_or_report(fL::canonical(genes), "fL", diags);
  };
  return e;
}

}  // namespace genokit::genotype::detail
