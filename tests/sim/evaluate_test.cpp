// The standard evaluation: walkers walk, still bodies stay still, results are identical on any
// number of threads and processes, statuses, energy and lifespan, fitness, framspy's shape.
#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "common/test_paths.hpp"
#include "genokit/genotype/file.hpp"
#include "genokit/sim/evaluate.hpp"
#include "sim_test_util.hpp"

namespace genokit::sim {
namespace {

// A short standard evaluation: 600 steps of life after coming to rest, one sample at birth and
// one at death (so distance is the straight line from start to end).
Settings short_life() {
  Settings s;
  s.evalcount = 1;
  s.randinit = 0.01;
  s.energy0 = 600;
  s.stabilperiod = 50;
  s.perfperiod = 1000000;
  s.killnostable = 5000;
  return s;
}

// Genotypes of the distribution's walking.gen by org name.
std::vector<std::string> walkers(const std::vector<std::string>& names) {
  std::string text = test::read_text(
      (genokit::test::corpus_dir() / "framsticks/framsticks-distribution/gen/walking.gen").string());
  Diagnostics d;
  genotype::GenotypeFile file = genotype::read_genotypes(text, "walking.gen", d);
  std::vector<std::string> out;
  for (const std::string& n : names) {
    const genotype::FileGenotype* g = file.find(n);
    if (g) out.emplace_back(g->text);
  }
  return out;
}

const std::vector<std::string> kWalkers = {"Walking Lizard", "Pokahontas", "Speedy",
                                           "Blender",        "Insecty",    "Bulldog"};

TEST(SimEvaluate, DistributionWalkersMoveForwardClearly) {
  GENOKIT_REQUIRE_CORPUS();
  std::vector<std::string> g = walkers(kWalkers);
  ASSERT_EQ(g.size(), kWalkers.size());
  Diagnostics d;
  std::vector<GenotypeResult> r = evaluate(g, short_life(), d, {.jobs = 2});
  // A creature lying still covers ~1e-5 units (the still creature below); these cover more than
  // a third of a unit of straight line in 600 steps (30 s), the best two nearly a unit or more.
  int far = 0;
  for (std::size_t i = 0; i < r.size(); ++i) {
    ASSERT_TRUE(r[i].criteria) << kWalkers[i] << ": " << r[i].message;
    EXPECT_EQ(r[i].criteria->lifespan, 600);
    EXPECT_GT(r[i].criteria->distance, 0.3) << kWalkers[i];
    far += r[i].criteria->distance > 0.9;
  }
  EXPECT_GE(far, 2);
}

TEST(SimEvaluate, CreatureWithoutMusclesHasNoVelocity) {
  Diagnostics d;
  GenotypeResult r = evaluate_genotype("XX(X,X[N],X)", short_life(), d);
  ASSERT_TRUE(r.criteria) << r.message;
  EXPECT_LT(r.criteria->velocity, 1e-7);
  EXPECT_EQ(r.criteria->numparts, 6);
  EXPECT_EQ(r.criteria->numjoints, 5);
  EXPECT_EQ(r.criteria->numneurons, 1);
}

// The same genotypes evaluated on 1 thread, 2 worker processes and 2 threads (QuickStep taking
// turns), exact and iterative stepper: identical criteria.
TEST(SimEvaluate, ResultsDoNotDependOnThreadsOrProcesses) {
  GENOKIT_REQUIRE_CORPUS();
  std::vector<std::string> g = walkers({"Walking Lizard", "Speedy", "Froglegs"});
  g.push_back("XX(X[|,1:1][Sin],X)");
  for (int stepper : {1, 0}) {
    SCOPED_TRACE(stepper);
    Settings s = short_life();
    s.energy0 = 150;
    s.evalcount = 2;
    s.gk_stepper = stepper;
    s.initial_nn_active = s.initial_perf_measuring = 1;  // QuickStep bodies may creep and never rest
    Diagnostics d;
    auto one = evaluate(g, s, d, {.seed = 5, .jobs = 1});
    auto procs = evaluate(g, s, d, {.seed = 5, .jobs = 2, .processes = true});
    auto threads = evaluate(g, s, d, {.seed = 5, .jobs = 2, .processes = false});
    for (std::size_t i = 0; i < g.size(); ++i) {
      ASSERT_TRUE(one[i].criteria) << one[i].message;
      ASSERT_TRUE(procs[i].criteria && threads[i].criteria);
      for (const auto* other : {&procs[i], &threads[i]}) {
        EXPECT_EQ(one[i].criteria->velocity, other->criteria->velocity);
        EXPECT_EQ(one[i].criteria->vertpos, other->criteria->vertpos);
        EXPECT_EQ(one[i].criteria->fit_stdev, other->criteria->fit_stdev);
        ASSERT_EQ(other->evaluations.size(), 2u);
        EXPECT_EQ(one[i].evaluations[1].distance, other->evaluations[1].distance);
      }
    }
    // A different seed gives a different life (randinit 0.01): the seed is really used.
    auto other_seed = evaluate(g, s, d, {.seed = 6, .jobs = 1});
    EXPECT_NE(one[0].criteria->distance, other_seed[0].criteria->distance);
  }
}

TEST(SimEvaluate, StatusesAndTheirDiagnostics) {
  Settings s = short_life();
  std::vector<std::string> g = {"//0\np:\nj:0,5\n", "XXXXX", "XX[|,1:1][Sin]", "//0\np:\n"};
  Diagnostics d;
  auto r = evaluate(g, s, d, {.limits = {4, 4, 4}});
  EXPECT_EQ(r[0].status, EvalStatus::invalid);
  EXPECT_TRUE(r[0].diagnostics.has_errors());
  EXPECT_FALSE(r[0].criteria);
  EXPECT_EQ(r[1].status, EvalStatus::invalid);  // 6 parts, over the limit of 4
  EXPECT_EQ(r[1].diagnostics.items().back().code, "sim.too-large");
  EXPECT_NE(r[1].message.find("6 parts"), std::string::npos) << r[1].message;
  EXPECT_EQ(r[2].status, EvalStatus::ok);
  EXPECT_EQ(r[3].status, EvalStatus::ok);  // one lone part: a sphere
  // A step limit ends an evaluation, clearly.
  auto limited = evaluate_genotype("XX", s, d, {.max_steps = 40});
  EXPECT_EQ(limited.status, EvalStatus::failed);
  EXPECT_NE(limited.message.find("limit of 40 steps"), std::string::npos);
  auto timed = evaluate_genotype("XX", s, d, {.max_seconds = 1e-9});
  EXPECT_EQ(timed.status, EvalStatus::failed);
  EXPECT_NE(timed.message.find("time limit"), std::string::npos);
  // A blow-up is "unstable" and leaves the next genotype alone.
  Settings wild = s;
  wild.gk_maxvelocity = 1;  // a falling stick passes 1 unit/s at once
  wild.creath = 2;
  auto blown = evaluate(std::vector<std::string>{"XX", "XX"}, wild, d);
  EXPECT_EQ(blown[0].status, EvalStatus::unstable);
  EXPECT_NE(blown[0].message.find("runs away"), std::string::npos);
  EXPECT_EQ(blown[1].status, EvalStatus::unstable);
}

TEST(SimEvaluate, LifespanFollowsEnergyAndFitnessTheWeights) {
  Settings s = short_life();
  s.energy0 = 300;
  s.e_meta = 2;  // 150 steps
  s.cr_v = 0;
  s.cr_c = 1;
  s.cr_gl = 2;
  s.cr_life = 0.01;
  Diagnostics d;
  GenotypeResult r = evaluate_genotype("XXX", s, d);
  ASSERT_TRUE(r.criteria) << r.message;
  EXPECT_EQ(r.criteria->lifespan, 150);
  EXPECT_DOUBLE_EQ(r.criteria->fit, 1 + 2 * 4 + 0.01 * 150);
  // m:se scales the start energy (f0 m:se=0.5: half the life).
  GenotypeResult half = evaluate_genotype("//0\nm:se=0.5\np:\np:1\nj:0,1\n", s, d);
  ASSERT_TRUE(half.criteria);
  EXPECT_EQ(half.criteria->lifespan, 75);
}

TEST(SimEvaluate, EvalcountAveragesAndFitStdevSpreads) {
  Settings s = short_life();
  s.energy0 = 200;
  s.evalcount = 3;
  s.randinit = 0.5;  // very different lives
  Diagnostics d;
  GenotypeResult r = evaluate_genotype("X(X[|,1:1][N,0:1,-1:-1.5],X[|,-2:1])", s, d, {.seed = 3});
  ASSERT_TRUE(r.criteria) << r.message;
  ASSERT_EQ(r.evaluations.size(), 3u);
  EXPECT_EQ(r.criteria->instances, 3);
  double mean = 0, var = 0;
  for (const Criteria& c : r.evaluations) mean += c.fit / 3;
  for (const Criteria& c : r.evaluations) var += (c.fit - mean) * (c.fit - mean) / 3;
  EXPECT_DOUBLE_EQ(r.criteria->fit, mean);
  EXPECT_DOUBLE_EQ(r.criteria->fit_stdev, std::sqrt(var));
  EXPECT_GT(r.criteria->fit_stdev, 0);
}

TEST(SimEvaluate, FramspyShape) {
  Diagnostics d;
  Settings s = short_life();
  s.energy0 = 50;
  std::vector<std::string> g = {"XX", "//0\np:\nj:0,5\n"};
  auto r = evaluate(g, s, d);
  std::vector<std::string> names = {"good", "bad"};
  nlohmann::json j = nlohmann::json::parse(framspy_json(r, names));
  ASSERT_EQ(j.size(), 2u);
  EXPECT_EQ(j[0]["num"], 1);
  EXPECT_EQ(j[0]["name"], "good");
  const auto& e = j[0]["evaluations"][""];
  for (const char* k : {"numparts", "numjoints", "numneurons", "numconnections", "instances", "lifespan",
                        "velocity", "distance", "vertvel", "vertpos", "fit", "fit_stdev", "time"})
    EXPECT_TRUE(e.contains(k)) << k;
  EXPECT_TRUE(e["numparts"].is_number_integer());
  EXPECT_EQ(e["numparts"], 3);
  EXPECT_TRUE(j[1]["evaluations"].is_null());
  EXPECT_EQ(j[1]["status"], "invalid");
  EXPECT_FALSE(j[1]["diagnostics"].empty());
}

}  // namespace
}  // namespace genokit::sim
