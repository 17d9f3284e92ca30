// Scene semantics: validation codes, transforms, masses, joints, compat modes, corpus outcomes.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <span>
#include <sstream>

#include "common/cli_run.hpp"
#include "common/test_paths.hpp"
#include "genokit/xode/load.hpp"

namespace fs = std::filesystem;
using namespace genokit;
using namespace genokit::xode;

namespace {

using genokit::test::slurp;

std::set<std::string> error_codes(const Diagnostics& d) {
  std::set<std::string> s;
  for (const auto& x : d.items())
    if (x.severity == Severity::error) s.insert(x.code);
  return s;
}
bool has(const Diagnostics& d, std::string_view code) {
  for (const auto& x : d.items())
    if (x.code == code) return true;
  return false;
}

struct Result {
  Loaded l;
  Diagnostics d;
  bool ok = false;
};
Result run(const std::string& src, Compat c = Compat::standard, bool lenient = false) {
  Result r;
  LoadOptions lo;
  lo.build.compat = c;
  lo.read.lenient = lenient;
  if (auto l = load(src, r.d, lo)) {
    r.l = std::move(*l);
    r.ok = true;
  }
  return r;
}
std::string scene(const std::string& inner) {
  return "<xode version=\"1.0r22\"><world><space>" + inner + "</space></world></xode>";
}
void near3(const Vec3& a, const Vec3& b, double tol = 1e-12) {
  for (int i = 0; i < 3; ++i)
    EXPECT_NEAR(a[static_cast<std::size_t>(i)], b[static_cast<std::size_t>(i)], tol) << i;
}

}  // namespace

TEST(XodeScene, MinimalSceneResolves) {
  auto r = run(
      scene("<body name='b'><transform><position x='1' y='2' z='3'/></transform>"
            "<geom><box sizex='1' sizey='2' sizez='3'/></geom>"
            "<mass><mass_shape density='2'><box sizex='1' sizey='2' sizez='3'/></mass_shape></mass></body>"
            "<geom name='floor'><plane a='0' b='1' c='0' d='0'/></geom>"));
  ASSERT_TRUE(r.ok);
  const auto& s = r.l.scene;
  ASSERT_EQ(s.bodies.size(), 1u);
  near3(s.bodies[0].position, {1, 2, 3});
  EXPECT_DOUBLE_EQ(s.bodies[0].mass.mass, 12.0);
  EXPECT_DOUBLE_EQ(s.bodies[0].mass.I[0], 12.0 / 12 * (4 + 9));
  ASSERT_EQ(s.geoms.size(), 2u);
  EXPECT_EQ(s.geoms[0].placement, Placement::body_origin);
  EXPECT_EQ(s.geoms[1].placement, Placement::none);
  EXPECT_EQ(s.bodies[0].path, "/world[0]/space[0]/body[0]");
}

TEST(XodeScene, EulerIsOdeFromEulerAngles) {
  // euler x=90 degrees: ODE's dRFromEulerAngles turns local +y into world -z.
  auto r =
      run(scene("<body><transform><rotation><euler x='90' y='0' z='0' aformat='degrees'/></rotation>"
                "</transform></body>"));
  ASSERT_TRUE(r.ok);
  const Mat3& R = r.l.scene.bodies[0].rotation;
  EXPECT_NEAR(R[2 * 3 + 1], -1, 1e-15);  // R * (0,1,0) = (R01, R11, R21)
  EXPECT_NEAR(R[1 * 3 + 2], 1, 1e-15);
}

TEST(XodeScene, QuaternionAndAxisAngleAreActiveRotations) {
  double h = std::sqrt(0.5);
  auto q = run(scene("<body><transform><rotation><quaternion x='" + std::to_string(h) + "' y='0' z='0' w='" +
                     std::to_string(h) + "'/></rotation></transform></body>"));
  auto a =
      run(scene("<body><transform><rotation><axisangle x='1' y='0' z='0' angle='90' aformat='degrees'/>"
                "</rotation></transform></body>"));
  ASSERT_TRUE(q.ok);
  ASSERT_TRUE(a.ok);
  // +90 degrees about x: local +y -> world +z.
  EXPECT_NEAR(q.l.scene.bodies[0].rotation[2 * 3 + 1], 1, 1e-6);
  EXPECT_NEAR(a.l.scene.bodies[0].rotation[2 * 3 + 1], 1, 1e-15);
}

TEST(XodeScene, NestedTransformsComposeParentThenChild) {
  std::string src = scene(
      "<group><transform><position x='10' y='0' z='0'/><rotation><axisangle x='0' y='0' z='1' angle='90' "
      "aformat='degrees'/></rotation></transform>"
      "<body name='b'><transform><position x='1' y='0' z='0'/></transform>"
      "<group><transform><position x='0' y='0' z='2'/></transform><geom><sphere radius='1'/></geom></group>"
      "</body></group>");
  auto r = run(src);
  ASSERT_TRUE(r.ok) << (r.d.items().empty() ? "" : r.d.items()[0].message);
  const auto& s = r.l.scene;
  // The child offset (1,0,0) is rotated by the parent's 90 degrees about z: (10,1,0).
  near3(s.bodies[0].position, {10, 1, 0});
  // bgig: the geom in a group in the body is posed relative to the body.
  ASSERT_EQ(s.geoms.size(), 1u);
  EXPECT_EQ(s.geoms[0].placement, Placement::body_offset);
  near3(s.geoms[0].position, {0, 0, 2});
  EXPECT_EQ(s.geoms[0].body, 0);
}

TEST(XodeScene, AbsoluteTransformIgnoresAncestors) {
  auto r =
      run(scene("<group><transform><position x='5' y='5' z='5'/></transform>"
                "<body><transform absolute='true'><position x='1' y='0' z='0'/></transform></body></group>"));
  ASSERT_TRUE(r.ok);
  near3(r.l.scene.bodies[0].position, {1, 0, 0});
}

TEST(XodeScene, MassOperationsInDocumentOrder) {
  // capsule r=.5 len=2 density 1 (ODE 0.16: m=2.0944, I=(1.394, 1.394, 0.249)).
  auto r =
      run(scene("<body><mass><mass_shape density='1'><cappedCylinder radius='0.5' length='2'/></mass_shape>"
                "</mass></body>"
                "<body><mass><mass_shape total='3'><cylinder radius='0.5' length='2'/></mass_shape>"
                "<adjust total='6'/></mass></body>"
                "<body><mass><mass_shape density='1'><sphere radius='1'/></mass_shape>"
                "<mass><mass_shape density='1'><sphere radius='1'/></mass_shape></mass></mass></body>"));
  ASSERT_TRUE(r.ok);
  const auto& b = r.l.scene.bodies;
  EXPECT_NEAR(b[0].mass.mass, 2.0943951023931953, 1e-12);
  EXPECT_NEAR(b[0].mass.I[0], 1.3941, 1e-3);
  EXPECT_NEAR(b[0].mass.I[8], 0.2487, 1e-3);
  EXPECT_DOUBLE_EQ(b[1].mass.mass, 6);
  EXPECT_NEAR(b[1].mass.I[8], 0.5 * 6 * 0.25, 1e-12);
  EXPECT_NEAR(b[2].mass.mass, 2 * 4.0 / 3.0 * M_PI, 1e-12);
}

TEST(XodeScene, OffCentreMassMovesTheBodyFrame) {
  auto r =
      run(scene("<body><transform><position x='1' y='0' z='0'/></transform>"
                "<geom><sphere radius='1'/></geom>"
                "<mass><mass_shape density='1'><sphere radius='1'/></mass_shape>"
                "<transform><position x='0' y='2' z='0'/></transform></mass></body>"));
  ASSERT_TRUE(r.ok);
  const auto& b = r.l.scene.bodies[0];
  near3(b.position, {1, 2, 0});
  near3(b.mass.c, {0, 0, 0});
  EXPECT_NEAR(b.mass.I[0], 0.4 * b.mass.mass, 1e-12);  // inertia about the centre again
  EXPECT_EQ(r.l.scene.geoms[0].placement, Placement::body_offset);
  near3(r.l.scene.geoms[0].position, {0, -2, 0});
  EXPECT_TRUE(has(r.d, "xode.mass-recentred"));
}

TEST(XodeScene, JointsPostlinkImplicitBodyAndAnchors) {
  auto r =
      run(scene("<body name='a'><transform><position x='0' y='1' z='0'/></transform>"
                "<joint><link1 body='b'/><hinge><anchor x='1' y='0' z='0'/><axis x='0' y='0' z='1' "
                "LowStop='-1' HiStop='1'/></hinge></joint>"
                "<joint><ball><anchor x='0' y='0' z='0' absolute='true'/></ball></joint></body>"
                "<body name='b'/>"));
  ASSERT_TRUE(r.ok) << (r.d.items().empty() ? "" : r.d.items()[0].message);
  const auto& j = r.l.scene.joints;
  ASSERT_EQ(j.size(), 2u);
  EXPECT_EQ(j[0].body1, 1);       // link1 = b (defined later: postlink)
  EXPECT_EQ(j[0].body2, 0);       // the enclosing body
  near3(j[0].anchor, {1, 1, 0});  // relative to the parent body frame
  ASSERT_EQ(j[0].axes[0].params.size(), 2u);
  EXPECT_EQ(j[0].axes[0].params[1].index, 0);  // LowStop applied last as LoStop
  EXPECT_EQ(j[1].body1, 0);
  EXPECT_EQ(j[1].body2, -1);
  near3(j[1].anchor, {0, 0, 0});
}

TEST(XodeScene, ValidationCodes) {
  auto bad = [](const std::string& inner) { return error_codes(run(scene(inner)).d); };
  EXPECT_TRUE(bad("<body><mass><mass_shape density='-1'><sphere radius='1'/></mass_shape></mass></body>")
                  .count("xode.non-positive"));
  EXPECT_TRUE(bad("<geom><box sizex='0' sizey='1' sizez='1'/></geom>").count("xode.non-positive"));
  EXPECT_TRUE(bad("<geom><sphere radius='nan'/></geom>").count("xode.non-finite"));
  EXPECT_TRUE(
      bad("<body><transform><position x='inf' y='0' z='0'/></transform></body>").count("xode.non-finite"));
  EXPECT_TRUE(bad("<geom><sphere radius='abc'/></geom>").count("xode.bad-number"));
  EXPECT_TRUE(bad("<joint><link1 body='nobody'/><ball/></joint>").count("xode.unknown-link"));
  EXPECT_TRUE(bad("<body name='x'/><body name='x'/><joint><link1 body='x'/><ball/></joint>")
                  .count("xode.ambiguous-link"));
  EXPECT_TRUE(bad("<body name='a'/><body name='b'/><joint><link1 body='a'/><link2 body='b'/><universal>"
                  "<axis x='1' y='0' z='0'/></universal></joint>")
                  .count("xode.axis-count"));
  EXPECT_TRUE(bad("<body name='a'/><joint><link1 body='a'/><hinge><axis x='0' y='0' z='0'/></hinge></joint>")
                  .count("xode.zero-axis"));
  EXPECT_TRUE(
      bad("<body><transform><matrix4f m00='2' m01='0' m02='0' m03='0' m10='0' m11='1' m12='0' m13='0' "
          "m20='0' m21='0' m22='1' m23='0' m30='0' m31='0' m32='0' m33='1'/></transform></body>")
          .count("xode.non-rigid-matrix"));
  EXPECT_TRUE(bad("<capsule/>").count("xode.unknown-element"));
  EXPECT_TRUE(bad("<world/>").count("xode.invalid-child"));
  EXPECT_TRUE(bad("<geom><cone radius='1' length='1'/></geom>").count("xode.cone-unsupported"));
  EXPECT_TRUE(bad("<body enabled='maybe'/>").count("xode.bad-boolean"));
}

TEST(XodeScene, DuplicateNamesWarnOncePerNameInDocumentOrder) {
  // 100 distinct names (the validator's name table grows past its first size), then b70 twice
  // more, b5 once more, b40 once more: one warning per repeated name, at its second use, ordered
  // by that position, with the total count and the line of the first use.
  std::string inner;
  for (int i = 0; i < 100; ++i) inner += "<body name='b" + std::to_string(i) + "'/>\n";
  inner +=
      "<body name='b70'/>\n<geom name='b5'><sphere radius='1'/></geom>\n<body name='b70'/>\n"
      "<joint name='b40'><ball/></joint>\n";
  auto r = run("<xode version='1.0r22'><world><space>\n" + inner + "</space></world></xode>");
  std::vector<std::string> got;
  for (const auto& d : r.d.items())
    if (d.code == "xode.duplicate-name")
      got.push_back(std::to_string(d.where.line) + ":" + std::to_string(d.where.column) + " " + d.message);
  const std::vector<std::string> want = {
      "102:7 name 'b70' is used 3 times (first at line 72); XODE names must be unique",
      "103:7 name 'b5' is used 2 times (first at line 7); XODE names must be unique",
      "105:8 name 'b40' is used 2 times (first at line 42); XODE names must be unique",
  };
  EXPECT_EQ(got, want);
}

TEST(XodeScene, ValidatorReadsNumbersAsParseDouble) {
  // Plain decimals take the validator's inline path, everything else parse_double (blanks around
  // the value allowed): each form gets the same verdict either way.
  auto codes = [](const std::string& radius) {
    auto r = run(scene("<geom><sphere radius='" + radius + "'/></geom>"));
    std::set<std::string> s;
    for (const auto& d : r.d.items())
      if (d.severity == Severity::error) s.insert(d.code);
    return s;
  };
  const std::set<std::string> none;
  for (const char* ok : {"1", "0.5", "00.5", " 1.5 ", "\t3\n", "1.", "2.5e3", ".5", "+1",
                         "12345678901234567890.5", "99999999999999999999", "0.00000000000000000000001"})
    EXPECT_EQ(codes(ok), none) << ok;
  for (const char* zero : {"0", "-0", "-0.0", "-1", "1e-400"})
    EXPECT_EQ(codes(zero), std::set<std::string>{"xode.non-positive"}) << zero;
  for (const char* inf : {"1e999", "nan", "-inf"})
    EXPECT_EQ(codes(inf), std::set<std::string>{"xode.non-finite"}) << inf;
  for (const char* bad : {"abc", "", "1..2", "-", "1 2", "0x10"})
    EXPECT_EQ(codes(bad), std::set<std::string>{"xode.bad-number"}) << bad;
}

TEST(XodeScene, DiagnosticsCarryLineAndColumn) {
  auto r = run(
      "<xode version='1'>\n<world>\n<space>\n  <geom><sphere radius='-2'/></geom>\n</space></world></xode>");
  ASSERT_FALSE(r.ok);
  const Diagnostic& d = r.d.items().front();
  EXPECT_EQ(d.code, "xode.non-positive");
  EXPECT_EQ(d.where.line, 4u);
  EXPECT_EQ(d.where.column, 17u);
}

TEST(XodeScene, TrimeshIndexBase) {
  std::string verts =
      "<vertices><v x='0' y='0' z='0'/><v x='1' y='0' z='0'/><v x='0' y='1' z='0'/></vertices>";
  auto one = run(
      scene("<geom><trimesh>" + verts + "<triangles><t ia='1' ib='2' ic='3'/></triangles></trimesh></geom>"));
  ASSERT_TRUE(one.ok);
  EXPECT_EQ(one.l.scene.geoms[0].indices, (std::vector<int>{0, 1, 2}));
  auto zero = run(
      scene("<geom><trimesh>" + verts + "<triangles><t ia='0' ib='1' ic='2'/></triangles></trimesh></geom>"));
  ASSERT_TRUE(zero.ok);
  EXPECT_TRUE(has(zero.d, "xode.trimesh-zero-based"));
  EXPECT_EQ(zero.l.scene.geoms[0].indices, (std::vector<int>{0, 1, 2}));
  auto out = run(
      scene("<geom><trimesh>" + verts + "<triangles><t ia='1' ib='2' ic='9'/></triangles></trimesh></geom>"));
  EXPECT_TRUE(error_codes(out.d).count("xode.trimesh-index"));
  // Indices and integer attributes far beyond any integer type (found by the fuzzer): errors, no
  // undefined conversion.
  auto huge =
      run(scene("<body gravitymode='1e300'><finiteRotation mode='-1e300' xaxis='0' yaxis='0' zaxis='0'/>"
                "</body><geom><trimesh indexbase='1e300'>" +
                verts + "<triangles><t ia='7e89' ib='-1e300' ic='nan'/></triangles></trimesh></geom>"));
  EXPECT_TRUE(error_codes(huge.d).count("xode.bad-index-base"));
  EXPECT_TRUE(error_codes(huge.d).count("xode.bad-integer"));
  auto huge_index = run(scene("<geom><trimesh>" + verts +
                              "<triangles><t ia='7e89' ib='2' ic='3'/></triangles></trimesh></geom>"));
  EXPECT_TRUE(error_codes(huge_index.d).count("xode.trimesh-index"));
}

// The 1M-triangle case runs in bench/xode_load.cpp and the CLI (Debug + ASan would take too long
// here); 200k triangles exercise the same code.
TEST(XodeScene, LargeTrimeshLoads) {
  std::string src = "<xode version='1'><world><space><geom><trimesh><vertices>";
  const int n = 1000;
  for (int i = 0; i <= n; ++i)
    src += "<v x='" + std::to_string(i) + "' y='0' z='0'/><v x='" + std::to_string(i) + "' y='1' z='0'/>";
  src += "</vertices><triangles>";
  std::string tris;
  tris.reserve(10'000'000);
  for (int k = 0; k < 100; ++k)
    for (int i = 0; i < n; ++i) {
      int a = 2 * i + 1;
      tris += "<t ia='" + std::to_string(a) + "' ib='" + std::to_string(a + 1) + "' ic='" +
              std::to_string(a + 2) + "'/><t ia='" + std::to_string(a + 1) + "' ib='" +
              std::to_string(a + 3) + "' ic='" + std::to_string(a + 2) + "'/>";
    }
  src += tris + "</triangles></trimesh></geom></space></world></xode>";
  auto r = run(src);
  ASSERT_TRUE(r.ok) << (r.d.items().empty() ? "" : r.d.items()[0].message);
  EXPECT_EQ(r.l.scene.geoms[0].indices.size(), 3u * 200'000u);
}

TEST(XodeCompat, PyodeDeviationsAreReproduced) {
  // Nested body offsets are not rotated by the parent (PyODE composes parent*child row-vector).
  std::string src = scene(
      "<body><transform><rotation><euler x='0' y='0' z='90' aformat='degrees'/></rotation>"
      "</transform><body><transform><position x='1' y='0' z='0'/></transform></body></body>");
  auto std_r = run(src);
  auto py_r = run(src, Compat::pyode);
  ASSERT_TRUE(std_r.ok);
  ASSERT_TRUE(py_r.ok);
  near3(py_r.l.scene.bodies[1].position, {1, 0, 0});
  // Standard: ODE's euler z=90 maps local +x to world -y.
  near3(std_r.l.scene.bodies[1].position, {0, -1, 0}, 1e-15);
  // mass_shape total= is ignored by PyODE (default sphere stays).
  auto m =
      run(scene("<body><mass><mass_shape total='5'><box sizex='1' sizey='1' sizez='1'/></mass_shape></mass>"
                "</body>"),
          Compat::pyode);
  ASSERT_TRUE(m.ok);
  EXPECT_NEAR(m.l.scene.bodies[0].mass.mass, 4.0 / 3.0 * M_PI, 1e-12);
  // Forward links are an error in PyODE.
  auto f = run(scene("<joint><link1 body='a'/><ball/></joint><body name='a'/>"), Compat::pyode);
  EXPECT_FALSE(f.ok);
  EXPECT_EQ(f.d.items()[0].message, "InvalidError: Joint link must reference an already parsed body.");
}

TEST(XodeCorpus, StandardModeOutcomes) {
  GENOKIT_REQUIRE_CORPUS();
  // file -> error codes expected in standard mode (strict reading); "" = loads.
  const std::map<std::string, std::set<std::string>> expected = {
      {"pyode-tests/TestInvalidBody.testBadVector.xode", {"xode.invalid-child", "xode.missing-attribute"}},
      {"pyode-tests/TestInvalidBody.testBodyEnable.xode", {"xode.bad-boolean", "xode.invalid-child"}},
      {"pyode-tests/TestInvalidBody.testFiniteRotationAxes.xode",
       {"xode.invalid-child", "xode.missing-attribute"}},
      {"pyode-tests/TestInvalidBody.testFiniteRotationMode.xode",
       {"xode.bad-finite-rotation-mode", "xode.invalid-child"}},
      {"pyode-tests/TestInvalidGeom.testNoType.xode", {"xode.geom-without-shape"}},
      {"pyode-tests/TestInvalidJoint.testEqualLinks.xode", {"xode.joint-needs-two-bodies"}},
      {"pyode-tests/TestInvalidJoint.testInvalidParam.xode", {"xode.unknown-axis-param"}},
      {"pyode-tests/TestInvalidJoint.testMisplacedReference.xode", {}},  // postlink is XODE
      {"pyode-tests/TestInvalidJoint.testNoType.xode", {"xode.joint-without-type"}},
      {"pyode-tests/TestInvalidJoint.testSliderAxes.xode", {"xode.axis-count"}},
      {"pyode-tests/TestInvalidJoint.testWrongType.xode", {"xode.link-not-body"}},
      {"pyode-tests/TestInvalidTags.testGeomChild.xode", {"xode.geom-without-shape", "xode.unknown-element"}},
      {"pyode-tests/TestInvalidTags.testJointChild.xode",
       {"xode.joint-without-type", "xode.unknown-element"}},
      {"pyode-tests/TestInvalidTags.testMassChild.xode", {"xode.unknown-element"}},
      {"pyode-tests/TestInvalidTags.testRootChild.xode", {"xode.unknown-element"}},
      {"pyode-tests/TestInvalidTags.testSpaceChild.xode", {"xode.unknown-element"}},
      {"pyode-tests/TestInvalidTags.testTriMeshChild.xode", {"xode.trimesh-empty", "xode.unknown-element"}},
      {"pyode-tests/TestInvalidTags.testWorldChild.xode", {"xode.unknown-element"}},
      {"pyode-tests/test_doc.xode", {"xode.axis-count", "xode.non-rigid-matrix"}},
      {"robot-simulator/Buggy_V01-1.xode", {"xode.malformed-xml"}},
      {"robot-simulator/Buggy_V01-buggy.xode", {"xode.content-after-root"}},
      {"robot-simulator/Buggy_V01-example.xode", {"xode.content-after-root"}},
      {"robot-simulator/Buggy_V02-buggy.xode", {"xode.content-after-root"}},
      {"robot-simulator/Buggy_V02-enviremont.xode", {"xode.content-after-root"}},
      {"robot-simulator/Snake_V01-snake.xode", {"xode.content-after-root"}},
  };
  for (const auto& e : fs::recursive_directory_iterator(test::corpus_dir() / "xode")) {
    if (e.path().extension() != ".xode") continue;
    std::string rel = fs::relative(e.path(), test::corpus_dir() / "xode").string();
    SCOPED_TRACE(rel);
    auto r = run(slurp(e.path()));
    std::set<std::string> want;
    if (auto it = expected.find(rel); it != expected.end())
      want = it->second;
    else if (rel.rfind("robot-simulator/examples-", 0) == 0)
      want = {"xode.root-not-xode"};
    EXPECT_EQ(error_codes(r.d), want);
    EXPECT_EQ(r.ok, want.empty());
  }
}

TEST(XodeCorpus, LenientModeLoadsTheRepairableFiles) {
  GENOKIT_REQUIRE_CORPUS();
  for (const char* f : {"robot-simulator/Buggy_V01-1.xode", "robot-simulator/Buggy_V02-enviremont.xode",
                        "robot-simulator/examples-box.2012-04-04.xode",
                        "robot-simulator/examples-sphere.xode", "robot-simulator/Buggy_V01-vertices.xode"}) {
    SCOPED_TRACE(f);
    auto r = run(slurp(test::corpus_dir() / "xode" / f), Compat::standard, true);
    EXPECT_TRUE(r.ok) << (r.d.items().empty() ? "" : format_gcc(r.d.items()[0]));
  }
  // A misspelt link gets a suggestion.
  auto r =
      run(slurp(test::corpus_dir() / "xode/robot-simulator/Buggy_V01-buggy.xode"), Compat::standard, true);
  bool suggested = false;
  for (const auto& d : r.d.items())
    if (d.code == "xode.unknown-link" && d.message.find("did you mean 'chassis'?") != std::string::npos)
      suggested = true;
  EXPECT_TRUE(suggested);
}

TEST(XodeCorpus, PyodeModeRejectsWithPyodesMessages) {
  GENOKIT_REQUIRE_CORPUS();
  const std::map<std::string, std::string> expected = {
      {"TestInvalidBody.testBadVector.xode", "ChildError: <body> is not a valid child of <world>."},
      {"TestInvalidGeom.testNoType.xode", "InvalidError: No geom type element found."},
      {"TestInvalidJoint.testEqualLinks.xode", "InvalidError: Joint requires two objects."},
      {"TestInvalidJoint.testInvalidParam.xode",
       "InvalidError: Invalid attribute 'TestCFM' of <axis> element."},
      {"TestInvalidJoint.testMisplacedReference.xode",
       "InvalidError: Joint link must reference an already parsed body."},
      {"TestInvalidJoint.testNoType.xode", "InvalidError: No joint type element found."},
      {"TestInvalidJoint.testSliderAxes.xode", "InvalidError: Wrong number of axes for slider joint."},
      {"TestInvalidJoint.testWrongType.xode", "InvalidError: Joint link must reference a body."},
      {"TestInvalidTags.testGeomChild.xode", "ChildError: <test> is not a valid child of <geom>."},
      {"TestInvalidTags.testJointChild.xode", "ChildError: <test> is not a valid child of <joint>."},
      {"TestInvalidTags.testMassChild.xode", "ChildError: <test> is not a valid child of <mass>."},
      {"TestInvalidTags.testRootChild.xode", "ChildError: <test> is not a valid child of <xode>."},
      {"TestInvalidTags.testSpaceChild.xode", "ChildError: <test> is not a valid child of <space>."},
      {"TestInvalidTags.testTriMeshChild.xode", "ChildError: <test> is not a valid child of <trimesh>."},
      {"TestInvalidTags.testWorldChild.xode", "ChildError: <test> is not a valid child of <world>."},
      {"trimesh_doc.xode", "NotImplementedError: Trimesh support is disabled"},
  };
  for (const auto& [f, msg] : expected) {
    SCOPED_TRACE(f);
    auto r = run(slurp(test::corpus_dir() / "xode/pyode-tests" / f), Compat::pyode);
    ASSERT_FALSE(r.ok);
    ASSERT_FALSE(r.d.items().empty());
    EXPECT_EQ(r.d.items().back().message, msg);
  }
}

// The scene's store: texts and lists stay in place while more are kept (past the inline block
// and several heap blocks), lists are aligned for their type, and a copy of the scene keeps them
// alive after the original is gone.
TEST(XodeScene, StoreKeepsTextsAndListsInPlace) {
  Scene copy;
  std::vector<std::string_view> texts;
  std::vector<std::span<const AxisParam>> lists;
  {
    Scene s;
    for (int i = 0; i < 2000; ++i) {
      texts.push_back(s.keep(std::string(static_cast<std::size_t>(i % 97), static_cast<char>('a' + i % 26))));
      std::vector<AxisParam> p(static_cast<std::size_t>(i % 5), AxisParam{i, i * 0.5});
      lists.push_back(s.keep(std::span<const AxisParam>(p)));
    }
    EXPECT_TRUE(s.keep(std::string_view()).empty());
    copy = s;
  }
  for (int i = 0; i < 2000; ++i) {
    ASSERT_EQ(texts[static_cast<std::size_t>(i)],
              std::string(static_cast<std::size_t>(i % 97), static_cast<char>('a' + i % 26)));
    const auto& l = lists[static_cast<std::size_t>(i)];
    ASSERT_EQ(l.size(), static_cast<std::size_t>(i % 5));
    EXPECT_EQ(reinterpret_cast<std::uintptr_t>(l.data()) % alignof(AxisParam), 0u);
    for (const auto& p : l) {
      EXPECT_EQ(p.index, i);
      EXPECT_EQ(p.value, i * 0.5);
    }
  }
  EXPECT_TRUE(copy.store != nullptr);
}

// Loading is stateless: a load after another gives what a load alone gives (the builders reuse
// their per-thread working memory), diagnostic positions included.
TEST(XodeScene, LoadingAgainStartsAfresh) {
  const std::string a = "<?xml version=\"1.0\"?>\n<!-- a -->\n" +
                        scene("<body name='a'><geom><box sizex='1' sizey='1' sizez='1'/></geom></body>");
  const std::string b = "\n\n\n" + scene(
                                       "<body name='b'><mass><mass_shape density='-1'>"
                                       "<sphere radius='1'/></mass_shape></mass></body>");
  const std::string c = "\n" + scene("<body name='c'><geom><sphere radius='1'/></geom></body>");
  for (Compat mode : {Compat::standard, Compat::pyode, Compat::pybrain}) {
    Result fresh_b = run(b, mode, true), fresh_c = run(c, mode, true);
    run(a, mode, true);
    Result again_b = run(b, mode, true);
    run(a, mode, true);
    Result again_c = run(c, mode, true);
    EXPECT_EQ(again_b.ok, fresh_b.ok);
    ASSERT_EQ(again_b.d.items().size(), fresh_b.d.items().size());
    for (std::size_t i = 0; i < again_b.d.items().size(); ++i) {
      EXPECT_EQ(again_b.d.items()[i].code, fresh_b.d.items()[i].code);
      EXPECT_EQ(again_b.d.items()[i].where.line, fresh_b.d.items()[i].where.line);
      EXPECT_EQ(again_b.d.items()[i].where.column, fresh_b.d.items()[i].where.column);
    }
    ASSERT_TRUE(again_c.ok && fresh_c.ok);
    EXPECT_EQ(to_json(again_c.l.scene), to_json(fresh_c.l.scene));
    EXPECT_TRUE(equal_documents(again_c.l.doc, fresh_c.l.doc));
    EXPECT_EQ(again_c.l.doc.locate(again_c.l.doc.text().size()).line, 2u);
  }
}
