// `genokit mutate`, `cross`, `simplest`: output files, determinism on any number of threads, bad
// input reported with its position and the documented exit codes.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "common/cli_run.hpp"
#include "common/test_paths.hpp"
#include "genokit/frams/document.hpp"
#include "genokit/genotype/encoding.hpp"

namespace genokit::test {
namespace {

namespace fs = std::filesystem;

fs::path scratch(const std::string& name) {
  const fs::path dir = fs::path(GENOKIT_BINARY_DIR) / "test-scratch" / "operators-cli";
  fs::create_directories(dir);
  return dir / name;
}

void write(const fs::path& p, std::string_view text) {
  std::ofstream(p, std::ios::binary) << text;
}

std::vector<std::pair<std::string, std::string>> orgs(const fs::path& p, std::string_view field) {
  Diagnostics d;
  const frams::Document doc = frams::load_file(p.string(), d);
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& o : doc.objects)
    if (o.class_name == "org") out.emplace_back(std::string(o.get("genotype")), std::string(o.get(field)));
  return out;
}

const std::string kParents =
    "org:\nname:a\ngenotype:RRX(lX,X[|G:1])\n\norg:\nname:b\ngenotype:~\n//0\np:\np:1.0\np:2.0\nj:0, 1\nj:1, "
    "2\n~\n\n";

TEST(MutateCli, EveryGenotypeKTimesWithItsKind) {
  const fs::path in = scratch("parents.gen"), out = scratch("mutants.gen"), out1 = scratch("mutants1.gen");
  write(in, kParents);
  const auto r = run_cli("mutate '" + in.string() + "' --seed 7 --times 5 -o '" + out.string() + "'");
  ASSERT_EQ(r.code, 0) << r.out;
  const auto m = orgs(out, "mutation");
  ASSERT_EQ(m.size(), 10u);
  for (std::size_t i = 0; i < m.size(); ++i) {
    Diagnostics d;
    EXPECT_TRUE(genotype::is_valid_strict(m[i].first, d)) << m[i].first;
    EXPECT_EQ(m[i].second.substr(0, 3), i < 5 ? "f1." : "f0.") << m[i].second;
  }
  // The same mutants on one thread, other mutants with another seed.
  ASSERT_EQ(run_cli("mutate '" + in.string() + "' --seed 7 --times 5 -j 1 -o '" + out1.string() + "'").code,
            0);
  EXPECT_EQ(slurp(out), slurp(out1));
  ASSERT_EQ(run_cli("mutate '" + in.string() + "' --seed 8 --times 5 -o '" + out1.string() + "'").code, 0);
  EXPECT_NE(slurp(out), slurp(out1));
  EXPECT_EQ(orgs(out, "parent")[5].second, "1");
}

TEST(MutateCli, SimFilesSetTheParameters) {
  const fs::path sim = scratch("weights-only.sim"), bad = scratch("bad.sim");
  write(sim,
        "sim_params:\nf1_smX:0\nf1_smJunct:0\nf1_smComma:0\nf1_smModif:0\nf1_nmNeu:0\nf1_nmConn:0\n"
        "f1_nmProp:0\nf1_nmWei:1\nf1_nmVal:0\n");
  const fs::path one = scratch("one.f1"), x = scratch("x.f1");
  write(one, "X[|G:1]\n");
  write(x, "X\n");
  auto r = run_cli("mutate '" + one.string() + "' --times 20 --sim '" + sim.string() + "'");
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_EQ(r.out.find("mutation:f1.add"), std::string::npos);
  EXPECT_NE(r.out.find("mutation:f1.change-weight"), std::string::npos);
  // Out of range: clamped with a warning at its line; an unknown operator key: a warning.
  write(bad, "sim_params:\nf1_smX:500\nf1_smZZ:1\n");
  r = run_cli("mutate '" + x.string() + "' --sim '" + bad.string() + "'");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("bad.sim:2:"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("[frams.value-clamped]"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("bad.sim:3:"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("[genotype.unknown-operator-setting]"), std::string::npos) << r.out;
  r = run_cli("mutate '" + x.string() + "' --set f1_smX=abc");
  EXPECT_EQ(r.code, 2) << r.out;
  r = run_cli("mutate '" + x.string() + "' --sim '" + scratch("missing.sim").string() + "'");
  EXPECT_EQ(r.code, 1) << r.out;
}

TEST(MutateCli, BadGenotypesAreErrorsWithPositions) {
  const fs::path in = scratch("bad-parents.gen");
  write(
      in,
      "org:\nname:ok\ngenotype:X\n\norg:\nname:bad\ngenotype:X[Q]\n\norg:\nname:enc\ngenotype:/*7*/abc\n\n");
  const auto r = run_cli("mutate '" + in.string() + "' -o -");
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_NE(r.out.find("bad-parents.gen:7:11:"), std::string::npos) << r.out;  // the Q, in its line
  EXPECT_NE(r.out.find("[genotype.invalid-parent]"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("bad-parents.gen:11:"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("genotype.unsupported-encoding"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("genotype:"), std::string::npos) << r.out;  // the good one is still written
}

TEST(CrossCli, IthWithIth) {
  const fs::path a = scratch("a.gen"), b = scratch("b.gen");
  write(a, "org:\ngenotype:LXLX[N]LX(LX,LX[T])\n\norg:\ngenotype:XXX\n\n");
  write(b, "org:\ngenotype:RXRX(RX[G],RXRX,RX)\n\norg:\ngenotype:/*0*/p:\n\n");
  const auto r = run_cli("cross '" + a.string() + "' '" + b.string() + "' --seed 3 -o -", false);
  EXPECT_EQ(r.code, 1) << r.out;  // the second pair mixes encodings
  EXPECT_NE(r.out.find("genotype:"), std::string::npos);
  EXPECT_NE(r.out.find("Crossing over of"), std::string::npos);
  const auto e = run_cli("cross '" + a.string() + "' '" + b.string() + "' -o /dev/null");
  EXPECT_NE(e.out.find("[genotype.mixed-encodings]"), std::string::npos) << e.out;
}

TEST(SimplestCli, FormatsAndErrors) {
  EXPECT_EQ(run_cli("simplest f1").out, "X\n");
  EXPECT_EQ(run_cli("simplest 1").out, "X\n");
  const auto f0 = run_cli("simplest --header f0");
  EXPECT_EQ(f0.code, 0);
  EXPECT_EQ(f0.out, "//0\np:\np:1.0\nj:0, 1\n");
  const auto q = run_cli("simplest fQ");
  EXPECT_EQ(q.code, 1);
  EXPECT_NE(q.out.find("[genotype.unsupported-encoding]"), std::string::npos) << q.out;
  // An encoding genokit reads but has no operators for (when there is one): a clear error.
  for (const genotype::Encoding& e : genotype::encodings())
    if (!e.simplest) {
      const auto r = run_cli("simplest " + e.id);
      EXPECT_EQ(r.code, 1) << e.id;
      EXPECT_NE(r.out.find("genotype.unsupported-operator"), std::string::npos) << r.out;
    }
}

}  // namespace
}  // namespace genokit::test
