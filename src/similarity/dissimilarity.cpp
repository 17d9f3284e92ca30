// The measures' entry points for two genotypes or models.
#include "genokit/similarity/dissimilarity.hpp"

#include <cmath>
#include <string>

#include "similarity/prepare.hpp"

namespace genokit::similarity {

namespace {

bool check_structural(const DissimilarityOptions& opt, Diagnostics& diags) {
  if (opt.method == Method::levenshtein) {
    diags.error("similarity.not-structural", "the Levenshtein distance compares genotype texts, not models");
    return false;
  }
  return check_options(opt, diags);
}

}  // namespace

std::optional<double> distance(const f0::Model& a, const f0::Model& b, Diagnostics& diags,
                               const DissimilarityOptions& opt) {
  if (!check_structural(opt, diags)) return std::nullopt;
  const auto pa = detail::prepare(a, opt);
  const auto pb = detail::prepare(b, opt);
  if (!pa || !pb) {
    diags.error("similarity.invalid-model", std::string("the ") + (!pa ? "first" : "second") +
                                                " model is not a valid creature: no dissimilarity");
    return std::nullopt;
  }
  return detail::structural(*pa, *pb, opt);
}

std::optional<double> distance(std::string_view a, std::string_view b, Diagnostics& diags,
                               const DissimilarityOptions& opt) {
  if (opt.method == Method::levenshtein) return static_cast<double>(levenshtein(a, b));
  const std::string_view texts[2] = {a, b};
  Matrix m = matrix(std::span<const std::string_view>(texts, 2), diags, opt);
  if (!m.measured[0] || !m.measured[1]) return std::nullopt;
  return m(0, 1);
}

}  // namespace genokit::similarity
