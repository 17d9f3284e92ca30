// Matrices: the same on any number of threads, equal to the pairwise measure, symmetric with a zero
// diagonal; genotypes that cannot be measured give NaN rows with a diagnostic, never a crash; bad
// options and names are refused.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>

#include "genokit/genotype/file.hpp"
#include "genokit/similarity/dissimilarity.hpp"
#include "similarity/random_creatures.hpp"

namespace genokit::similarity {
namespace {

std::vector<std::string> random_genotypes(int n, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<std::string> out;
  for (int i = 0; i < n; ++i) out.push_back(test::random_creature(rng, 2 + i % 19).f0());
  return out;
}

DissimilarityOptions with(Method m, Weights w = {}, unsigned threads = 0) {
  DissimilarityOptions o;
  o.method = m;
  o.weights = w;
  o.threads = threads;
  return o;
}

TEST(SimilarityMatrix, SameOnAnyNumberOfThreadsAndEqualToPairs) {
  const auto g = random_genotypes(24, 9);
  for (Method m : {Method::levenshtein, Method::greedy, Method::hungarian}) {
    Diagnostics d;
    const Matrix one = matrix(g, d, with(m, {1, 1, 1, 1}, 1));
    const Matrix four = matrix(g, d, with(m, {1, 1, 1, 1}, 4));
    EXPECT_TRUE(d.empty());
    ASSERT_EQ(one.size, 24u);
    EXPECT_EQ(std::memcmp(one.values.data(), four.values.data(), one.values.size() * sizeof(double)), 0);
    for (std::size_t i = 0; i < one.size; ++i) {
      EXPECT_TRUE(one.measured[i]);
      EXPECT_EQ(one(i, i), 0.0);
      for (std::size_t j = i + 1; j < one.size; ++j) {
        EXPECT_EQ(one(i, j), one(j, i));
        EXPECT_EQ(one(i, j), *distance(g[i], g[j], d, with(m, {1, 1, 1, 1})));
      }
    }
  }
}

TEST(SimilarityMatrix, ModelsGiveWhatTheirGenotypesGive) {
  const auto g = random_genotypes(8, 21);
  std::vector<f0::Model> models;
  Diagnostics read_diags, d;
  for (const std::string& t : g) models.push_back(genotype::read(t, read_diags)->model);
  const Matrix a = matrix(g, d, with(Method::greedy, {0, 1, 0.1, 1}));
  const Matrix b = matrix(std::span<const f0::Model>(models), d, with(Method::greedy, {0, 1, 0.1, 1}));
  EXPECT_TRUE(d.empty());
  EXPECT_EQ(a.values, b.values);
  EXPECT_EQ(*distance(models[2], models[5], d, with(Method::hungarian)),
            *distance(g[2], g[5], d, with(Method::hungarian)));
}

TEST(SimilarityMatrix, UnmeasurableGenotypesGiveNaNRowsAndDiagnostics) {
  auto g = random_genotypes(3, 5);
  g.insert(g.begin() + 1, "//0\np:\nj:0,5\n");  // invalid f0
  g.push_back("//Z\nwhatever");                 // an encoding genokit does not read
  g.push_back("");                              // empty f1: not a creature
  Diagnostics d;
  const Matrix m = matrix(g, d, with(Method::hungarian, {1, 1, 1, 1}));
  ASSERT_EQ(m.size, 6u);
  const std::vector<bool> measured = {true, false, true, true, false, false};
  EXPECT_EQ(m.measured, measured);
  for (std::size_t i = 0; i < 6; ++i)
    for (std::size_t j = 0; j < 6; ++j)
      EXPECT_EQ(std::isnan(m(i, j)), !measured[i] || !measured[j]) << i << "," << j;
  EXPECT_EQ(d.error_count(), 6u);  // the reason, then similarity.invalid-genotype, for each of the three
  std::vector<std::string> codes;
  for (const Diagnostic& x : d.items()) codes.push_back(x.code);
  EXPECT_EQ(codes[0], "f0.bad-part-ref");
  EXPECT_NE(d.items()[0].message.find("(in genotype 1)"), std::string::npos);
  EXPECT_EQ(d.items()[0].where.line, 3u);  // in the genotype's own text
  EXPECT_EQ(codes[1], "similarity.invalid-genotype");
  EXPECT_NE(d.items()[1].message.find("genotype 1 "), std::string::npos);
  EXPECT_EQ(codes[2], "genotype.unsupported-encoding");
  EXPECT_EQ(codes[4], "f1.no-sticks");
  // Texts are always measurable by their letters.
  Diagnostics d2;
  const Matrix lev = matrix(g, d2, with(Method::levenshtein));
  EXPECT_TRUE(d2.empty());
  EXPECT_EQ(lev(4, 5), 12.0);  // "//Z\nwhatever" to ""
}

TEST(SimilarityMatrix, FileGenotypesPositionedInTheFile) {
  const std::string file_text =
      "org:\nname:Good\ngenotype:X(X,X)\n\norg:\nname:Broken\ngenotype:~\n//"
      "0\np:\nj:0,7\n~\n\norg:\nname:Stick\n"
      "genotype:XX\n";
  Diagnostics d;
  const genotype::GenotypeFile file = genotype::read_genotypes(file_text, "pop.gen", d);
  ASSERT_EQ(file.genotypes.size(), 3u);
  const Matrix m = matrix(file, d, with(Method::greedy));
  EXPECT_EQ(m.measured, (std::vector<bool>{true, false, true}));
  // X(X,X) vs XX: Part degrees 1,3,1,1 against 1,2,1: 3 matched with 2, a 1 left over -> 2.
  EXPECT_EQ(m(0, 2), 2.0);
  ASSERT_EQ(d.items().size(), 2u);
  EXPECT_EQ(d.items()[0].where.file, "pop.gen");
  EXPECT_EQ(d.items()[0].where.line, 10u);  // j:0,7
  EXPECT_NE(d.items()[0].message.find("Broken"), std::string::npos);
  EXPECT_EQ(d.items()[1].code, "similarity.invalid-genotype");
  EXPECT_EQ(d.items()[1].where.line, 8u);
  EXPECT_NE(d.items()[1].message.find("genotype 1 ('Broken')"), std::string::npos);
}

TEST(SimilarityMatrix, EmptyAndSingleLists) {
  Diagnostics d;
  const Matrix e = matrix(std::vector<std::string>{}, d, with(Method::greedy));
  EXPECT_EQ(e.size, 0u);
  EXPECT_TRUE(e.values.empty());
  const Matrix one = matrix(std::vector<std::string>{"X"}, d, with(Method::greedy));
  ASSERT_EQ(one.size, 1u);
  EXPECT_EQ(one(0, 0), 0.0);
  EXPECT_TRUE(d.empty());
}

TEST(SimilarityOptions, WeightsOutOfRangeAreRefused) {
  for (double bad : {-1.0, 100.5, std::nan(""), double(INFINITY)}) {
    Diagnostics d;
    DissimilarityOptions o = with(Method::greedy, {0, 1, bad, 0});
    EXPECT_FALSE(check_options(o, d));
    ASSERT_EQ(d.items().size(), 1u);
    EXPECT_EQ(d.items()[0].code, "similarity.bad-weight");
    EXPECT_NE(d.items()[0].message.find("neurons"), std::string::npos);
    Diagnostics d2;
    const Matrix m = matrix(std::vector<std::string>{"X", "XX"}, d2, o);
    EXPECT_TRUE(d2.has_errors());
    EXPECT_TRUE(std::isnan(m(0, 1)));
    EXPECT_FALSE(distance("X", "XX", d2, o));
  }
  Diagnostics d;
  EXPECT_TRUE(check_options(with(Method::hungarian, {100, 0, 0, 100}), d));
  EXPECT_TRUE(d.empty());
}

TEST(SimilarityOptions, ModelsHaveNoLevenshteinAndInvalidModelsNoDistance) {
  Diagnostics d;
  const f0::Model m = genotype::read("X", d)->model;
  EXPECT_FALSE(distance(m, m, d, with(Method::levenshtein)));
  EXPECT_EQ(d.items().back().code, "similarity.not-structural");
  f0::Model invalid = m;
  invalid.valid = false;
  EXPECT_FALSE(distance(m, invalid, d, with(Method::greedy)));
  EXPECT_EQ(d.items().back().code, "similarity.invalid-model");
}

TEST(SimilarityOptions, MethodNamesAndFramspyNumbers) {
  EXPECT_EQ(method_from_string("levenshtein"), Method::levenshtein);
  EXPECT_EQ(method_from_string("greedy"), Method::greedy);
  EXPECT_EQ(method_from_string("hungarian"), Method::hungarian);
  EXPECT_EQ(method_from_string("-1"), Method::levenshtein);
  EXPECT_EQ(method_from_string("0"), Method::greedy);
  EXPECT_EQ(method_from_string("1"), Method::hungarian);
  EXPECT_FALSE(method_from_string("Greedy"));
  EXPECT_FALSE(method_from_string("2"));
  EXPECT_EQ(method_from_framspy(-1), Method::levenshtein);
  EXPECT_EQ(method_from_framspy(0), Method::greedy);
  EXPECT_EQ(method_from_framspy(1), Method::hungarian);
  EXPECT_FALSE(method_from_framspy(2));
  for (Method m : {Method::levenshtein, Method::greedy, Method::hungarian})
    EXPECT_EQ(method_from_string(to_string(m)), m);
}

}  // namespace
}  // namespace genokit::similarity
