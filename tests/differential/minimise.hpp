// Delta debugging of disagreements: the smallest edit of a genotype that still disagrees the same
// way (same main kind of difference). Each round makes candidates for every disagreement at once
// (chunks removed at a finer and finer grain down to single characters, then numbers simplified)
// and sends them all through the oracle in one batch; the result is confirmed alone at the end.
#pragma once

#include <string>
#include <vector>

#include "differential/evaluate.hpp"

namespace genokit::differential {

struct Minimised {
  std::string original;
  Kind kind = Kind::verdict;
  std::string text;  // the minimised genotype (== original when nothing smaller disagrees)
  Outcome outcome;   // both sides on `text`
  int rounds = 0;
  bool unconfirmed = false;  // the smallest form disagreed only inside a batch: `text` is the original
};

// Minimises each of `items` (original text and its outcome). `max_rounds` and `max_seconds` bound
// the work (a candidate can be slow in the SDK: fH digits joined into a dimension count of 7148).
std::vector<Minimised> minimise(const EncodingSpec& e,
                                const std::vector<std::pair<std::string, Outcome>>& items,
                                const BatchSettings& s, int max_rounds, double max_seconds,
                                std::string& error);

}  // namespace genokit::differential
