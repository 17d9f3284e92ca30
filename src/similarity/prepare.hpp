// Turning a model into what the structural measure compares, once per creature (the SDK redoes it
// for every pair; the result is the same, the MDS is the costly part).
#pragma once

#include <optional>

#include "genokit/similarity/options.hpp"
#include "similarity/body.hpp"

namespace genokit::similarity::detail {

// The Body of a valid model, aligned when geometry counts; std::nullopt for an invalid model.
std::optional<Body> prepare(const f0::Model& m, const DissimilarityOptions& opt);

// The structural distance of two prepared creatures (greedy or hungarian).
double structural(const Body& a, const Body& b, const DissimilarityOptions& opt);

}  // namespace genokit::similarity::detail
