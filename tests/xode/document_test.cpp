// Reader, writer and +retain round trips.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>

#include "common/cli_run.hpp"
#include "common/test_paths.hpp"
#include "genokit/xode/document.hpp"

namespace fs = std::filesystem;
using namespace genokit;
using namespace genokit::xode;

namespace {

using genokit::test::slurp;

std::vector<fs::path> corpus_files() {
  std::vector<fs::path> out;
  for (const auto& e : fs::recursive_directory_iterator(genokit::test::corpus_dir() / "xode"))
    if (e.path().extension() == ".xode") out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

bool has_code(const Diagnostics& d, std::string_view code) {
  for (const auto& x : d.items())
    if (x.code == code) return true;
  return false;
}

// read_document into `doc` (left as it was when reading fails); true when it read.
bool read(std::string_view src, const ReadOptions& ro, Document& doc, Diagnostics& d) {
  auto r = read_document(src, d, ro);
  if (r) doc = std::move(*r);
  return r.has_value();
}

const Diagnostic* find(const Diagnostics& d, std::string_view code) {
  for (const auto& x : d.items())
    if (x.code == code) return &x;
  return nullptr;
}

void collect_ext(const XmlNode& n, std::vector<XmlNode>& out) {
  if (!n.is_element()) return;
  if (n.name() == "ext") {
    out.push_back(n);
    return;
  }
  for (XmlNode c : n.children()) collect_ext(c, out);
}

std::vector<XmlNode> elements_of(const XmlNode& n) {
  std::vector<XmlNode> out;
  for (XmlNode c : n.elements()) out.push_back(c);
  return out;
}

}  // namespace

TEST(XodeDocument, CorpusRoundTripIsLossless) {
  GENOKIT_REQUIRE_CORPUS();
  auto files = corpus_files();
  ASSERT_EQ(files.size(), 53u);
  for (const auto& f : files) {
    SCOPED_TRACE(f.string());
    std::string bytes = slurp(f);
    ReadOptions ro;
    ro.lenient = true;
    Document a, b;
    Diagnostics d1, d2;
    ASSERT_TRUE(read(bytes, ro, a, d1)) << (d1.items().empty() ? "" : format_gcc(d1.items()[0]));
    std::string text = write_document(a);
    ASSERT_TRUE(read(text, ro, b, d2)) << text;
    std::string why;
    EXPECT_TRUE(equal_documents(a, b, &why)) << why;
    EXPECT_EQ(write_document(b), text);  // canonical form is a fixed point
    std::vector<XmlNode> ea, eb;
    collect_ext(a.root(), ea);
    collect_ext(b.root(), eb);
    ASSERT_EQ(ea.size(), eb.size());
    for (std::size_t i = 0; i < ea.size(); ++i) {
      EXPECT_FALSE(ea[i].raw().empty());
      EXPECT_EQ(ea[i].raw(), eb[i].raw());                   // ext bytes identical after the round trip
      EXPECT_NE(text.find(ea[i].raw()), std::string::npos);  // and written verbatim
    }
  }
}

TEST(XodeDocument, KeepsCommentsUnknownAttributesAndTrailingContent) {
  std::string src =
      "<?xml version=\"1.0\"?>\n<!-- head -->\n<xode version=\"1.0r22\" custom=\"7\">\n"
      "  <world><!-- inside --><space>\n"
      "    <ext ename=\"foo\">  <bar  a='1'>text &amp; more</bar>\n</ext>\n"
      "    <body name=\"b\" zz=\"q\"/>\n"
      "  </space></world>\n</xode>\n<!--odeenvironment parameters\n<end>\n-->\n";
  Document d;
  Diagnostics diags;
  ASSERT_TRUE(read(src, {}, d, diags));
  EXPECT_EQ(d.prolog().size(), 1u);
  EXPECT_EQ(d.epilog().size(), 1u);
  std::string out = write_document(d);
  EXPECT_EQ(out,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<!-- head -->\n"
            "<xode version=\"1.0r22\" custom=\"7\">\n"
            "  <world>\n"
            "    <!-- inside -->\n"
            "    <space>\n"
            "      <ext ename=\"foo\">  <bar  a='1'>text &amp; more</bar>\n</ext>\n"
            "      <body name=\"b\" zz=\"q\"/>\n"
            "    </space>\n"
            "  </world>\n"
            "</xode>\n"
            "<!--odeenvironment parameters\n<end>\n-->\n");
}

TEST(XodeDocument, BuildsDocumentsFromCode) {
  Document d = new_document("demo");
  XmlNode space = d.root().add("world").add("space");
  XmlNode body = space.add("body").set("name", "ball");
  body.add("transform").add("position").set("x", 0.0).set("y", 2.5).set("z", 0.0);
  body.add("geom").add("sphere").set("radius", 0.5);
  body.add("mass").add("mass_shape").set("density", 1.0).add("sphere").set("radius", 0.5);
  space.add("geom").set("name", "floor").add("plane").set("a", 0.0).set("b", 1.0).set("c", 0.0).set("d", 0.0);
  EXPECT_EQ(write_document(d),
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<xode version=\"1.0r22\" name=\"demo\">\n"
            "  <world>\n"
            "    <space>\n"
            "      <body name=\"ball\">\n"
            "        <transform>\n"
            "          <position x=\"0\" y=\"2.5\" z=\"0\"/>\n"
            "        </transform>\n"
            "        <geom>\n"
            "          <sphere radius=\"0.5\"/>\n"
            "        </geom>\n"
            "        <mass>\n"
            "          <mass_shape density=\"1\">\n"
            "            <sphere radius=\"0.5\"/>\n"
            "          </mass_shape>\n"
            "        </mass>\n"
            "      </body>\n"
            "      <geom name=\"floor\">\n"
            "        <plane a=\"0\" b=\"1\" c=\"0\" d=\"0\"/>\n"
            "      </geom>\n"
            "    </space>\n"
            "  </world>\n"
            "</xode>\n");
}

TEST(XodeDocument, MalformedXmlHasLineAndColumn) {
  Document d;
  Diagnostics diags;
  EXPECT_FALSE(read("<xode version=\"1\">\n  <world>\n  </wrld>\n</xode>", {"f.xode"}, d, diags));
  const Diagnostic* e = find(diags, "xode.malformed-xml");
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->where.file, "f.xode");
  EXPECT_EQ(e->where.line, 3u);
}

TEST(XodeDocument, SelfClosedRootStrictAndLenient) {
  std::string src = "<xode version=\"1.0r22\"/>\n<world>\n<space/>\n</world>\n</xode>\n";
  Document d;
  Diagnostics strict;
  EXPECT_FALSE(read(src, {}, d, strict));
  ASSERT_TRUE(has_code(strict, "xode.malformed-xml"));
  EXPECT_NE(strict.items()[0].message.find("self-closed"), std::string::npos);
  Diagnostics lenient;
  ReadOptions ro;
  ro.lenient = true;
  ASSERT_TRUE(read(src, ro, d, lenient));
  EXPECT_FALSE(lenient.has_errors());
  EXPECT_TRUE(has_code(lenient, "xode.self-closed-root"));
  ASSERT_EQ(elements_of(d.root()).size(), 1u);
  EXPECT_EQ(elements_of(d.root())[0].name(), "world");
}

TEST(XodeDocument, SelfClosedRootWithoutClosingTag) {
  std::string src = "<xode version=\"1.0r22\"/>\n<world><space/></world>\n";
  Document d;
  Diagnostics strict;
  read(src, {}, d, strict);
  const Diagnostic* e = find(strict, "xode.content-after-root");
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->where.line, 2u);
  EXPECT_EQ(e->where.column, 1u);
  ReadOptions ro;
  ro.lenient = true;
  Diagnostics lenient;
  ASSERT_TRUE(read(src, ro, d, lenient));
  EXPECT_FALSE(lenient.has_errors());
  EXPECT_EQ(elements_of(d.root())[0].name(), "world");
}

TEST(XodeDocument, WorldRootIsWrappedInLenientMode) {
  std::string src = "<?xml version=\"1.0\"?>\n<world><space/></world>";
  Document d;
  Diagnostics strict;
  read(src, {}, d, strict);
  EXPECT_TRUE(has_code(strict, "xode.root-not-xode"));
  Diagnostics lenient;
  ReadOptions ro;
  ro.lenient = true;
  ASSERT_TRUE(read(src, ro, d, lenient));
  EXPECT_FALSE(lenient.has_errors());
  EXPECT_TRUE(has_code(lenient, "xode.world-root"));
  EXPECT_EQ(d.root().name(), "xode");
  EXPECT_EQ(elements_of(d.root())[0].name(), "world");
}

TEST(XodeDocument, BomAndLatin1) {
  Document d;
  Diagnostics diags;
  ASSERT_TRUE(read("\xEF\xBB\xBF<xode version=\"1\"/>", {}, d, diags));
  EXPECT_TRUE(d.had_bom);
  EXPECT_FALSE(diags.has_errors());
  // Declared ISO-8859-1: 0xE9 is 'é'.
  Diagnostics d2;
  ASSERT_TRUE(read("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><xode version=\"1\" name=\"caf\xE9\"/>",
                   {}, d, d2));
  EXPECT_EQ(d.root().attr_or("name", ""), "caf\xC3\xA9");
  // Undeclared Latin-1: an error unless lenient.
  Diagnostics d3;
  EXPECT_FALSE(read("<xode version=\"1\" name=\"caf\xE9\"/>", {}, d, d3));
  EXPECT_TRUE(has_code(d3, "xode.invalid-utf8"));
  Diagnostics d4;
  ReadOptions ro;
  ro.lenient = true;
  ASSERT_TRUE(read("<xode version=\"1\" name=\"caf\xE9\"/>", ro, d, d4));
  EXPECT_TRUE(has_code(d4, "xode.undeclared-latin1"));
  EXPECT_EQ(d.root().attr_or("name", ""), "caf\xC3\xA9");
}

TEST(XodeDocument, BillionLaughsIsNotExpanded) {
  std::string src = "<?xml version=\"1.0\"?>\n<!DOCTYPE xode [\n<!ENTITY lol \"lol\">\n";
  for (int i = 1; i < 10; ++i) {
    src += "<!ENTITY lol" + std::to_string(i) + " \"";
    for (int k = 0; k < 10; ++k) src += "&lol" + (i == 1 ? std::string() : std::to_string(i - 1)) + ";";
    src += "\">\n";
  }
  src += "]>\n<xode version=\"1\" name=\"&lol9;\"/>\n";
  Document d;
  Diagnostics diags;
  ASSERT_TRUE(read(src, {}, d, diags));
  EXPECT_TRUE(has_code(diags, "xode.doctype-entities"));
  EXPECT_LT(d.root().attr_or("name", "").size(), 100u);
}

TEST(XodeDocument, DeepNestingIsRejected) {
  std::string src = "<xode version=\"1\">";
  for (int i = 0; i < 100000; ++i) src += "<group>";
  for (int i = 0; i < 100000; ++i) src += "</group>";
  src += "</xode>";
  Document d;
  Diagnostics diags;
  EXPECT_FALSE(read(src, {}, d, diags));
  EXPECT_TRUE(has_code(diags, "xode.too-deep"));
}

TEST(XodeDocument, AttributeOffsetsPointAtTheAttribute) {
  Document d;
  Diagnostics diags;
  ASSERT_TRUE(read("<xode version=\"1\">\n  <world  name = 'w'/></xode>", {}, d, diags));
  XmlNode w = d.root().first_element();
  Location at = d.locate(d.attr_offset(w, "name"));
  EXPECT_EQ(at.line, 2u);
  EXPECT_EQ(at.column, 11u);
  EXPECT_EQ(d.locate(w).column, 3u);
  // Escaped values before it, an attribute split over lines, one added in code.
  ASSERT_TRUE(read("<xode version=\"1\">\n<world a='&amp;&lt;&#x41;'\n  b=\"\r\n\" name='w'/></xode>", {}, d, diags));
  w = d.root().first_element();
  at = d.locate(d.attr_offset(w, "name"));
  EXPECT_EQ(at.line, 4u);  // the value of b holds a line break
  EXPECT_EQ(at.column, 3u);
  EXPECT_EQ(d.locate(d.attr_offset(w, "b")).line, 3u);
  w.set("added", "1");
  EXPECT_EQ(d.attr_offset(w, "added"), w.offset());
  EXPECT_EQ(d.attr_offset(w, "missing"), w.offset());
}

TEST(XodeDocument, ExtSourceBytesEndWhereTheElementEnds) {
  const std::vector<std::string> exts = {
      "<ext name='a'/>",
      "<ext name='a' />",
      "<ext></ext>",
      "<ext name=\"q>/\">x</ext>",
      "<ext name='a'>text &amp; more</ext>",
      "<ext><!-- c > d --></ext >",
      "<ext><![CDATA[ <x> ]]></ext>",
      "<ext><?pi a > b?></ext>",
      "<ext><a><b c='>'/></a>\n  </ext>",
      "<ext><ext><x/></ext>\n</ext>",
      "<ext a='1'\n  b=\"2\" >\n<y/>\n</ext>",
  };
  for (const auto& e : exts) {
    SCOPED_TRACE(e);
    for (const std::string& src :
         {"<xode version='1'><world>" + e + "<space/></world></xode>",
          "<xode version='1'><world><space/>" + e + "\n</world>\n</xode> junk > text <!-- > -->",
          // read as content of a self-closed root, and as content of a wrapped <world> root
          "<xode version='1'/><world><space/>" + e + "</world><!-- > -->", "<world>" + e + "</world>"}) {
      Document d;
      Diagnostics diags;
      ReadOptions ro;
      ro.lenient = true;
      ASSERT_TRUE(read(src, ro, d, diags)) << src;
      std::vector<XmlNode> found;
      collect_ext(d.root(), found);
      ASSERT_EQ(found.size(), 1u) << src;
      EXPECT_EQ(found[0].raw(), e) << src;
    }
  }
}

TEST(XodeDocument, CommentsWithDoubleDashesRoundTrip) {
  // pugixml accepts "--" inside comments; the text is kept as read (found by the fuzzer).
  Document a, b;
  Diagnostics d;
  ASSERT_TRUE(read("<xode version='1'/><!--a <!--b-- c-->", {}, a, d));
  std::string text = write_document(a);
  EXPECT_NE(text.find("<!--a <!--b-- c-->"), std::string::npos);
  ASSERT_TRUE(read(text, {}, b, d));
  EXPECT_TRUE(equal_documents(a, b));
  Document c = new_document();
  XmlNode n = c.root().add("x");
  n.add_comment("ends -->");
  EXPECT_EQ(write_node(n), "<x>\n  <!--ends - ->-->\n</x>\n");
}

TEST(XodeDocument, EditingAnExtDropsItsVerbatimBytes) {
  const std::string src = "<xode version='1'><ext name='a'> <x  y='1'/></ext><ext name='b'><x/></ext></xode>";
  Document d;
  Diagnostics diags;
  ASSERT_TRUE(read(src, {}, d, diags));
  std::vector<XmlNode> ext = elements_of(d.root());
  ASSERT_EQ(ext.size(), 2u);
  EXPECT_EQ(ext[0].raw(), "<ext name='a'> <x  y='1'/></ext>");
  EXPECT_EQ(ext[1].raw(), "<ext name='b'><x/></ext>");
  ext[0].first_element().set("y", "2");  // an edit inside the first <ext>
  ext[1].set("name", "c");               // and on the second
  EXPECT_TRUE(ext[0].raw().empty());
  EXPECT_TRUE(ext[1].raw().empty());
  EXPECT_EQ(write_document(d, {2, false}),
            "<xode version=\"1\">\n  <ext name=\"a\">\n    <x y=\"2\"/>\n  </ext>\n"
            "  <ext name=\"c\">\n    <x/>\n  </ext>\n</xode>\n");
}

TEST(XodeDocument, HandlesStayValidWhenTheDocumentMoves) {
  Document a;
  Diagnostics diags;
  ASSERT_TRUE(read("<xode version='1'>\n<world name='w'/></xode>", {}, a, diags));
  XmlNode w = a.root().first_element();
  Document b = std::move(a);
  EXPECT_EQ(w.attr_or("name", ""), "w");
  EXPECT_EQ(b.locate(w).line, 2u);
  EXPECT_EQ(b.root().child("world"), w);
  EXPECT_FALSE(b.root().child("space"));
}

TEST(XodeDocument, WrappedWorldRootKeepsTheWorldsLocation) {
  Document d;
  Diagnostics diags;
  ReadOptions ro;
  ro.lenient = true;
  ASSERT_TRUE(read("<!-- c -->\n  <world/>", ro, d, diags));
  ASSERT_EQ(d.root().name(), "xode");
  EXPECT_EQ(d.root().attr_or("version", ""), "1.0r22");
  Location at = d.locate(d.root());
  EXPECT_EQ(at.line, 2u);
  EXPECT_EQ(at.column, 3u);
  EXPECT_EQ(d.prolog().size(), 1u);
}

TEST(XodeDocument, DeclarationsAreChecked) {
  // pugixml rewrites the '?' of the first "?>" and ends a malformed declaration at "/>" (found by
  // the fuzzer: the <ext> bytes then differed from the tree), so such files are rejected.
  Document d;
  Diagnostics diags;
  EXPECT_FALSE(
      read("<?xml version='1.0'/>\n<xode version='1'><ext name='e'><a>?></a></ext></xode>", {}, d, diags));
  const Diagnostic* e = find(diags, "xode.malformed-xml");
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->message, "the file is not well-formed XML: the XML declaration does not end with ?>");
  EXPECT_EQ(e->where.column, 21u);  // the ">" of "/>"
  Diagnostics late;
  EXPECT_FALSE(read("<!-- c --><?xml version='1.0'?><xode version='1'/>", {}, d, late));
  EXPECT_TRUE(has_code(late, "xode.malformed-xml"));
  Document ok;
  Diagnostics fine;
  ASSERT_TRUE(read("\n<?xml version='1.0'?>\n<xode version='1'><ext name='e'><a>?&gt;</a></ext></xode>", {},
                   ok, fine));
  EXPECT_EQ(elements_of(ok.root())[0].raw(), "<ext name='e'><a>?&gt;</a></ext>");
}

TEST(XodeDocument, SelfClosedRootIsRepairedOnlyWhenNeeded) {
  // "</xode" in a comment after a self-closed root is no reason to open the root (fuzzer).
  ReadOptions ro;
  ro.lenient = true;
  Document d;
  Diagnostics diags;
  ASSERT_TRUE(read("<xode version='1'/><!-- </xode> -->", ro, d, diags));
  EXPECT_FALSE(has_code(diags, "xode.self-closed-root"));
  EXPECT_TRUE(d.repairs.empty());
  Document again;
  ASSERT_TRUE(read(write_document(d), ro, again, diags));
  EXPECT_TRUE(equal_documents(d, again));
}
