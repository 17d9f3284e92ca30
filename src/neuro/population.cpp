// Batch stepping: contiguous blocks of networks per thread; each thread runs its block `steps`
// times network by network (the working set of one network stays in cache).
#include "genokit/neuro/population.hpp"

#include <algorithm>
#include <thread>
#include <vector>

namespace genokit::neuro {

void step_population(std::span<Network> nets, std::size_t steps, unsigned threads) {
  if (nets.empty() || steps == 0) return;
  if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
  threads = static_cast<unsigned>(std::min<std::size_t>(threads, nets.size()));
  auto work = [&](std::size_t b, std::size_t e) {
    for (std::size_t k = b; k < e; ++k) nets[k].run(steps);
  };
  if (threads == 1) {
    work(0, nets.size());
    return;
  }
  std::vector<std::thread> pool;
  const std::size_t per = (nets.size() + threads - 1) / threads;
  for (unsigned t = 0; t < threads; ++t) {
    const std::size_t b = t * per, e = std::min(nets.size(), b + per);
    if (b < e) pool.emplace_back(work, b, e);
  }
  for (auto& th : pool) th.join();
}

}  // namespace genokit::neuro
