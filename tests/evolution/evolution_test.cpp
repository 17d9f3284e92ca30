// The evolution loop with a test evaluator (criteria computed from the body): it improves,
// keeps limits, is the same on any number of threads and when resumed from a checkpoint.
#include <gtest/gtest.h>

#include <cmath>

#include "genokit/evolution/evolution.hpp"
#include "genokit/genotype/read.hpp"

namespace genokit::evolution {
namespace {

// "parts": the body's parts; "short": minus the genotype's length; "neurons": its neurons. An
// invalid genotype cannot be evaluated.
std::vector<Evaluation> body_evaluator(const EvaluateCall& call) {
  std::vector<Evaluation> out;
  for (const std::string& g : call.genotypes) {
    Evaluation e;
    Diagnostics d;
    const auto r = genotype::read(g, d);
    if (!r || !r->model.valid) {
      e.message = "invalid";
      out.push_back(e);
      continue;
    }
    e.ok = true;
    for (const std::string& c : call.criteria) {
      if (c == "parts")
        e.values.push_back(static_cast<double>(r->model.parts.size()));
      else if (c == "short")
        e.values.push_back(-static_cast<double>(g.size()));
      else if (c == "neurons")
        e.values.push_back(static_cast<double>(r->model.neurons.size()));
      else
        e.ok = false, e.message = "unknown criterion " + c;
    }
    out.push_back(e);
  }
  if (call.progress) call.progress(out.size(), out.size());
  return out;
}

Config small(std::uint64_t seed = 1) {
  Config c;
  c.criteria = {"parts"};
  c.popsize = 20;
  c.generations = 15;
  c.seed = seed;
  c.pmut = 0.9;
  c.pxov = 0.3;
  c.limits.parts = 8;
  return c;
}

State run(const Config& c) {
  Evolution e(c, body_evaluator);
  Diagnostics d;
  while (!e.finished()) EXPECT_TRUE(e.step(d)) << (d.items().empty() ? "" : d.items().back().message);
  return e.state();
}

TEST(Evolution, ImprovesWithinTheLimits) {
  const Config c = small();
  Diagnostics d;
  ASSERT_TRUE(check_config(c, d));
  const State s = run(c);
  ASSERT_EQ(s.log.size(), 16u);
  EXPECT_EQ(s.log.front().best[0], 2);  // `X`: two parts
  EXPECT_EQ(s.log.back().best[0], 8);   // grown to the limit
  EXPECT_GT(s.log.back().mean[0], s.log.front().mean[0]);
  ASSERT_FALSE(s.hof.empty());
  EXPECT_EQ(s.hof.front().fitness[0], 8);
  for (const Individual& i : s.hof) EXPECT_LE(i.fitness[0], 8);
  std::size_t infeasible = 0;
  for (const auto& r : s.log) infeasible += r.infeasible;
  EXPECT_GT(infeasible, 0u);                 // some went over the limit
  EXPECT_EQ(s.log.front().evaluations, 1u);  // twenty copies of `X`: evaluated once
  EXPECT_GT(s.log.back().diversity, 0);
}

TEST(Evolution, SameResultOnAnyNumberOfThreads) {
  Config c = small(5);
  c.jobs = 1;
  const std::string one = checkpoint_json(c, run(c));
  c.jobs = 4;
  EXPECT_EQ(checkpoint_json(c, run(c)), one);
  c.seed = 6;
  EXPECT_NE(checkpoint_json(c, run(c)), one);
}

TEST(Evolution, ResumedRunIsTheUninterruptedRun) {
  const Config c = small(9);
  const State whole = run(c);
  Config half = c;
  half.generations = 6;
  const std::string saved = checkpoint_json(half, run(half));
  Diagnostics d;
  std::optional<State> back = read_checkpoint(saved, c, d);
  ASSERT_TRUE(back) << d.items().front().message;
  Evolution e(c, body_evaluator, *back);
  while (!e.finished()) ASSERT_TRUE(e.step(d));
  EXPECT_EQ(checkpoint_json(c, e.state()), checkpoint_json(c, whole));
  // Another seed or population: refused.
  Config other = c;
  other.seed = 10;
  EXPECT_FALSE(read_checkpoint(saved, other, d));
  EXPECT_EQ(d.items().back().code, "evolution.checkpoint-mismatch");
  EXPECT_FALSE(read_checkpoint("{\"format\":1}", c, d));
  EXPECT_FALSE(read_checkpoint("not json", c, d));
}

TEST(Evolution, SeveralCriteria) {
  Config c = small(3);
  c.criteria = {"parts", "short"};
  c.limits = {};
  c.limits.length = 60;
  const State s = run(c);
  // Larger bodies are found while the Pareto front keeps short genotypes too.
  EXPECT_GT(s.log.back().best[0], 4);
  EXPECT_EQ(s.log.back().best[1], -1);  // `X` itself (length 1) stays on the front
  for (const Individual& i : s.population) EXPECT_TRUE(!i.feasible || i.genotype.size() <= 60);
  const std::string hof = hof_gen(s, c.criteria);
  EXPECT_NE(hof.find("parts:"), std::string::npos);
  EXPECT_NE(hof.find("short:"), std::string::npos);
}

TEST(Evolution, ConfigProblemsAreErrors) {
  Config c;
  c.popsize = 1;
  c.pmut = 1.5;
  c.criteria = {"a", "a"};
  c.format = "Q";
  Diagnostics d;
  EXPECT_FALSE(check_config(c, d));
  EXPECT_GE(d.error_count(), 4u);
  Config x;
  x.initial = "X[Q]";
  Diagnostics d2;
  EXPECT_FALSE(check_config(x, d2));
}

TEST(Evolution, LogCsv) {
  const std::vector<std::string> crit{"velocity", "vertpos"};
  EXPECT_EQ(log_csv_header(crit),
            "generation,evaluations,infeasible,velocity_best,velocity_mean,velocity_worst,vertpos_best,"
            "vertpos_mean,vertpos_worst,diversity,mutated,crossed,operator_failures\n");
  GenerationLog r;
  r.generation = 3, r.evaluations = 40, r.infeasible = 2;
  r.best = {0.5, NAN}, r.mean = {0.25, NAN}, r.worst = {0.0, NAN};
  r.diversity = 1.5;
  EXPECT_EQ(log_csv_row(r), "3,40,2,0.5,0.25,0.0,,,,1.5,0,0,0\n");
}

}  // namespace
}  // namespace genokit::evolution

#include "genokit/evolution/plot.hpp"

namespace genokit::evolution {
namespace {

TEST(EvolutionPlot, PanelsFromTheLog) {
  Config c = small(2);
  c.generations = 4;
  const State s = run(c);
  std::string csv = log_csv_header(c.criteria);
  for (const auto& r : s.log) csv += log_csv_row(r);
  Diagnostics d;
  const auto svg = plot_log_svg(csv, d, {"run <1>", 900, 260});
  ASSERT_TRUE(svg) << d.items().front().message;
  EXPECT_EQ(svg->rfind("<svg ", 0), 0u);
  EXPECT_NE(svg->find(">parts</text>"), std::string::npos);
  EXPECT_NE(svg->find("run &lt;1&gt;"), std::string::npos);
  EXPECT_NE(svg->find("diversity"), std::string::npos);
  EXPECT_EQ(svg->substr(svg->size() - 7), "</svg>\n");
}

TEST(EvolutionPlot, BadLogsAreErrorsWithPositions) {
  Diagnostics d;
  EXPECT_FALSE(plot_log_svg("a,b\n1,2\n", d, {}, "x.csv"));
  EXPECT_EQ(d.items().back().code, "evolution.bad-log");
  d.clear();
  EXPECT_FALSE(plot_log_svg("generation,v_best,v_mean,v_worst\n0,1,2\n1,1,2,zz\n", d, {}, "x.csv"));
  ASSERT_EQ(d.items().size(), 2u);
  EXPECT_EQ(d.items()[0].where.line, 2u);
  EXPECT_EQ(d.items()[1].where.line, 3u);
  EXPECT_EQ(d.items()[1].where.column, 7u);
  d.clear();
  EXPECT_FALSE(plot_log_svg("", d));
  EXPECT_FALSE(plot_log_svg(std::string(1000, ','), d));
}

}  // namespace
}  // namespace genokit::evolution
