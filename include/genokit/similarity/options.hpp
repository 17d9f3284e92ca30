// The options of the dissimilarity measures: which measure (Levenshtein, greedy or optimal
// matching), the structural measure's weights and alignment switches, threads, and how genotype
// texts are read; the measures' names and framspy's numbers for them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string_view>

#include "genokit/core/diagnostics.hpp"
#include "genokit/genotype/read.hpp"

namespace genokit::similarity {

enum class Method : std::uint8_t {
  levenshtein,  // edit distance of the genotype texts (framspy method -1)
  greedy,       // SDK structural measure, greedy Part matching (framspy 0, SDK simil_method 1)
  hungarian,    // SDK structural measure, optimal Part matching (framspy 1, SDK simil_method 0)
};
std::string_view to_string(Method m);  // "levenshtein", "greedy", "hungarian"
// From a name as to_string() gives it, or framspy's number ("-1", "0", "1"); std::nullopt otherwise.
std::optional<Method> method_from_string(std::string_view s);
// framspy's FramsticksLib.dissimilarity method numbers: -1 levenshtein, 0 greedy, 1 hungarian.
std::optional<Method> method_from_framspy(int number);

// The weights of the structural measure (SDK defaults; each in [0, 100] as in the SDK).
struct Weights {
  double parts = 0;      // simil_parts: difference in the number of Parts
  double degrees = 1;    // simil_partdeg: degree differences of matched Parts
  double neurons = 0.1;  // simil_neuro: neuron-count differences of matched Parts
  double geometry = 0;   // simil_partgeom: distances of matched Parts after alignment
};

struct DissimilarityOptions {
  Method method = Method::hungarian;  // the SDK's default matching
  Weights weights;
  bool fixed_z = false;       // simil_fixedZaxis: align in the horizontal plane only, keep z
  bool weighted_mds = false;  // simil_weightedMDS: MDS weighted by Part degrees
  // Matrix: threads for the pairs (0 = one per core). The result does not depend on it.
  unsigned threads = 0;
  // Matrix: called after each row with the pairs measured so far and in all, from the worker
  // threads (it must be thread-safe and quick), e.g. for a progress bar. Optional.
  std::function<void(std::size_t done, std::size_t total)> progress;
  // How genotype texts are read (structural methods). `lint` off: only the SDK's own messages.
  genotype::ReadOptions read = [] {
    genotype::ReadOptions r;
    r.lint = false;
    return r;
  }();
};

// Reports similarity.bad-weight for a weight that is not a number in [0, 100]; false then.
bool check_options(const DissimilarityOptions& opt, Diagnostics& diags);

}  // namespace genokit::similarity
