// Test helper: a raw operator call (random stream, an encoding's parameter table at its defaults,
// the default neuron class lists, diagnostics) and Pearson's chi-square.
#pragma once

#include <span>
#include <vector>

#include "genokit/f0/genetic_operator.hpp"

namespace genokit::test {

struct RawCall {
  frams::SdkRandom rng;
  frams::ParamValues params;
  Diagnostics diags;
  RawCall(std::span<const frams::Property> table, std::uint64_t seed) : rng(seed), params(table) {}
  f0::OperatorCall call() { return {rng, params, f0::default_neuron_class_lists(), diags}; }
};

// Pearson's chi-square of observed counts against expected probabilities.
inline double chi_square(const std::vector<double>& observed, const std::vector<double>& p) {
  double n = 0, chi = 0;
  for (double o : observed) n += o;
  for (std::size_t i = 0; i < p.size(); ++i)
    if (p[i] > 0) chi += (observed[i] - n * p[i]) * (observed[i] - n * p[i]) / (n * p[i]);
  return chi;
}

}  // namespace genokit::test
