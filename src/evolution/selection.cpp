// Selection, statistics, Hall of Fame and diversity of the evolution loop (internal.hpp).
#include <algorithm>
#include <cmath>
#include <limits>

#include "evolution/internal.hpp"
#include "genokit/core/parallel.hpp"
#include "genokit/similarity/dissimilarity.hpp"

namespace genokit::evolution {

namespace detail {
namespace {

// a dominates b: no worse in every criterion, better in one (all maximised).
bool dominates(const std::vector<double>& a, const std::vector<double>& b) {
  bool better = false;
  for (std::size_t k = 0; k < a.size(); ++k) {
    if (a[k] < b[k]) return false;
    if (a[k] > b[k]) better = true;
  }
  return better;
}

}  // namespace

Ranking::Ranking(const std::vector<Individual>& pop, std::size_t criteria)
    : pop_(pop), multi_(criteria > 1), front_(pop.size(), 0), crowding_(pop.size(), 0) {
  if (!multi_) return;
  // Fast non-dominated sort over the feasible individuals (Deb et al. 2002).
  const std::size_t n = pop.size();
  std::vector<std::vector<std::size_t>> dominated(n);
  std::vector<int> count(n, 0);
  std::vector<std::size_t> current;
  for (std::size_t i = 0; i < n; ++i) {
    if (!pop[i].feasible) continue;
    for (std::size_t j = 0; j < n; ++j) {
      if (i == j || !pop[j].feasible) continue;
      if (dominates(pop[i].fitness, pop[j].fitness))
        dominated[i].push_back(j);
      else if (dominates(pop[j].fitness, pop[i].fitness))
        ++count[i];
    }
    if (count[i] == 0) current.push_back(i);
  }
  for (int f = 0; !current.empty(); ++f) {
    // Crowding distance within the front: the sum over criteria of the normalised gap between
    // each individual's neighbours; the extremes are infinitely far.
    for (std::size_t k = 0; k < criteria; ++k) {
      std::vector<std::size_t> order = current;
      std::stable_sort(order.begin(), order.end(),
                       [&](std::size_t a, std::size_t b) { return pop[a].fitness[k] < pop[b].fitness[k]; });
      const double lo = pop[order.front()].fitness[k], hi = pop[order.back()].fitness[k];
      crowding_[order.front()] = crowding_[order.back()] = std::numeric_limits<double>::infinity();
      if (hi > lo)
        for (std::size_t t = 1; t + 1 < order.size(); ++t)
          crowding_[order[t]] += (pop[order[t + 1]].fitness[k] - pop[order[t - 1]].fitness[k]) / (hi - lo);
    }
    std::vector<std::size_t> next;
    for (std::size_t i : current) {
      front_[i] = f;
      for (std::size_t j : dominated[i])
        if (--count[j] == 0) next.push_back(j);
    }
    std::sort(next.begin(), next.end());
    current = std::move(next);
  }
}

bool Ranking::better(std::size_t a, std::size_t b) const {
  const Individual &x = pop_[a], &y = pop_[b];
  if (x.feasible != y.feasible) return x.feasible;
  if (!x.feasible) return false;
  if (!multi_) return x.fitness[0] > y.fitness[0];
  if (front_[a] != front_[b]) return front_[a] < front_[b];
  return crowding_[a] > crowding_[b];
}

std::size_t tournament(const Ranking& r, std::size_t n, std::size_t k, frams::SdkRandom& rng) {
  std::size_t best = rng.below(static_cast<std::uint32_t>(n));
  for (std::size_t t = 1; t < k; ++t) {
    const std::size_t c = rng.below(static_cast<std::uint32_t>(n));
    if (r.better(c, best)) best = c;
  }
  return best;
}

void statistics(const std::vector<Individual>& pop, std::size_t criteria, GenerationLog& row) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  row.best.assign(criteria, nan);
  row.mean.assign(criteria, nan);
  row.worst.assign(criteria, nan);
  row.infeasible = 0;
  std::size_t feasible = 0;
  std::vector<double> sum(criteria, 0);
  for (const Individual& i : pop) {
    if (!i.feasible) {
      ++row.infeasible;
      continue;
    }
    ++feasible;
    for (std::size_t k = 0; k < criteria; ++k) {
      const double v = i.fitness[k];
      sum[k] += v;
      if (feasible == 1 || v > row.best[k]) row.best[k] = v;
      if (feasible == 1 || v < row.worst[k]) row.worst[k] = v;
    }
  }
  if (feasible)
    for (std::size_t k = 0; k < criteria; ++k) row.mean[k] = sum[k] / static_cast<double>(feasible);
}

void update_hof(std::vector<Individual>& hof, const std::vector<Individual>& pop, std::size_t size) {
  std::vector<Individual> all = hof;
  for (const Individual& i : pop)
    if (i.feasible) all.push_back(i);
  std::stable_sort(all.begin(), all.end(),
                   [](const Individual& a, const Individual& b) { return a.fitness > b.fitness; });
  std::vector<Individual> out;
  for (Individual& i : all) {
    if (out.size() >= size) break;
    if (std::none_of(out.begin(), out.end(), [&](const Individual& o) { return o.genotype == i.genotype; }))
      out.push_back(std::move(i));
  }
  hof = std::move(out);
}

double diversity(const std::vector<Individual>& pop, std::uint64_t seed, unsigned jobs) {
  const std::size_t n = pop.size();
  if (n < 2) return 0;
  constexpr std::size_t kMaxPairs = 300;
  std::vector<std::pair<std::size_t, std::size_t>> pairs;
  if (n * (n - 1) / 2 <= kMaxPairs) {
    for (std::size_t a = 0; a < n; ++a)
      for (std::size_t b = a + 1; b < n; ++b) pairs.emplace_back(a, b);
  } else {
    frams::SdkRandom rng(seed);
    while (pairs.size() < kMaxPairs) {
      const std::size_t a = rng.below(static_cast<std::uint32_t>(n)),
                        b = rng.below(static_cast<std::uint32_t>(n));
      if (a != b) pairs.emplace_back(a, b);
    }
  }
  std::vector<double> d(pairs.size());
  parallel_for(pairs.size(), jobs, [&](std::size_t i) {
    const std::string &a = pop[pairs[i].first].genotype, &b = pop[pairs[i].second].genotype;
    d[i] = a == b ? 0.0 : static_cast<double>(similarity::levenshtein(a, b));
  });
  double sum = 0;
  for (double x : d) sum += x;  // (in order: the same sum on any number of threads)
  return sum / static_cast<double>(d.size());
}

}  // namespace detail
}  // namespace genokit::evolution
