// Levenshtein distance: textbook values, code points rather than bytes, bytes that are not UTF-8.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "genokit/similarity/dissimilarity.hpp"

namespace genokit::similarity {
namespace {

// Plain dynamic programming over the elements of two sequences (bytes, or character indices).
template <class Seq>
std::size_t reference(const Seq& a, const Seq& b) {
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i)
    for (std::size_t j = 1; j <= b.size(); ++j)
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] != b[j - 1])});
  return d[a.size()][b.size()];
}

TEST(Levenshtein, TextbookValues) {
  EXPECT_EQ(levenshtein("", ""), 0u);
  EXPECT_EQ(levenshtein("abc", ""), 3u);
  EXPECT_EQ(levenshtein("", "abcd"), 4u);
  EXPECT_EQ(levenshtein("kitten", "sitting"), 3u);
  EXPECT_EQ(levenshtein("flaw", "lawn"), 2u);
  EXPECT_EQ(levenshtein("X", "X"), 0u);
  EXPECT_EQ(levenshtein("X", "XX"), 1u);
  EXPECT_EQ(levenshtein("X(X,X)", "X(X,RX)"), 1u);
  EXPECT_EQ(levenshtein("//0\np:\n", "//0\np:1\n"), 1u);
}

TEST(Levenshtein, AgreesWithPlainDynamicProgrammingOnRandomGenotypeLikeTexts) {
  std::mt19937_64 rng(11);
  const std::string alphabet = "X(),[]:|LlRrQqCcFf0123456789.-";
  for (int k = 0; k < 300; ++k) {
    std::string a, b;
    // up to several 64-character words, so that words pass differences on to each other
    const int na = std::uniform_int_distribution<int>(0, k < 150 ? 60 : 300)(rng);
    const int nb = std::uniform_int_distribution<int>(0, k < 150 ? 60 : 300)(rng);
    for (int i = 0; i < na; ++i) a += alphabet[rng() % alphabet.size()];
    // b: often an edited copy of a, so prefixes and suffixes are shared
    b = k % 2 ? a : std::string();
    for (int i = 0; i < nb / 4; ++i) {
      const std::size_t at = b.empty() ? 0 : rng() % b.size();
      if (rng() % 2 && !b.empty())
        b.erase(at, 1);
      else
        b.insert(at, 1, alphabet[rng() % alphabet.size()]);
    }
    EXPECT_EQ(levenshtein(a, b), reference(a, b)) << a << " / " << b;
    EXPECT_EQ(levenshtein(a, b), levenshtein(b, a));
  }
}

TEST(Levenshtein, LongTextsAcrossWordBoundaries) {
  std::string a(1000, 'a'), b(1000, 'a');
  EXPECT_EQ(levenshtein(a, b), 0u);
  b[0] = 'b';
  b[500] = 'c';
  b[999] = 'd';
  EXPECT_EQ(levenshtein(a, b), 3u);
  EXPECT_EQ(levenshtein(a, std::string(64, 'a')), 936u);
  EXPECT_EQ(levenshtein(std::string(130, 'x'), std::string(129, 'y')), 130u);
  std::string c;
  for (int i = 0; i < 700; ++i) c += static_cast<char>('a' + (i * 7) % 26);
  std::string d = c.substr(3, 600) + "zz";
  EXPECT_EQ(levenshtein(c, d), reference(c, d));
}

// Texts of multi-byte characters against dynamic programming over the characters themselves.
TEST(Levenshtein, RandomTextsOfMultiByteCharacters) {
  const std::vector<std::string> chars = {
      "a", "b", "X", "\xC5\x81", "\xC3\xB3", "\xE2\x82\xAC", "\xF0\x9F\x90\x9B", "\xFF"};
  std::mt19937_64 rng(12);
  for (int k = 0; k < 100; ++k) {
    std::vector<int> a(rng() % 200), b;
    for (int& c : a) c = static_cast<int>(rng() % chars.size());
    b = a;
    for (int e = 0; e < 10; ++e) {
      const std::size_t at = b.empty() ? 0 : rng() % b.size();
      if (rng() % 2 && !b.empty())
        b.erase(b.begin() + at);
      else
        b.insert(b.begin() + at, static_cast<int>(rng() % chars.size()));
    }
    std::string ta, tb;
    for (int c : a) ta += chars[c];
    for (int c : b) tb += chars[c];
    EXPECT_EQ(levenshtein(ta, tb), reference(a, b));
  }
}

TEST(Levenshtein, CountsCharactersNotBytes) {
  // framspy compares Python strings: one accented letter is one character (two bytes in UTF-8).
  EXPECT_EQ(levenshtein("\xC5\x81\xC3\xB3"
                        "d\xC5\xBA",
                        "Lodz"),
            3u);                                       // "Łódź"
  EXPECT_EQ(levenshtein("\xE2\x82\xAC", "$"), 1u);     // euro sign, 3 bytes
  EXPECT_EQ(levenshtein("\xF0\x9F\x90\x9B", ""), 1u);  // a 4-byte character
  // A byte that is not UTF-8 is a character of its own; a cut sequence is one per byte.
  EXPECT_EQ(levenshtein("\xFF", ""), 1u);
  EXPECT_EQ(levenshtein("\xE2\x82", ""), 2u);
  EXPECT_EQ(levenshtein("\xFF", "\xFE"), 1u);
  EXPECT_EQ(levenshtein("a\xC0\x80", "a"), 2u);  // an overlong form is two bytes
}

}  // namespace
}  // namespace genokit::similarity
