// fH, fB and fL through the genokit program: check, show, info, render, convert, fmt and cat on bare
// genotype files and on a .gen file mixing encodings (tests/fHBL/data/mixed.gen).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "common/cli_run.hpp"
#include "common/test_paths.hpp"

using genokit::test::run_cli;
namespace fs = std::filesystem;

namespace {

std::string data(const std::string& name) {
  return (genokit::test::source_dir() / "tests/fHBL/data" / name).string();
}

// A bare genotype written to a temporary file.
struct TempGenotype {
  fs::path path;
  TempGenotype(const std::string& name, const std::string& text) {
    path = fs::temp_directory_path() / ("genokit-fhbl-" + std::to_string(::getpid()) + "-" + name);
    std::ofstream(path, std::ios::binary) << text;
  }
  ~TempGenotype() {
    std::error_code ec;
    fs::remove(path, ec);
  }
  std::string q() const { return "'" + path.string() + "'"; }
};

}  // namespace

TEST(FHBLCli, FormatsListsTheEncodings) {
  const auto r = run_cli("formats");
  ASSERT_EQ(r.code, 0);
  for (const char* f : {"fB\t", "fH\t", "fL\t"}) EXPECT_NE(r.out.find(f), std::string::npos) << f;
}

TEST(FHBLCli, CheckBareGenotypes) {
  const TempGenotype ok("ok.fH", "//H\n1\nj:0,1\nn:0.5,0.5,d=T\n");
  EXPECT_EQ(run_cli("check " + ok.q()).code, 0);
  const TempGenotype bad("bad.fL", "//L\ni:axiom=\"S(l=1+)\"\n");
  const auto r = run_cli("check " + bad.q());
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.out.find(":2:10: error:"), std::string::npos) << r.out;  // the word S(l=1+) in line 2
  EXPECT_NE(r.out.find("[fL.bad-formula]"), std::string::npos) << r.out;
  // A quirk the SDK accepts: a warning, exit 0; --strict makes it an error.
  const TempGenotype odd("odd.fH", "//H\n1\nj:0,1\nx:0,0\n");
  const auto w = run_cli("check " + odd.q());
  EXPECT_EQ(w.code, 0);
  EXPECT_NE(w.out.find(":4:1: warning:"), std::string::npos) << w.out;
  EXPECT_NE(w.out.find("[fH.bad-line]"), std::string::npos);
  EXPECT_EQ(run_cli("check --strict " + odd.q()).code, 1);
}

TEST(FHBLCli, CheckMixedGenFile) {
  const auto r = run_cli("check '" + data("mixed.gen") + "'");
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.out.find("mixed.gen:37:1: error: Unknown neuron class 'Foo'"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("(in org 'broken fH') [fH.unknown-neuron-class]"), std::string::npos);
  EXPECT_NE(r.out.find("mixed.gen:24:1: warning:"), std::string::npos) << r.out;  // fL axiom without S
  const auto fl = run_cli("check --format fL '" + data("mixed.gen") + "'");
  EXPECT_EQ(fl.code, 0) << fl.out;
}

TEST(FHBLCli, InfoCountsEncodings) {
  const auto r = run_cli("info '" + data("mixed.gen") + "'");
  ASSERT_EQ(r.code, 0);
  EXPECT_NE(r.out.find("fB: 1"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("fH: 2"), std::string::npos);
  EXPECT_NE(r.out.find("fL: 2"), std::string::npos);
}

TEST(FHBLCli, ConvertToF0IsTheSdksText) {
  GENOKIT_REQUIRE_CORPUS();
  const fs::path dir = genokit::test::corpus_dir() / "framsticks/oracle-sdk-r909/encodings";
  for (const char* c : {"fH/star_four.fH", "fB/neuron_classes.fB", "fL/connection_attractor.fL"}) {
    SCOPED_TRACE(c);
    const auto r = run_cli("convert '" + (dir / c).string() + "'", false);
    ASSERT_EQ(r.code, 0);
    const std::string dump = genokit::test::slurp(dir / (std::string(c) + ".oracle.txt"));
    const auto b = dump.find("f0_out:\n") + 8, e = dump.find("f0_out_end");
    EXPECT_EQ(r.out, "//0\n" + dump.substr(b, e - b));
  }
  // A .gen file: every genotype of the converting encodings becomes f0; --keep-invalid leaves the
  // broken one as it is.
  const auto g = run_cli("convert --keep-invalid '" + data("mixed.gen") + "'", false);
  EXPECT_EQ(g.code, 0);
  EXPECT_EQ(g.out.find("//H\n2\n"), std::string::npos);
  EXPECT_NE(g.out.find("n:0,0,d=Foo"), std::string::npos);  // left unconverted
  EXPECT_NE(g.out.find("//0\np:\np:1.0\np:2.0\nj:0, 1\nj:1, 2\n"), std::string::npos)
      << g.out;  // /*L*/ S()S()
}

TEST(FHBLCli, ConvertFBToFH) {
  const TempGenotype b("b.fB", "//B\n2\naaczzaajmnozz");
  const auto r = run_cli("convert --to fH " + b.q());
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_EQ(
      r.out,
      "//H\n2\nj:-0.84\nn:-0.28, -0.040000000000000036, 0.040000000000000036, 0.1200000000000001, d=N\n");
}

TEST(FHBLCli, ShowJsonHasTheMap) {
  const TempGenotype l("m.fL", "//L\ni:axiom=\"S()N(d=T)\"\n");
  const auto r = run_cli("show --json " + l.q(), false);
  ASSERT_EQ(r.code, 0);
  EXPECT_NE(r.out.find("\"fL_map\""), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"kind\": \"neuron\""), std::string::npos);
  const auto b = run_cli("show --format fB '" + data("mixed.gen") + "'", false);
  EXPECT_EQ(b.code, 0);
  EXPECT_NE(b.out.find("=== org 'letters fB'"), std::string::npos);
}

TEST(FHBLCli, RenderAnOrgOfAGenFile) {
  const auto r = run_cli("render -o - --org 'plant fL' '" + data("mixed.gen") + "'", false);
  ASSERT_EQ(r.code, 0);
  EXPECT_EQ(r.out.rfind("<svg", 0), 0u);
}

TEST(FHBLCli, FmtWritesTheOwnCanonicalForm) {
  const TempGenotype h("c.fH", "//H\n1\nj:0,1\nn:0.5,0.5,0,0,d=T\nj:l=2\n");
  const auto r = run_cli("fmt " + h.q());
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_EQ(r.out, "//H\n1\nj:y0=1.0\nj:l=1.999\nn:0.5, 0.5, d=T\n");
  // (with its header an fL genotype gets its own canonical form; formulas written so that they read
  // back the same)
  const TempGenotype lh(
      "h.fL", "//L\nw:name=A,npar=1\ni:axiom=\"A(1)\",time=2\nr:pred=A,succ=\"S(l=2-($0-1))A($0+1)\"");
  const auto f2 = run_cli("fmt " + lh.q());
  ASSERT_EQ(f2.code, 0) << f2.out;
  EXPECT_EQ(f2.out, "//L\nw:A, 1\ni:axiom=A(1.0), 2.0\nr:pred=A, succ=S(l=2.0-($0-1.0))A($0+1.0)\n");
}
