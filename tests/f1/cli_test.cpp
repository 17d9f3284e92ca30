// The genokit program on f1 inputs: check (bare files and .gen), --strict, show --json with the
// f1 map, convert to f0 (bare and .gen, atomic output).
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "common/cli_run.hpp"
#include "common/test_paths.hpp"

namespace fs = std::filesystem;

namespace {

using genokit::test::CliRun;

CliRun run(const std::string& args) {
  return genokit::test::run_cli(args);
}

fs::path write_tmp(const std::string& name, const std::string& text) {
  const fs::path dir = fs::temp_directory_path() / ("genokit_f1_cli_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::ofstream(dir / name, std::ios::binary) << text;
  return dir / name;
}

using genokit::test::slurp;

}  // namespace

TEST(F1Cli, CheckBareFile) {
  ASSERT_TRUE(fs::exists(genokit::test::cli_path())) << "genokit program not built";
  const auto ok = write_tmp("ok.f1", "X(X,X[|G:1])");
  EXPECT_EQ(run("check " + ok.string()).code, 0);
  const auto warn = write_tmp("warn.f1", "XX,\nYY");
  CliRun r = run("check " + warn.string());
  EXPECT_EQ(r.code, 0);
  EXPECT_NE(r.out.find("warn.f1:1:3: warning: The SDK ignores everything from this top-level ','"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(run("check --strict " + warn.string()).code, 1);
  const auto bad = write_tmp("bad.f1", "XX\n X2");
  r = run("check " + bad.string());
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.out.find("bad.f1:2:3: error: '2' is not an f1 symbol"), std::string::npos) << r.out;
}

TEST(F1Cli, CheckGenFileMapsPositions) {
  ASSERT_TRUE(fs::exists(genokit::test::cli_path())) << "genokit program not built";
  const auto gen =
      write_tmp("two.gen", "org:\nname:A\ngenotype:X(X,X)\n\norg:\nname:B\ngenotype:~\nXX\n  X]X~\n");
  const CliRun r = run("check " + gen.string());
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.out.find("two.gen:9:4: error: ']' outside a neuron bracket"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("(in org 'B')"), std::string::npos);
}

TEST(F1Cli, ShowJsonHasTheMap) {
  ASSERT_TRUE(fs::exists(genokit::test::cli_path())) << "genokit program not built";
  const auto f = write_tmp("map.f1", "RLX(X[G:1],FX)");
  const CliRun r = run("show --json " + f.string());
  ASSERT_EQ(r.code, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["parts"].size(), 4u);
  ASSERT_TRUE(j.contains("f1_map"));
  bool found = false;
  for (const auto& e : j["f1_map"])
    if (e["text"] == "G:1" && e["kind"] == "neuron" && e["index"] == 1) found = true;
  EXPECT_TRUE(found) << j["f1_map"].dump();
}

TEST(F1Cli, ConvertBareAndGen) {
  ASSERT_TRUE(fs::exists(genokit::test::cli_path())) << "genokit program not built";
  const auto f = write_tmp("one.f1", "X");
  CliRun r = run("convert " + f.string());
  EXPECT_EQ(r.code, 0);
  EXPECT_EQ(r.out,
            "//0\np:vr=0.5, 0.5, 0.5\np:1.0, vr=0.5, 0.5, 0.5\nj:0, 1, dx=1.0, 0.0, 0.0, vr=0.5, 0.5, 0.5\n");
  const auto gen =
      write_tmp("conv.gen", "# keep me\norg:\nname:A\ngenotype:X\n\norg:\nname:Z\ngenotype://0\np:\n\n");
  const auto out = gen.parent_path() / "conv_f0.gen";
  r = run("convert " + gen.string() + " --to f0 -o " + out.string());
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_EQ(slurp(out),
            "# keep me\norg:\nname:A\ngenotype:~\n//0\np:vr=0.5, 0.5, 0.5\np:1.0, vr=0.5, 0.5, 0.5\n"
            "j:0, 1, dx=1.0, 0.0, 0.0, vr=0.5, 0.5, 0.5\n~\n\norg:\nname:Z\ngenotype://0\np:\n\n");
  const auto bad = write_tmp("bad.gen", "org:\ngenotype:XY\n\norg:\ngenotype:XX\n");
  EXPECT_EQ(run("convert " + bad.string()).code, 1);
  r = run("convert --keep-invalid " + bad.string());
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("genotype:XY"), std::string::npos);
}

// `show --format f1` on a .gen file: element positions are the file's lines and columns, like
// `show` on the same file (it used to pass no position mapper and printed genotype lines).
TEST(F1Cli, ShowFormatF1OnGenFileGivesFilePositions) {
  if (!fs::exists(genokit::test::cli_path())) GTEST_SKIP() << "genokit program not built";
  const auto gen = write_tmp("pos.gen", "# f1 creature\norg:\nname:A\ngenotype:~\nX(X,\n  X[G:1])\n~\n");
  for (const std::string format : {"--format f1 ", ""}) {
    const CliRun r = genokit::test::run_cli("show --json " + format + gen.string(), false);
    ASSERT_EQ(r.code, 0) << r.out;
    const auto j = nlohmann::json::parse(r.out);
    ASSERT_EQ(j.size(), 1u);
    const auto& parts = j[0]["parts"];
    ASSERT_EQ(parts.size(), 4u);
    EXPECT_EQ(parts[0]["source"], (nlohmann::json{{"line", 5}, {"column", 1}})) << format;
    EXPECT_EQ(parts[2]["source"], (nlohmann::json{{"line", 5}, {"column", 3}})) << format;
    EXPECT_EQ(parts[3]["source"], (nlohmann::json{{"line", 6}, {"column", 3}})) << format;
    EXPECT_EQ(j[0]["neurons"][0]["source"], (nlohmann::json{{"line", 6}, {"column", 4}})) << format;
    // The map's line/column are the file's too; begin/end stay offsets in the genotype.
    EXPECT_EQ(j[0]["f1_map"][0]["line"], 5) << format;
    EXPECT_EQ(j[0]["f1_map"][0]["begin"], 0) << format;
  }
  const CliRun table = run("show --format f1 " + gen.string());
  EXPECT_NE(table.out.find("  3 1.5  0.866027 0 1  0    1  1 0.4 0.5,0.5,0.5    6\n"), std::string::npos)
      << table.out;
}
