// The genokit program on Framsticks files: check, cat, info, frams to-json/from-json/props/type.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "common/test_paths.hpp"

namespace {

namespace fs = std::filesystem;

struct CliRun {
  int code = -1;
  std::string out, err;
};

class FramsCli : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("genokit_frams_cli_" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string write(const std::string& name, const std::string& text) {
    std::ofstream(dir_ / name, std::ios::binary) << text;
    return (dir_ / name).string();
  }
  static std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
  }
  CliRun run(const std::string& args) {
    std::string cmd = "cd '" + dir_.string() + "' && '" + genokit::test::cli_path() + "' " + args + " >'" +
                      (dir_ / "stdout").string() + "' 2>'" + (dir_ / "stderr").string() + "'";
    int st = std::system(cmd.c_str());
    CliRun r;
    r.code = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    r.out = slurp(dir_ / "stdout");
    r.err = slurp(dir_ / "stderr");
    return r;
  }
  fs::path dir_;
};

TEST_F(FramsCli, CheckReportsPositionsAndExitCodes) {
  write("ok.gen", "org:\nname:A\ngenotype:/*Z*/abc\n");
  CliRun ok = run("check ok.gen");
  EXPECT_EQ(ok.code, 0) << ok.err;
  EXPECT_NE(ok.out.find("ok.gen: frams: ok"), std::string::npos) << ok.out;
  EXPECT_NE(ok.err.find("frams.genotype-not-checked"), std::string::npos) << ok.err;
  EXPECT_NE(ok.err.find("encoding fZ"), std::string::npos) << ok.err;

  write("bad.sim", "sim_params:\nexpdef:standard\nnotes:~\nnever closed\n");
  CliRun bad = run("check bad.sim");
  EXPECT_EQ(bad.code, 1);
  EXPECT_NE(bad.err.find("bad.sim:3:7: error: Closing '~' (tilde) not found in 'sim_params.notes'"),
            std::string::npos)
      << bad.err;
  EXPECT_NE(bad.err.find("[frams.unterminated-multiline]"), std::string::npos);

  CliRun strict = run("check --strict --format frams " + write("w.gen", "org:\nfitness:1\n"));
  EXPECT_EQ(strict.code, 1) << strict.err;
  EXPECT_NE(strict.err.find("Ignored unknown property 'org.fitness'"), std::string::npos) << strict.err;
}

TEST_F(FramsCli, CheckJsonAndIncludePolicy) {
  fs::create_directories(dir_ / "inc");
  write("inc/p.inc", "property:\nid:x\ntype:d 0 1\n");
  write("m.expdef", "expdef:\nname:M\n\n#include \"inc/p.inc\"\n");
  CliRun follow = run("check --json m.expdef");
  EXPECT_EQ(follow.code, 0);
  auto j = nlohmann::json::parse(follow.out);
  EXPECT_EQ(j[0]["format"], "frams");
  EXPECT_EQ(j[0]["report"]["objects"], 2);
  CliRun forbid = run("check --includes forbid m.expdef");
  EXPECT_NE(forbid.err.find("frams.include-forbidden"), std::string::npos);
  EXPECT_EQ(run("check --json --includes inc m.expdef").code, 0);  // inc/p.inc is inside inc/
  fs::create_directories(dir_ / "other");
  CliRun confine = run("check --includes other m.expdef");
  EXPECT_NE(confine.err.find("frams.include-outside-root"), std::string::npos) << confine.err;
}

TEST_F(FramsCli, CatCanonicalLosslessAndIdempotent) {
  std::string text = "# c\r\norg:\r\nname:A~B\r\ngenotype:~\r\n//0\r\np:\r\n~ x\r\n\r\n\r\norg:\nname:" +
                     std::string(60, 'n') + "\n";
  write("x.gen", text);
  CliRun c1 = run("cat x.gen -o c1.gen");
  EXPECT_EQ(c1.code, 0) << c1.err;
  std::string canon = slurp(dir_ / "c1.gen");
  EXPECT_EQ(canon,
            "org:\nname:A\\~B\ngenotype:~\n//0\np:\n~\n\norg:\nname:~\n" + std::string(60, 'n') + "~\n\n");
  CliRun c2 = run("cat c1.gen");
  EXPECT_EQ(c2.out, canon);
  CliRun lossless = run("cat --opt lossless x.gen");
  EXPECT_EQ(lossless.out, text);
  CliRun stdin_run = run("cat - < x.gen");
  EXPECT_EQ(stdin_run.out, canon);
}

TEST_F(FramsCli, JsonBothWays) {
  write("x.sim", "sim_params:\nexpdef:standard\ncapacity:50\ninfo:~\ntwo\nlines\n~\n");
  CliRun tj = run("frams to-json x.sim -o x.json");
  EXPECT_EQ(tj.code, 0) << tj.err;
  auto j = nlohmann::json::parse(slurp(dir_ / "x.json"));
  EXPECT_EQ(j[0]["_classname"], "sim_params");
  EXPECT_EQ(j[0]["capacity"], "50");
  EXPECT_EQ(j[0]["info"], "two\nlines\n");
  CliRun fj = run("frams from-json x.json");
  EXPECT_EQ(fj.code, 0) << fj.err;
  EXPECT_EQ(fj.out, run("cat x.sim").out);
  CliRun typed = run("frams to-json --typed " + write("o.gen", "org:\nnum:7\nvelocity:0.5\n"));
  auto jt = nlohmann::json::parse(typed.out);
  EXPECT_EQ(jt[0]["num"], 7);
  EXPECT_EQ(jt[0]["velocity"], 0.5);
  write("bad.json", "[{\"_classname\": \"a\", \"k\": [1]}]");
  EXPECT_EQ(run("frams from-json bad.json").code, 1);
  write("syntax.json", "[{");
  CliRun syn = run("frams from-json syntax.json");
  EXPECT_EQ(syn.code, 1);
  EXPECT_NE(syn.err.find("frams.json-syntax"), std::string::npos);
}

TEST_F(FramsCli, InfoPropsTypeAndCheckValues) {
  write("g.gen", "org:\nname:a\ngenotype:~\n//0\np:\n~\n\norg:\ngenotype:X\n\norg:\ngenotype:/*4*/<X>\n");
  CliRun info = run("info --json g.gen");
  EXPECT_EQ(info.code, 0) << info.err;
  auto j = nlohmann::json::parse(info.out)[0];
  EXPECT_EQ(j["classes"]["org"], 3);
  EXPECT_EQ(j["genotype_formats"]["f0"], 1);
  EXPECT_EQ(j["genotype_formats"]["f1"], 1);
  EXPECT_EQ(j["genotype_formats"]["f4"], 1);

  write("e.expdef",
        "expdef:\nname:E\n\nprop:\nid:cap\nname:Capacity\ntype:d 1 100 50\n\nprop:\nid:mode\ntype:d 0 2 "
        "~A~B~C\nflags:16\n");
  CliRun props = run("frams props e.expdef");
  EXPECT_EQ(props.code, 0) << props.err;
  EXPECT_NE(props.out.find("cap\tinteger 1..100 (default 50)"), std::string::npos) << props.out;
  EXPECT_NE(props.out.find("mode\tinteger 0..2, 3 labels [userreadonly]"), std::string::npos) << props.out;

  CliRun type = run("frams type --json 'p f(d a,s b)'");
  auto jt = nlohmann::json::parse(type.out);
  EXPECT_EQ(jt["valid"], true);
  EXPECT_EQ(jt["arguments"][1]["name"], "b");
  EXPECT_EQ(run("frams type 'q'").code, 1);

  write("s.sim", "sim_params:\ncap:500\nmode:B\n");
  CliRun cv = run("frams check-values s.sim --props e.expdef");
  EXPECT_EQ(cv.code, 1);
  EXPECT_NE(cv.err.find("s.sim:2:5: error: Value 500 of sim_params.cap is outside the range 1..100"),
            std::string::npos)
      << cv.err;
  EXPECT_NE(cv.err.find("[frams.bad-enum]"), std::string::npos);
}

TEST_F(FramsCli, DetectionByContent) {
  write("creature.gen", std::string("dna3\x00\x01gene", 10));
  CliRun r = run("check --json creature.gen");
  EXPECT_EQ(r.out.find("\"frams\""), std::string::npos) << r.out;
  write("noext", "expdef:\nname:x\n");
  CliRun t = run("info --json noext");
  EXPECT_EQ(nlohmann::json::parse(t.out)[0]["format"], "frams") << t.err;
}

}  // namespace
