#include "genokit/f0/batch.hpp"

#include "genokit/core/parallel.hpp"

namespace genokit::f0 {

std::vector<BatchResult> parse_many(std::span<const std::string_view> genotypes, const BatchOptions& opt) {
  std::vector<BatchResult> out(genotypes.size());
  parallel_for(genotypes.size(), opt.threads, [&](std::size_t i) {
    BatchResult& r = out[i];
    Model m = parse(genotypes[i], r.diags, opt.parse);
    r.valid = m.valid;
    r.parts = m.parts.size();
    r.joints = m.joints.size();
    r.neurons = m.neurons.size();
    r.connections = m.connections.size();
    if (opt.keep_models) r.model = std::move(m);
  });
  return out;
}

}  // namespace genokit::f0
