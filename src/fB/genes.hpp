// Internal: where the genes of an fB text are, as SDK r909's fB_GenoHelpers finds them (notes
// encodings.md §6.7, §6.10), in linear time. A gene starts at every "aa" (overlapping ones too)
// outside quotes and runs to the first "zz" after it that is outside quotes, or to the end. The
// SDK decides "outside quotes" two ways, and both are kept: geneCount() by the quotes between
// consecutive "aa"s, gene(i) by the quotes from the start of the text; where they disagree a gene
// is skipped or counted twice (the converter then makes a default stick for a missing gene).
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

namespace genokit::fB::detail {

struct GeneRange {
  std::size_t start = 0, end = 0;  // [start, end) in the scanned text
  bool found = false;
};

class GeneScanner {
 public:
  explicit GeneScanner(std::string_view text);
  // fB_GenoHelpers::geneCount.
  int count() const { return count_; }
  // fB_GenoHelpers::getGene(i) (i from 0).
  GeneRange gene(int i) const;
  // fB_GenoHelpers::getNextGene: the first gene starting at or after `from`.
  GeneRange next_gene(std::size_t from) const;
  // geneCountNoNested / getNonNestedGene(i): genes taken one after another, each searched after
  // the previous one's end.
  const std::vector<GeneRange>& non_nested() const;

 private:
  GeneRange make(std::size_t p) const;  // the gene starting at the "aa" at p
  std::string_view t_;
  std::vector<std::size_t> starts_;      // every "aa"
  std::vector<std::size_t> even_;        // the "aa"s with an even number of quotes before them
  std::vector<std::uint32_t> quotes_;    // quotes in [0, k)
  std::vector<std::size_t> next_zz_[2];  // first "zz" at or after k whose quote prefix has parity b
  int count_ = 0;
  mutable std::vector<GeneRange> non_nested_;
  mutable bool non_nested_done_ = false;
};

}  // namespace genokit::fB::detail
