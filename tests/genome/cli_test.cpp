// The genokit program on genomes: check/info/show/cat and the `genome` subcommands.
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
using namespace genokit;

namespace {

using genokit::test::CliRun;

// Runs the genokit program through the shell; stdout and stderr are captured together.
CliRun run(const std::string& args) {
  return test::run_cli(args);
}

using genokit::test::slurp;

fs::path tmp(const std::string& name) {
  fs::path d = fs::temp_directory_path() / ("genokit-genome-cli-" + std::to_string(::getpid()));
  fs::create_directories(d);
  return d / name;
}

std::string q(const fs::path& p) {
  return "'" + p.string() + "'";
}

const fs::path toy_txt() {
  return test::source_dir() / "examples" / "creatures" / "toy.txt";
}

}  // namespace

TEST(GenomeCli, AssembleDumpRoundTripOnTheToy) {
  fs::path gen = tmp("toy.gen"), txt = tmp("toy2.txt"), gen2 = tmp("toy2.gen");
  CliRun a = run("genome assemble " + q(toy_txt()) + " -o " + q(gen));
  ASSERT_EQ(a.code, 0) << a.out;
  CliRun c = run("check " + q(gen));
  EXPECT_EQ(c.code, 0);
  EXPECT_NE(c.out.find("genome: ok (0 errors, 0 warnings)"), std::string::npos) << c.out;
  ASSERT_EQ(run("genome dump " + q(gen) + " -o " + q(txt)).code, 0);
  ASSERT_EQ(run("genome assemble " + q(txt) + " -o " + q(gen2)).code, 0);
  EXPECT_EQ(slurp(gen), slurp(gen2));
  // `cat` writes the same text form.
  CliRun cat = run("cat " + q(gen));
  EXPECT_EQ(cat.out, slurp(txt));
}

TEST(GenomeCli, AssembleErrorsAreFileLineColumn) {
  fs::path txt = tmp("bad.txt");
  std::ofstream(txt) << "genome c2\ngene genus id=1\ngene pigment id=1 colour=mauve\n";
  CliRun r = run("genome assemble " + q(txt) + " -o " + q(tmp("bad.gen")));
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.out.find("bad.txt:3:26: error: unknown name `mauve` for colour"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("[genome.text-value]"), std::string::npos);
  EXPECT_FALSE(fs::exists(tmp("bad.gen")));
}

TEST(GenomeCli, TruncatedGenomeGivesByteOffsets) {
  fs::path gen = tmp("t.gen"), cut = tmp("cut.gen");
  ASSERT_EQ(run("genome assemble " + q(toy_txt()) + " -o " + q(gen)).code, 0);
  std::string b = slurp(gen);
  std::ofstream(cut, std::ios::binary) << b.substr(0, 300);
  CliRun r = run("check " + q(cut));
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(
      r.out.find(
          "cut.gen: error: at byte 263: gene #4 (lobe) at byte 263 needs 196 data bytes but only 26 remain "
          "[genome.truncated-gene]"),
      std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("[genome.missing-gend]"), std::string::npos);
}

TEST(GenomeCli, TextFilesAreNotGenomes) {
  fs::path txt = tmp("frams.gen");
  std::ofstream(txt) << "org:\ngenotype:X\n";
  CliRun r = run("check --format genome " + q(txt));  // forced: the reader says why not
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.out.find("genome.not-a-genome"), std::string::npos) << r.out;
  CliRun auto_ = run("info " + q(txt));
  EXPECT_EQ(auto_.out.find("format: genome"), std::string::npos) << auto_.out;
}

TEST(GenomeCli, CorpusCheckInfoDiffExpressExtract) {
  GENOKIT_REQUIRE_CORPUS();
  const fs::path c2 = test::corpus_dir() / "creatures2";
  CliRun all = run("check " + q(c2 / "c2-norn.gen") + " " + q(c2 / "c2exp-6KUC.gen") + " " +
                   q(test::corpus_dir() / "creatures-other") + "/*.gen");
  EXPECT_EQ(all.code, 0) << all.out;
  CliRun info = run("info --json " + q(c2 / "c2-norn.gen"));
  ASSERT_EQ(info.code, 0);
  auto j = nlohmann::json::parse(info.out);
  EXPECT_EQ(j[0]["genes"], 787);
  EXPECT_EQ(j[0]["genes_per_kind"]["pose"], 242);
  EXPECT_EQ(j[0]["bytes_after_gend"], 16968);
  EXPECT_EQ(j[0]["genus"]["mum"], "\"toby\"");
  CliRun d = run("genome diff " + q(c2 / "c2-norn.gen") + " " + q(c2 / "c2exp-6KUC.gen"));
  EXPECT_EQ(d.code, 0);
  EXPECT_NE(d.out.find("changed appearance id=1 gen=0 (#3 -> #3): breed 7 \u2192 9"), std::string::npos)
      << d.out;
  EXPECT_NE(d.out.find("# 13 gene differences"), std::string::npos);
  CliRun e = run("genome express " + q(c2 / "c2-norn.gen") + " --sex male --stage adult --notes " +
                 q(c2 / "c2-norn.gno"));
  EXPECT_EQ(e.code, 0);
  EXPECT_EQ(e.out.substr(0, e.out.find('\n')), "# 5 of 787 genes active in a male at stage adult") << e.out;
  fs::path ex = tmp("6kuc.gen");
  CliRun x = run("genome extract " + q(c2 / "exports" / "c2exp.exp") + " -o " + q(ex));
  EXPECT_EQ(x.code, 0);
  EXPECT_EQ(slurp(ex), slurp(c2 / "c2exp-6KUC.gen"));
  CliRun s = run("genome dump --format summary " + q(c2 / "c2-norn.gen"));
  EXPECT_NE(
      s.out.find("1 Emb B - Genus, 001 Header - compulsory, species=norn, mum=\"toby\", dad=\"sjgl\"\n"),
      std::string::npos);  // captions from the .gno next to the genome
}

TEST(GenomeCli, CrossAndMutateAreDeterministic) {
  fs::path gen = tmp("p.gen"), a = tmp("a.gen"), b = tmp("b.gen"), m1 = tmp("m1.gen"), m2 = tmp("m2.gen");
  ASSERT_EQ(run("genome assemble " + q(toy_txt()) + " -o " + q(gen)).code, 0);
  ASSERT_EQ(run("genome mutate " + q(gen) + " -o " + q(m1) + " --seed 5").code, 0);
  ASSERT_EQ(run("genome mutate " + q(gen) + " -o " + q(m2) + " --seed 5").code, 0);
  EXPECT_EQ(slurp(m1), slurp(m2));
  for (const auto& out : {a, b}) {
    CliRun r = run("genome cross " + q(gen) + " " + q(m1) + " -o " + q(out) +
                   " --seed 11 --scheme c3 --mum-moniker abcd --dad-moniker efgh");
    ASSERT_EQ(r.code, 0) << r.out;
  }
  EXPECT_EQ(slurp(a), slurp(b));
  CliRun c = run("check " + q(a));
  EXPECT_EQ(c.code, 0) << c.out;
  EXPECT_NE(slurp(a).find("abcdefgh"), std::string::npos);
  CliRun bad = run("genome express " + q(gen) + " --sex male --stage teen");
  EXPECT_EQ(bad.code, 2);
}
