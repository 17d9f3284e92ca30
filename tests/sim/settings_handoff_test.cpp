// The one `.sim` reader hands the fields it does not simulate to a caller (genetic operator
// settings take theirs this way: genokit/genotype/operator_settings.hpp).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "genokit/sim/settings.hpp"

namespace genokit::sim {
namespace {

TEST(SimSettings, OtherKeysGoToTheCaller) {
  std::vector<std::string> taken;
  SettingsLoadOptions opt;
  opt.other = [&](std::string_view key, std::string_view value, const Location& at) {
    if (!key.starts_with("f1_") && key != "my_key") return false;
    taken.push_back(std::string(key) + "=" + std::string(value) + "@" + std::to_string(at.line));
    return true;
  };
  Diagnostics d;
  const auto s = parse_settings("sim_params:\nodestep:0.02\nf1_smX:0.2\nmy_key:7\nf4_mut_add:5\nbogus:1\n", "h.sim",
                                d, opt);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->odestep, 0.02);
  EXPECT_EQ(taken, (std::vector<std::string>{"f1_smX=0.2@3", "my_key=7@4"}));
  // What the caller leaves: known genetics names stay silent, unknown names warn as before.
  ASSERT_EQ(d.items().size(), 1u);
  EXPECT_EQ(d.items()[0].code, "sim.unknown-setting");
  EXPECT_EQ(d.items()[0].where.line, 6u);
}

}  // namespace
}  // namespace genokit::sim
