// Every f0 genotype of the corpus and every f0 probe against the SDK r909 reference dumps.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "common/cli_run.hpp"
#include "common/test_paths.hpp"
#include "genokit/f0/parser.hpp"
#include "genokit/frams/document.hpp"
#include "oracle.hpp"
#include "oracle_compare.hpp"

namespace fs = std::filesystem;
using namespace genokit;
using namespace genokit::f0::test;

namespace {

using genokit::test::slurp;

fs::path framsticks() {
  return genokit::test::corpus_dir() / "framsticks";
}
fs::path oracle_dir() {
  return framsticks() / "oracle-sdk-r909";
}

std::vector<fs::path> sorted(fs::path dir, const std::string& ext, bool recursive) {
  std::vector<fs::path> out;
  if (recursive) {
    for (auto& e : fs::recursive_directory_iterator(dir))
      if (e.is_regular_file() && e.path().extension() == ext) out.push_back(e.path());
  } else {
    for (auto& e : fs::directory_iterator(dir))
      if (e.is_regular_file() && e.path().extension() == ext) out.push_back(e.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

TEST(F0Corpus, ProbesMatchOracle) {
  GENOKIT_REQUIRE_CORPUS();
  const auto probes = sorted(oracle_dir() / "probes" / "f0", ".f0", false);
  ASSERT_GE(probes.size(), 60u);
  std::size_t documented = 0;
  for (const auto& p : probes) {
    SCOPED_TRACE(p.filename().string());
    OracleFile of;
    std::string err;
    ASSERT_TRUE(parse_oracle(slurp(p.string() + ".oracle.txt"), of, err)) << err;
    ASSERT_EQ(of.genotypes.size(), 1u);
    Diagnostics d;
    const std::string text = slurp(p);
    auto m = f0::parse(text, d);
    std::vector<std::string> diffs;
    compare_with_oracle(of.genotypes[0], m, d, diffs);
    documented += is_documented_difference(of.genotypes[0], d);
    for (const auto& x : diffs) ADD_FAILURE() << p.filename().string() << ": " << x;
  }
  EXPECT_EQ(documented, 0u);  // no verdict differs from the SDK's (delta_order.f0 agrees since #26)
}

TEST(F0Corpus, GenFilesMatchOracle) {
  GENOKIT_REQUIRE_CORPUS();
  std::size_t files = 0, f0_genotypes = 0, other = 0;
  for (const auto& path : sorted(framsticks(), ".gen", true)) {
    const std::string rel = fs::relative(path, framsticks()).generic_string();
    if (rel.rfind("oracle-sdk-r909/", 0) == 0) continue;
    std::string name = rel;
    std::replace(name.begin(), name.end(), '/', '_');
    const fs::path oracle = oracle_dir() / (name + ".oracle.txt");
    if (!fs::exists(oracle)) continue;
    SCOPED_TRACE(rel);
    ++files;
    OracleFile of;
    std::string err;
    ASSERT_TRUE(parse_oracle(slurp(oracle), of, err)) << err;
    Diagnostics fd;
    auto doc = frams::load_file(path.string(), fd);
    std::vector<const frams::Object*> orgs;
    for (const auto& o : doc.objects)
      if (o.class_name == "org") orgs.push_back(&o);
    ASSERT_EQ(orgs.size(), of.genotypes.size());
    for (std::size_t k = 0; k < orgs.size(); ++k) {
      const auto& og = of.genotypes[k];
      if (og.format != "0") {
        ++other;
        continue;
      }
      ++f0_genotypes;
      Diagnostics d;
      auto m = f0::parse(orgs[k]->get("genotype"), d);
      std::vector<std::string> diffs;
      compare_with_oracle(og, m, d, diffs);
      for (const auto& x : diffs) ADD_FAILURE() << rel << " genotype " << k << " (" << og.name << "): " << x;
    }
  }
  EXPECT_EQ(files, 37u);
  EXPECT_GT(f0_genotypes, 150u);
  RecordProperty("f0_genotypes", static_cast<int>(f0_genotypes));
}
