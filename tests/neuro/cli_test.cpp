// `genokit neuro ...` end to end: reference table output, CSV, JSON, .gen org selection, show,
// plot, and exit codes.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "common/cli_run.hpp"
#include "common/test_paths.hpp"

namespace fs = std::filesystem;

namespace {

using Result = genokit::test::CliRun;

Result run(const std::string& args) {
  return genokit::test::run_cli(args, false);
}

using genokit::test::slurp;

fs::path data(const std::string& name) {
  return genokit::test::source_dir() / "tests/neuro/data" / name;
}

}  // namespace

TEST(NeuroCli, RunPrintsTheReferenceTable) {
  GENOKIT_REQUIRE_CORPUS();
  const fs::path dir = genokit::test::corpus_dir() / "framsticks/oracle-sdk-r909/neuro";
  auto r =
      run("neuro run " + (dir / "22_neural_noise.f0").string() + " --steps 200 --randinit 0 --nnoise 0.05");
  EXPECT_EQ(r.code, 0);
  EXPECT_EQ(r.out, slurp(dir / "22_neural_noise.neuro.txt"));
  r = run("neuro run " +
          (dir / "21_real_humanoid_getting_up.f0").string());  // defaults: 200 steps, randinit 0.01
  EXPECT_EQ(r.out, slurp(dir / "21_real_humanoid_getting_up.neuro.txt"));
}

TEST(NeuroCli, CsvJsonAndGenSelection) {
  auto r = run("neuro run " + data("two.gen").string() + " --genotype Lazy --steps 2 --randinit 0 --csv");
  EXPECT_EQ(r.code, 0);
  EXPECT_EQ(r.out, "step,n0,n1\n0,1,0\n1,1,0.039978680311163695\n2,1,0.10995365165180537\n");
  r = run("neuro run " + data("two.gen").string() + " --genotype 1 --steps 1 --randinit 0 --json");
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["genotype"], "two.gen#Lazy");
  EXPECT_EQ(j["rows"][1][2], 0.039978680311163695);
  EXPECT_EQ(j["neurons"][1]["class"], "N");
  r = run("neuro run " + data("two.gen").string() + " --genotype Nobody");
  EXPECT_EQ(r.code, 1);
  r = run("neuro run " + data("two.gen").string() + " --steps -3");
  EXPECT_EQ(r.code, 2);
  r = run("neuro run " + data("two.gen").string() + " --steps 30000000");  // 60 M values: refused
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.out, "");
}

TEST(NeuroCli, ShowAndPlot) {
  auto r = run("neuro show " + data("two.gen").string());
  EXPECT_EQ(r.code, 0);
  EXPECT_EQ(r.out,
            "network: 2 neuron(s), 1 connection(s); update groups: receptors 1, ordinary 0, effectors 1\n"
            "n0  T  group 0  part 0  r=1\n"
            "n1  |  group 2  joint 0  p=0.5 r=1\n"
            "    inputs: n0*-2\n");
  r = run("neuro show " + data("two.gen").string() + " --genotype Lazy --json");
  EXPECT_EQ(nlohmann::json::parse(r.out)["neurons"][1]["inputs"][0]["source"], 0);
  const fs::path svg = fs::temp_directory_path() / ("genokit_neuro_cli_test_" + std::to_string(::getpid()) + ".svg");
  r = run("neuro plot " + data("two.gen").string() + " --genotype Lazy --steps 20 -o " + svg.string());
  EXPECT_EQ(r.code, 0);
  const std::string s = slurp(svg);
  EXPECT_EQ(s.rfind("<svg", 0), 0u);
  EXPECT_NE(s.find(">two.gen#Lazy</text>"), std::string::npos);
  fs::remove(svg);
}

TEST(NeuroCli, F1GenotypeOfADistributionFileGivesTheReferenceRun) {
  GENOKIT_REQUIRE_CORPUS();
  const fs::path gen = genokit::test::corpus_dir() / "framsticks/framsticks-distribution/gen/other.gen";
  const fs::path ref =
      genokit::test::corpus_dir() / "framsticks/oracle-sdk-r909/neuro/21_real_humanoid_getting_up.neuro.txt";
  auto r = run("neuro run " + gen.string() + " --genotype 'Humanoid getting up'");
  EXPECT_EQ(r.code, 0);
  const std::string want = slurp(ref);
  // Everything after the "# genotype:" line (which names the file) is identical.
  ASSERT_NE(r.out.find("# genotype: other.gen#Humanoid getting up\n"), std::string::npos);
  EXPECT_EQ(r.out.substr(r.out.find("# valid:")), want.substr(want.find("# valid:")));
}
