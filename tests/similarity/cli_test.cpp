// `genokit dissim`: TSV and JSON matrices with names, every method, options, exit codes and
// messages; the SDK's goal values through the command line.
#include <gtest/gtest.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "common/cli_run.hpp"
#include "common/test_paths.hpp"

namespace genokit::test {
namespace {

std::string data(const char* name) {
  return "'" + (source_dir() / "tests" / "similarity" / "data" / name).string() + "'";
}

TEST(DissimCli, TsvWithNamesDefaultHungarian) {
  const CliRun r = run_cli("dissim " + data("small.gen"), false);
  EXPECT_EQ(r.code, 0);
  // Part degrees 1,1 / 1,2,1 / 1,3,1,1 / 1,1 with a touch sensor; weights 0,1,0.1,0.
  EXPECT_EQ(r.out,
            "name\tOne stick\tTwo sticks\tThree-way\tTouchy stick\n"
            "One stick\t0\t2\t4\t0.1\n"
            "Two sticks\t2\t0\t2\t2.1\n"
            "Three-way\t4\t2\t0\t4.1\n"
            "Touchy stick\t0.1\t2.1\t4.1\t0\n");
}

TEST(DissimCli, GreedyLevenshteinWeightsAndDecimals) {
  CliRun r = run_cli("dissim " + data("small.gen") + " --method greedy --decimals 2", false);
  EXPECT_EQ(r.code, 0);
  EXPECT_NE(r.out.find("Three-way\t4.00\t2.00\t0.00\t4.10\n"), std::string::npos) << r.out;
  r = run_cli("dissim " + data("small.gen") + " --method levenshtein", false);
  EXPECT_EQ(r.code, 0);
  EXPECT_NE(r.out.find("One stick\t0\t1\t5\t"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Two sticks\t1\t0\t4\t"), std::string::npos) << r.out;
  // Only the Part count: 2, 3, 4, 2 Parts.
  r = run_cli("dissim " + data("small.gen") + " --method 1 --weights 1,0,0,0", false);
  EXPECT_NE(r.out.find("One stick\t0\t1\t2\t0\n"), std::string::npos) << r.out;
}

TEST(DissimCli, JsonWithSettingsAndNullForUnmeasured) {
  const CliRun r =
      run_cli("dissim " + data("broken.gen") + " --json --method greedy --weights 0,1,1,1 --fix-z", false);
  EXPECT_EQ(r.code, 1);  // a genotype could not be measured
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["method"], "greedy");
  EXPECT_EQ(j["weights"]["neurons"], 1.0);
  EXPECT_EQ(j["fixed_z"], true);
  EXPECT_EQ(j["genotypes"].size(), 3u);
  EXPECT_EQ(j["genotypes"][1]["name"], "Broken");
  EXPECT_EQ(j["genotypes"][1]["measured"], false);
  EXPECT_EQ(j["genotypes"][2]["format"], "1");
  EXPECT_TRUE(j["matrix"][1][0].is_null());
  EXPECT_TRUE(j["matrix"][1][1].is_null());
  EXPECT_EQ(j["matrix"][0][0], 0.0);
  EXPECT_GT(j["matrix"][0][2].get<double>(), 0.0);
  EXPECT_EQ(j["matrix"][0][2], j["matrix"][2][0]);
}

TEST(DissimCli, InvalidGenotypeGccMessagesAndNanCells) {
  const CliRun r = run_cli("dissim " + data("broken.gen"));
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.out.find("Broken\tnan\tnan\tnan\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("broken.gen:10:1: error: "), std::string::npos) << r.out;  // j:0,3
  EXPECT_NE(r.out.find("broken.gen:8:1: error: genotype 1"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("[f0.bad-part-ref]"), std::string::npos);
  EXPECT_NE(r.out.find("genotype 1 ('Broken') is not measured"), std::string::npos);
  EXPECT_NE(r.out.find("[similarity.invalid-genotype]"), std::string::npos);
}

TEST(DissimCli, UsageErrors) {
  for (const char* bad : {"--weights 1,2,3", "--weights 1,2,3,x", "--weights 0,-1,0,0", "--weights 0,1,0,101",
                          "--method fast", "--decimals 40"}) {
    const CliRun r = run_cli("dissim " + data("small.gen") + " " + bad);
    EXPECT_EQ(r.code, 2) << bad << "\n" << r.out;
    EXPECT_EQ(r.out.find("name\t"), std::string::npos) << bad;  // no matrix
    EXPECT_FALSE(r.out.empty()) << bad;
  }
  EXPECT_NE(
      run_cli("dissim " + data("small.gen") + " --weights 0,-1,0,0").out.find("[similarity.bad-weight]"),
      std::string::npos);
  EXPECT_EQ(run_cli("dissim").code, 2);
  const CliRun missing = run_cli("dissim /nonexistent/x.gen");
  EXPECT_EQ(missing.code, 1);
}

TEST(DissimCli, StdinOutputFileAndEmptyInput) {
  const auto out = std::filesystem::temp_directory_path() / ("genokit_dissim_test_" + std::to_string(::getpid()) + ".tsv");
  std::filesystem::remove(out);
  CliRun r = run_cli("dissim - -o '" + out.string() + "' < " + data("small.gen"));
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_EQ(slurp(out).substr(0, 15), "name\tOne stick\t");
  std::filesystem::remove(out);
  // An empty input is one empty (f1) genotype, which makes no creature.
  r = run_cli("dissim - < /dev/null");
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.out.find("<stdin>:1:1: error: "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("[similarity.invalid-genotype]"), std::string::npos) << r.out;
}

// framspy's way: the measure's settings from .sim files (SIM1303: greedy with geometry, weighted MDS).
TEST(DissimCli, SettingsFromSimFiles) {
  GENOKIT_REQUIRE_CORPUS();
  const std::string sim =
      "'" + (corpus_dir() / "framsticks" / "framspy-sim" / "eval-allcriteria.sim").string() + "'";
  const CliRun from_sim =
      run_cli("dissim " + data("small.gen") + " --sim " + sim + " --method greedy --json", false);
  const CliRun spelled = run_cli(
      "dissim " + data("small.gen") + " --method greedy --weights 0,1,0.1,1 --weighted-mds --json", false);
  EXPECT_EQ(from_sim.code, 0);
  EXPECT_EQ(from_sim.out, spelled.out);
  // Without --method, simil_type (1) chooses Hungarian with the simil_* weights (no geometry).
  const auto j =
      nlohmann::json::parse(run_cli("dissim " + data("small.gen") + " --sim " + sim + " --json", false).out);
  EXPECT_EQ(j["method"], "hungarian");
  EXPECT_EQ(j["weights"]["geometry"], 0.0);
  const CliRun missing = run_cli("dissim " + data("small.gen") + " --sim '" + sim.substr(1, sim.size() - 2) +
                                 ";/nonexistent.sim'");
  EXPECT_EQ(missing.code, 1);
  EXPECT_NE(missing.out.find("/nonexistent.sim"), std::string::npos);
}

// The SDK's "all weights fixed z greedy" goal, row by row, through the command line (the column of
// the fF genotype is NaN until genokit reads fF; sdk_goals_test.cpp lists what waits).
TEST(DissimCli, SdkGoalThroughTheCommandLine) {
  GENOKIT_REQUIRE_CORPUS();
  const auto dir = corpus_dir() / "framsticks" / "sdk-tests";
  const CliRun r = run_cli("dissim '" + (dir / "similarity.gen").string() +
                               "' --method greedy --weights 1,1,1,1 --fix-z --decimals 2",
                           false);
  std::istringstream goal(slurp(dir / "similarity_goals" / "all_weights_fixed_z_greedy.goal"));
  std::istringstream got(r.out);
  std::string g, line;
  std::getline(got, line);  // names
  for (int row = 0; row < 4; ++row) {
    std::getline(goal, g);
    std::getline(got, line);
    const std::string cells = line.substr(line.find('\t') + 1);
    // The goal's first four cells (tab-terminated) against ours.
    std::string want;
    std::size_t at = 0;
    for (int c = 0; c < 4; ++c) {
      const std::size_t tab = g.find('\t', at);
      want += g.substr(at, tab - at) + "\t";
      at = tab + 1;
    }
    EXPECT_EQ(cells.substr(0, want.size()), want) << "row " << row;
  }
}

}  // namespace
}  // namespace genokit::test
