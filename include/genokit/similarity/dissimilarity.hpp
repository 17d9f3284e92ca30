// Dissimilarity of creatures: the Levenshtein distance of genotype texts, and the Framsticks SDK's
// structural measure of their bodies (Part degrees, neuron counts and, optionally, geometry after
// MDS alignment; Parts matched greedily or optimally), for two genotypes or as the matrix of a
// list. Genotypes of any encoding are read through the genotype door, so every encoding it learns
// is measured too. See docs/similarity.md for the measures and where genokit differs from the SDK.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "genokit/core/diagnostics.hpp"
#include "genokit/f0/model.hpp"
#include "genokit/genotype/file.hpp"
#include "genokit/genotype/read.hpp"
#include "genokit/similarity/options.hpp"

namespace genokit::similarity {

// Levenshtein distance (unit costs) of two texts, counted in Unicode code points of UTF-8 (a byte
// that is not valid UTF-8 counts as one character), as framspy's Levenshtein.distance on str.
std::size_t levenshtein(std::string_view a, std::string_view b);

// The structural measure of two models (opt.method greedy or hungarian; levenshtein is an error).
// std::nullopt with similarity.invalid-model when a model is not valid (the SDK returns 0 then).
std::optional<double> distance(const f0::Model& a, const f0::Model& b, Diagnostics& diags,
                               const DissimilarityOptions& opt = {});

// Two genotype texts: their Levenshtein distance, or the structural measure of the models the
// door makes of them. std::nullopt when a genotype cannot be read or is not a valid creature (the
// reasons in diags, positioned in the genotype text).
std::optional<double> distance(std::string_view a, std::string_view b, Diagnostics& diags,
                               const DissimilarityOptions& opt = {});

// A dissimilarity matrix: size × size, row-major, symmetric with a zero diagonal. The row and
// column of a genotype that could not be measured (unreadable, invalid) hold NaN.
struct Matrix {
  std::size_t size = 0;
  std::vector<double> values;
  std::vector<bool> measured;  // per genotype: false when its row and column are NaN
  double operator()(std::size_t i, std::size_t j) const { return values[i * size + j]; }
};

// The matrix of a list of genotype texts. Every pair is measured once (d(i,j) for i < j, mirrored),
// in parallel; the result is the same on any number of threads. Diagnostics of genotype i carry
// "genotype i" in their message and positions inside its text.
Matrix matrix(std::span<const std::string_view> genotypes, Diagnostics& diags,
              const DissimilarityOptions& opt = {});
Matrix matrix(std::span<const std::string> genotypes, Diagnostics& diags,
              const DissimilarityOptions& opt = {});
// The matrix of models (structural methods only).
Matrix matrix(std::span<const f0::Model> models, Diagnostics& diags, const DissimilarityOptions& opt = {});
// The matrix of every genotype of a file (GenotypeFile::genotypes, in file order), diagnostics
// positioned in the file.
Matrix matrix(const genotype::GenotypeFile& file, Diagnostics& diags, const DissimilarityOptions& opt = {});

}  // namespace genokit::similarity
