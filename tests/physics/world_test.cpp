// ODE instantiation and stepping; field-by-field comparison with xode_oracle.py (PyODE) when
// Debian's python3-pyode is installed.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "common/cli_run.hpp"
#include "common/test_paths.hpp"
#include "genokit/physics/world.hpp"
#include "genokit/xode/load.hpp"

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

}  // namespace

TEST(PhysicsWorld, FreeFallMatchesSemiImplicitEuler) {
  Loaded l;
  Diagnostics d;
  ASSERT_TRUE(load(kDrop, {}, l, d));
  physics::World w;
  ASSERT_TRUE(w.instantiate(l.scene, d));
  physics::SimOptions so;
  w.prepare(so);
  for (int i = 0; i < 10; ++i) ASSERT_TRUE(w.step(so, d));
  // v_n = -g n dt, y_n = y0 - g dt^2 n (n + 1) / 2
  EXPECT_NEAR(w.body_pose(0).position[1], 2 - 9.81 * 0.0001 * 55, 1e-12);
  EXPECT_NEAR(w.body_pose(0).linear_velocity[1], -9.81 * 0.1, 1e-12);
  EXPECT_EQ(w.contacts_total(), 0u);
}

TEST(PhysicsWorld, BallComesToRestOnTheFloor) {
  Loaded l;
  Diagnostics d;
  ASSERT_TRUE(load(kDrop, {}, l, d));
  physics::World w;
  ASSERT_TRUE(w.instantiate(l.scene, d));
  physics::SimOptions so;
  w.prepare(so);
  for (int i = 0; i < 300; ++i) ASSERT_TRUE(w.step(so, d));
  EXPECT_NEAR(w.body_pose(0).position[1], 0.5, 0.02);
  EXPECT_GT(w.contacts_total(), 0u);
  EXPECT_TRUE(w.finite());
}

TEST(PhysicsWorld, DumpHasTheOracleShape) {
  Loaded l;
  Diagnostics d;
  ASSERT_TRUE(load(kDrop, {}, l, d));
  physics::World w;
  ASSERT_TRUE(w.instantiate(l.scene, d));
  auto j = w.dump();
  EXPECT_EQ(j["counts"]["bodies"], 1);
  EXPECT_EQ(j["bodies"][0]["path"], "/world[0]/space[0]/body[0]");
  EXPECT_EQ(j["bodies"][0]["name"], "ball");
  EXPECT_EQ(j["geoms"][0]["body"], "ball");
  EXPECT_EQ(j["geoms"][0]["ode_class"], "GeomSphere");
  EXPECT_EQ(j["geoms"][1]["placeable"], false);
  EXPECT_EQ(j["spaces"][0]["num_geoms"], 2);
  EXPECT_EQ(j["worlds"][0]["erp"], 0.2);
}

TEST(PhysicsWorld, MassesOdeRejectsBecomeDiagnostics) {
  std::string src =
      "<xode version='1'><world><space><body name='b'><mass><mass_struct total='1'>"
      "<centerGravity x='0' y='0' z='0'/><imatrix m00='-1' m01='0' m02='0' m11='1' m12='0' m22='1'/>"
      "</mass_struct></mass></body></space></world></xode>";
  Loaded l;
  Diagnostics d;
  ASSERT_TRUE(load(src, {}, l, d));
  physics::World w;
  EXPECT_FALSE(w.instantiate(l.scene, d));
  EXPECT_TRUE(has(d, "physics.bad-mass"));
}

TEST(PhysicsWorld, OdeAssertionBecomesADiagnostic) {
  GENOKIT_REQUIRE_CORPUS();
  // PyBrain's post-processing puts test_doc's 1-axis AMotor in Euler mode: ODE asserts in
  // dxNormalize3 (the oracle reports ode-abort) -- here a JSON error, no abort.
  LoadOptions lo;
  lo.compat = Compat::pybrain;
  lo.lenient = true;
  Loaded l;
  Diagnostics d;
  ASSERT_TRUE(load(slurp(test::corpus_dir() / "xode/pyode-tests/test_doc.xode"), lo, l, d));
  physics::World w;
  ASSERT_TRUE(w.instantiate(l.scene, d));
  auto j = w.dump();
  ASSERT_EQ(j.value("status", ""), "error");
  EXPECT_EQ(j["error"]["category"], "ode-abort");
  EXPECT_NE(j["error"]["message"].get<std::string>().find("Normalize"), std::string::npos);
  EXPECT_EQ(j["error"]["phase"], "dump /world[1]/space[0]/joint[5]");
}

TEST(PhysicsWorld, NonFiniteAndNegativeInputsNeverAbort) {
  for (const char* body :
       {"<body><transform><position x='nan' y='inf' z='-inf'/></transform>"
        "<geom><sphere radius='1'/></geom><linearVel x='nan' y='0' z='0'/></body>",
        "<body><mass><mass_shape density='-3'><box sizex='1' sizey='1' sizez='1'/></mass_shape>"
        "<adjust total='-2'/></mass></body>",
        "<body name='a'/><joint><link1 body='a'/><hinge><axis x='0' y='0' z='0'/></hinge></joint>"}) {
    for (Compat c : {Compat::standard, Compat::pyode}) {
      SCOPED_TRACE(body);
      LoadOptions lo;
      lo.compat = c;
      Loaded l;
      Diagnostics d;
      bool ok =
          load(std::string("<xode version='1'><world><space>") + body + "</space></world></xode>", lo, l, d);
      if (!ok) {
        EXPECT_TRUE(d.has_errors());
        continue;
      }
      physics::World w;
      if (!w.instantiate(l.scene, d)) {
        EXPECT_TRUE(d.has_errors());
        continue;
      }
      physics::SimOptions so;
      w.prepare(so);
      for (int i = 0; i < 5 && w.step(so, d); ++i) {
      }
      (void)w.dump();
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
    LoadOptions lo;
    lo.compat = compat;
    lo.lenient = compat == Compat::pybrain;
    Loaded l;
    Diagnostics d;
    bool ok = load(slurp(r.file), lo, l, d);
    std::unique_ptr<physics::World> w;
    nlohmann::json dump;
    if (ok) {
      w = std::make_unique<physics::World>();
      ok = w->instantiate(l.scene, d);
      if (ok) {
        dump = w->dump();
        ok = !dump.contains("status");
      }
    }
    std::string status = r.json.value("status", "");
    EXPECT_EQ(ok, status == "ok") << (d.items().empty() ? dump.dump() : format_gcc(d.items().back()));
    if (!ok || status != "ok") continue;
    std::vector<std::string> diffs;
    for (const char* k : {"worlds", "spaces", "bodies", "geoms", "joints", "counts"})
      compare(dump[k], r.json[k], k, 1e-9, diffs);
    physics::SimOptions so;
    w->prepare(so);
    for (int i = 0; i < 100; ++i) ASSERT_TRUE(w->step(so, d));
    const auto& sim = r.json["simulation"];
    auto ours = w->body_states();
    ASSERT_EQ(ours.size(), sim["bodies"].size());
    for (std::size_t i = 0; i < ours.size(); ++i)
      compare(ours[i]["position"], sim["bodies"][i]["position"], "simulation.position", 1e-6, diffs);
    EXPECT_EQ(w->contacts_total(), sim["contacts_total"].get<std::size_t>());
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
