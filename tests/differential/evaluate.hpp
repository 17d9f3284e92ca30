// One batch of genotypes of one encoding through both sides: split into --jobs chunks, each chunk
// one oracle process and one thread reading the same genotypes through genokit's door; the result
// per genotype does not depend on the number of jobs.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "differential/compare.hpp"
#include "differential/encodings.hpp"

namespace genokit::differential {

struct Outcome {
  std::vector<Difference> diffs;  // empty: the two sides agree
  bool sdk_valid = false;
  bool no_sdk_result = false;  // the SDK crashed or its dump could not be read
  std::string problem;         // why there is no SDK result
  // Kept only for a disagreement (for the report, the allow-list and the minimiser):
  std::string sdk_side, our_side;
  Diagnostics our_diags;
};

struct BatchSettings {
  std::string oracle;         // the oracle program
  std::filesystem::path dir;  // where the .gen batches are written
  std::string tag;            // batch file names: <tag>-<chunk>.gen
  int jobs = 1;
};

// One outcome per genotype; `error` set (and outcomes empty) when the oracle cannot run at all.
std::vector<Outcome> evaluate(const EncodingSpec& e, const std::vector<std::string>& genotypes,
                              const BatchSettings& s, std::string& error);

// The kind that names a disagreement (the most serious of its differences).
Kind main_kind(const std::vector<Difference>& diffs);
// A short signature of a disagreement's class: its main kind and first difference of that kind,
// digits folded, so similar disagreements group.
std::string class_of(const std::vector<Difference>& diffs);

}  // namespace genokit::differential
