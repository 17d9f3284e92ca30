// Measure names, framspy's numbers, option checks (genokit/similarity/options.hpp).
#include "genokit/similarity/options.hpp"

#include <cmath>
#include <string>
#include <utility>

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

}  // namespace genokit::similarity
