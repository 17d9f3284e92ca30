#include "genokit/core/parallel.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

namespace genokit {

TEST(ParallelFor, EveryItemExactlyOnce) {
  // Sizes around the run length (items are handed out in runs of up to 64), with ragged tails.
  for (std::size_t n : {std::size_t{1}, std::size_t{5}, std::size_t{1000}, std::size_t{100003}})
    for (unsigned threads : {0u, 1u, 2u, 7u}) {
      std::vector<int> hits(n, 0);
      parallel_for(hits.size(), threads, [&](std::size_t i) { hits[i] += 1; });
      EXPECT_EQ(static_cast<std::size_t>(std::count(hits.begin(), hits.end(), 1)), n)
          << threads << " threads";
    }
  int calls = 0;
  parallel_for(0, 4, [&](std::size_t) { ++calls; });
  EXPECT_EQ(calls, 0);
}

}  // namespace genokit
