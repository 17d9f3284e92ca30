// Every fL reference case of oracle-sdk-r909/encodings against the SDK r909 dumps, and generated fL
// genotypes against the SDK r909 oracle program.
#include <random>

#include "fH/oracle_cases.hpp"
#include "genokit/fL/convert.hpp"

using namespace genokit;

namespace {

fL::Conversion conv(const std::string& text) {
  Diagnostics d;
  return fL::convert(text, d);
}

struct Gen {
  std::mt19937 rng;
  int pick(int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); }
  bool chance(int percent) { return pick(100) < percent; }
  // (a negative number right after an operator does not parse in the SDK: rarely)
  std::string number(bool negative = false) {
    static const char* fixed[] = {"0", "1", "2", "0.5", "3", "10", "0.25", "-1", "-2"};
    if (chance(70)) return fixed[pick(negative || chance(3) ? 9 : 7)];
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3g", std::uniform_real_distribution<double>(negative ? -5 : 0, 5)(rng));
    return buf;
  }
  // A formula over `vars` variables ($t too).
  std::string formula(int vars, int depth = 0) {
    const int r = pick(100);
    if (depth > 2 || r < 35) return number(depth == 0);
    if (r < 55) {
      if (vars > 0 && chance(75)) return "$" + std::to_string(pick(vars));
      return chance(50) ? "$t" : number();
    }
    static const char* ops[] = {"+", "-", "*", ">", "<", ">=", "<=", "=", "<>", "&", "|"};
    const char* op = ops[chance(70) ? pick(3) : pick(11)];
    std::string s = formula(vars, depth + 1) + op + formula(vars, depth + 1);
    if (chance(30)) s = "(" + s + ")";
    if (chance(5)) s = "-" + s;
    return s;
  }
  std::string word(int vars, const std::vector<std::pair<std::string, int>>& user) {
    const int r = pick(100);
    if (r < 35) {  // S
      static const char* props[] = {"dn", "fr", "ing", "as", "stif", "rotstif", "stam", "l"};
      std::string s = "S(";
      bool first = true;
      for (int k = 0; k < 8; ++k)
        if (chance(15)) {
          s += (first ? "" : ",") + std::string(props[k]) + "=" + formula(vars);
          first = false;
        }
      return s + ")";
    }
    if (r < 45) {
      static const char* cls[] = {"", "d=N", "d=T", "d=G", "d=|", "d=@", "d=S", "d=*", "d=Sin", "d=Foo"};
      return "N(" + std::string(cls[chance(97) ? pick(9) : 9]) + ")";
    }
    if (r < 55) {
      std::string s = "C(";
      if (chance(70)) s += "w=" + formula(vars);
      if (!user.empty() && chance(30)) {
        const auto& u = user[static_cast<std::size_t>(pick(static_cast<int>(user.size())))];
        std::string a = u.first + "(";
        for (int k = 0; k < u.second; ++k) a += (k ? "," : "") + number();
        s += std::string(s.size() > 2 ? "," : "") + "attr=\\\"" + a + ")\\\"";
      }
      return s + ")";
    }
    if (r < 70) {
      static const char* rot[] = {"rotX", "rotY", "rotZ"};
      return std::string(rot[pick(3)]) + "(" + (chance(85) ? formula(vars) : "") + ")";
    }
    if (r < 78) return "[" + word(vars, user) + word(vars, user) + "]";
    if (!user.empty()) {
      const auto& u = user[static_cast<std::size_t>(pick(static_cast<int>(user.size())))];
      std::string s = u.first + "(";
      for (int k = 0; k < u.second; ++k) s += (k ? "," : "") + (chance(80) ? formula(vars) : std::string());
      return s + ")";
    }
    return "S()";
  }
  std::string sequence(int vars, const std::vector<std::pair<std::string, int>>& user, int n) {
    std::string s;
    for (int i = 0; i < n; ++i) s += word(vars, user);
    return s;
  }
  std::string genotype() {
    std::string g = "//L\n";
    std::vector<std::pair<std::string, int>> user;
    const int nw = pick(4);
    for (int i = 0; i < nw; ++i) {
      const std::string name = std::string(1, static_cast<char>('A' + i));
      const int np = pick(4);
      user.push_back({name, np});
      g += "w:name=" + name + (np ? ", npar=" + std::to_string(np) : "") + "\n";
    }
    g += "i:axiom=\"" + sequence(0, user, 1 + pick(5)) + "\"";
    if (chance(70)) g += ", time=" + std::to_string(pick(6)) + (chance(20) ? ".5" : "");
    if (chance(15)) g += ", numckp=" + std::to_string(1 + pick(4));
    if (chance(40)) g += ", maxwords=" + std::to_string(5 + pick(60));
    g += "\n";
    const int nr = user.empty() ? 0 : pick(4);
    for (int i = 0; i < nr; ++i) {
      const auto& u = user[static_cast<std::size_t>(pick(static_cast<int>(user.size())))];
      g += "r:pred=" + u.first;
      if (u.second > 0 && chance(40)) g += ", cond=\"" + formula(u.second) + "\"";
      g += ", succ=\"" + sequence(u.second, user, 1 + pick(4)) + "\"\n";
    }
    if (chance(3)) g += "w:name=Z\n";
    return g;
  }
};

}  // namespace

TEST(FLOracle, ReferenceCases) {
  GENOKIT_REQUIRE_CORPUS();
  enc_test::check_reference_cases("fL", ".fL", 20, conv);
}

TEST(FLDifferential, GeneratedGenotypesAgainstTheSdk) {
  GENOKIT_REQUIRE_SHARED(std::filesystem::exists(enc_test::oracle_program()),
                         "SDK r909 oracle program not found");
  Gen g{std::mt19937(enc_test::diff_seed(20261127))};
  std::vector<std::string> genotypes;
  for (std::size_t i = 0; i < enc_test::diff_count(2000); ++i) genotypes.push_back(g.genotype());
  // (a copied formula that no longer evaluates gives a part property an undefined value in the SDK)
  const auto st =
      enc_test::differential("fL", genotypes, [](const std::string& text) -> std::optional<fL::Conversion> {
        Diagnostics d;
        auto c = fL::convert(text, d);
        for (const auto& x : d.items())
          if (x.code == "fL.undefined-value") return std::nullopt;
        return c;
      });
  EXPECT_EQ(st.differing, 0u);
  EXPECT_GT(st.valid, st.total / 3);
}

// Facts of the SDK r909 oracle beyond the reference cases.
TEST(FLOracle, WeightBeyondTheRangeIsClampedWhenReRead) {
  // fL weights are raw formula values: the SDK's f0 re-read clamps them (oracle: warnpos 19).
  Diagnostics d;
  const auto c = fL::convert("//L\ni:axiom=\"S()N()C(w=2000000)\"", d);
  ASSERT_TRUE(c.model.valid);
  ASSERT_EQ(c.sdk_messages.size(), 1u);
  EXPECT_EQ(c.sdk_messages[0],
            "[WARN] Param.set: Setting c.w = '2000000.0' exceeded allowed range (too big). Adjusted to "
            "'999999.0'.");
  EXPECT_EQ(c.sdk_warn_pos, 19);
  EXPECT_EQ(c.model.connections.at(0).weight, 999999.0);
}
