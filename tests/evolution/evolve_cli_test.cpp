// `genokit evolve` with a short noise-free evaluation (tests/evolution/data/quick.sim): the files it
// writes, the same run on any number of threads and when resumed, bad options.
#include <gtest/gtest.h>

#include <filesystem>

#include "common/cli_run.hpp"
#include "common/test_paths.hpp"

namespace genokit::test {
namespace {

namespace fs = std::filesystem;

fs::path dir() {
  const fs::path d = fs::path(GENOKIT_BINARY_DIR) / "test-scratch" / "evolve-cli";
  fs::create_directories(d);
  return d;
}
std::string quick_sim() {
  return (source_dir() / "tests" / "evolution" / "data" / "quick.sim").string();
}
CliRun evolve(const std::string& out, const std::string& extra, const std::string& opt = "velocity,vertpos",
              int popsize = 8) {
  return run_cli("evolve --sim '" + quick_sim() + "' --opt " + opt + " --popsize " + std::to_string(popsize) +
                 " --seed 5 -q -o '" + (dir() / out).string() + "' " + extra);
}
std::string file(const std::string& name) {
  return slurp(dir() / name);
}

TEST(EvolveCli, FilesAndTheSameRunOnAnyNumberOfThreads) {
  auto r = evolve("a.gen", "--generations 3 -j 1");
  ASSERT_EQ(r.code, 0) << r.out;
  r = evolve("b.gen", "--generations 3 -j 2");
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_EQ(file("a.gen"), file("b.gen"));
  EXPECT_EQ(file("a.log.csv"), file("b.log.csv"));
  const std::string hof = file("a.gen"), log = file("a.log.csv");
  EXPECT_EQ(hof.rfind("org:\nname:hof1\ngenotype:", 0), 0u) << hof;
  EXPECT_NE(hof.find("\nvelocity:"), std::string::npos);
  EXPECT_NE(hof.find("\nvertpos:"), std::string::npos);
  EXPECT_EQ(log.rfind("generation,evaluations,infeasible,velocity_best,", 0), 0u) << log;
  EXPECT_EQ(std::count(log.begin(), log.end(), '\n'), 5);  // header + generations 0..3
  // The log draws.
  r = run_cli("plot-evolution '" + (dir() / "a.log.csv").string() + "' -o '" + (dir() / "a.svg").string() +
              "'");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_EQ(file("a.svg").rfind("<svg", 0), 0u);
}

TEST(EvolveCli, ResumeContinuesTheSameRun) {
  ASSERT_EQ(evolve("full.gen", "--generations 3").code, 0);
  ASSERT_EQ(evolve("part.gen", "--generations 1").code, 0);
  const auto r = evolve("part.gen", "--generations 3 --resume");
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_EQ(file("part.gen"), file("full.gen"));
  EXPECT_EQ(file("part.log.csv"), file("full.log.csv"));
  EXPECT_EQ(file("part.checkpoint.json"), file("full.checkpoint.json"));
  // Resuming with another seed: refused.
  const auto other =
      run_cli("evolve --sim '" + quick_sim() + "' --opt velocity,vertpos --popsize 8 --seed 6 -q -o '" +
              (dir() / "part.gen").string() + "' --generations 4 --resume");
  EXPECT_EQ(other.code, 1) << other.out;
  EXPECT_NE(other.out.find("[evolution.checkpoint-mismatch]"), std::string::npos) << other.out;
}

TEST(EvolveCli, BadOptionsAreClearErrors) {
  auto r = evolve("x.gen", "", "velocity,nosuch");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.out.find("[evolution.unknown-criterion]"), std::string::npos) << r.out;
  r = evolve("x.gen", "", "velocity", 1);
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.out.find("[evolution.bad-setting]"), std::string::npos) << r.out;
  r = evolve("x.gen", "--pmut 2");
  EXPECT_EQ(r.code, 2);
  r = evolve("x.gen", "--initial 'X[Q]'");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.out.find("f1.unknown-neuron-class"), std::string::npos) << r.out;
  r = run_cli("evolve --sim '" + (dir() / "missing.sim").string() + "' --opt velocity -o '" +
              (dir() / "x.gen").string() + "'");
  EXPECT_EQ(r.code, 1) << r.out;
  r = evolve("x.gen", "--set f1_smX=zz");
  EXPECT_EQ(r.code, 2) << r.out;
}

}  // namespace
}  // namespace genokit::test
