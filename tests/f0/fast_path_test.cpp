// The parser reads plain fields of lines that end with '\n' on a fast path and everything else on
// the general path. Two differential tests: (1) a quoted number always takes the general path
// ("1.5" -> unquote -> strict number), so a genotype and its copy with every number quoted must
// give bit-identical models and the same diagnostics (codes, lines and messages; columns move with
// the added quotes); (2) a last line without '\n' always takes the general path, so every line
// must give the same model and exactly the same diagnostics with and without its '\n'.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "genokit/f0/parser.hpp"

namespace genokit::f0 {
namespace {

// Wraps every bare number that starts a value (after ':', ',' or '=', blanks allowed) in quotes.
std::string quote_numbers(const std::string& g) {
  std::string out;
  char prev = '\n';
  bool inq = false;  // inside a quoted string value: copied as it is
  for (std::size_t i = 0; i < g.size();) {
    const char c = g[i];
    if (inq || c == '"') {
      if (c == '"') inq = !inq;
      out += c;
      prev = c;
      ++i;
      continue;
    }
    const bool starts_value = prev == ':' || prev == ',' || prev == '=';
    if (starts_value && (c == '-' || (c >= '0' && c <= '9'))) {
      std::size_t e = i + 1;
      while (e < g.size() && g[e] != ',' && g[e] != '\n' && g[e] != '\r' && g[e] != ' ') ++e;
      const std::string token = g.substr(i, e - i);
      // "1x=2" is a (bad) name, not a value: left alone
      out += token.find('=') == std::string::npos ? '"' + token + '"' : token;
      prev = g[e - 1];
      i = e;
      continue;
    }
    out += c;
    if (c != ' ' && c != '\t') prev = c;
    ++i;
  }
  return out;
}

// Messages that quote a raw value show the added quotes too.
std::string unquoted(std::string s) {
  std::erase(s, '"');
  return s;
}

bool same(double a, double b) {
  return std::memcmp(&a, &b, sizeof a) == 0;
}

void expect_same_models(const Model& a, const Model& b, const std::string& what) {
  ASSERT_EQ(a.valid, b.valid) << what;
  ASSERT_EQ(a.parts.size(), b.parts.size()) << what;
  ASSERT_EQ(a.joints.size(), b.joints.size()) << what;
  ASSERT_EQ(a.neurons.size(), b.neurons.size()) << what;
  ASSERT_EQ(a.connections.size(), b.connections.size()) << what;
  EXPECT_TRUE(same(a.se, b.se)) << what;
  EXPECT_EQ(a.vstyle, b.vstyle) << what;
  for (std::size_t i = 0; i < a.parts.size(); ++i) {
    const Part &p = a.parts[i], &q = b.parts[i];
    for (auto [x, y] : {std::pair{p.pos.x, q.pos.x},
                        {p.pos.y, q.pos.y},
                        {p.pos.z, q.pos.z},
                        {p.rot.x, q.rot.x},
                        {p.rot.y, q.rot.y},
                        {p.rot.z, q.rot.z},
                        {p.s, q.s},
                        {p.scale.x, q.scale.x},
                        {p.h, q.h},
                        {p.dn, q.dn},
                        {p.fr, q.fr},
                        {p.ing, q.ing},
                        {p.as, q.as},
                        {p.vs, q.vs},
                        {p.color.x, q.color.x},
                        {p.mass, q.mass}})
      EXPECT_TRUE(same(x, y)) << what << " part " << i << ": " << x << " vs " << y;
    EXPECT_EQ(p.sh, q.sh) << what;
    EXPECT_EQ(p.info, q.info) << what;
    EXPECT_EQ(p.vstyle, q.vstyle) << what;
  }
  for (std::size_t i = 0; i < a.joints.size(); ++i) {
    const Joint &j = a.joints[i], &k = b.joints[i];
    EXPECT_EQ(j.p1, k.p1) << what;
    EXPECT_EQ(j.p2, k.p2) << what;
    EXPECT_EQ(j.use_delta, k.use_delta) << what;
    EXPECT_EQ(j.sh, k.sh) << what;
    for (auto [x, y] : {std::pair{j.d.x, k.d.x},
                        {j.d.y, k.d.y},
                        {j.d.z, k.d.z},
                        {j.rot.x, k.rot.x},
                        {j.stif, k.stif},
                        {j.rotstif, k.rotstif},
                        {j.stam, k.stam},
                        {j.hxn, k.hxn}})
      EXPECT_TRUE(same(x, y)) << what << " joint " << i;
    EXPECT_EQ(j.info, k.info) << what;
    EXPECT_EQ(j.vstyle, k.vstyle) << what;
  }
  for (std::size_t i = 0; i < a.neurons.size(); ++i) {
    EXPECT_EQ(a.neurons[i].part, b.neurons[i].part) << what;
    EXPECT_EQ(a.neurons[i].joint, b.neurons[i].joint) << what;
    EXPECT_EQ(a.neurons[i].details, b.neurons[i].details) << what;
    EXPECT_EQ(a.neurons[i].class_name, b.neurons[i].class_name) << what;
    EXPECT_EQ(a.neurons[i].params, b.neurons[i].params) << what;
    EXPECT_EQ(a.neurons[i].info, b.neurons[i].info) << what;
    EXPECT_EQ(a.neurons[i].vstyle, b.neurons[i].vstyle) << what;
    ASSERT_EQ(a.neurons[i].inputs.size(), b.neurons[i].inputs.size()) << what;
  }
  for (std::size_t i = 0; i < a.connections.size(); ++i) {
    EXPECT_EQ(a.connections[i].target, b.connections[i].target) << what;
    EXPECT_EQ(a.connections[i].source, b.connections[i].source) << what;
    EXPECT_TRUE(same(a.connections[i].weight, b.connections[i].weight)) << what;
    EXPECT_EQ(a.connections[i].info, b.connections[i].info) << what;
  }
}

TEST(F0FastPath, QuotedNumbersGiveTheSameModelAndDiagnostics) {
  const std::vector<std::string> bodies = {
      "p:0, 0, 0\np:1.5, -0.25, 0.125, fr=0.55, dn=1.2\nj:0, 1, stam=0.3\n",
      "p:-0, 0.1, 0.30000000000000004\np:1,0,0\nj:0,1\n",
      // clamped values (both directions), integers out of range, a legacy property
      "p:0,0,0, sh=7, fr=9, dn=-3\np:1,0,0, m=2\nj:0,1, stif=-1\n",
      // empty slots, trailing commas, CR line ends, blanks around '=' (a name with a blank is unknown)
      "p:0,,0,\r\np: 1 , 0 , 0 , fr = 0.5\r\nj: 0 , 1\r\n",
      "p:0,0,0, fr= 0.5 , dn=2\np:x =1\nj:0,1\n",
      // the SDK's field rules: an empty name, an empty slot after an unknown name, read-only and
      // legacy properties, 32-bit integers, texts with leading blanks
      "p:=1,=2\np:foo=1,,3\np:m=1,,4, i= a\nj:0, 1, sh=2147483648\n",
      "n:getInputCount=3, 1\nn:p=-1, j=2147483647\n",
      // numbers the fast path hands on: exponents, hex, '+', '1.', '.5', 20 digits
      "p:1e-1, 0x10, +1\np:1., .5, 12345678901234567890\nj:0,1\n",
      // delta joints, neurons and connections with weights
      "p:\np:\nj:0, 1, dx=1.25, dy=-0.5\nn:j=0, d=\"|:p=0.25, r=1\"\nn:p=1, d=T\nn:d=N\nc:2, 1, -1.5\nc:2, "
      "0, 2\n",
      // unknown names, values after the last property, names that start with digits
      "p:0,0,0, zz=1, 4\np:1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0\nj:0,1, 1x=2\n",
      // values followed by text
      "p:1.5x, 0, 0\n",
      "p:0,0,0\nc:0, 0\n",
  };
  for (const auto& body : bodies) {
    const std::string quoted = quote_numbers(body);
    ASSERT_NE(quoted, body);
    Diagnostics da, db;
    const Model a = parse(body, da), b = parse(quoted, db);
    expect_same_models(a, b, body);
    ASSERT_EQ(da.items().size(), db.items().size()) << body << "\n--\n" << quoted;
    for (std::size_t i = 0; i < da.items().size(); ++i) {
      EXPECT_EQ(da.items()[i].code, db.items()[i].code) << body;
      EXPECT_EQ(unquoted(da.items()[i].message), unquoted(db.items()[i].message)) << body;
      EXPECT_EQ(da.items()[i].where.line, db.items()[i].where.line) << body;
    }
  }
}

TEST(F0FastPath, LastLineWithoutLineEndGivesTheSameModelAndDiagnostics) {
  // Context lines first, so every tested line has parts, a joint and neurons to refer to.
  const std::string context = "p:0,0,0\np:1,0,0\nj:0,1\nn:j=0, d=|\nn:p=1, d=T\n";
  const std::vector<std::string> lines = {
      "p:1.5, -0.25, 0.125, fr=0.55, dn=1.2",
      "p:0,,0,",
      "p: 1 , 0 , 0 , fr = 0.5 \r",
      "p:0,0,0, sh=7, fr=9, dn=-3, m=2",
      "p:1e-1, 0x10, +1, 1.",
      "p:1.5x, 0, 0",
      "p:0,0,0, zz=1, 4",
      "p:x=1, 2, y=3, ,5",
      "p:0,0,0, i=hello world , Vstyle=\"x\"",
      "p:0,0,0, i=\"a,b\", vr=0.5",
      "p:i=a\"b\"",
      "p:i=\"x\"y, x=2",
      "p:i=\"esc\\\"q\", x=3",
      "p:i=\"unterminated",
      "p:i=, x=1",
      "p:i=\"\", x=1",
      "p:i= \"q\" ,x=1",
      "p:0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,i,Vs,0.3,0.4,0.5,0.6,7",
      "j:0, 1, dx=1.25, dy=-0.5, i=joint info",
      "j:0, 1, stam=0.3, Vstyle=\"v\", 5",
      "j:0, 2",
      "n:j=0, d=\"|:p=0.25, r=1\"",
      "n:d=N:in=0.5, fo=0.04",
      "n:d=\"N:in=0.5, fo=0.04\", i=\"info\"",
      "n:d=  T  ",
      "n:p=0,d=T,i=info,Vstyle=neu",
      "n:getInputCount=3, d=G",
      "n:1, -1, \"@\", x",
      "n:p=7",
      "m:se=2, Vstyle=abc",
      "m:Vstyle=\"q\", 5",
      "c:0, 1, 1, i=x",
      "c:0, 1, 1, \"info\"",
      "c:1, 0, -2.5e1",
      "c:0, 5, 1",
      "c: , 1, 2",
      "x:1",
      // the SDK's field rules (frams::sdk): untrimmed names, texts keeping their leading blank,
      // empty names, C whitespace before a field, 32-bit integers, CRs at the end of the line
      "p:x =1, y= 2",
      "p:i= ab , x=1",
      "p:=1, =2, sh=3",
      "p:\v1, \f2",
      "p:foo=1,,3",
      "p:m=2,,4",
      "p:sh=2147483647",
      "p:sh=2147483648",
      "p:sh=-0002",
      "p:1\r",
      "p:i=ab\r\r",
      "p:1\r, 2",
  };
  for (const auto& line : lines) {
    const std::string fast = context + line + "\n", general = context + line;
    Diagnostics da, db;
    const Model a = parse(fast, da), b = parse(general, db);
    expect_same_models(a, b, line);
    ASSERT_EQ(da.items().size(), db.items().size()) << line;
    for (std::size_t i = 0; i < da.items().size(); ++i) {
      EXPECT_EQ(da.items()[i].code, db.items()[i].code) << line;
      EXPECT_EQ(da.items()[i].message, db.items()[i].message) << line;
      EXPECT_EQ(da.items()[i].where.line, db.items()[i].where.line) << line;
      EXPECT_EQ(da.items()[i].where.column, db.items()[i].where.column) << line;
      EXPECT_EQ(da.items()[i].where.offset, db.items()[i].where.offset) << line;
    }
  }
}

}  // namespace
}  // namespace genokit::f0

namespace genokit::f0 {
namespace {

// The element vectors are sized by counting the element lines first: the count must be exact
// whatever the line lengths and paddings.
TEST(F0FastPath, ElementVectorsAreAllocatedOnce) {
  for (int n = 1; n <= 70; n += 3) {
    for (int pad = 0; pad < 5; ++pad) {
      std::string g = "//0\n";
      for (int i = 0; i < n; ++i)
        g += "p:" + std::to_string(i) + std::string(static_cast<std::size_t>(pad), ' ') + "\n";
      for (int i = 1; i < n; ++i) g += "j:" + std::to_string(i - 1) + "," + std::to_string(i) + "\n";
      for (int i = 0; i < n; ++i)
        g += "n:d=" + std::string(static_cast<std::size_t>(1 + (i + pad) % 3), 'N') + "\n";
      for (int i = 0; i < n; ++i) g += "c:" + std::to_string(i) + ",0\n";
      Diagnostics d;
      const Model m = parse(g, d);
      SCOPED_TRACE(std::to_string(n) + " " + std::to_string(pad));
      EXPECT_EQ(m.parts.size(), static_cast<std::size_t>(n));
      EXPECT_EQ(m.parts.capacity(), m.parts.size());
      EXPECT_EQ(m.joints.capacity(), m.joints.size());
      EXPECT_EQ(m.neurons.capacity(), m.neurons.size());
      EXPECT_EQ(m.connections.size(), static_cast<std::size_t>(n));
      EXPECT_EQ(m.connections.capacity(), m.connections.size());
    }
  }
}

}  // namespace
}  // namespace genokit::f0
