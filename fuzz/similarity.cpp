// libFuzzer target for the dissimilarity measures: any bytes as a file of genotypes (bare or .gen)
// are measured by every method, with and without geometry, fixed Z and weighted MDS. Must hold:
// no crash or hang; the matrix is symmetric with a zero diagonal where measured, NaN exactly where
// not, every measured value finite and not negative; Levenshtein measures everything.
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "genokit/genotype/file.hpp"
#include "genokit/similarity/dissimilarity.hpp"

using namespace genokit;

namespace {

void check(const similarity::Matrix& m) {
  for (std::size_t i = 0; i < m.size; ++i)
    for (std::size_t j = 0; j < m.size; ++j) {
      const double v = m(i, j);
      const bool both = m.measured[i] && m.measured[j];
      if (std::isnan(v) == both) std::abort();
      if (!both) continue;
      if (!std::isfinite(v) || v < 0 || v != m(j, i) || (i == j && v != 0)) std::abort();
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  genotype::FileOptions fo;
  fo.bare = size % 2 ? genotype::Bare::f0 : genotype::Bare::f1;
  fo.load.includes = frams::LoadOptions::Includes::forbid;  // never read files named by the input
  Diagnostics d;
  const genotype::GenotypeFile file = genotype::read_genotypes(bytes, "fuzz.gen", d, fo);
  if (file.genotypes.size() > 40) return 0;  // a matrix grows as the square: keep runs short
  similarity::DissimilarityOptions o;
  o.threads = 1;
  o.method = similarity::Method::levenshtein;
  const similarity::Matrix lev = similarity::matrix(file, d, o);
  for (std::size_t i = 0; i < lev.size; ++i)
    if (!lev.measured[i]) std::abort();
  check(lev);
  for (similarity::Method m : {similarity::Method::greedy, similarity::Method::hungarian}) {
    o.method = m;
    o.weights = {1, 1, 1, 1};
    o.fixed_z = size % 3 == 0;
    o.weighted_mds = size % 5 == 0;
    check(similarity::matrix(file, d, o));
    o.weights = {};
    check(similarity::matrix(file, d, o));
  }
  return 0;
}
