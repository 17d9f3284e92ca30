// Framsticks fF genotypes ("10-parameter Foraminifera encoding", e.g. "6, 0.1, 0.1, 0.1, 1.05,
// 1.05, 1.05, 0, 0, 0") converted into genokit's f0 model exactly as the Framsticks SDK r909
// converter grows the shell (notes spec/notes/encodings.md §4): a chain of ellipsoid chambers,
// each scaled from the previous one and placed at its aperture, joined by fixed joints. The SDK's
// aperture search (9,384 surface points per chamber tested against every earlier chamber) gives the
// same result here from a best-first search over the points nearest the previous aperture.
#pragma once

#include <array>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "genokit/core/diagnostics.hpp"
#include "genokit/f0/model.hpp"
#include "genokit/frams/property.hpp"

namespace genokit::fF {

// The ten parameters, in genotype order.
struct Params {
  int n = 6;                               // chambers, 1..15
  double rad0x = 1, rad0y = 1, rad0z = 1;  // radii of the first chamber, 0.01..2
  double sx = 1.05, sy = 1.05, sz = 1.05;  // growth per chamber, 1..1.1
  double tr = 0;                           // translation factor, -1..1
  double a1 = 0, a2 = 0;                   // angles, -3.1415926..3.1415926
};

// The parameter table (ids n, rad0x, ..., a2 with their SDK ranges and defaults).
std::span<const frams::Property> params_table();

struct ConvertOptions {
  bool strict = false;  // every warning becomes an error and makes the model invalid
  bool lint = true;     // (fF has no lint-only remarks; kept for a uniform call shape)
};

struct Conversion {
  f0::Model model;
  bool converted = false;                 // false when the ten parameters do not load
  Params params;                          // what was loaded (defaults where values were missing or bad)
  std::vector<std::string> sdk_messages;  // e.g. "[WARN] Param.set: Setting fF.n = '20' exceeded ..."
};

// `genotype`: the whole text, with a "//F" or "/*F*/" header (or none). Codes "fF.<kebab-case>".
Conversion convert(std::string_view genotype, Diagnostics& diags, const ConvertOptions& opt = {});

// Reads the parameters as the SDK does; true when exactly ten values load from one line (the
// SDK's validity rule). Diagnostics and SDK messages as in convert().
bool load(std::string_view genotype, Params& out, Diagnostics& diags,
          std::vector<std::string>* sdk = nullptr);

// The f0 model of a parameter set (no diagnostics: every set converts).
f0::Model build(const Params& p);

// The ten values written back as the SDK's operators write them: "6, 0.1, 1.0, ..." (integers
// plainly, numbers in shortest round-trip form with ".0").
std::string write(const Params& p);

// GenMan's genetic check (GenoOper_fF::checkValidity): 0 when the ten values load, else 1.
int check_validity(std::string_view genotype);
bool check(std::string_view genotype, Diagnostics& diags);

}  // namespace genokit::fF
