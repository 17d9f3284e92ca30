// Differential tests against the SDK r909 oracle (tools/sdk-r909/frams-sdk-r909-oracle): random f4,
// f9, fF and fn genotypes from a fixed seed, converted by both; verdict, SDK messages, model and f0
// text must agree. (Longer campaigns of the same kind found the rules the converters follow;
// scripts are not needed for these few hundred.)
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>

#include "common/encoding_oracle.hpp"
#include "genokit/f4/convert.hpp"
#include "genokit/f9/convert.hpp"
#include "genokit/fF/convert.hpp"
#include "genokit/fn/convert.hpp"

namespace fs = std::filesystem;
using namespace genokit;

namespace {

fs::path oracle() {
  return test::shared_dir() / "tools/sdk-r909/frams-sdk-r909-oracle";
}

class Gen {
 public:
  explicit Gen(unsigned seed) : rng_(seed) {}
  int below(int n) { return static_cast<int>(rng_() % static_cast<unsigned>(n)); }
  bool chance(double p) { return std::uniform_real_distribution<double>(0, 1)(rng_) < p; }
  template <class T>
  const T& pick(const std::vector<T>& v) {
    return v[static_cast<std::size_t>(below(static_cast<int>(v.size())))];
  }

  std::string f4(int depth = 0) {
    std::string out;
    for (int k = below(6); k > 0; --k) {
      const double r = std::uniform_real_distribution<double>(0, 1)(rng_);
      if (r < 0.25) {
        out += "LlRrCcQqFfMmIiSsAaWwEeDdGgBbHh,,,"[below(33)];
      } else if (r < 0.35 && depth < 4) {
        return out + "<" + f4(depth + 1) + ">" + f4(depth + 1);
      } else if (r < 0.40 && depth < 4) {
        return out + "#" + pick<std::string>({"0", "1", "2", "3", "-1"}) + f4(depth + 1) + ">" +
               f4(depth + 1);
      } else if (r < 0.50) {
        out += "[" + std::to_string(below(7) - 3) + ":" +
               pick<std::string>({"1", "-1", "0.5", "1e3", "-0.123456789"}) + "]";
      } else if (r < 0.55) {
        out += "[" + pick<std::string>({"G", "T", "S", "*", "Rnd", "N", "Q"}) + ":" +
               pick<std::string>({"1", "-2"}) + "]";
      } else if (r < 0.62) {
        out += std::string(":") + "+-"[below(2)] + "!=/"[below(3)] + ":";
      } else if (r < 0.67) {
        out += "|@"[below(2)];
      } else if (r < 0.72) {
        out += "N:" + pick<std::string>({"Sin", "Rnd", "|", "@", "T", "G", "N", "*", "D", "Foo"});
      } else if (r < 0.88) {
        out += "XNXNT*"[below(6)];
      } else {
        out += " \nxY1(]:#>"[below(9)];
      }
    }
    if (chance(0.8)) out += ">";
    return out;
  }
  std::string f9() {
    std::string g;
    for (int n = pick<int>({0, 1, 2, 3, 4, 7, 13, 40}); n > 0; --n)
      g += chance(0.97) ? "LRBFDU"[below(6)] : "xl \n"[below(4)];
    return g;
  }
  std::string fF() {
    auto num = [&](double lo, double hi) {
      char b[32];
      std::snprintf(b, sizeof b, "%.*f", below(4) + 1, std::uniform_real_distribution<double>(lo, hi)(rng_));
      return std::string(b);
    };
    std::string g = std::to_string(below(16) + 1);
    for (int i = 0; i < 3; ++i) g += ", " + num(0.005, 1.2);
    for (int i = 0; i < 3; ++i) g += ", " + num(0.98, 1.12);
    g += ", " + num(-1.2, 1.2) + ", " + num(-3.5, 3.5) + ", " + num(-3.5, 3.5);
    if (chance(0.1)) g += ", 7";
    if (chance(0.05)) g = g.substr(0, static_cast<std::size_t>(below(static_cast<int>(g.size()))));
    return g;
  }
  std::string fn(int depth = 0) {
    std::string g = "[";
    for (int n = pick<int>({0, 1, 2, 3, 5}), i = 0; i < n; ++i) {
      if (i) g += pick<std::string>({", ", ",", " , ", ",,", " "});
      const double r = std::uniform_real_distribution<double>(0, 1)(rng_);
      if (r < 0.6)
        g += pick<std::string>(
            {"1", "-2", "3.25", "1e3", "0x10", ".5", "inf", "nan", "1e400", "-", "12345678901"});
      else if (r < 0.75)
        g += pick<std::string>({"\"2\"", "\"abc\"", "null", "true", "Foo[1]", "nullx"});
      else if (depth < 2)
        g += fn(depth + 1);
      else
        g += "{\"a\":1}";
    }
    return g + pick<std::string>({"]", "]", " ]", "", "] x",
                                  "] "});  // (no line break: the dump reader wants one-line messages)
  }

 private:
  std::mt19937 rng_;
};

// Runs the oracle on `genes` (format `id`) and compares each with `convert`.
template <class Convert>
void differential(const std::string& id, const std::vector<std::string>& genes, Convert convert) {
  const fs::path dir = fs::path(GENOKIT_BINARY_DIR) / "door_encodings_sdk";
  fs::create_directories(dir);
  const fs::path gen = dir / ("f" + id + ".gen");
  {
    std::ofstream out(gen, std::ios::binary);
    for (std::size_t i = 0; i < genes.size(); ++i) {
      std::string g = genes[i];
      for (std::size_t at = 0; (at = g.find_first_of("~\\", at)) != std::string::npos; at += 2)
        g.insert(at, "\\");
      out << "org:\nname:" << i << "\ngenotype:~\n//" << id << "\n" << g << "~\n\n";
    }
  }
  const std::string cmd = "'" + oracle().string() + "' gen '" + gen.string() + "'";
  FILE* p = ::popen(cmd.c_str(), "r");
  ASSERT_TRUE(p);
  std::string text;
  char buf[65536];
  for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, p)) > 0;) text.append(buf, n);
  ::pclose(p);
  f0::test::OracleFile f;
  std::string err;
  ASSERT_TRUE(f0::test::parse_oracle(text, f, err)) << err;
  ASSERT_EQ(f.genotypes.size(), genes.size());
  int checked = 0;
  for (std::size_t i = 0; i < genes.size(); ++i) {
    test::OracleCase c{"f" + id + " #" + std::to_string(i), "//" + id + "\n" + genes[i], f.genotypes[i]};
    for (const auto& x : convert(c)) ADD_FAILURE() << c.name << " " << c.genotype << ": " << x;
    ++checked;
  }
  EXPECT_EQ(checked, static_cast<int>(genes.size()));
}

}  // namespace

TEST(SdkDifferential, RandomGenotypesOfEachEncoding) {
  GENOKIT_REQUIRE_SHARED(fs::exists(oracle()), "the SDK r909 oracle was not found at " << oracle());
  Gen g(20261128);
  std::vector<std::string> f4s, f9s, fFs, fns;
  for (int i = 0; i < 400; ++i) f4s.push_back(g.f4()), f9s.push_back(g.f9()), fns.push_back(g.fn());
  for (int i = 0; i < 150; ++i) fFs.push_back(g.fF());
  differential("4", f4s, [](const test::OracleCase& c) {
    Diagnostics d;
    return test::compare_conversion(c, f4::convert(c.genotype, d), d,
                                    {"f4.joint-neuron-unattached", "f4.weight-clamped"});
  });
  differential("9", f9s, [](const test::OracleCase& c) {
    Diagnostics d;
    return test::compare_conversion(c, f9::convert(c.genotype, d), d, {});
  });
  differential("F", fFs, [](const test::OracleCase& c) {
    Diagnostics d;
    return test::compare_conversion(
        c, fF::convert(c.genotype, d), d,
        {"fF.value-clamped", "fF.extra-value", "fF.unknown-parameter", "fF.value-after-unknown"});
  });
  differential("n", fns, [](const test::OracleCase& c) {
    Diagnostics d;
    return test::compare_conversion(c, fn::convert(c.genotype, d), d, {});
  });
}
