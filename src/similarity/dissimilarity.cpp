// The measures' entry points for two genotypes or models, method names, option checks.
#include "genokit/similarity/dissimilarity.hpp"

#include <cmath>
#include <string>

#include "similarity/measure.hpp"
#include "similarity/prepare.hpp"

namespace genokit::similarity {

std::string_view to_string(Method m) {
  switch (m) {
    case Method::levenshtein:
      return "levenshtein";
    case Method::greedy:
      return "greedy";
    case Method::hungarian:
      return "hungarian";
  }
  return "hungarian";
}

std::optional<Method> method_from_framspy(int number) {
  switch (number) {
    case -1:
      return Method::levenshtein;
    case 0:
      return Method::greedy;
    case 1:
      return Method::hungarian;
    default:
      return std::nullopt;
  }
}

std::optional<Method> method_from_string(std::string_view s) {
  for (Method m : {Method::levenshtein, Method::greedy, Method::hungarian})
    if (s == to_string(m)) return m;
  if (s == "-1") return Method::levenshtein;
  if (s == "0") return Method::greedy;
  if (s == "1") return Method::hungarian;
  return std::nullopt;
}

bool check_options(const DissimilarityOptions& opt, Diagnostics& diags) {
  bool ok = true;
  const std::pair<const char*, double> weights[] = {{"parts", opt.weights.parts},
                                                    {"degrees", opt.weights.degrees},
                                                    {"neurons", opt.weights.neurons},
                                                    {"geometry", opt.weights.geometry}};
  for (const auto& [name, w] : weights) {
    if (std::isfinite(w) && w >= 0 && w <= 100) continue;
    diags.error("similarity.bad-weight", std::string("the ") + name +
                                             " weight must be a number from 0 to 100 (as in the SDK), not " +
                                             std::to_string(w));
    ok = false;
  }
  return ok;
}

namespace detail {

std::optional<Body> prepare(const f0::Model& m, const DissimilarityOptions& opt) {
  if (!m.valid || m.parts.empty()) return std::nullopt;
  Body b = describe(m);
  if (opt.weights.geometry > 0) align(b, m, opt.fixed_z, opt.weighted_mds);
  // Positions too large for their distances to be finite have no alignment: not measurable.
  for (const f0::Vec3& p : b.pos)
    if (!std::isfinite(p.x) || !std::isfinite(p.y) || !std::isfinite(p.z)) return std::nullopt;
  return b;
}

double structural(const Body& a, const Body& b, const DissimilarityOptions& opt) {
  return opt.method == Method::greedy ? greedy_distance(a, b, opt.weights)
                                      : hungarian_distance(a, b, opt.weights);
}

}  // namespace detail

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
