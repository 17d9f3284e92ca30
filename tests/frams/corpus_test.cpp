// Corpus-wide checks over corpus/framsticks/ (distribution, user files, SDK tests, framspy .sim):
// zero errors, the SDK's loader warnings for every .gen file with an oracle, byte-identical
// lossless round trip, idempotent canonical output that keeps every value.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "common/cli_run.hpp"
#include "common/test_paths.hpp"
#include "genokit/frams/document.hpp"
#include "genokit/frams/schema.hpp"

namespace genokit::frams {
namespace {

namespace fs = std::filesystem;

using genokit::test::slurp;

fs::path frams_dir() {
  return test::corpus_dir() / "framsticks";
}

std::vector<fs::path> corpus_files() {
  std::vector<fs::path> out;
  for (const char* sub : {"framsticks-distribution", "user-files", "sdk-tests", "framspy-sim"})
    for (const auto& e : fs::recursive_directory_iterator(frams_dir() / sub))
      if (e.is_regular_file()) out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

std::string rel(const fs::path& p) {
  return fs::relative(p, frams_dir()).generic_string();
}

bool is_gen(const fs::path& p) {
  return p.extension() == ".gen";
}

TEST(FramsCorpus, EveryFileLoadsWithoutErrors) {
  GENOKIT_REQUIRE_CORPUS();
  auto files = corpus_files();
  ASSERT_GT(files.size(), 150u);
  for (const auto& p : files) {
    LoadOptions opt;
    opt.schema = is_gen(p) ? &genotype_loader_schema() : &builtin_schema();
    Diagnostics diags;
    Document doc = load_file(p.string(), diags, opt);
    std::string errs;
    for (const auto& d : diags.items())
      if (d.severity == Severity::error) errs += format_gcc(d) + "\n";
    EXPECT_EQ(diags.error_count(), 0u) << rel(p) << "\n" << errs;
    // prop:/property: definitions are valid too
    Diagnostics pd;
    props_from_document(doc, "x", pd);
    EXPECT_EQ(pd.error_count(), 0u) << rel(p) << (pd.items().empty() ? "" : format_gcc(pd.items()[0]));
  }
}

// The SDK's GenotypeMiniLoader warnings (oracle "loader_messages:") for every corpus .gen file.
TEST(FramsCorpus, GenWarningsMatchSdk) {
  GENOKIT_REQUIRE_CORPUS();
  std::size_t compared = 0;
  for (const auto& p : corpus_files()) {
    if (!is_gen(p)) continue;
    std::string oracle_name = rel(p);
    std::replace(oracle_name.begin(), oracle_name.end(), '/', '_');
    fs::path oracle = frams_dir() / "oracle-sdk-r909" / (oracle_name + ".oracle.txt");
    if (!fs::exists(oracle)) continue;
    std::string text = slurp(oracle);
    text.insert(0, "\n");
    std::size_t at = text.rfind("\nloader_messages: ");
    ASSERT_NE(at, std::string::npos) << oracle;
    std::vector<std::string> expected;
    std::istringstream in(text.substr(at + 1));
    std::string line;
    std::getline(in, line);
    while (std::getline(in, line)) {
      std::size_t c = line.find(": ");
      if (c != std::string::npos) expected.push_back(line.substr(c + 2));
    }
    LoadOptions opt;
    opt.schema = &genotype_loader_schema();
    Diagnostics diags;
    load_file(p.string(), diags, opt);
    std::vector<std::string> got;
    for (const auto& d : diags.items()) got.push_back(d.message);
    EXPECT_EQ(got, expected) << rel(p);
    ++compared;
  }
  EXPECT_EQ(compared, 37u);
}

TEST(FramsCorpus, LosslessRoundTripIsByteIdentical) {
  GENOKIT_REQUIRE_CORPUS();
  for (const auto& p : corpus_files()) {
    Diagnostics diags;
    Document doc = load_file(p.string(), diags);
    EXPECT_EQ(write_lossless(doc), slurp(p)) << rel(p);
  }
}

TEST(FramsCorpus, CanonicalIsIdempotentAndKeepsValues) {
  GENOKIT_REQUIRE_CORPUS();
  for (const auto& p : corpus_files()) {
    Diagnostics d1, d2, d3;
    LoadOptions opt;
    opt.includes = LoadOptions::Includes::forbid;
    Document doc = load_file(p.string(), d1, opt);
    std::string c1 = write_canonical(doc);
    Document again = parse(c1, "c1", d2);
    std::string c2 = write_canonical(again);
    EXPECT_EQ(c1, c2) << rel(p);
    EXPECT_EQ(d2.error_count(), 0u) << rel(p);
    // same objects and values (duplicates collapsed to the last one)
    ASSERT_EQ(again.objects.size(), doc.objects.size()) << rel(p);
    for (std::size_t i = 0; i < doc.objects.size(); ++i) {
      const Object& a = doc.objects[i];
      const Object& b = again.objects[i];
      EXPECT_EQ(a.class_name, b.class_name);
      for (const Field& f : a.fields) {
        const Field* g = b.find(f.key);
        ASSERT_NE(g, nullptr) << rel(p) << " " << f.key;
        EXPECT_EQ(g->value, a.find(f.key)->value) << rel(p) << " " << a.class_name << "." << f.key;
      }
    }
  }
}

}  // namespace
}  // namespace genokit::frams
