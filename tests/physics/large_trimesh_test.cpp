// A 1,000,000-triangle trimesh (34 MB of XML): loaded, resolved and built in ODE; a bad index in
// its last triangle and a triangle limit below its size are diagnostics at the right place.
#include <gtest/gtest.h>

#include <charconv>
#include <string>

#include "genokit/physics/world.hpp"
#include "genokit/xode/load.hpp"

using namespace genokit;
using namespace genokit::xode;

namespace {

constexpr int kColumns = 1000;  // quads per strip
constexpr int kStrips = 500;    // 2 triangles per quad: 1,000,000 triangles
constexpr std::size_t kTriangles = std::size_t{2} * kColumns * kStrips;

void append_int(std::string& s, long long v) {
  char buf[24];
  s.append(buf, std::to_chars(buf, buf + sizeof buf, v).ptr);
}

// A ball above a flat strip mesh: 2 * (kColumns + 1) vertices, every strip the same quads
// (1-based indices). The last triangle's first index is `last_ia` when it is not 0. The document
// has one <t> per line after the vertices, so triangle k (0-based) is on line `first_t_line + k`.
std::string big_scene(long long last_ia, std::size_t& first_t_line) {
  std::string s;
  s.reserve(40u << 20);
  s += "<xode version=\"1.0r22\">\n<world>\n<space>\n";
  s += "<body name=\"ball\"><transform><position x=\"10.5\" y=\"2\" z=\"0.5\"/></transform>"
       "<mass><mass_shape density=\"1\"><sphere radius=\"0.5\"/></mass_shape></mass>"
       "<geom><sphere radius=\"0.5\"/></geom></body>\n";
  s += "<geom name=\"ground\">\n<trimesh>\n<vertices>\n";
  std::size_t line = 7;
  for (int i = 0; i <= kColumns; ++i)
    for (int z = 0; z <= 1; ++z) {
      s += "<v x=\"";
      append_int(s, i);
      s += "\" y=\"0\" z=\"";
      append_int(s, z);
      s += "\"/>\n";
      ++line;
    }
  s += "</vertices>\n<triangles>\n";
  first_t_line = line + 3;  // after the last <v>: </vertices>, <triangles>
  std::size_t k = 0;
  auto tri = [&](long long a, long long b, long long c) {
    if (++k == kTriangles && last_ia != 0) a = last_ia;
    s += "<t ia=\"";
    append_int(s, a);
    s += "\" ib=\"";
    append_int(s, b);
    s += "\" ic=\"";
    append_int(s, c);
    s += "\"/>\n";
  };
  for (int strip = 0; strip < kStrips; ++strip)
    for (int i = 0; i < kColumns; ++i) {
      long long a = 2 * i + 1;
      tri(a, a + 1, a + 2);
      tri(a + 1, a + 3, a + 2);
    }
  s += "</triangles>\n</trimesh>\n</geom>\n</space>\n</world>\n</xode>\n";
  return s;
}

TEST(LargeTrimesh, MillionTriangleTrimeshLoadsAndBuildsInOde) {
  std::size_t first_t = 0;
  const std::string text = big_scene(0, first_t);
  EXPECT_GT(text.size(), 30u << 20);
  Diagnostics d;
  auto l = load(text, d);
  ASSERT_TRUE(l);
  EXPECT_TRUE(d.items().empty()) << d.items().front().message;
  ASSERT_EQ(l->scene.geoms.size(), 2u);
  const SceneGeom& mesh = l->scene.geoms[1];
  EXPECT_EQ(mesh.shape, Shape::trimesh);
  EXPECT_EQ(mesh.vertices.size(), std::size_t{3} * 2 * (kColumns + 1));
  ASSERT_EQ(mesh.indices.size(), 3 * kTriangles);
  // 0-based after reading: the first and the last triangle.
  EXPECT_EQ(mesh.indices[0], 0);
  EXPECT_EQ(mesh.indices[1], 1);
  EXPECT_EQ(mesh.indices[2], 2);
  EXPECT_EQ(mesh.indices[3 * kTriangles - 3], 2 * kColumns - 1);
  EXPECT_EQ(mesh.indices[3 * kTriangles - 2], 2 * kColumns + 1);
  EXPECT_EQ(mesh.indices[3 * kTriangles - 1], 2 * kColumns);

  Diagnostics wd;
  auto w = physics::build_world(l->scene, wd, {&l->doc});
  ASSERT_TRUE(w);
  EXPECT_TRUE(wd.items().empty());
  EXPECT_EQ(w->body_count(), 1u);
  // The ball falls onto the mesh (y = 0) and rests on it. (A box falls through a trimesh in
  // Debian's libode 0.16 even in a plain ODE program: docs/xode.md.)
  physics::SimOptions so;
  so.dt = 0.01;
  ASSERT_TRUE(w->configure(so, wd));
  for (int i = 0; i < 150; ++i) ASSERT_TRUE(w->step(wd));
  const physics::Pose p = w->body_pose(0);
  EXPECT_NEAR(p.position[1], 0.5, 0.01);
  EXPECT_GT(w->contacts_total(), 0u);
}

TEST(LargeTrimesh, BadIndexInTheLastTriangleIsReportedThere) {
  std::size_t first_t = 0;
  const std::string text = big_scene(2 * (kColumns + 1) + 1, first_t);  // one past the last vertex
  Diagnostics d;
  EXPECT_FALSE(load(text, d));
  ASSERT_EQ(d.items().size(), 1u);
  const Diagnostic& e = d.items()[0];
  EXPECT_EQ(e.code, "xode.trimesh-index");
  EXPECT_EQ(e.message, "triangle index ia is out of range (2002 vertices, 1-based)");
  EXPECT_EQ(e.where.line, first_t + kTriangles - 1);
  EXPECT_EQ(e.where.column, 1u);
}

TEST(LargeTrimesh, TriangleLimitIsADiagnostic) {
  std::size_t first_t = 0;
  const std::string text = big_scene(0, first_t);
  Diagnostics d;
  auto doc = read_document(text, d);
  ASSERT_TRUE(doc);
  BuildOptions bo;
  bo.max_triangles = kTriangles - 1;
  EXPECT_FALSE(build_scene(*doc, d, bo));
  ASSERT_EQ(d.items().size(), 1u);
  EXPECT_EQ(d.items()[0].code, "xode.trimesh-too-large");
  EXPECT_EQ(d.items()[0].message, "trimesh has 1000000 triangles; the limit is 999999");
  EXPECT_EQ(d.items()[0].where.line, 6u);  // <trimesh>
}

}  // namespace
