// The fast path of xode::load in the PyODE modes (src/xode/fast_tree.cpp, fast_load.cpp): what
// the scan accepts, pugixml reads into the same elements, attributes and trailing comments, and
// loads through it give the same scene, diagnostics and (lazily parsed) document as the usual
// read_document + build_scene.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "common/cli_run.hpp"
#include "common/test_paths.hpp"
#include "genokit/xode/load.hpp"
#include "xode/build_common.hpp"
#include "xode/document_data.hpp"
#include "xode/fast_tree.hpp"
#include "xode/pugi_view.hpp"
#include "xode/tree_dump.hpp"

namespace fs = std::filesystem;
using namespace genokit;
using namespace genokit::xode;

namespace {

std::size_t count_elements(pv::Node e) {
  std::size_t n = 1;
  for (pv::Node c = pv::first_element(e); c; c = pv::next_element(c)) n += count_elements(c);
  return n;
}

// The scan accepts `text`: pugixml must read it as well, into the same tree.
void expect_like_pugixml(const std::string& text) {
  SCOPED_TRACE(text.substr(0, 200));
  FastTree t;
  ASSERT_TRUE(t.scan(text, 256, 5'000'000));
  pugi::xml_document d;
  ASSERT_TRUE(d.load_buffer(text.data(), text.size(), kParseFlags, pugi::encoding_utf8));
  pugi::xml_node root = d.document_element();
  ASSERT_TRUE(root);
  EXPECT_EQ(dump_tree(t.root()), dump_tree(root.internal_object()));
  EXPECT_EQ(t.element_count(), count_elements(root.internal_object()));
  EXPECT_EQ(t.size(), text.size());
  // Offsets: the name of the root sits just after its '<'.
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(pv::name(t.root())) - t.buffer() - 1, text.find("<xode"));
}

}  // namespace

TEST(XodeFastTree, AcceptsWhatPugixmlReadsTheSameWay) {
  const char* cases[] = {
      "<xode version=\"1.0r22\"></xode>",
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xode version=\"1.0r22\">\n</xode>\n",
      "<?xml version='1.0'?><!-- a --><!---->\n<xode a='1' b=\"2\"><world/></xode>",
      "<xode\n version = \"1\"\n\tname='n'><world><space><body name=\"b\"><transform><position x=\"1\" "
      "y=\"-2.5\" z=\"3e2\"/></transform></body></space></world></xode>",
      "<xode v=\"a'b\" w='c\"d' x=\"gt\" y=\"1>2\"><a/><!-- inner -- comment --><b></b ></xode >",
      "<xode><_a:b.c-d e:f=\"\"/></xode><!--odeenvironment parameters\n<passpairs>\n('a', 'b')\n<end>\n-->"
      "\n<!--second-->\n",
  };
  for (const char* c : cases) expect_like_pugixml(c);
}

TEST(XodeFastTree, RefusesEverythingOutsideTheSubset) {
  const char* cases[] = {
      "",
      "<world/>",
      "<xode/>",
      "<xode version=\"1\"/><world/></xode>",
      "<xodex></xodex>",
      "<xode>text</xode>",
      "<xode a=\"&amp;\"></xode>",
      "<xode a=\"1\r\"></xode>",
      "<xode>\r\n</xode>",
      "<xode a=\"x\ty\"></xode>",
      "<xode a=\"x\ny\"></xode>",
      "<xode a=\"\xC3\xA9\"></xode>",
      "<xode><!-- \xC3\xA9 --></xode>",
      "<xode><\xC3\xA9/></xode>",
      "<xode><![CDATA[x]]></xode>",
      "<xode><?pi x?></xode>",
      "<!DOCTYPE xode><xode></xode>",
      "<xode></xod>",
      "<xode></xodee>",
      "<xode><a></b></xode>",
      "<xode><a>",
      "<xode>",
      "<xode></xode><xode></xode>",
      "<xode></xode>junk",
      "<xode></xode><?pi?>",
      " <?xml version=\"1.0\"?><xode></xode>",
      "<?xml version=\"1>0\"?><xode></xode>",
      "<?xml version=\"1.0\"><xode></xode>",
      "<?xml version=\"1.0\"encoding=\"x\"?><xode></xode>",
      "<xode a=\"1\"b=\"2\"></xode>",
      "<xode a></xode>",
      "<xode a=1></xode>",
      "<xode a=\"1></xode>",
      "<xode/ >",
      "<xode><a/ ></xode>",
      "<xode><!- x --></xode>",
      "<xode><!-- x -></xode>",
      "<xode></xode><!-- x",
  };
  for (const char* c : cases) {
    SCOPED_TRACE(c);
    FastTree t;
    EXPECT_FALSE(t.scan(c, 256, 5'000'000));
  }
  // A NUL byte, and the reader's limits.
  FastTree t;
  EXPECT_FALSE(t.scan(std::string("<xode>\0</xode>", 14), 256, 100));
  EXPECT_FALSE(t.scan("<xode><a><b/></a></xode>", 2, 100));
  EXPECT_TRUE(t.scan("<xode><a><b/></a></xode>", 3, 100));
  EXPECT_FALSE(t.scan("<xode><a/><b/></xode>", 256, 2));
  EXPECT_TRUE(t.scan("<xode><a/><b/></xode>", 256, 3));
}

namespace {

struct LoadRun {
  Loaded l;
  Diagnostics d;
  bool ok = false;
};
// xode::load (the fast path when it applies).
void fast(const std::string& bytes, Compat c, LoadRun& r) {
  LoadOptions lo;
  lo.compat = c;
  lo.lenient = true;
  lo.file = "f.xode";
  r.ok = load(bytes, lo, r.l, r.d);
}
// read_document + build_scene: the usual path.
void usual(const std::string& bytes, Compat c, LoadRun& r) {
  ReadOptions ro;
  ro.lenient = true;
  ro.file = "f.xode";
  r.l.read_ok = read_document(bytes, ro, r.l.doc, r.d);
  if (!r.l.read_ok || r.d.error_count() != 0) return;
  BuildOptions bo;
  bo.compat = c;
  r.l.scene_ok = build_scene(r.l.doc, bo, r.l.scene, r.d) && r.d.error_count() == 0;
  r.ok = r.l.scene_ok;
}
std::string diags_text(const Diagnostics& d) {
  std::string s;
  for (const auto& x : d.items())
    s += x.where.file + ":" + std::to_string(x.where.line) + ":" + std::to_string(x.where.column) + " " +
         x.code + " " + x.message + "\n";
  return s;
}
void expect_same_load(const std::string& bytes, Compat c) {
  LoadRun a, b;
  fast(bytes, c, a);
  usual(bytes, c, b);
  EXPECT_EQ(a.ok, b.ok);
  EXPECT_EQ(a.l.read_ok, b.l.read_ok);
  EXPECT_EQ(diags_text(a.d), diags_text(b.d));
  EXPECT_EQ(scene_json(a.l.scene).dump(), scene_json(b.l.scene).dump());
  // The document: parsed on first use, the same as read_document's.
  EXPECT_EQ(a.l.doc.text(), b.l.doc.text());
  EXPECT_EQ(a.l.doc.had_bom, b.l.doc.had_bom);
  EXPECT_EQ(a.l.doc.declared_encoding, b.l.doc.declared_encoding);
  if (b.l.read_ok) {
    EXPECT_EQ(write_document(a.l.doc), write_document(b.l.doc));
  }
  EXPECT_EQ(document_info(a.l.doc).dump(), document_info(b.l.doc).dump());
}

}  // namespace

TEST(XodeFastLoad, SameSceneDiagnosticsAndDocumentAsTheUsualPath) {
  const std::string body =
      "<xode version=\"1.0r22\">\n<world>\n  <space>\n    <body name=\"b\">\n      <transform><position "
      "x=\"0\" y=\"1\" z=\"0\"/></transform>\n      <mass><mass_shape density=\"1\"><box sizex=\"1\" "
      "sizey=\"1\" sizez=\"1\"/></mass_shape></mass>\n      <geom><sphere radius=\"0.5\"/></geom>\n    "
      "</body>\n  </space>\n</world>\n</xode>\n<!--odeenvironment "
      "parameters\n<affixToEnvironment>\nb\n<end>\n-->\n";
  for (Compat c : {Compat::pyode, Compat::pybrain}) {
    SCOPED_TRACE(std::string(to_string(c)));
    expect_same_load(body, c);
    expect_same_load("\xEF\xBB\xBF<?xml version=\"1.0\"?>\n" + body, c);  // BOM: the same note
    // Errors raised by the builder are located the same way (line 4, the <body>).
    std::string bad = body;
    bad.replace(bad.find("radius=\"0.5\""), 12, "radius=\"x\"");
    expect_same_load(bad, c);
    std::string missing = body;
    missing.replace(missing.find(" y=\"1\""), 6, "");
    expect_same_load(missing, c);
    // Outside the subset: the usual path, with its diagnostics.
    expect_same_load("<world><space/></world>", c);
    expect_same_load(body.substr(0, body.size() - 40), c);
  }
  LoadRun r;
  fast(body, Compat::pybrain, r);
  ASSERT_TRUE(r.ok);
  EXPECT_TRUE(r.l.doc.data().dom_pending == false);  // data() parsed it
  EXPECT_EQ(r.l.doc.root().name(), "xode");
  ASSERT_EQ(r.l.scene.joints.size(), 1u);  // the PyBrain affix joint from the trailing comment
}

TEST(XodeFastLoad, EveryCorpusFileLoadsAsOnTheUsualPath) {
  GENOKIT_REQUIRE_CORPUS();
  std::size_t files = 0, fast_ones = 0;
  for (const auto& e : fs::recursive_directory_iterator(test::corpus_dir() / "xode")) {
    if (!e.is_regular_file()) continue;
    const auto ext = e.path().extension();
    if (ext != ".xode" && ext != ".xml") continue;
    SCOPED_TRACE(e.path().string());
    std::string bytes = test::slurp(e.path());
    for (Compat c : {Compat::pyode, Compat::pybrain}) expect_same_load(bytes, c);
    std::string_view body = bytes;
    if (body.substr(0, 3) == "\xEF\xBB\xBF") body.remove_prefix(3);
    FastTree t;
    if (t.scan(body, 256, 5'000'000)) {
      ++fast_ones;
      expect_like_pugixml(std::string(body));
    }
    ++files;
  }
  EXPECT_GT(files, 40u);
  // Every PyBrain model takes the fast path (the benchmark's files).
  for (const auto& e : fs::directory_iterator(test::corpus_dir() / "xode" / "pybrain")) {
    std::string bytes = test::slurp(e.path());
    std::string_view body = bytes;
    if (body.substr(0, 3) == "\xEF\xBB\xBF") body.remove_prefix(3);
    FastTree t;
    EXPECT_TRUE(t.scan(body, 256, 5'000'000)) << e.path();
  }
  EXPECT_GT(fast_ones, 14u);
}
