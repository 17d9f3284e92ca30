#include "genokit/f0/batch.hpp"

#include <algorithm>
#include <atomic>
#include <thread>

namespace genokit::f0 {

std::vector<BatchResult> parse_many(std::span<const std::string_view> genotypes, const ParseOptions& opt,
                                    unsigned threads, bool keep_models) {
  std::vector<BatchResult> out(genotypes.size());
  if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
  threads = static_cast<unsigned>(std::min<std::size_t>(threads, std::max<std::size_t>(1, genotypes.size())));
  std::atomic<std::size_t> next{0};
  auto work = [&] {
    for (std::size_t i; (i = next.fetch_add(1)) < genotypes.size();) {
      BatchResult& r = out[i];
      Model m = parse(genotypes[i], r.diags, opt);
      r.valid = m.valid;
      r.parts = m.parts.size();
      r.joints = m.joints.size();
      r.neurons = m.neurons.size();
      r.connections = m.connections.size();
      if (keep_models) r.model = std::move(m);
    }
  };
  if (threads <= 1) {
    work();
    return out;
  }
  std::vector<std::thread> pool;
  pool.reserve(threads - 1);
  for (unsigned t = 1; t < threads; ++t) pool.emplace_back(work);
  work();
  for (auto& t : pool) t.join();
  return out;
}

}  // namespace genokit::f0
