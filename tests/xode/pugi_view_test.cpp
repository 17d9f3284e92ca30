// pugi_view.hpp reads pugixml's node structs directly: with Debian's pugixml the layout check
// passes (the fast path is on), and the direct reads equal the API's on every corpus tree, on
// trees changed by lenient repairs and on documents built in code.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "common/test_paths.hpp"
#include "genokit/xode/document.hpp"
#include "xode/document_data.hpp"
#include "xode/pugi_view.hpp"

namespace fs = std::filesystem;
using namespace genokit;
using namespace genokit::xode;

namespace {

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Every node and attribute of the subtree, read both ways; returns the number of nodes compared.
std::size_t compare_tree(pugi::xml_node n) {
  pv::Node p = n.internal_object();
  EXPECT_EQ(pv::first_child(p), n.first_child().internal_object());
  EXPECT_EQ(pv::next_sibling(p), n.next_sibling().internal_object());
  EXPECT_EQ(pv::parent(p), n.parent().internal_object());
  EXPECT_EQ(pv::type(p), n.type());
  EXPECT_STREQ(pv::name(p), n.name());
  EXPECT_STREQ(pv::value(p), n.value());
  EXPECT_EQ(pv::first_attribute(p), n.first_attribute().internal_object());
  for (pugi::xml_attribute a = n.first_attribute(); a; a = a.next_attribute()) {
    pv::Attr q = a.internal_object();
    EXPECT_STREQ(pv::name(q), a.name());
    EXPECT_STREQ(pv::value(q), a.value());
    EXPECT_EQ(pv::next_attribute(q), a.next_attribute().internal_object());
  }
  std::size_t count = 1;
  for (pugi::xml_node c = n.first_child(); c; c = c.next_sibling()) count += compare_tree(c);
  return count;
}

}  // namespace

TEST(PugiView, DirectReadsAreOnWithThisPugixml) {
  // Off would still be correct (every read through the API) but slow: worth knowing.
  EXPECT_TRUE(pv::detail::kDirect) << "pugixml's node layout differs from pugi_view.hpp's";
}

TEST(PugiView, DirectReadsEqualTheApiOnCorpusAndRepairedTrees) {
  GENOKIT_REQUIRE_CORPUS();
  std::size_t nodes = 0;
  for (const auto& e : fs::recursive_directory_iterator(test::corpus_dir() / "xode")) {
    if (e.path().extension() != ".xode") continue;
    SCOPED_TRACE(e.path().string());
    Document d;
    Diagnostics diags;
    ReadOptions ro;
    ro.lenient = true;  // also the repaired trees (<world> roots wrapped, content moved in)
    if (!read_document(slurp(e.path()), ro, d, diags)) continue;
    nodes += compare_tree(d.data().dom);
  }
  EXPECT_GT(nodes, 1000u);
}

TEST(PugiView, DirectReadsEqualTheApiOnDocumentsBuiltInCode) {
  Document d = new_document("built");
  XmlNode body = d.root().add("world").add("space").add("body").set("name", "b");
  body.add("mass").add("mass_shape").set("density", 2.5).add("sphere").set("radius", 1.0);
  body.add_comment("made in code");
  EXPECT_GT(compare_tree(d.data().dom), 5u);
}
