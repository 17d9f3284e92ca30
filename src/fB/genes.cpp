// The fB gene scanner (genes.hpp).
#include "fB/genes.hpp"

#include <algorithm>
#include <cstdint>

namespace genokit::fB::detail {

GeneScanner::GeneScanner(std::string_view text) : t_(text) {
  const std::size_t n = t_.size();
  quotes_.assign(n + 1, 0);
  for (std::size_t k = 0; k < n; ++k) quotes_[k + 1] = quotes_[k] + (t_[k] == '"');
  for (std::size_t p = 0; p + 1 < n; ++p)
    if (t_[p] == 'a' && t_[p + 1] == 'a') starts_.push_back(p);
  std::size_t prev = 0;
  for (const std::size_t p : starts_) {
    // geneCount: the quotes from just after the previous "aa" up to and including this one
    if ((quotes_[p + 1] - quotes_[prev]) % 2 == 0) ++count_;
    prev = p + 1;
    if (quotes_[p + 1] % 2 == 0) even_.push_back(p);  // getGene: the quotes from the start
  }
  for (int b = 0; b < 2; ++b) next_zz_[b].assign(n + 1, n);
  for (std::size_t k = n; k-- > 0;) {
    next_zz_[0][k] = next_zz_[0][k + 1];
    next_zz_[1][k] = next_zz_[1][k + 1];
    if (k + 1 < n && t_[k] == 'z' && t_[k + 1] == 'z') next_zz_[quotes_[k] % 2][k] = k;
  }
}

GeneRange GeneScanner::make(std::size_t p) const {
  // The first "zz" after the start codon with an even number of quotes between them.
  const std::size_t from = p + 1, n = t_.size();
  const std::size_t z = next_zz_[quotes_[from] % 2][from];
  return {p, z >= n ? n : z + 2, true};
}

GeneRange GeneScanner::gene(int i) const {
  if (i < 0 || static_cast<std::size_t>(i) >= even_.size()) return {};
  return make(even_[static_cast<std::size_t>(i)]);
}

GeneRange GeneScanner::next_gene(std::size_t from) const {
  const auto it = std::lower_bound(even_.begin(), even_.end(), from);
  if (it == even_.end()) return {};
  return make(*it);
}

const std::vector<GeneRange>& GeneScanner::non_nested() const {
  if (!non_nested_done_) {
    non_nested_done_ = true;
    for (std::size_t from = 0; from < t_.size();) {
      const GeneRange g = next_gene(from);
      if (!g.found) break;
      non_nested_.push_back(g);
      from = g.end;
    }
  }
  return non_nested_;
}

}  // namespace genokit::fB::detail
