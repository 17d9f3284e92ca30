// docs/f0.md carries the tables generated from the data; the lint layer's warnings.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "common/test_paths.hpp"
#include "genokit/f0/docs.hpp"
#include "genokit/f0/json.hpp"
#include "genokit/f0/parser.hpp"

using namespace genokit;

TEST(F0Docs, TablesInTheDocumentMatchTheData) {
  const auto path = test::source_dir() / "docs" / "f0.md";
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string doc = ss.str();
  if (std::getenv("GENOKIT_PRINT_F0_TABLES"))
    std::cout << f0::property_tables_markdown() << "\n" << f0::neuron_classes_markdown();
  EXPECT_NE(doc.find(f0::property_tables_markdown()), std::string::npos)
      << "regenerate the tables in docs/f0.md";
  EXPECT_NE(doc.find(f0::neuron_classes_markdown()), std::string::npos)
      << "regenerate the tables in docs/f0.md";
}

TEST(F0Docs, SchemaDescribesTheJson) {
  const auto s = nlohmann::json::parse(f0::json_schema());
  EXPECT_EQ(s["properties"]["parts"]["items"]["properties"]["dn"]["type"][0], "number");
  EXPECT_EQ(s["properties"]["joints"]["items"]["properties"]["p1"]["type"][0], "integer");
  Diagnostics d;
  const auto j = nlohmann::json::parse(f0::to_json(f0::parse("//0\np:\np:1\nj:0,1", d)));
  for (const auto& [k, v] : j["parts"][0].items())
    EXPECT_TRUE(s["properties"]["parts"]["items"]["properties"].contains(k)) << k;
}

namespace {
std::vector<std::string> lint_codes(const std::string& body) {
  Diagnostics d;
  f0::parse("//0\n" + body, d);
  std::vector<std::string> out;
  for (const auto& x : d.items()) out.push_back(x.code);
  return out;
}
}  // namespace

TEST(F0Lint, WarnsAboutWhatTheSdkLetsThrough) {
  using V = std::vector<std::string>;
  EXPECT_EQ(lint_codes("p:\nn:d=Foo"), V{"f0.unknown-neuron-class"});
  EXPECT_EQ(lint_codes("p:\nn:d=\"N:in=5,zz=3\""),
            (V{"f0.neuron-property-range", "f0.unknown-neuron-property"}));
  EXPECT_EQ(lint_codes("p:\nn:d=\"N:in=x\""), V{"f0.bad-neuron-property"});
  EXPECT_EQ(lint_codes("p:\np:1\nj:0,1\nn:p=0,d=|\nn:d=*\nc:0,1"), V{"f0.neuron-placement"});
  EXPECT_EQ(lint_codes("p:\np:1\nj:0,1\nn:p=0,d=G"), V{"f0.neuron-placement"});
  EXPECT_EQ(lint_codes("p:\np:1\nj:0,1\nn:j=0,d=|"), V{"f0.input-count"});
  EXPECT_EQ(lint_codes("p:\nn:\nc:0,0"), V{"f0.self-connection"});
  EXPECT_EQ(lint_codes("p:\nn:\nn:\nc:0,1\nc:0,1"), V{"f0.duplicate-connection"});
  EXPECT_EQ(lint_codes("p:inf"), V{"f0.non-finite"});
  EXPECT_EQ(lint_codes("p:\np:\nj:0,1"), V{"f0.overlapping-parts"});
  EXPECT_EQ(lint_codes("p:\np:1\nj:0,1\nn:j=0,d=\"|:p=0.5,r=1\"\nn:d=Sin\nc:0,1\nc:1,0"), V{});
}

// Duplicate connections between neurons numbered 64 and more (found by sorting every pair rather
// than by a bit per pair) come in the same order as the others.
TEST(F0Lint, DuplicatesBetweenHighNeuronNumbers) {
  std::string g = "//0\np:\n";
  for (int i = 0; i < 70; ++i) g += "n:p=0\n";
  g += "c:65,66\nc:2,1\nc:65,66\nc:66,65\nc:2,1\nc:65,66\nc:69,0\n";
  Diagnostics d;
  f0::parse(g, d);
  std::vector<std::pair<std::string, std::uint32_t>> got;
  for (const auto& x : d.items())
    if (x.code == "f0.duplicate-connection") got.emplace_back(x.message, x.where.line);
  const std::vector<std::pair<std::string, std::uint32_t>> want = {
      {"Neuron #2 receives input from Neuron #1 more than once", 77},
      {"Neuron #65 receives input from Neuron #66 more than once", 75},
      {"Neuron #65 receives input from Neuron #66 more than once", 78},
  };
  EXPECT_EQ(got, want);
}

// Duplicate connections are reported by (target, source), each after its first occurrence, and
// coincident parts in the order of their x coordinate (the later part of each pair named), with
// few elements (compared pairwise first) and with more than 64 (always sorted).
TEST(F0Lint, DuplicatesAndOverlapsInOrder) {
  for (const int extra : {0, 70}) {
    std::string g = "p:5\np:1\np:5\np:3\np:1\np:0,0,1\n";  // parts 2=0 (x 5) and 4=1 (x 1) overlap
    for (int i = 0; i < extra; ++i) g += "p:" + std::to_string(10 + i) + "\n";
    g += "j:0,1\nj:1,2\nj:2,3\nj:3,4\nj:4,5\n";
    for (int i = 0; i < 4; ++i) g += "n:j=" + std::to_string(i) + ",d=|\n";
    g += "c:2,1\nc:0,3\nc:2,1\nc:0,3\nc:1,2\nc:2,1\n";  // (2,1) three times, (0,3) twice
    for (int i = 0; i < extra; ++i) g += "c:3," + std::to_string(i % 3) + "," + std::to_string(i) + "\n";
    Diagnostics d;
    f0::parse("//0\n" + g, d);
    std::vector<std::string> got;
    for (const auto& x : d.items())
      if (x.code == "f0.duplicate-connection" || x.code == "f0.overlapping-parts") got.push_back(x.message);
    std::vector<std::string> want = {
        "Neuron #0 receives input from Neuron #3 more than once",
        "Neuron #2 receives input from Neuron #1 more than once",
        "Neuron #2 receives input from Neuron #1 more than once",
    };
    if (extra) {  // c:3,k for k = 0, 1, 2 repeat: 70 connections, 67 repeats, after (2,1)
      for (int k = 0; k < 3; ++k)
        for (int i = k + 3; i < extra; i += 3)
          want.push_back("Neuron #3 receives input from Neuron #" + std::to_string(k) + " more than once");
    }
    want.push_back("Part #4 is at the same place as Part #1");
    want.push_back("Part #2 is at the same place as Part #0");
    EXPECT_EQ(got, want) << extra;
  }
}
