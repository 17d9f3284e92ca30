// The genokit program on f4, f9, fF and fn genotypes: raw files (with and without a header) and a
// .gen file mixing encodings, through check, info, show --json (with the text map), convert (f0 text
// as the SDK writes it, svg, json), render and fmt.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "common/cli_run.hpp"
#include "common/encoding_oracle.hpp"

namespace fs = std::filesystem;
using genokit::test::run_cli;

namespace {

fs::path fixture(const std::string& name, const std::string& text) {
  const fs::path dir = fs::path(GENOKIT_BINARY_DIR) / "door_encodings_cli";
  fs::create_directories(dir);
  const fs::path p = dir / name;
  std::ofstream(p, std::ios::binary) << text;
  return p;
}

std::string q(const fs::path& p) {
  return "'" + p.string() + "'";
}

const char* kMixed =
    "org:\nname:four\ngenotype:/*4*/<X>N|[G:1]\n\n"
    "org:\nname:nine\ngenotype:/*9*/RRFU\n\n"
    "org:\nname:foram\ngenotype:/*F*/3, 0.4, 0.4, 0.4, 1.0, 1.1, 1.0, 0.9, 0, 0\n\n"
    "org:\nname:vec\ngenotype:/*n*/[1, 2]\n\n"
    "org:\nname:one\ngenotype:X(X,X)\n\n"
    "org:\nname:bad4\ngenotype:/*4*/X<X>X\n";

}  // namespace

TEST(EncodingsCli, CheckRawFilesOfEachEncoding) {
  EXPECT_EQ(run_cli("check " + q(fixture("ok.f4", "//4\n<X><N|[G:1]>X"))).code, 0);
  EXPECT_EQ(run_cli("check " + q(fixture("ok.f9", "//9\nRRFU"))).code, 0);
  EXPECT_EQ(run_cli("check " + q(fixture("ok.fF", "//F\n6, 0.1, 0.1, 0.1, 1.05, 1.05, 1.05, 0, 0, 0"))).code,
            0);
  EXPECT_EQ(run_cli("check " + q(fixture("ok.fn", "//n\n[1, 2.5]"))).code, 0);
  // Without a header: the extension says which encoding.
  EXPECT_EQ(run_cli("check " + q(fixture("bare.f4", "<X>X"))).code, 0);
  // Failures the SDK leaves silent get a positioned message with a stable code.
  const auto r = run_cli("check " + q(fixture("bad.f4", "//4\n<X>\n  X<X>X")));
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.out.find("bad.f4:3:4: error:"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("[f4.stick-divides]"), std::string::npos) << r.out;
  const auto e = run_cli("check " + q(fixture("empty.fn", "//n\n[]")));
  EXPECT_EQ(e.code, 1);
  EXPECT_NE(e.out.find("[fn.empty-vector]"), std::string::npos) << e.out;
  const auto f = run_cli("check " + q(fixture("few.fF", "//F\n6, 0.1")));
  EXPECT_NE(f.out.find("[fF.wrong-count]"), std::string::npos) << f.out;
}

TEST(EncodingsCli, GenFileMixingEncodings) {
  const fs::path gen = fixture("mixed.gen", kMixed);
  const auto c = run_cli("check " + q(gen));
  EXPECT_EQ(c.code, 1);  // bad4
  EXPECT_NE(c.out.find("mixed.gen:23:16: error:"), std::string::npos) << c.out;
  EXPECT_NE(c.out.find("(in org 'bad4')"), std::string::npos) << c.out;
  const auto i = run_cli("info " + q(gen));
  for (const char* f : {"f1: 1", "f4: 2", "f9: 1", "fF: 1", "fn: 1"})
    EXPECT_NE(i.out.find(f), std::string::npos) << i.out;
  const auto v = run_cli("convert --to f0 --keep-invalid " + q(gen), false);
  EXPECT_EQ(v.code, 0);
  EXPECT_NE(v.out.find("n:j=0, d=\"|:p=0.25,r=1\""), std::string::npos) << v.out;  // f4
  EXPECT_NE(v.out.find("p:2.0005, 1.0025, 0.9955, vs=0.36666666666666664"), std::string::npos)
      << v.out;                                                              // f9
  EXPECT_NE(v.out.find("m:Vstyle=foram"), std::string::npos) << v.out;       // fF
  EXPECT_NE(v.out.find("genotype:/*4*/X<X>X"), std::string::npos) << v.out;  // kept unconverted
  const auto one = run_cli("show --json --format f9 " + q(gen));
  EXPECT_EQ(one.code, 0);
  EXPECT_NE(one.out.find("\"f9_map\""), std::string::npos) << one.out.substr(0, 300);
}

TEST(EncodingsCli, ShowJsonCarriesTheMap) {
  const auto s = run_cli("show --json " + q(fixture("map.f4", "//4\n<X>N|[G:1]")), false);
  ASSERT_EQ(s.code, 0);
  EXPECT_NE(s.out.find("\"f4_map\""), std::string::npos);
  EXPECT_NE(s.out.find("\"text\": \"N|[G:1]\""), std::string::npos) << s.out;
  EXPECT_NE(s.out.find("\"f4_converted\": true"), std::string::npos);
}

TEST(EncodingsCli, ConvertGivesTheSdksF0Text) {
  GENOKIT_REQUIRE_CORPUS();
  for (const auto& [dir, ext] : {std::pair{"f4", ".f4"}, {"f9", ".f9"}, {"fF", ".fF"}, {"fn", ".fn"}}) {
    std::string err;
    for (const auto& c : genokit::test::reference_cases(dir, ext, err)) {
      if (!c.dump.valid) continue;
      const auto r = run_cli("convert --to f0 " + q(genokit::test::encoding_cases_dir(dir) / c.name), false);
      EXPECT_EQ(r.code, 0) << c.name;
      EXPECT_EQ(r.out, "//0\n" + c.dump.f0_out) << c.name;
    }
  }
}

TEST(EncodingsCli, RenderAndFmt) {
  const fs::path f = fixture("draw.fF", "//F\n8, 0.1, 0.1, 0.1, 1.03, 1.05, 1.05, 0, -1.11, 1.27");
  const auto r = run_cli("render -o - " + q(f), false);
  EXPECT_EQ(r.code, 0);
  EXPECT_EQ(r.out.rfind("<svg", 0), 0u);
  const auto svg = run_cli("convert --to svg " + q(fixture("draw.f4", "//4\n<X><<X>X>X")), false);
  EXPECT_EQ(svg.out.rfind("<svg", 0), 0u);
  const auto fm = run_cli("fmt " + q(fixture("fmt.f9", "//9\nRRU")));
  EXPECT_EQ(fm.code, 1);
  EXPECT_NE(fm.out.find("fmt writes f0 genotypes and this one is f9"), std::string::npos) << fm.out;
  const auto g = run_cli("fmt " + q(fixture("fmt.gen", kMixed)), false);
  EXPECT_EQ(g.code, 0);
  EXPECT_NE(g.out.find("genotype:/*4*/<X>N|[G:1]"), std::string::npos);  // other encodings unchanged
}

TEST(EncodingsCli, SimplestGenotypes) {
  EXPECT_EQ(run_cli("simplest f4", false).out, "X\n");
  EXPECT_EQ(run_cli("simplest 9", false).out, "R\n");
  EXPECT_EQ(run_cli("simplest fF", false).out, "6, 0.1, 0.1, 0.1, 1.05, 1.05, 1.05, 0, 0, 0\n");
  EXPECT_EQ(run_cli("simplest fn", false).out, "[0.0, 0.0]\n");
  EXPECT_EQ(run_cli("simplest --header f4", false).out, "/*4*/X\n");
  const auto bad = run_cli("simplest fS");
  EXPECT_EQ(bad.code, 1);
  EXPECT_NE(bad.out.find("[genotype.unsupported-encoding]"), std::string::npos);
}
