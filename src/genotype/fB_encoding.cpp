// fB in the door: decoded to fH handles and developed as fH (genokit/fB/convert.hpp), with the map
// from gene letters to elements.
#include "genokit/core/text.hpp"
#include "genokit/fB/convert.hpp"
#include "genokit/fB/operators.hpp"
#include "genotype/encodings.hpp"
#include "genotype/fH_family.hpp"

namespace genokit::genotype::detail {
namespace {

Genotype to_model(std::string_view text, Diagnostics& diags, const ReadOptions& opt) {
  return fH_family_model(
      text, diags, opt,
      [](std::string_view t, Diagnostics& d, const fH::ConvertOptions& o) { return fB::convert(t, d, o); });
}

// A bare text of a number of dimensions, then one line of lower-case letters with a start codon.
int sniff(std::string_view text) {
  if (text.empty() || text.size() > (1u << 20) || !looks_like_text(text.substr(0, 4096))) return 0;
  const std::size_t nl = text.find('\n');
  if (nl == std::string_view::npos) return 0;
  const std::string_view first = trim(text.substr(0, nl)), rest = trim(text.substr(nl + 1));
  if (first.empty() || first.find_first_not_of("0123456789") != std::string_view::npos) return 0;
  if (!rest.starts_with("aa") || rest.find('\n') != std::string_view::npos) return 0;
  for (char c : rest)
    if (!(c >= 'a' && c <= 'z') && c != '"') return 20;  // (quoted neuron classes hold other characters)
  return 60;
}

bool check_strict(std::string_view text, Diagnostics& diags) {
  Diagnostics quiet;
  const fB::Conversion c = fB::convert(text, quiet);
  if (c.sdk_check == 0 && c.converted && c.model.valid) return true;
  if (c.sdk_check == 0) {  // (the SDK's check passes, but its converter fails: invalid here)
    diags.append(quiet);
    diags.error("fB.does-not-convert",
                "The genotype passes the SDK's fB check but does not convert to a creature");
    return false;
  }
  diags.error("fB.sdk-invalid",
              "The SDK's fB validity check rejects this genotype (error position " +
                  std::to_string(c.sdk_check) +
                  "): the second line must start with aa and hold only lower-case letters and quoted neuron "
                  "classes, with at least one stick gene");
  return false;
}

}  // namespace

Encoding fB_encoding() {
  Encoding e;
  e.id.assign(1, 'B');  // (assign: GCC 12 warns falsely on short literal assignments here)
  e.name.assign("fB", 2);
  e.description.assign(
      "Framsticks fB (fH handles written as genes of letters between aa and zz), converted to f0 through fH "
      "as "
      "SDK r909 does");
  e.to_model = to_model;
  e.sniff = sniff;
  e.check_strict = check_strict;
  e.params = fB::operator_table();
  e.mutate = fB::mutate;
  e.crossover = fB::crossover;
  e.repair = fB::repair;
  e.simplest = [] { return std::string(fB::kSimplest); };
  return e;
}

}  // namespace genokit::genotype::detail
