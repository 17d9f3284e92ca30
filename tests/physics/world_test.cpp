// ODE instantiation, snapshots and stepping; field-by-field comparison of `genokit show --built`
// and `genokit simulate` with xode_oracle.py (PyODE) when Debian's python3-pyode is installed.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "common/cli_run.hpp"
#include "common/test_paths.hpp"
#include "genokit/physics/world.hpp"
#include "genokit/xode/load.hpp"

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define GENOKIT_TEST_ASAN 1
#include <sanitizer/lsan_interface.h>
#endif
#endif
#ifndef GENOKIT_TEST_ASAN
#define GENOKIT_TEST_ASAN 0
#endif

namespace fs = std::filesystem;
using namespace genokit;
using namespace genokit::xode;

namespace {

using genokit::test::slurp;

bool has(const Diagnostics& d, std::string_view code) {
  for (const auto& x : d.items())
    if (x.code == code) return true;
  return false;
}

const char* kDrop =
    "<xode version='1.0r22'><world><space>"
    "<body name='ball'><transform><position x='0' y='2' z='0'/></transform>"
    "<geom><sphere radius='0.5'/></geom>"
    "<mass><mass_shape density='1'><sphere radius='0.5'/></mass_shape></mass></body>"
    "<geom name='floor'><plane a='0' b='1' c='0' d='0'/></geom>"
    "</space></world></xode>";

// Loads `src` and builds its world (the test fails when either fails).
std::optional<physics::World> world_of(const std::string& src, Diagnostics& d, const LoadOptions& lo = {}) {
  auto l = load(src, d, lo);
  EXPECT_TRUE(l) << (d.items().empty() ? "" : format_gcc(d.items().back()));
  if (!l) return std::nullopt;
  auto w = physics::build_world(l->scene, d, {&l->doc});
  EXPECT_TRUE(w) << (d.items().empty() ? "" : format_gcc(d.items().back()));
  return w;
}

}  // namespace

TEST(PhysicsWorld, FreeFallMatchesSemiImplicitEuler) {
  Diagnostics d;
  auto w = world_of(kDrop, d);
  ASSERT_TRUE(w);
  ASSERT_TRUE(w->configure({}, d));
  for (int i = 0; i < 10; ++i) ASSERT_TRUE(w->step(d));
  // v_n = -g n dt, y_n = y0 - g dt^2 n (n + 1) / 2
  EXPECT_NEAR(w->body_pose(0).position[1], 2 - 9.81 * 0.0001 * 55, 1e-12);
  EXPECT_NEAR(w->body_pose(0).linear_velocity[1], -9.81 * 0.1, 1e-12);
  EXPECT_EQ(w->contacts_total(), 0u);
}

TEST(PhysicsWorld, BallComesToRestOnTheFloor) {
  Diagnostics d;
  auto w = world_of(kDrop, d);
  ASSERT_TRUE(w);
  // Without configure(), step() uses the default options (gravity -9.81 along y).
  for (int i = 0; i < 300; ++i) ASSERT_TRUE(w->step(d));
  EXPECT_NEAR(w->body_pose(0).position[1], 0.5, 0.02);
  EXPECT_GT(w->contacts_total(), 0u);
  EXPECT_TRUE(w->finite());
}

TEST(PhysicsWorld, SnapshotReportsWhatOdeHolds) {
  Diagnostics d;
  auto w = world_of(kDrop, d);
  ASSERT_TRUE(w);
  EXPECT_EQ(w->scene().bodies[0].name, "ball");
  const physics::Snapshot s = w->snapshot();
  EXPECT_FALSE(s.failure);
  ASSERT_EQ(s.worlds.size(), 1u);
  EXPECT_EQ(s.worlds[0].erp, 0.2);
  EXPECT_EQ(s.worlds[0].gravity, (Vec3{0, 0, 0}));  // XODE has no gravity
  ASSERT_EQ(s.spaces.size(), 1u);
  EXPECT_EQ(s.spaces[0].num_geoms, 2);
  ASSERT_EQ(s.bodies.size(), 1u);
  EXPECT_EQ(s.bodies[0].position, (Vec3{0, 2, 0}));
  EXPECT_NEAR(s.bodies[0].mass, 4.0 / 3.0 * M_PI * 0.125, 1e-12);
  ASSERT_EQ(s.geoms.size(), 2u);
  EXPECT_EQ(s.geoms[0].body, 0);
  EXPECT_EQ(s.geoms[0].space, 0);
  EXPECT_EQ(s.geoms[0].radius, 0.5);
  EXPECT_FALSE(s.geoms[0].via_transform);
  EXPECT_EQ(s.geoms[1].body, -1);
  EXPECT_EQ(s.geoms[1].plane, (std::array<double, 4>{0, 1, 0, 0}));
}

TEST(PhysicsWorld, MassesOdeRejectsBecomeDiagnostics) {
  std::string src =
      "<xode version='1'><world><space><body name='b'><mass><mass_struct total='1'>"
      "<centerGravity x='0' y='0' z='0'/><imatrix m00='-1' m01='0' m02='0' m11='1' m12='0' m22='1'/>"
      "</mass_struct></mass></body></space></world></xode>";
  Diagnostics d;
  auto l = load(src, d);
  ASSERT_TRUE(l);
  EXPECT_FALSE(physics::build_world(l->scene, d));
  EXPECT_TRUE(has(d, "physics.bad-mass"));
}

TEST(PhysicsWorld, EulerAmotorOdeCannotReadIsReportedNotAborted) {
  GENOKIT_REQUIRE_CORPUS();
  // PyBrain's post-processing puts test_doc's 1-axis AMotor in Euler mode: ODE would assert in
  // dxNormalize3 reading it (the oracle reports ode-abort). The snapshot says so instead.
  LoadOptions lo;
  lo.build.compat = Compat::pybrain;
  lo.read.lenient = true;
  Diagnostics d;
  auto w = world_of(slurp(test::corpus_dir() / "xode/pyode-tests/test_doc.xode"), d, lo);
  ASSERT_TRUE(w);
  const physics::Snapshot s = w->snapshot();
  ASSERT_TRUE(s.failure);
  EXPECT_EQ(w->scene().joints[s.failure->joint].path, "/world[1]/space[0]/joint[5]");
  EXPECT_NE(s.failure->message.find("Normalize"), std::string::npos);
  EXPECT_EQ(s.joints.size(), s.failure->joint);  // the joints before it were read
  // A step would meet the same assertion (the motor links enabled bodies): reported instead.
  Diagnostics sd;
  EXPECT_FALSE(w->step(sd));
  ASSERT_TRUE(has(sd, "physics.amotor-euler-axes"));
  EXPECT_FALSE(w->step(sd));
}

TEST(PhysicsWorld, AStepOdeStopsInIsADiagnosticAndStaysInItsWorld) {
  // A finite but huge spin: ODE's quaternion update overflows and dxNormalize4 asserts inside
  // dWorldStep. The assertion unwinds to genokit's guard; the world takes no more steps and is
  // destroyed normally, and the next world steps as usual (each world steps with its own
  // threading state, which ODE leaves holding the interrupted step's jobs).
  {
    Diagnostics d;
    auto w = world_of(
        "<xode version='1.0r22'><world><space><body><angularVel x='1e300' y='1e300' z='0'/></body>"
        "</space></world></xode>",
        d);
    ASSERT_TRUE(w);
#if GENOKIT_TEST_ASAN
    __lsan_disable();  // ODE does not return the interrupted step's job record
#endif
    EXPECT_FALSE(w->step(d));
#if GENOKIT_TEST_ASAN
    __lsan_enable();
#endif
    ASSERT_TRUE(has(d, "physics.ode-error"));
    EXPECT_NE(d.items().back().message.find("bSafeNormalize4Fault"), std::string::npos)
        << d.items().back().message;
    EXPECT_FALSE(w->step(d));
  }
  Diagnostics d;
  auto w = world_of(kDrop, d);
  ASSERT_TRUE(w);
  for (int i = 0; i < 10; ++i) ASSERT_TRUE(w->step(d));
  EXPECT_NEAR(w->body_pose(0).position[1], 2 - 9.81 * 0.0001 * 55, 1e-12);
}

TEST(PhysicsWorld, InvalidSimulationOptionsAreDiagnostics) {
  Diagnostics d;
  auto w = world_of(kDrop, d);
  ASSERT_TRUE(w);
  for (auto change : std::vector<std::function<void(physics::SimOptions&)>>{
           [](auto& o) { o.dt = 0; }, [](auto& o) { o.dt = NAN; },
           [](auto& o) {
             o.gravity = Vec3{0, NAN, 0};
           },
           [](auto& o) { o.quickstep_iterations = 0; }, [](auto& o) { o.mu = -1; },
           [](auto& o) { o.mu = NAN; }, [](auto& o) { o.max_contacts = -1; }}) {
    physics::SimOptions so;
    change(so);
    Diagnostics od;
    EXPECT_FALSE(w->configure(so, od));
    EXPECT_TRUE(has(od, "physics.bad-option"));
  }
  physics::SimOptions so;
  so.mu = INFINITY;  // ODE's dInfinity: infinite friction
  EXPECT_TRUE(w->configure(so, d));
}

TEST(PhysicsWorld, NonFiniteAndNegativeInputsNeverAbort) {
  for (const char* body :
       {"<body><transform><position x='nan' y='inf' z='-inf'/></transform>"
        "<geom><sphere radius='1'/></geom><linearVel x='nan' y='0' z='0'/></body>",
        "<body><mass><mass_shape density='-3'><box sizex='1' sizey='1' sizez='1'/></mass_shape>"
        "<adjust total='-2'/></mass></body>",
        "<body name='a'/><joint><link1 body='a'/><hinge><axis x='0' y='0' z='0'/></hinge></joint>",
        "<body><geom><box sizex='-1' sizey='1' sizez='1'/></geom></body>",
        "<body name='a'/><joint><link1 body='a'/><hinge2><axis x='1' y='0' z='0'/><axis x='0' y='1' z='0'/>"
        "</hinge2></joint>",
        "<body><transform><matrix4f m00='0' m01='0' m02='0' m03='0' m10='0' m11='0' m12='0' m13='0' m20='0' "
        "m21='0' m22='0' m23='0' m30='0' m31='0' m32='0' m33='1'/></transform></body>"}) {
    for (Compat c : {Compat::standard, Compat::pyode}) {
      SCOPED_TRACE(body);
      LoadOptions lo;
      lo.build.compat = c;
      Diagnostics d;
      auto l =
          load(std::string("<xode version='1'><world><space>") + body + "</space></world></xode>", d, lo);
      if (!l) {
        EXPECT_TRUE(d.has_errors());
        continue;
      }
      auto w = physics::build_world(l->scene, d);
      if (!w) {
        EXPECT_TRUE(d.has_errors());
        continue;
      }
      for (int i = 0; i < 5 && w->step(d); ++i) {
      }
      (void)w->snapshot();
    }
  }
}

// ---- comparison with xode_oracle.py ------------------------------------------------------------

namespace {

constexpr const char* kPython = "/usr/bin/python3";

fs::path oracle_path() {
  return test::shared_dir() / "tools" / "xode_oracle.py";
}

bool oracle_available() {
  if (!fs::exists(kPython) || !fs::exists(oracle_path())) return false;
  return std::system("/usr/bin/python3 -c 'import ode, xode' >/dev/null 2>&1") == 0;
}

double as_number(const nlohmann::json& v) {
  if (v.is_string()) {
    std::string s = v.get<std::string>();
    if (s == "inf") return INFINITY;
    if (s == "-inf") return -INFINITY;
    return NAN;
  }
  return v.get<double>();
}

// Differences between `ours` and the oracle's JSON (numbers within a relative `tol`).
void compare(const nlohmann::json& a, const nlohmann::json& b, const std::string& path, double tol,
             std::vector<std::string>& out) {
  if (out.size() > 20) return;
  bool anum = a.is_number() || (a.is_string() && (a == "inf" || a == "-inf" || a == "nan"));
  bool bnum = b.is_number() || (b.is_string() && (b == "inf" || b == "-inf" || b == "nan"));
  if (anum && bnum && !a.is_boolean() && !b.is_boolean()) {
    double x = as_number(a), y = as_number(b);
    if (std::isnan(x) && std::isnan(y)) return;
    if (x == y) return;
    if (!(std::fabs(x - y) <= tol * std::max({1.0, std::fabs(x), std::fabs(y)})))
      out.push_back(path + ": " + a.dump() + " vs " + b.dump());
    return;
  }
  if (a.is_object() && b.is_object()) {
    for (auto it = b.begin(); it != b.end(); ++it) {
      if (!a.contains(it.key())) {
        out.push_back(path + "." + it.key() + ": missing");
        continue;
      }
      compare(a[it.key()], it.value(), path + "." + it.key(), tol, out);
    }
    return;
  }
  if (a.is_array() && b.is_array()) {
    if (a.size() != b.size()) {
      out.push_back(path + ": " + std::to_string(a.size()) + " vs " + std::to_string(b.size()) + " entries");
      return;
    }
    for (std::size_t i = 0; i < a.size(); ++i)
      compare(a[i], b[i], path + "[" + std::to_string(i) + "]", tol, out);
    return;
  }
  if (a != b) out.push_back(path + ": " + a.dump() + " vs " + b.dump());
}

struct OracleRun {
  std::string file;
  nlohmann::json json;
};

// Runs the oracle on every file (4 at a time) with --step 100.
std::vector<OracleRun> run_oracle(const std::vector<fs::path>& files, const std::string& extra) {
  fs::path dir = fs::temp_directory_path() / ("genokit-xode-oracle-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  fs::path list = dir / "files.txt";
  {
    std::ofstream o(list);
    for (std::size_t i = 0; i < files.size(); ++i) o << i << " " << files[i].string() << "\n";
  }
  std::string cmd = "cd '" + dir.string() + "' && xargs -P 4 -L 1 sh -c '" + kPython + " " +
                    oracle_path().string() + " \"$1\" --step 100 --indent 0 " + extra +
                    " > \"$0.json\" 2>/dev/null; true' < files.txt";
  EXPECT_EQ(std::system(cmd.c_str()), 0);
  std::vector<OracleRun> out;
  for (std::size_t i = 0; i < files.size(); ++i) {
    std::string text = slurp(dir / (std::to_string(i) + ".json"));
    auto j = nlohmann::json::parse(text, nullptr, false);
    out.push_back({files[i].string(), j});
  }
  fs::remove_all(dir);
  return out;
}

// compat: how genokit reads; `standard` compares genokit's standard mode with stock PyODE on the
// files the oracle's --check finds no deviation in.
void compare_corpus(Compat compat) {
  GENOKIT_REQUIRE_CORPUS();
  GENOKIT_REQUIRE_SHARED(oracle_available(),
                         "PyODE oracle " << oracle_path() << " or python3-pyode not available");
  std::vector<fs::path> files;
  for (const auto& e : fs::recursive_directory_iterator(test::corpus_dir() / "xode"))
    if (e.path().extension() == ".xode") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  // Stock runs (with --check, which only adds the deviations list) serve both the pyode and the
  // standard comparison, so the oracle runs twice per test program, not three times.
  static std::map<std::string, std::vector<OracleRun>> cache;
  std::string extra = compat == Compat::pybrain ? "--compat pybrain --repair" : "--check";
  if (!cache.count(extra)) cache[extra] = run_oracle(files, extra);
  const auto& runs = cache[extra];
  int compared = 0;
  for (const auto& r : runs) {
    SCOPED_TRACE(r.file);
    ASSERT_TRUE(r.json.is_object()) << "oracle output is not JSON";
    if (compat == Compat::standard &&
        (r.json.value("status", "") != "ok" || !r.json.value("deviations", nlohmann::json::array()).empty()))
      continue;
    // genokit's side through the program: the built world as `show --built --json` prints it,
    // then 100 steps of `simulate --json` with the oracle's defaults.
    const std::string mode = std::string(" --compat ") + std::string(to_string(compat)) +
                             (compat == Compat::pybrain ? " --lenient" : "") + " '" + r.file + "'";
    auto built = test::run_cli("show --built --json" + mode, false);
    nlohmann::json dump = nlohmann::json::parse(built.out, nullptr, false);
    ASSERT_TRUE(dump.is_object()) << built.out;
    const bool ok = dump.value("status", "") == "ok";
    std::string status = r.json.value("status", "");
    EXPECT_EQ(ok, status == "ok") << dump.dump();
    if (!ok || status != "ok") continue;
    std::vector<std::string> diffs;
    for (const char* k : {"worlds", "spaces", "bodies", "geoms", "joints", "counts"})
      compare(dump[k], r.json[k], k, 1e-9, diffs);
    auto simulated = test::run_cli("simulate --steps 100 --json" + mode, false);
    ASSERT_EQ(simulated.code, 0) << simulated.out;
    nlohmann::json ours = nlohmann::json::parse(simulated.out)["simulation"];
    const auto& sim = r.json["simulation"];
    ASSERT_EQ(ours["bodies"].size(), sim["bodies"].size());
    for (std::size_t i = 0; i < ours["bodies"].size(); ++i)
      compare(ours["bodies"][i]["position"], sim["bodies"][i]["position"], "simulation.position", 1e-6,
              diffs);
    EXPECT_EQ(ours["contacts_total"], sim["contacts_total"]);
    EXPECT_TRUE(diffs.empty()) << diffs.front();
    ++compared;
  }
  EXPECT_GE(compared, compat == Compat::pybrain ? 20 : compat == Compat::pyode ? 8 : 3);
}

}  // namespace

TEST(PhysicsOracle, PyodeModeMatchesStockPyode) {
  compare_corpus(Compat::pyode);
}
TEST(PhysicsOracle, PybrainModeMatchesPatchedPyode) {
  compare_corpus(Compat::pybrain);
}
TEST(PhysicsOracle, StandardModeMatchesWhereTheOracleSeesNoDeviation) {
  compare_corpus(Compat::standard);
}
