// Settings: the table, .sim reading, chaining, warnings and file:line diagnostics.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "genokit/sim/settings.hpp"
#include "sim/settings_table.hpp"
#include "sim_test_util.hpp"

namespace genokit::sim {
namespace {

namespace fs = std::filesystem;

std::string write_temp(const std::string& name, const std::string& text) {
  fs::path dir = fs::temp_directory_path() / ("genokit-sim-test-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  fs::path p = dir / name;
  std::ofstream(p, std::ios::binary) << text;
  return p.string();
}

const Diagnostic* find_code(const Diagnostics& d, std::string_view code) {
  for (const auto& x : d.items())
    if (x.code == code) return &x;
  return nullptr;
}

TEST(SimSettings, TableDefaultsAreTheStructDefaults) {
  Settings s;
  for (const detail::SettingRow& r : detail::setting_rows()) {
    SCOPED_TRACE(std::string(r.info.prop.id));
    if (r.slot.f) EXPECT_EQ(s.*r.slot.f, r.info.prop.def);
    if (r.slot.d) EXPECT_EQ(s.*r.slot.d, r.info.prop.def);
    if (r.slot.s) EXPECT_EQ(s.*r.slot.s, r.info.prop.def_text);
    EXPECT_FALSE(r.info.prop.help.empty());
  }
  EXPECT_EQ(settings_table().size(), detail::setting_rows().size());
}

TEST(SimSettings, ReadsValuesOfBothObjectsAndAliases) {
  Diagnostics d;
  auto s = parse_settings(
      "sim_params:\nodestep:0.02\ncreath:0.5\nodesepsticks:1\n\nPopulation:\nname:Creatures\n"
      "nnsim:1\nperfperiod:7\n\nPopulation:\nname:Food\nperfperiod:9\n",
      "x.sim", d);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->odestep, 0.02);
  EXPECT_EQ(s->creath, 0.5);
  EXPECT_EQ(s->odesepsticks, 1);
  EXPECT_EQ(s->initial_nn_active, 1);
  EXPECT_EQ(s->perfperiod, 7);  // the first population is the creatures'
  EXPECT_TRUE(d.empty()) << format_gcc(d.items().front());
}

TEST(SimSettings, ChainLaterFileWinsAndWarningsFollowTheWinner) {
  std::string a = write_temp("a.sim", "sim_params:\nodestep:0.02\nwrldtyp:1\nsimtype:0\n");
  std::string b = write_temp("b.sim", "sim_params:\nodestep:0.01\nwrldtyp:0\n");
  Diagnostics d;
  auto s = load_settings(a + ";" + b, d);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->odestep, 0.01);
  EXPECT_EQ(s->wrldtyp, 0);
  // wrldtyp went back to what genokit simulates: only simtype warns, at a.sim line 4.
  ASSERT_EQ(d.items().size(), 1u) << format_gcc(d.items().back());
  const Diagnostic& w = d.items()[0];
  EXPECT_EQ(w.code, "sim.unsimulated-setting");
  EXPECT_EQ(w.where.file, a);
  EXPECT_EQ(w.where.line, 4u);
  EXPECT_NE(w.message.find("simtype 0"), std::string::npos) << w.message;
}

TEST(SimSettings, BadFileGivesFileLineDiagnostics) {
  std::string path = test::fixture("bad.sim");
  Diagnostics d;
  auto s = load_settings(path, d);
  ASSERT_TRUE(s);  // a bad value is an error the SDK recovers from (default kept)
  EXPECT_EQ(s->odestep, 0.05);
  EXPECT_EQ(s->perfperiod, 50);
  const Diagnostic* bad = find_code(d, "frams.bad-number");
  ASSERT_TRUE(bad);
  EXPECT_EQ(bad->where.file, path);
  EXPECT_EQ(bad->where.line, 3u);
  const Diagnostic* unk = find_code(d, "sim.unknown-setting");
  ASSERT_TRUE(unk);
  EXPECT_EQ(unk->where.line, 5u);
  EXPECT_NE(unk->message.find("nosuchsetting"), std::string::npos);
  const Diagnostic* uns = find_code(d, "sim.unsimulated-setting");
  ASSERT_TRUE(uns);
  EXPECT_EQ(uns->where.line, 4u);
  EXPECT_NE(uns->message.find("feed 3"), std::string::npos);
  EXPECT_EQ(d.items().size(), 3u);  // f1_smX (genetics) is known and silent
}

TEST(SimSettings, UnreadableFileIsAnError) {
  Diagnostics d;
  EXPECT_FALSE(load_settings(test::fixture("bad.sim") + ";/nonexistent/x.sim", d));
  EXPECT_TRUE(d.has_errors());
  Diagnostics e;
  EXPECT_FALSE(load_settings(" ; ", e));
  EXPECT_TRUE(find_code(e, "sim.no-settings-file"));
}

TEST(SimSettings, UnterminatedMultilineValueIsAnErrorWithLine) {
  Diagnostics d;
  EXPECT_FALSE(parse_settings("sim_params:\nusercode:~\nnever closed\n", "u.sim", d));
  ASSERT_TRUE(d.has_errors());
  EXPECT_EQ(d.items()[0].where.file, "u.sim");
  EXPECT_GT(d.items()[0].where.line, 0u);
}

TEST(SimSettings, CheckRejectsWhatOdeCannotRun) {
  Settings s;
  s.odestep = 0;
  s.odeworlderp = 2;
  Diagnostics d;
  EXPECT_FALSE(check_settings(s, d));
  EXPECT_EQ(d.error_count(), 2u);
  EXPECT_TRUE(check_settings(Settings{}, d));
}

TEST(SimSettings, CorpusEvaluationChainKnowsEveryName) {
  fs::path dir = genokit::test::corpus_dir() / "framsticks" / "framspy-sim";
  if (!fs::exists(dir)) GTEST_SKIP() << "no corpus";
  Diagnostics d;
  auto s =
      load_settings((dir / "eval-allcriteria.sim").string() + ";" + (dir / "deterministic.sim").string() +
                        ";" + (dir / "sample-period-2.sim").string(),
                    d);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->placement, 1);
  EXPECT_EQ(s->randinit, 0.0);
  EXPECT_EQ(s->evalcount, 1);
  EXPECT_EQ(s->perfperiod, 2);
  EXPECT_EQ(s->cr_v, 1.0);
  // Only simtype 0 (MechaStick) is not simulated; every other name is known.
  ASSERT_EQ(d.items().size(), 1u) << format_gcc(d.items().back());
  EXPECT_EQ(d.items()[0].code, "sim.unsimulated-setting");
  EXPECT_NE(d.items()[0].message.find("simtype"), std::string::npos);
}

}  // namespace
}  // namespace genokit::sim
