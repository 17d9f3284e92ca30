// Every f1 reference case and every f1 genotype of the corpus .gen files against the SDK r909
// dumps: verdict, messages, counts, geometry, properties, neurons, connections, f0_out.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "common/cli_run.hpp"
#include "common/test_paths.hpp"
#include "genokit/frams/document.hpp"
#include "oracle_compare.hpp"

namespace fs = std::filesystem;
using namespace genokit;
using namespace genokit::f1::test;

namespace {

using genokit::test::slurp;
fs::path framsticks() {
  return genokit::test::corpus_dir() / "framsticks";
}
fs::path oracle_dir() {
  return framsticks() / "oracle-sdk-r909";
}

}  // namespace

TEST(F1Oracle, ReferenceCases) {
  GENOKIT_REQUIRE_CORPUS();
  std::vector<fs::path> cases;
  for (auto& e : fs::directory_iterator(oracle_dir() / "f1"))
    if (e.path().extension() == ".f1") cases.push_back(e.path());
  std::sort(cases.begin(), cases.end());
  ASSERT_EQ(cases.size(), 49u);
  CompareStats stats;
  for (const auto& p : cases) {
    SCOPED_TRACE(p.filename().string());
    std::vector<Dump> dumps;
    std::string err;
    ASSERT_TRUE(read_dumps(slurp(p.string() + ".oracle.txt"), dumps, err)) << err;
    ASSERT_EQ(dumps.size(), 1u);
    Diagnostics d;
    const auto c = f1::convert(slurp(p), d);
    std::vector<std::string> diffs;
    compare(dumps[0], c, diffs, &stats);
    for (const auto& x : diffs) ADD_FAILURE() << p.filename().string() << ": " << x;
  }
  EXPECT_EQ(stats.positions, stats.positions_exact) << "positions not bit-exact";
}

TEST(F1Oracle, CorpusGenFiles) {
  GENOKIT_REQUIRE_CORPUS();
  std::size_t f1_genotypes = 0;
  std::set<std::string> distinct;
  CompareStats stats;
  std::vector<fs::path> files;
  for (auto& e : fs::recursive_directory_iterator(framsticks()))
    if (e.is_regular_file() && e.path().extension() == ".gen") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  for (const auto& path : files) {
    const std::string rel = fs::relative(path, framsticks()).generic_string();
    if (rel.rfind("oracle-sdk-r909/", 0) == 0) continue;
    std::string name = rel;
    std::replace(name.begin(), name.end(), '/', '_');
    const fs::path oracle = oracle_dir() / (name + ".oracle.txt");
    if (!fs::exists(oracle)) continue;
    SCOPED_TRACE(rel);
    std::vector<Dump> dumps;
    std::string err;
    ASSERT_TRUE(read_dumps(slurp(oracle), dumps, err)) << err;
    Diagnostics fd;
    auto doc = frams::load_file(path.string(), fd);
    std::vector<const frams::Object*> orgs;
    for (const auto& o : doc.objects)
      if (o.class_name == "org") orgs.push_back(&o);
    ASSERT_EQ(orgs.size(), dumps.size());
    for (std::size_t k = 0; k < orgs.size(); ++k) {
      if (dumps[k].format != "1") continue;
      ++f1_genotypes;
      const std::string_view g = orgs[k]->get("genotype");
      distinct.insert(std::string(g));
      Diagnostics d;
      const auto c = f1::convert(g, d);
      std::vector<std::string> diffs;
      compare(dumps[k], c, diffs, &stats);
      for (const auto& x : diffs)
        ADD_FAILURE() << rel << " genotype " << k << " (" << dumps[k].name << "): " << x;
    }
  }
  EXPECT_EQ(distinct.size(), 358u);
  EXPECT_GT(f1_genotypes, 358u);
  EXPECT_EQ(stats.positions, stats.positions_exact) << "positions not bit-exact";
  std::cout << "f1 genotypes compared: " << f1_genotypes << " (" << distinct.size()
            << " distinct), positions " << stats.positions << " (" << stats.positions_exact
            << " bit-exact)\n";
}
