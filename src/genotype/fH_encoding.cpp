// fH in the door: the SDK r909 converter (genokit/fH/convert.hpp) with its text map.
#include "genokit/core/text.hpp"
#include "genokit/fH/convert.hpp"
#include "genokit/fH/operators.hpp"
#include "genotype/encodings.hpp"
#include "genotype/fH_family.hpp"

namespace genokit::genotype::detail {
namespace {

Genotype to_model(std::string_view text, Diagnostics& diags, const ReadOptions& opt) {
  return fH_family_model(
      text, diags, opt,
      [](std::string_view t, Diagnostics& d, const fH::ConvertOptions& o) { return fH::convert(t, d, o); });
}

// A bare text whose first line is a number of dimensions and whose other lines are handles.
int sniff(std::string_view text) {
  if (text.empty() || text.size() > (1u << 20) || !looks_like_text(text.substr(0, 4096))) return 0;
  std::size_t nl = text.find('\n');
  if (nl == std::string_view::npos) return 0;
  const std::string_view first = trim(text.substr(0, nl));
  if (first.empty() || first.find_first_not_of("0123456789") != std::string_view::npos) return 0;
  bool stick = false;
  for (std::size_t pos = nl + 1; pos < text.size();) {
    nl = text.find('\n', pos);
    if (nl == std::string_view::npos) nl = text.size();
    const std::string_view t = text.substr(pos, nl - pos);
    pos = nl + 1;
    if (trim(t).empty()) continue;
    if (!(t.starts_with("j:") || t.starts_with("n:") || t.starts_with("c:"))) return 0;
    stick |= t.starts_with("j:");
  }
  return stick ? 60 : 0;
}

bool check_strict(std::string_view text, Diagnostics& diags) {
  Diagnostics quiet;
  const fH::Conversion c = fH::convert(text, quiet);
  if (c.sdk_check == 0 && c.converted && c.model.valid) return true;
  if (c.sdk_check == 0) {  // (the SDK's check passes, but its converter fails: invalid here)
    diags.append(quiet);
    diags.error("fH.does-not-convert",
                "The genotype passes the SDK's fH check but does not convert to a creature");
    return false;
  }
  diags.error("fH.sdk-invalid", "The SDK's fH validity check rejects this genotype (error position " +
                                    std::to_string(c.sdk_check) +
                                    "): a line it cannot read, no stick, or a neuron of an unknown class");
  return false;
}

}  // namespace

Encoding fH_encoding() {
  Encoding e;
  e.id.assign(1, 'H');  // (assign: GCC 12 warns falsely on short literal assignments here)
  e.name.assign("fH", 2);
  e.description.assign(
      "Framsticks fH (handles: sticks, neurons and connections joined by nearness in a d-dimensional space), "
      "converted to f0 as SDK r909 does");
  e.to_model = to_model;
  e.sniff = sniff;
  e.check_strict = check_strict;
  e.params = fH::operator_table();
  e.mutate = fH::mutate;
  e.crossover = fH::crossover;
  e.repair = fH::repair;
  e.simplest = [] { return std::string(fH::kSimplest); };
  e.canonical = [](std::string_view genes, Diagnostics& diags) {
    return canonical_or_report(fH::canonical(genes), "fH", diags);
  };
  return e;
}

}  // namespace genokit::genotype::detail
