// The generational loop (genokit/evolution/evolution.hpp): DEAP's eaSimple as framspy's
// FramsticksEvolution.py runs it, with GenMan's operators through the genotype door.
#include <algorithm>
#include <map>

#include "evolution/internal.hpp"
#include "genokit/core/parallel.hpp"
#include "genokit/frams/sdk_random.hpp"
#include "genokit/genotype/encoding.hpp"
#include "genokit/genotype/operators.hpp"
#include "genokit/genotype/read.hpp"

namespace genokit::evolution {
namespace {

// Streams of a generation, each from its own seed: the main stream (selection and the pxov/pmut
// draws, in DEAP's order), one per operator call, the evaluation's, the diversity sample's.
constexpr std::uint64_t kEvaluationStream = 0xE7A1'0000'0000ull, kDiversityStream = 0xD17E'0000'0000ull;

std::string initial_genotype(const Config& c, Diagnostics& diags) {
  if (!c.initial.empty()) return c.initial;
  return genotype::simplest(c.format, diags).value_or(std::string());
}

// A genotype over a limit, or one the door cannot build: the reason, else "".
std::string over_limits(const std::string& g, const Limits& l) {
  if (l.length && g.size() > *l.length) return "longer than " + std::to_string(*l.length) + " characters";
  if (!l.parts && !l.joints && !l.neurons && !l.connections) return {};
  Diagnostics d;
  genotype::ReadOptions ro;
  ro.lint = false;
  const std::optional<genotype::Genotype> r = genotype::read(g, d, ro);
  if (!r || !r->model.valid) return "not a valid genotype";
  std::size_t conns = 0;
  for (const f0::Neuron& n : r->model.neurons) conns += n.inputs.size();
  auto over = [](const std::optional<std::size_t>& lim, std::size_t v) { return lim && v > *lim; };
  if (over(l.parts, r->model.parts.size())) return "more than " + std::to_string(*l.parts) + " parts";
  if (over(l.joints, r->model.joints.size())) return "more than " + std::to_string(*l.joints) + " joints";
  if (over(l.neurons, r->model.neurons.size())) return "more than " + std::to_string(*l.neurons) + " neurons";
  if (over(l.connections, conns)) return "more than " + std::to_string(*l.connections) + " connections";
  return {};
}

}  // namespace

bool check_config(const Config& c, Diagnostics& diags) {
  const std::size_t before = diags.error_count();
  auto bad = [&](std::string msg) { diags.error("evolution.bad-setting", std::move(msg)); };
  if (c.popsize < 2)
    bad("the population needs at least 2 individuals (popsize " + std::to_string(c.popsize) + ")");
  if (c.popsize > 1000000) bad("popsize " + std::to_string(c.popsize) + " is more than 1,000,000");
  if (c.tournament < 1) bad("the tournament needs at least 1 individual");
  if (c.generations < 0) bad("generations must not be negative");
  if (!(c.pmut >= 0 && c.pmut <= 1)) bad("pmut must be a probability (0..1)");
  if (!(c.pxov >= 0 && c.pxov <= 1)) bad("pxov must be a probability (0..1)");
  if (c.criteria.empty()) bad("no criterion to optimise");
  std::map<std::string, int> seen;
  for (const std::string& k : c.criteria)
    if (k.empty() || seen[k]++)
      bad(k.empty() ? "an empty criterion name" : "criterion '" + k + "' is given twice");
  Diagnostics d;
  const std::string g = initial_genotype(c, d);
  if (g.empty()) {
    diags.append(d);
    if (d.error_count() == 0) bad("no starting genotype");
  } else {
    Diagnostics v;
    if (!genotype::is_valid_strict(g, v)) {
      diags.append(v);
      bad("the starting genotype is not valid");
    } else {
      const genotype::Encoding* e = genotype::find_encoding(genotype::format_of(g));
      if (!e || !e->mutate)
        bad("genokit has no mutation for the starting genotype's encoding" +
            (e ? " (" + e->name + ")" : std::string()));
    }
  }
  return diags.error_count() == before;
}

Evolution::Evolution(Config config, Evaluator evaluator)
    : config_(std::move(config)), evaluator_(std::move(evaluator)) {}

Evolution::Evolution(Config config, Evaluator evaluator, State resume)
    : config_(std::move(config)), evaluator_(std::move(evaluator)), state_(std::move(resume)) {}

namespace {

// Evaluates the individuals without fitness: limits first (over them: infeasible, not evaluated),
// then each distinct genotype once.
bool evaluate(std::vector<Individual>& pop, const Config& c, const Evaluator& ev, std::uint64_t seed,
              std::size_t& evaluations, const std::function<void(std::size_t, std::size_t)>& progress,
              Diagnostics& diags) {
  std::vector<std::size_t> todo;
  for (std::size_t i = 0; i < pop.size(); ++i)
    if (!pop[i].evaluated) todo.push_back(i);
  std::vector<std::string> why(todo.size());
  parallel_for(todo.size(), c.jobs,
               [&](std::size_t k) { why[k] = over_limits(pop[todo[k]].genotype, c.limits); });
  std::vector<std::string> batch;
  std::map<std::string, std::size_t> slot;
  for (std::size_t k = 0; k < todo.size(); ++k) {
    Individual& ind = pop[todo[k]];
    if (!why[k].empty()) {
      ind.evaluated = true, ind.feasible = false, ind.fitness.clear(), ind.note = why[k];
      continue;
    }
    if (slot.emplace(ind.genotype, batch.size()).second) batch.push_back(ind.genotype);
  }
  std::vector<Evaluation> results;
  if (!batch.empty()) {
    results = ev(EvaluateCall{batch, c.criteria, seed, progress});
    if (results.size() != batch.size()) {
      diags.error("evolution.evaluator-failed", "the evaluator returned " + std::to_string(results.size()) +
                                                    " results for " + std::to_string(batch.size()) +
                                                    " genotypes");
      return false;
    }
  }
  evaluations += batch.size();
  for (std::size_t k = 0; k < todo.size(); ++k) {
    Individual& ind = pop[todo[k]];
    if (ind.evaluated) continue;
    const Evaluation& e = results[slot[ind.genotype]];
    ind.evaluated = true;
    ind.feasible = e.ok && e.values.size() == c.criteria.size();
    ind.fitness = ind.feasible ? e.values : std::vector<double>{};
    ind.note = ind.feasible ? std::string() : (e.message.empty() ? "not evaluated" : e.message);
  }
  return true;
}

}  // namespace

bool Evolution::step(Diagnostics& diags) {
  if (finished()) return false;
  const Config& c = config_;
  const int g = state_.generation + 1;
  const std::uint64_t gen_seed = frams::mix_seed(c.seed, static_cast<std::uint64_t>(g));
  std::vector<Individual> next;
  GenerationLog row;
  row.generation = g;
  if (g == 0) {
    Diagnostics d;
    const std::string start = initial_genotype(c, d);
    if (start.empty()) {
      diags.append(d);
      diags.error("evolution.no-start", "no starting genotype");
      return false;
    }
    Diagnostics quiet;
    next.assign(c.popsize, Individual{start, false, false, {}, {}, genotype::is_valid_strict(start, quiet)});
  } else {
    const std::vector<Individual>& pop = state_.population;
    const std::size_t n = pop.size();
    frams::SdkRandom rng(gen_seed);
    const detail::Ranking ranking(pop, c.criteria.size());
    next.reserve(n);
    for (std::size_t i = 0; i < n; ++i)
      next.push_back(pop[detail::tournament(ranking, n, c.tournament, rng)]);
    // DEAP's varAnd: a crossing draw per pair, then a mutation draw per individual.
    std::vector<char> cross(n / 2), mutate(n);
    for (auto& x : cross) x = rng.uniform() < c.pxov;
    for (auto& x : mutate) x = rng.uniform() < c.pmut;
    std::vector<std::string> child(n);
    std::vector<char> changed(n, 0), failed(n, 0);
    // Both children of a pair: two independent crossings of the same parents (framspy's mate).
    parallel_for(n - n % 2, c.jobs, [&](std::size_t i) {
      if (!cross[i / 2]) return;
      genotype::OperatorOptions o;
      o.seed = frams::mix_seed(gen_seed, i);
      o.settings = &c.operators;
      Diagnostics d;
      const std::size_t p = i - i % 2;
      o.parents_valid = next[p].valid && next[p + 1].valid;
      if (auto x = genotype::crossover(next[p].genotype, next[p + 1].genotype, d, o))
        child[i] = std::move(x->genotype), changed[i] = 1;
      else
        failed[i] = 1;  // (the parent stays: framspy's substitute-the-original)
    });
    for (std::size_t i = 0; i < n; ++i)
      if (changed[i]) next[i].genotype = std::move(child[i]), next[i].valid = true;
    std::vector<char> mutated(n, 0);
    parallel_for(n, c.jobs, [&](std::size_t i) {
      if (!mutate[i]) return;
      genotype::OperatorOptions o;
      o.seed = frams::mix_seed(gen_seed, n + i);
      o.settings = &c.operators;
      o.parents_valid = next[i].valid;
      Diagnostics d;
      if (auto m = genotype::mutate(next[i].genotype, d, o))
        child[i] = std::move(m->genotype), mutated[i] = 1;
      else
        failed[i] = 1;
    });
    for (std::size_t i = 0; i < n; ++i) {
      if (mutated[i]) next[i].genotype = std::move(child[i]), next[i].valid = true;
      if (changed[i] || mutated[i]) next[i].evaluated = next[i].feasible = false, next[i].fitness.clear();
      row.crossed += changed[i];
      row.mutated += mutated[i];
      row.operator_failures += failed[i];
    }
  }
  std::size_t evaluations = state_.evaluations;
  if (!evaluate(next, c, evaluator_, frams::mix_seed(gen_seed, kEvaluationStream), evaluations, progress,
                diags))
    return false;
  state_.population = std::move(next);
  state_.evaluations = evaluations;
  state_.generation = g;
  detail::update_hof(state_.hof, state_.population, c.hof_size);
  row.evaluations = evaluations;
  detail::statistics(state_.population, c.criteria.size(), row);
  row.diversity = detail::diversity(state_.population, frams::mix_seed(gen_seed, kDiversityStream), c.jobs);
  state_.log.push_back(std::move(row));
  return true;
}

}  // namespace genokit::evolution
