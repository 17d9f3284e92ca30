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
