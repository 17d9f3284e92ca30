// fH against the SDK r909 oracle program on generated genotypes (a fixed seed): sticks, neurons and
// connections of every kind, named and positional values, values out of range, unknown names,
// unknown neuron classes, bad lines, empty lines and CRs.
#include <random>

#include "fH/oracle_cases.hpp"
#include "genokit/fH/convert.hpp"

using namespace genokit;

namespace {

struct Gen {
  std::mt19937 rng;
  int pick(int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); }
  bool chance(int percent) { return pick(100) < percent; }
  std::string number(double lo, double hi) {
    static const char* ties[] = {"0", "1", "-1", "0.5"};  // equal distances: the SDK's tie rules
    if (chance(30)) return ties[pick(4)];
    std::uniform_real_distribution<double> u(lo, hi);
    const double v = u(rng);
    char buf[32];
    std::snprintf(buf, sizeof buf, chance(50) ? "%.2f" : "%.6g", v);
    return buf;
  }
  std::string handle(int dims) {
    static const char* kinds[] = {"j:", "j:", "j:", "n:", "n:", "c:"};
    std::string s = kinds[pick(6)];
    const bool stick = s == "j:", neuron = s == "n:";
    std::vector<std::string> fields;
    const bool named = chance(30);
    for (int v = 0; v < 2 * dims; ++v) {
      if (chance(15)) continue;
      const std::string x = number(chance(5) ? -3 : -1, chance(5) ? 3 : 1);
      if (named)
        fields.push_back(std::string(v < dims ? "x" : "y") + std::to_string(v % dims) + "=" + x);
      else
        fields.push_back(x);
    }
    if (!named) {  // trailing empty vector fields
      while (!fields.empty() && chance(10)) fields.pop_back();
    }
    if (stick) {
      static const char* props[] = {"dn", "fr", "ing", "as", "stif", "rotstif", "stam", "l"};
      static const char* bounds[] = {"0.2", "5", "0", "4", "1", "0.001", "1.999"};  // (means of bounds)
      for (int k = 0; k < 8; ++k)
        if (chance(20))
          fields.push_back(std::string(props[k]) + "=" + (chance(40) ? bounds[pick(7)] : number(-0.5, 5.5)));
      if (chance(5)) fields.push_back(number(0, 2));  // unnamed after named
    } else if (neuron) {
      static const char* cls[] = {
          "N", "T", "G", "S", "*", "|", "@", "Sin", "Rnd", "\"N:in=0.5\"", "Foo", "", "\"Sin:f0=0.3\"", "D"};
      if (chance(70)) fields.push_back(std::string("d=") + cls[pick(14)]);
    } else {
      if (chance(70)) fields.push_back("w=" + number(-3, 3));
    }
    if (chance(3)) fields.push_back("zz=1");
    if (chance(2)) fields.push_back("abc");
    for (std::size_t i = 0; i < fields.size(); ++i) s += (i ? (chance(50) ? "," : ", ") : "") + fields[i];
    if (chance(3)) s += '\r';
    return s;
  }
  std::string genotype() {
    const int dims = 1 + pick(4);
    std::string g = "//H\n" + std::to_string(chance(2) ? 0 : dims) + "\n";
    const int n = 1 + pick(chance(10) ? 30 : 12);
    for (int i = 0; i < n; ++i) {
      if (chance(4)) g += "\n";
      if (chance(2))
        g += "x:0,0";
      else
        g += handle(dims);
      if (i + 1 < n) g += "\n";
    }
    return g;
  }
};

}  // namespace

TEST(FHDifferential, GeneratedGenotypesAgainstTheSdk) {
  GENOKIT_REQUIRE_SHARED(std::filesystem::exists(enc_test::oracle_program()),
                         "SDK r909 oracle program not found");
  Gen g{std::mt19937(enc_test::diff_seed(20261125))};
  std::vector<std::string> genotypes;
  for (std::size_t i = 0; i < enc_test::diff_count(3000); ++i) genotypes.push_back(g.genotype());
  const auto st = enc_test::differential("fH", genotypes, [](const std::string& text) {
    Diagnostics d;
    return fH::convert(text, d);
  });
  EXPECT_EQ(st.differing, 0u);
  EXPECT_GT(st.valid, st.total / 3);  // the generator makes mostly valid genotypes
}
