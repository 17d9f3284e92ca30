#include "genokit/core/parallel.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

namespace genokit {

TEST(ParallelFor, EveryItemExactlyOnce) {
  for (unsigned threads : {0u, 1u, 2u, 7u}) {
    std::vector<int> hits(1000, 0);
    parallel_for(hits.size(), threads, [&](std::size_t i) { hits[i] += 1; });
    EXPECT_EQ(std::count(hits.begin(), hits.end(), 1), 1000) << threads << " threads";
  }
  int calls = 0;
  parallel_for(0, 4, [&](std::size_t) { ++calls; });
  EXPECT_EQ(calls, 0);
}

}  // namespace genokit
