// Framsticks fB genotypes ("biological encoding": fH handles written as genes in a string of
// letters, from a start codon `aa` to a stop codon `zz`; notes encodings.md §6.6-§6.10) decoded into
// fH handles and converted to the f0 model exactly as SDK r909 does (fB -> fH -> f0), with the map
// from gene letters to the elements they made and diagnostics positioned in the text.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "genokit/core/diagnostics.hpp"
#include "genokit/fH/convert.hpp"
#include "genokit/fH/handles.hpp"

namespace genokit::fB {

using ConvertOptions = fH::ConvertOptions;
using ElementKind = fH::ElementKind;
using MapEntry = fH::MapEntry;
// Conversion::sdk_check is Geno_fB::checkValidity's answer (0 valid, else its error position).
using Conversion = fH::Conversion;

// The most letters genokit decodes over all genes together (genes overlap and nest, so a text of n
// letters can hold n^2/2 gene letters); beyond it the genotype is reported as fB.too-large.
inline constexpr std::size_t kMaxGeneLetters = std::size_t{1} << 24;

struct Decoded {
  fH::Handles handles;  // handle ranges: the letters of the gene that made each, in the fB text
  bool ok = false;      // false: the SDK's fB -> fH conversion fails (the model is then empty)
  std::vector<std::string> sdk_messages;
};

// `genotype`: the whole text, with or without a "//B" header. Diagnostics ("fB.<kebab-case>") are
// positioned in it.
Decoded decode(std::string_view genotype, Diagnostics& diags, const ConvertOptions& opt = {});
Conversion convert(std::string_view genotype, Diagnostics& diags, const ConvertOptions& opt = {});
// The fH genotype the SDK makes of it ("//H\n" + its canonical genes), or nothing when the fB -> fH
// step fails.
std::optional<std::string> to_fH(std::string_view genotype, Diagnostics& diags);

// Geno_fB::checkValidity on the genes (without header): 0 = valid, else the SDK's error position.
int check_validity(std::string_view genes);

// True when `text` has an fB header ("//B" or "/*B*/").
bool is_fB_genotype(std::string_view text);

}  // namespace genokit::fB
