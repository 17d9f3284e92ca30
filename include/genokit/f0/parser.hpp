// Parsing an f0 genotype into a Model: SDK r909 syntax (Param::loadSingleLine), build
// (Model::addFromString) and final check (Model::internalCheck), with diagnostics positioned in the
// genotype text. Never throws on bad input.
#pragma once

#include <string_view>

#include "genokit/core/diagnostics.hpp"
#include "genokit/f0/model.hpp"
#include "genokit/f0/properties.hpp"

namespace genokit::f0 {

struct ParseOptions {
  PropertyOrder order = PropertyOrder::sdk;  // table order for unnamed values (--f0-order)
  bool lint = true;                          // genokit's extra warnings (lint.hpp) on top of the SDK's checks
  // Delta joints listed out of dependency order: false (default) = the SDK's verdict ("Delta joint
  // cycle", an error, as every verdict follows SDK r909); true = the f0 spec's rule (no real cycle:
  // valid, with the note f0.sdk-delta-order). docs/f0.md.
  bool spec_delta_order = false;
  // Framsticks 5.x hinge joints (j:sh 2, 3 and the hinge properties). The default is SDK r909's
  // reading, which every verdict follows: sh clamps to 1 with a warning, the hinge names are unknown.
  Joints joints = Joints::r909;
};

// `genotype` is the whole genotype text: with a "//0" or "/*0*/" header, or a bare f0 body.
// Diagnostics: line/column 1-based in `genotype`, offset = byte offset in `genotype`.
// Codes are "f0.<kebab-case>"; SDK-equivalent errors make the model invalid.
Model parse(std::string_view genotype, Diagnostics& diags, const ParseOptions& opt = {});

// True when `text` starts with an f0 header ("//0" line or "/*0*/").
bool has_f0_header(std::string_view text);

}  // namespace genokit::f0
