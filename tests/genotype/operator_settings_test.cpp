// Operator parameters as data: the f0/f1/GenMan/neuadd tables, read from `.sim` files (with
// positions for unknown keys and clamped values) and from name=value strings.
#include <gtest/gtest.h>

#include <string>

#include "common/test_paths.hpp"
#include "genokit/f0/operator_table.hpp"
#include "genokit/f1/operator_table.hpp"
#include "genokit/genotype/operator_settings.hpp"

namespace genokit::genotype {
namespace {

const frams::ParamValues& f1(const OperatorSettings& s) {
  return *s.of(*find_encoding("1"));
}
const frams::ParamValues& f0v(const OperatorSettings& s) {
  return *s.of(*find_encoding("0"));
}

TEST(OperatorSettings, DefaultsAreTheNotesValues) {
  const OperatorSettings s;
  EXPECT_EQ(f1(s).number("f1_smX"), 0.05);
  EXPECT_EQ(f1(s).number("f1_nmWei"), 1.0);
  EXPECT_EQ(f1(s).number("f1_xo_propor"), 1);
  EXPECT_EQ(f1(s).text("f1_smModifiers"), "LlRrCcQqFfMm");
  EXPECT_EQ(f0v(s).number("f0_p_swp"), 10);
  EXPECT_EQ(f0v(s).number("f0_p_den"), 0);
  EXPECT_EQ(f0v(s).number("f0_nodel_tag"), 1);
  EXPECT_EQ(s.extmutinfo(), 0);
  EXPECT_EQ(s.neuron_classes().active.size(), 7u);
  for (auto table : {f0::operator_table(), f1::operator_table(), genman_params()})
    for (const frams::Property& p : table) {
      EXPECT_FALSE(p.name.empty()) << p.id;
      EXPECT_FALSE(p.help.empty()) << p.id;
      EXPECT_TRUE(p.ranged) << p.id;
    }
}

TEST(OperatorSettings, SimFileWithProblemsGivesPositions) {
  const std::string text =
      "# test\n"
      "sim_params:\n"
      "f1_smX:0.2\n"
      "f1_smx:0.3\n"    // line 4: a typo of an f1 setting
      "f0_p_new:500\n"  // line 5: out of range, clamped
      "f1_nmWei:abc\n"  // line 6: not a number
      "neuadd_G:0\n"
      "neuadd_Bogus:1\n"  // line 8: no such class flag
      "genoper_f1:1\n"    // line 9: only set 0 exists
      "f8_mut_enc:8.0\n"  // an encoding genokit has no operators for: accepted
      "wrldg:2.0\n"       // a simulation setting: not ours
      "gen_extmutinfo:1\n"
      "\n";
  Diagnostics d;
  const auto s = parse_operator_settings(text, "t.sim", d);
  ASSERT_TRUE(s);
  std::vector<std::string> got;
  for (const auto& x : d.items())
    got.push_back(x.where.file + ":" + std::to_string(x.where.line) + " " +
                  std::string(to_string(x.severity)) + " " + x.code);
  EXPECT_EQ(got,
            (std::vector<std::string>{"t.sim:4 warning genotype.unknown-operator-setting",
                                      "t.sim:5 warning frams.value-clamped", "t.sim:6 error frams.bad-number",
                                      "t.sim:8 warning genotype.unknown-operator-setting",
                                      "t.sim:9 warning frams.value-clamped"}));
  EXPECT_EQ(d.items()[1].message,
            "Setting GenMan.f0_p_new = '500.0' exceeded allowed range (too big). Adjusted to '100.0'.");
  EXPECT_EQ(f1(*s).number("f1_smX"), 0.2);
  EXPECT_EQ(f0v(*s).number("f0_p_new"), 100);
  EXPECT_EQ(f1(*s).number("f1_nmWei"), 1.0);  // the default after the bad number
  EXPECT_EQ(s->extmutinfo(), 1);
  EXPECT_EQ(s->neuron_classes().active.size(), 6u);  // G switched off
}

TEST(OperatorSettings, NameValueStrings) {
  OperatorSettings s;
  Diagnostics d;
  EXPECT_TRUE(s.assign("f1_smX=0.5", d));
  EXPECT_TRUE(s.assign(" f1_smModifiers : LlRr ", d));
  EXPECT_TRUE(d.empty());
  EXPECT_EQ(f1(s).number("f1_smX"), 0.5);
  EXPECT_EQ(f1(s).text("f1_smModifiers"), "LlRr");
  EXPECT_FALSE(s.assign("wrldg=2", d));
  EXPECT_FALSE(s.assign("f1_smX", d));
  EXPECT_FALSE(s.assign("f1_smX=nan", d));
  EXPECT_EQ(f1(s).number("f1_smX"), 0.5);
  EXPECT_TRUE(s.assign("f1_mut_exmod=" + std::string(40, 'L'), d));  // truncated to 30, warned
  EXPECT_EQ(f1(s).text("f1_mut_exmod").size(), 30u);
  std::vector<std::string> codes;
  for (const auto& x : d.items()) codes.push_back(x.code);
  EXPECT_EQ(codes, (std::vector<std::string>{"genotype.bad-operator-setting", "genotype.bad-operator-setting",
                                             "frams.non-finite-setting", "frams.value-truncated"}));
}

TEST(OperatorSettings, FramspySimFiles) {
  GENOKIT_REQUIRE_CORPUS();
  const auto dir = test::corpus_dir() / "framsticks" / "framspy-sim";
  Diagnostics d;
  const auto s =
      load_operator_settings((dir / "eval-allcriteria.sim").string() + ";" +
                                 (dir / "f1_params.sim").string() + ";" + (dir / "only-body.sim").string(),
                             d);
  ASSERT_TRUE(s);
  EXPECT_TRUE(d.empty()) << d.items()[0].message;
  EXPECT_EQ(f1(*s).number("f1_smX"), 0.05);
  EXPECT_EQ(f1(*s).number("f1_nmNeu"), 0.0);  // only-body.sim, the last file, wins
  EXPECT_EQ(f0v(*s).number("f0_c_wei"), 0.0);
  EXPECT_EQ(f0v(*s).number("f0_p_new"), 5.0);
  EXPECT_TRUE(s->neuron_classes().active.empty());
  Diagnostics m;
  EXPECT_EQ(load_operator_settings((dir / "missing.sim").string(), m), std::nullopt);
  EXPECT_TRUE(m.has_errors());
}

}  // namespace
}  // namespace genokit::genotype
