// A genome's data pool: the data bytes of all its genes in one buffer, so that read() fills it
// with one copy instead of one allocation per gene. Edits append (copy on write): genes copied from
// one another may share bytes, so bytes in the pool are never changed in place.
#include <algorithm>
#include <functional>
#include <stdexcept>
#include <string>

#include "genokit/genome/genome.hpp"

namespace genokit::genome {

std::string_view Genome::data(const Gene& g) const {
  if (g.data_at_ > pool_.size() || g.data_size_ > pool_.size() - g.data_at_)
    throw std::out_of_range(
        "genokit::genome::Genome::data: the gene's data is not in this genome; give it with set_data()");
  return std::string_view(pool_.data() + g.data_at_, g.data_size_);
}

void Genome::set_data(Gene& g, std::string_view bytes) {
  const char* const begin = pool_.data();
  const bool inside = !bytes.empty() && std::less_equal<>()(begin, bytes.data()) &&
                      std::less<>()(bytes.data(), begin + pool_.size());
  if (inside) {  // appending may move the pool under `bytes`
    const std::string copy(bytes);
    set_data(g, copy);
    return;
  }
  if (pool_.size() > pool_check_at_) compact_pool();  // before the append: `g` may not be in `genes` yet
  g.data_at_ = pool_.size();
  g.data_size_ = bytes.size();
  pool_.append(bytes);
}

void Genome::set_field_value(Gene& g, const FieldDef& f, unsigned v) {
  if (std::size_t(f.offset) + f.size > g.data_size()) return;
  std::string d(data(g));
  genome::set_field_value(d, f, v);
  set_data(g, d);
}

// Keeps only the bytes `genes` use when that is less than half the pool. Looked at again once the
// pool has doubled, so edits cost amortised O(1) per byte.
void Genome::compact_pool() {
  std::size_t used = 0;
  for (const Gene& g : genes) used += data(g).size();  // throws before anything changes
  if (pool_.size() > 2 * used) {
    std::string fresh;
    fresh.reserve(used);
    for (Gene& g : genes) {
      const std::size_t at = fresh.size();
      fresh.append(pool_, g.data_at_, g.data_size_);
      g.data_at_ = at;
    }
    pool_.swap(fresh);
  }
  pool_check_at_ = std::max<std::size_t>(2 * pool_.size(), 4096);
}

}  // namespace genokit::genome
