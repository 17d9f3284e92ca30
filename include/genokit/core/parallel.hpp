// Runs independent work items on several threads (checking many genotypes, stepping many networks).
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <thread>
#include <vector>

namespace genokit {

// Calls fn(i) for every i in [0, n), each exactly once, on up to `threads` threads (0 = one per
// core). Items are handed out in small runs of consecutive indices (about 1/32 of a thread's share,
// at most 64), so uneven items still balance while threads neither fight over the counter nor
// write neighbouring result slots. fn must be thread-safe for distinct i; results go wherever fn
// puts them (typically slot i of a pre-sized vector).
template <class Fn>
void parallel_for(std::size_t n, unsigned threads, Fn&& fn) {
  if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
  threads = static_cast<unsigned>(std::min<std::size_t>(threads, std::max<std::size_t>(1, n)));
  const std::size_t run = std::clamp<std::size_t>(n / (std::size_t{threads} * 32), 1, 64);
  std::atomic<std::size_t> next{0};
  auto work = [&] {
    for (std::size_t b; (b = next.fetch_add(run, std::memory_order_relaxed)) < n;)
      for (std::size_t i = b, e = std::min(n, b + run); i < e; ++i) fn(i);
  };
  if (threads <= 1) {
    work();
    return;
  }
  std::vector<std::thread> pool;
  pool.reserve(threads - 1);
  for (unsigned t = 1; t < threads; ++t) pool.emplace_back(work);
  work();
  for (auto& t : pool) t.join();
}

}  // namespace genokit
