// Internal pieces of the evolution loop (evolution.hpp): selection, statistics, diversity.
#pragma once

#include <vector>

#include "genokit/evolution/evolution.hpp"
#include "genokit/frams/sdk_random.hpp"

namespace genokit::evolution::detail {

// How individuals compare in a tournament: feasible before infeasible; one criterion by its
// value; several by Pareto front (0 = not dominated) and then crowding distance (NSGA-II).
class Ranking {
 public:
  Ranking(const std::vector<Individual>& pop, std::size_t criteria);
  // True when a beats b.
  bool better(std::size_t a, std::size_t b) const;
  int front(std::size_t i) const { return front_[i]; }

 private:
  const std::vector<Individual>& pop_;
  bool multi_;
  std::vector<int> front_;
  std::vector<double> crowding_;
};

// DEAP's selTournament: `k` aspirants drawn with R(n), the best kept (the first on ties).
std::size_t tournament(const Ranking& r, std::size_t n, std::size_t k, frams::SdkRandom& rng);

// Best, mean and worst per criterion over the feasible individuals.
void statistics(const std::vector<Individual>& pop, std::size_t criteria, GenerationLog& row);

// The Hall of Fame with the population's feasible individuals considered (lexicographic on the
// criteria, distinct genotypes, earlier members first on ties).
void update_hof(std::vector<Individual>& hof, const std::vector<Individual>& pop, std::size_t size);

// Mean Levenshtein distance over the population's pairs (all pairs up to 300, else 300 pairs
// drawn from `seed`), on `jobs` threads.
double diversity(const std::vector<Individual>& pop, std::uint64_t seed, unsigned jobs);

}  // namespace genokit::evolution::detail
