// Framsticks fL genotypes (a parametric, timed L-system whose words a 3D turtle draws: S sticks,
// N neurons, C connections, rotX/rotY/rotZ turns, [ ] branches, user words rewritten by rules;
// notes encodings.md §7) developed and converted into genokit's f0 model exactly as SDK r909 does,
// with the map from the lines of the genotype to the elements their words made, and diagnostics
// positioned in the text. Development is bounded (the genotype's maxwords, and genokit's own limit
// of fL::kMaxWords created words) so that no genotype hangs.
#pragma once

#include <cstddef>
#include <string_view>

#include "genokit/core/diagnostics.hpp"
#include "genokit/fH/convert.hpp"

namespace genokit::fL {

// The result of a conversion is the same as fH's (model, map, the SDK's messages and verdict).
using ConvertOptions = fH::ConvertOptions;
using ElementKind = fH::ElementKind;
using MapEntry = fH::MapEntry;
// Conversion::sdk_check is Geno_fL::checkValidity's answer: 0 valid; a positive error position for
// a genotype it cannot read; -1 when the axiom has no stick or the development fails.
using Conversion = fH::Conversion;

// The most words one development may create; beyond it the conversion fails with fL.too-large.
inline constexpr std::size_t kMaxWords = 200000;

// `genotype`: the whole text, with or without a "//L" or "/*L*/" header.
Conversion convert(std::string_view genotype, Diagnostics& diags, const ConvertOptions& opt = {});

// True when `text` has an fL header.
bool is_fL_genotype(std::string_view text);

}  // namespace genokit::fL
