// The genokit program on XODE files: format detection, info/check/cat/show, simulate.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "common/cli_run.hpp"
#include "common/test_paths.hpp"

namespace fs = std::filesystem;

namespace {

using Run = genokit::test::CliRun;

Run sh(const std::string& args) {
  return genokit::test::run_cli(args);
}

fs::path write_tmp(const std::string& name, const std::string& text) {
  fs::path p = fs::temp_directory_path() / ("genokit-xode-cli-" + std::to_string(::getpid()) + "-" + name);
  std::ofstream(p) << text;
  return p;
}

const char* kScene =
    "<xode version='1.0r22' name='drop'><world><space>"
    "<body name='ball'><transform><position x='0' y='2' z='0'/></transform>"
    "<geom><sphere radius='0.5'/></geom>"
    "<mass><mass_shape density='1'><sphere radius='0.5'/></mass_shape></mass></body>"
    "<geom name='floor'><plane a='0' b='1' c='0' d='0'/></geom>"
    "</space></world></xode>\n";

}  // namespace

TEST(XodeCli, InfoAdvertisesRetain) {
  auto f = write_tmp("a.xode", kScene);
  auto r = sh("info --json " + f.string());
  ASSERT_EQ(r.code, 0) << r.out;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j[0]["format"], "xode");
  EXPECT_EQ(j[0]["xode_support"], "XODE 1.0r22 +retain");
  EXPECT_EQ(j[0]["elements"]["body"], 1);
  EXPECT_NE(sh("--version").out.find("XODE 1.0r22 +retain"), std::string::npos);
  fs::remove(f);
}

TEST(XodeCli, CheckReportsLineColumnAndExitCode) {
  auto f = write_tmp("bad.xode",
                     "<xode version='1'>\n<world><space>\n<geom><sphere radius='-1'/></geom>\n</space>"
                     "</world></xode>\n");
  auto r = sh("check " + f.string());
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(
      r.out.find(
          ":3:15: error: attribute radius of <sphere> must be greater than 0, not -1 [xode.non-positive]"),
      std::string::npos)
      << r.out;
  fs::remove(f);
}

TEST(XodeCli, LenientRepairsWorldRoot) {
  auto f = write_tmp("w.xode", "<world><space><body name='b'/></space></world>\n");
  EXPECT_EQ(sh("check " + f.string()).code, 1);
  auto r = sh("check --lenient " + f.string());
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("[xode.world-root]"), std::string::npos);
  fs::remove(f);
}

TEST(XodeCli, CatWritesCanonicalText) {
  auto f = write_tmp("c.xode", kScene);
  auto r = sh("cat " + f.string());
  ASSERT_EQ(r.code, 0);
  EXPECT_EQ(
      r.out.substr(0, 85),
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xode version=\"1.0r22\" name=\"drop\">\n  <world>\n");
  fs::remove(f);
}

TEST(XodeCli, ShowBuiltHasTheOracleShape) {
  auto f = write_tmp("s.xode", kScene);
  auto r = sh("show --built --json " + f.string());
  ASSERT_EQ(r.code, 0) << r.out;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["status"], "ok");
  EXPECT_EQ(j["root"]["tag"], "xode");
  EXPECT_EQ(j["bodies"][0]["position"], nlohmann::json({0.0, 2.0, 0.0}));
  EXPECT_EQ(j["counts"]["geoms"], 2);
  fs::remove(f);
}

TEST(XodeCli, SimulateWritesTrajectoryAndFinalStates) {
  auto f = write_tmp("sim.xode", kScene);
  fs::path csv = fs::temp_directory_path() / ("genokit-xode-traj-" + std::to_string(::getpid()) + ".csv");
  auto r = sh("simulate " + f.string() + " --steps 10 --dt 0.01 --out " + csv.string());
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("ball"), std::string::npos);
  std::ifstream in(csv);
  std::string header, first;
  std::getline(in, header);
  std::getline(in, first);
  EXPECT_EQ(header, "step,time,body,x,y,z,qw,qx,qy,qz");
  EXPECT_EQ(first, "0,0,ball,0,2,0,1,0,0,0");
  auto j = nlohmann::json::parse(sh("simulate " + f.string() + " --steps 10 --json --gravity 0,0,0").out);
  EXPECT_EQ(j["simulation"]["bodies"][0]["position"][1], 2.0);
  EXPECT_EQ(sh("simulate " + f.string() + " --gravity nope").code, 2);
  fs::remove(f);
  fs::remove(csv);
}

// The flags cmd_xode.cpp adds to the generic commands (one definition shared with the format:
// cli/xode_options.hpp) and the --opt keys that override them.
TEST(XodeCli, SharedFlagsReachTheXodeFormat) {
  // A forward link: valid XODE (postlink), an error for PyODE.
  auto f = write_tmp("post.xode",
                     "<xode version='1.0r22'><world><space><joint><link1 body='a'/><ball/></joint>"
                     "<body name='a'/></space></world></xode>\n");
  auto report = [&](const std::string& args) {
    auto r = sh("check --json " + args + " " + f.string());
    auto j = nlohmann::json::parse(r.out, nullptr, false);
    return j.is_array() ? j[0] : nlohmann::json();
  };
  EXPECT_EQ(report("")["report"]["compat"], "standard");
  EXPECT_EQ(report("")["valid"], true);
  for (const char* args : {"--compat pybrain", "--compat=pybrain", "--opt compat=pybrain"}) {
    SCOPED_TRACE(args);
    auto j = report(args);
    EXPECT_EQ(j["report"]["compat"], "pybrain");
    EXPECT_EQ(j["valid"], false);
    EXPECT_EQ(j["diagnostics"][0]["code"], "xode.pyode.invalid");
  }
  // --opt overrides the flag.
  EXPECT_EQ(report("--compat pyode --opt compat=standard")["report"]["compat"], "standard");
  // An unknown mode is an error naming the valid ones, on every generic command.
  for (const char* cmd : {"check", "info", "show", "cat"}) {
    auto r = sh(std::string(cmd) + " --compat nope " + f.string());
    EXPECT_EQ(r.code, 1) << cmd;
    EXPECT_NE(r.out.find("unknown --compat 'nope' (use standard, pyode or pybrain) [cli.bad-option]"),
              std::string::npos)
        << cmd << ": " << r.out;
  }
  // --repair is --lenient (the oracle's name), also as --opt.
  auto w = write_tmp("wr.xode", "<world><space><body name='b'/></space></world>\n");
  for (const char* args : {"--lenient", "--repair", "--opt lenient", "--opt repair"}) {
    auto r = sh("check " + std::string(args) + " " + w.string());
    EXPECT_EQ(r.code, 0) << args << ": " << r.out;
    EXPECT_NE(r.out.find("[xode.world-root]"), std::string::npos) << args;
  }
  EXPECT_EQ(sh("info --json --repair " + w.string()).code, 0);
  // --built (show only) and its --opt form.
  for (const char* args : {"--built", "--opt built"}) {
    auto j = nlohmann::json::parse(sh("show --json " + std::string(args) + " " + f.string()).out, nullptr, false);
    EXPECT_EQ(j.value("status", ""), "ok") << args;
  }
  fs::remove(f);
  fs::remove(w);
}
