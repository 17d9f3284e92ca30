// Runs independent work items on several threads (checking many genotypes, stepping many networks).
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <thread>
#include <vector>

namespace genokit {

// Calls fn(i) for every i in [0, n), each exactly once, on up to `threads` threads (0 = one per
// core). Items are handed out one at a time, so uneven items balance. fn must be thread-safe for
// distinct i; results go wherever fn puts them (typically slot i of a pre-sized vector).
template <class Fn>
void parallel_for(std::size_t n, unsigned threads, Fn&& fn) {
  if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
  threads = static_cast<unsigned>(std::min<std::size_t>(threads, std::max<std::size_t>(1, n)));
  std::atomic<std::size_t> next{0};
  auto work = [&] {
    for (std::size_t i; (i = next.fetch_add(1, std::memory_order_relaxed)) < n;) fn(i);
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
