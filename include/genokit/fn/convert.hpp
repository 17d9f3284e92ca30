// Framsticks fn genotypes ("Vector of real values, no phenotype", e.g. "[1, 2.5]"): a vector of
// numbers for numerical optimisation read exactly as the Framsticks SDK r909 deserialises it
// (notes spec/notes/encodings.md §5), with the SDK's messages; every valid fn genotype converts to
// the one-part f0 model "p:". Never throws; no recursion (deeply nested input is fine).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "genokit/core/diagnostics.hpp"
#include "genokit/f0/model.hpp"

namespace genokit::fn {

struct ConvertOptions {
  bool strict = false;  // every warning becomes an error and makes the model invalid
  bool lint = true;     // (fn has no lint-only remarks; kept for a uniform call shape)
};

struct Conversion {
  f0::Model model;             // "p:" when the vector is not empty
  bool converted = false;      // false when the text is not a non-empty vector
  std::vector<double> values;  // the vector (0 for elements that are not numbers)
  std::vector<std::string> sdk_messages;
};

// `genotype`: the whole text, with a "//n" or "/*n*/" header (or none). Codes "fn.<kebab-case>".
Conversion convert(std::string_view genotype, Diagnostics& diags, const ConvertOptions& opt = {});

// The vector of a genotype as the SDK's GenoConv_fn0::stringToVector reads it; false (with the
// reason in diags) when the text is not a vector. An empty vector reads (true) but converts to
// nothing. `strict`: warnings (elements that are not numbers) become errors.
bool read_vector(std::string_view genotype, std::vector<double>& out, Diagnostics& diags,
                 std::vector<std::string>* sdk = nullptr, bool strict = false);

// The SDK's text of a vector: "[" values "]" joined by ", ", each "%.8g" (so 8 significant digits).
std::string write(const std::vector<double>& values);

// GenMan's genetic check (GenoOper_fn::checkValidity): 0 for a non-empty vector, else 1.
int check_validity(std::string_view genotype);
bool check(std::string_view genotype, Diagnostics& diags);

}  // namespace genokit::fn
