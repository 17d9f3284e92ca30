// All 22 SDK r909 reference tables (corpus/framsticks/oracle-sdk-r909/neuro/) reproduced byte for
// byte: header facts, build messages and every value of every step (%.17g, so bit for bit).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "common/cli_run.hpp"
#include "common/test_paths.hpp"
#include "genokit/core/numbers.hpp"
#include "genokit/f0/parser.hpp"
#include "genokit/neuro/network.hpp"
#include "genokit/neuro/trace.hpp"

namespace fs = std::filesystem;
using namespace genokit;

namespace {

using genokit::test::slurp;

neuro::Settings settings_of(const std::string& table) {
  neuro::Settings s;
  auto line_start = table.find("# settings: ");
  auto line = table.substr(line_start, table.find('\n', line_start) - line_start);
  auto val = [&](const std::string& key) {
    auto b = line.find(key + "=") + key.size() + 1;
    auto e = line.find(' ', b);
    return line.substr(b, e == std::string::npos ? std::string::npos : e - b);
  };
  s.randinit = *parse_double(val("randinit"));
  s.nnoise = *parse_double(val("nnoise"));
  s.seed = static_cast<std::uint32_t>(*parse_int(val("seed")));
  return s;
}

fs::path oracle_dir() {
  return test::corpus_dir() / "framsticks/oracle-sdk-r909/neuro";
}

}  // namespace

TEST(NeuroOracle, AllTablesBitExact) {
  GENOKIT_REQUIRE_CORPUS();
  int cases = 0;
  for (const auto& e : fs::directory_iterator(oracle_dir())) {
    if (e.path().extension() != ".f0") continue;
    ++cases;
    const std::string name = e.path().filename().string();
    SCOPED_TRACE(name);
    const std::string f0text = slurp(e.path());
    const std::string expected = slurp(fs::path(e.path()).replace_extension(".neuro.txt"));
    Diagnostics diags;
    f0::Model m = f0::parse(f0text, diags);
    neuro::Network net = neuro::Network::build(m, settings_of(expected));
    neuro::Trace t = neuro::record(net, 200);
    const std::string got = neuro::format_table(net, t, {name, m.valid});
    if (got != expected) {
      // Point at the first differing line.
      std::istringstream a(got), b(expected);
      std::string la, lb;
      int line = 0;
      while (true) {
        ++line;
        bool ha = static_cast<bool>(std::getline(a, la)), hb = static_cast<bool>(std::getline(b, lb));
        if (!ha && !hb) break;
        if (la != lb || ha != hb) {
          ADD_FAILURE() << "line " << line << "\n got: " << la.substr(0, 400)
                        << "\nwant: " << lb.substr(0, 400);
          break;
        }
      }
    }
  }
  EXPECT_EQ(cases, 22);
}
