// The genokit program on f0 inputs: check, show, fmt, render, and f0 inside .gen files.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "common/cli_run.hpp"
#include "common/test_paths.hpp"

namespace fs = std::filesystem;

namespace {

using Run = genokit::test::CliRun;

// Runs the CLI with `args` (shell syntax); stderr goes to stdout when `merge`.
// Runs the genokit program with `args` (shell syntax); stderr merged into out when `merge`.
Run run(const std::string& args, bool merge = true) {
  return genokit::test::run_cli(args, merge);
}
std::string data(const std::string& name) {
  return (genokit::test::source_dir() / "tests/f0/data" / name).string();
}
using genokit::test::slurp;
fs::path temp_copy(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("genokit_f0_cli_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const fs::path to = dir / name;
  fs::copy_file(data(name), to, fs::copy_options::overwrite_existing);
  return to;
}

}  // namespace

TEST(F0Cli, CheckBareGenotype) {
  auto r = run("check " + data("wiggle.f0"));
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("wiggle.f0: f0: ok"), std::string::npos) << r.out;
}

TEST(F0Cli, CheckReportsPositionsInGenFiles) {
  // Through the Framsticks reader (default) and through the f0 handler (--format f0, all cores).
  for (const std::string extra : {"", "--format f0 "}) {
    auto r = run("check " + extra + data("creatures.gen"));
    EXPECT_EQ(r.code, 1) << r.out;
    // n:p=4 is on line 26 of the file; the legacy p:m on line 8 (its value at column 5).
    EXPECT_NE(r.out.find("creatures.gen:26:1: error: Invalid reference to Part #4, line #4 (in org 'Broken') "
                         "[f0.bad-part-ref]"),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("creatures.gen:8:5: warning: Property 'p.m' is from older f0 tables"),
              std::string::npos)
        << r.out;
  }
}

TEST(F0Cli, ShowJson) {
  auto r = run("show --json " + data("wiggle.f0"), false);
  ASSERT_EQ(r.code, 0) << r.out;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["parts"].size(), 3u);
  EXPECT_EQ(j["joints"].size(), 2u);
  EXPECT_EQ(j["neurons"][0]["class"], "|");
  EXPECT_EQ(j["neurons"][0]["long_name"], "Bend muscle");
  EXPECT_EQ(j["neurons"][0]["inputs"][0]["source"], 1);
  EXPECT_DOUBLE_EQ(j["joints"][1]["length"].get<double>(), std::sqrt(1.25));
  EXPECT_TRUE(j["valid"].get<bool>());
}

TEST(F0Cli, ShowTable) {
  auto r = run("show " + data("wiggle.f0"), false);
  ASSERT_EQ(r.code, 0);
  EXPECT_EQ(
      r.out.rfind("f0 creature: valid, ball-and-stick, 3 parts, 2 joints, 2 neurons, 1 connection\n", 0), 0u)
      << r.out;
  EXPECT_NE(r.out.find("Sinus generator"), std::string::npos);
}

TEST(F0Cli, FmtInPlace) {
  const fs::path f = temp_copy("wiggle.f0");
  auto r = run("fmt -i " + f.string());
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_EQ(slurp(f),
            "//0\np:\np:1.0\np:2.0, 0.5\nj:0, 1\nj:1, 2, stam=0.5\nn:j=1, d=|:p=0.5\nn:d=Sin\nc:0, 1\n");
  EXPECT_EQ(run("fmt --check " + f.string()).code, 0);
  EXPECT_EQ(run("fmt --check " + data("wiggle.f0")).code, 1);
}

TEST(F0Cli, FmtRefusesInvalidAndKeepsGenFilesOtherwiseIntact) {
  const fs::path f = temp_copy("creatures.gen");
  const std::string before = slurp(f);
  auto r = run("fmt -i " + f.string());
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_EQ(slurp(f), before);  // the broken org blocks the rewrite
  // Without the broken org: only the f0 genotype changes.
  std::string fixed = before.substr(0, before.find("org:\nname:Broken"));
  { std::ofstream(f, std::ios::binary) << fixed; }
  r = run("fmt -i " + f.string());
  ASSERT_EQ(r.code, 0) << r.out;
  const std::string after = slurp(f);
  EXPECT_NE(
      after.find("genotype:~\n//0\np:\np:1.0\np:0.4999957585540864, 0.86602295497065\np:0.4999957585540864, "
                 "-0.86602295497065\nj:0, 1\nj:1, 2, rz=2.0944, dx=1.0, 0.0, 0.0\n"),
      std::string::npos)
      << after;
  EXPECT_NE(after.find("genotype:X(X,X)\n"), std::string::npos);
  EXPECT_EQ(after.rfind("# genokit test fixture", 0), 0u);
}

TEST(F0Cli, RenderSvg) {
  const fs::path out =
      fs::temp_directory_path() / ("genokit_f0_render_" + std::to_string(::getpid()) + ".svg");
  auto r = run("render " + data("creatures.gen") + " --org Tripod -o " + out.string());
  ASSERT_EQ(r.code, 0) << r.out;
  const std::string svg = slurp(out);
  EXPECT_EQ(svg.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0), 0u);
  EXPECT_NE(svg.find(">Tripod</text>"), std::string::npos);
  EXPECT_NE(svg.find("ISOMETRIC"), std::string::npos);
  EXPECT_NE(svg.find("TOP"), std::string::npos);
  fs::remove(out);
  EXPECT_EQ(run("render " + data("creatures.gen") + " --org nobody -o -").code, 1);
}

TEST(F0Cli, SpecOrderOption) {
  const fs::path f = fs::temp_directory_path() / ("genokit_f0_order_" + std::to_string(::getpid()) + ".f0");
  { std::ofstream(f) << "//0\np:0,0,0,1.57\n"; }
  EXPECT_EQ(run("check " + f.string()).code, 1);
  EXPECT_EQ(run("check --opt f0-order=spec " + f.string()).code, 0);
  EXPECT_EQ(run("fmt --f0-order spec " + f.string(), false).out, "//0\np:rx=1.57\n");
  fs::remove(f);
}
