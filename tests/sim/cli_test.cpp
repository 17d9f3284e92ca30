// The creature commands: simulate (trajectory JSON/CSV of CONTRACTS.md), evaluate (framspy JSON,
// results .gen), export-xode (loaded back by the XODE reader), and the network inside a
// simulation stepping exactly as `genokit neuro run`.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>

#include "common/cli_run.hpp"
#include "genokit/genotype/file.hpp"
#include "genokit/physics/world.hpp"
#include "genokit/xode/load.hpp"
#include "sim/model_data.hpp"
#include "sim_test_util.hpp"

namespace genokit::sim {
namespace {

namespace fs = std::filesystem;
using genokit::test::run_cli;
using genokit::test::slurp;

fs::path temp(const std::string& name) {
  fs::path dir = fs::temp_directory_path() / ("genokit-sim-cli-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  return dir / name;
}

std::string q(const fs::path& p) {
  return "'" + p.string() + "'";
}

// A 3-stick creature with an oscillator driving its muscle (Sin -> N -> |).
fs::path oscillating_creature() {
  fs::path p = temp("osc.f0");
  std::ofstream(p) << "//0\np:0,0,0\np:1,0,0\np:1.6,0.8,0\np:1.6,-0.8,0.3\nj:0,1\nj:1,2\nj:1,3\n"
                      "n:d=\"Sin:f0=0.15\"\nn:d=N\nn:j=1,d=\"|:p=0.8\"\nc:1,0,0.9\nc:2,1,1.2\n";
  return p;
}

TEST(SimCli, SimulateWritesTheContractTrajectory) {
  fs::path out = temp("traj.json");
  auto r = run_cli("simulate " + q(oscillating_creature()) + " --steps 40 --every 10 --sim " +
                   q(test::fixture("brain-on.sim")) + " -o " + q(out));
  ASSERT_EQ(r.code, 0) << r.out;
  nlohmann::json j = nlohmann::json::parse(slurp(out));
  EXPECT_EQ(j["format"], "genokit-trajectory");
  EXPECT_EQ(j["version"], 1);
  EXPECT_EQ(j["source"]["encoding"], "f0");
  EXPECT_NE(j["source"]["genotype"].get<std::string>().find("Sin"), std::string::npos);
  EXPECT_EQ(j["settings"]["odestep"], 0.05);
  EXPECT_EQ(j["settings"]["initial_nn_active"], 1);
  EXPECT_EQ(j["world"]["size"], 20.0);
  EXPECT_EQ(j["world"]["type"], 0);
  EXPECT_EQ(j["body"]["radius"], 0.1);
  EXPECT_EQ(j["body"]["parts"].size(), 4u);
  EXPECT_EQ(j["body"]["sticks"].size(), 3u);
  EXPECT_EQ(j["body"]["neurons"][2]["class"], "|");
  EXPECT_EQ(j["body"]["muscles"][0]["kind"], "bend");
  EXPECT_EQ(j["dt"], 0.05);
  EXPECT_EQ(j["sample_every"], 10);
  const auto& smp = j["samples"];
  const std::size_t N = smp["count"];
  EXPECT_EQ(N, 5u);  // steps 0, 10, 20, 30, 40
  EXPECT_EQ(smp["step"].size(), N);
  EXPECT_EQ(smp["step"][4], 40);
  EXPECT_EQ(smp["time"][4], 2.0);
  EXPECT_EQ(smp["com"].size(), 3 * N);
  EXPECT_EQ(smp["parts"].size(), 3 * 4 * N);
  EXPECT_EQ(smp["orientations"].size(), 4 * 4 * N);
  EXPECT_EQ(smp["neurons"].size(), 3 * N);
  EXPECT_EQ(smp["muscles"].size(), N);
  EXPECT_EQ(j["status"], "ok");
  EXPECT_TRUE(j["criteria"].contains("velocity"));
  // A unit quaternion per part.
  double w = smp["orientations"][0], x = smp["orientations"][1], y = smp["orientations"][2],
         z = smp["orientations"][3];
  EXPECT_NEAR(w * w + x * x + y * y + z * z, 1, 1e-12);

  fs::path csv = temp("traj.csv");
  ASSERT_EQ(run_cli("simulate " + q(oscillating_creature()) + " --steps 40 --every 10 -o " + q(csv)).code, 0);
  std::istringstream lines(slurp(csv));
  std::string header, row;
  std::getline(lines, header);
  EXPECT_EQ(header.substr(0, 52), "step,time,com_x,com_y,com_z,p0_x,p0_y,p0_z,p1_x,p1_y");
  EXPECT_NE(header.find(",p3_z,n0,n1,n2,m0"), std::string::npos) << header;
  int rows = 0;
  while (std::getline(lines, row)) ++rows;
  EXPECT_EQ(rows, 5);
}

// The network inside a simulation is the network `neuro run` steps, draw for draw (randinit,
// noise, seed), when no input depends on the body.
TEST(SimCli, NetworkInsideMatchesNeuroRun) {
  fs::path out = temp("nn.json");
  ASSERT_EQ(run_cli("simulate " + q(oscillating_creature()) + " --steps 60 --every 1 --seed 7 --sim " +
                    q(test::fixture("brain-on.sim")) + " -o " + q(out))
                .code,
            0);
  nlohmann::json j = nlohmann::json::parse(slurp(out));
  auto nr = run_cli(
      "neuro run " + q(oscillating_creature()) + " --csv --steps 60 --seed 7 --randinit 0.01 --nnoise 0.02",
      false);
  ASSERT_EQ(nr.code, 0);
  std::istringstream lines(nr.out);
  std::string line;
  std::getline(lines, line);  // header
  for (int step = 0; step <= 60; ++step) {
    ASSERT_TRUE(std::getline(lines, line));
    std::istringstream cells(line);
    std::string cell;
    std::getline(cells, cell, ',');
    ASSERT_EQ(std::stoi(cell), step);
    for (int n = 0; n < 3; ++n) {
      ASSERT_TRUE(std::getline(cells, cell, ','));
      ASSERT_EQ(std::strtod(cell.c_str(), nullptr), j["samples"]["neurons"][3 * step + n].get<double>())
          << "step " << step << " neuron " << n;
    }
  }
}

TEST(SimCli, EvaluateJsonAndResultsFile) {
  fs::path gen = temp("three.gen");
  std::ofstream(gen) << "org:\nname:walker\ngenotype:X(X[|,1:1][Sin],X)\n\norg:\nname:broken\n"
                        "genotype:~\n//0\np:\nj:0,5\n~\n\norg:\nname:stick\ngenotype:XX\n";
  const std::string sim = " --sim " + q(test::fixture("short-life.sim"));
  auto r = run_cli("evaluate " + q(gen) + sim + " --json -j 2", false);
  EXPECT_EQ(r.code, 1);  // one genotype is invalid
  nlohmann::json j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j.size(), 3u);
  EXPECT_EQ(j[0]["name"], "walker");
  EXPECT_EQ(j[0]["evaluations"][""]["lifespan"], 60.0);
  EXPECT_TRUE(j[1]["evaluations"].is_null());
  EXPECT_EQ(j[1]["status"], "invalid");
  EXPECT_EQ(j[2]["evaluations"][""]["numparts"], 3);
  fs::path results = temp("results.gen");
  run_cli("evaluate " + q(gen) + sim + " -o " + q(results));
  Diagnostics d;
  genotype::GenotypeFile back = genotype::read_genotypes(slurp(results), results.string(), d);
  ASSERT_EQ(back.genotypes.size(), 3u);
  EXPECT_EQ(back.genotypes[0].text, "X(X[|,1:1][Sin],X)");
  std::string text = slurp(results);
  EXPECT_NE(text.find("velocity:"), std::string::npos);
  EXPECT_NE(text.find("fit_stdev:"), std::string::npos);
}

// A creature's world exported as XODE loads back in genokit's XODE reader and builds in ODE.
TEST(SimCli, ExportXodeLoadsBack) {
  Settings s;
  for (int world : {0, 1, 2}) {
    SCOPED_TRACE(world);
    fs::path sim = temp("w.sim");
    std::ofstream(sim) << "sim_params:\nwrldtyp:" << world
                       << "\nwrldbnd:1\nwrldmap:~\nM 3 3\n0 1 0\n0 2 0\n0 0 0\n~\n";
    fs::path out = temp("c.xode");
    auto r = run_cli("export-xode " + q(test::fixture("walker3.f0")) + " --sim " + q(sim) + " -o " + q(out));
    ASSERT_EQ(r.code, 0) << r.out;
    Diagnostics d;
    auto loaded = xode::load(slurp(out), d);
    ASSERT_TRUE(loaded) << (d.items().empty() ? "" : format_gcc(d.items()[0]));
    EXPECT_FALSE(d.has_errors());
    std::optional<physics::World> built = physics::build_world(std::move(loaded->scene), d, {&loaded->doc});
    ASSERT_TRUE(built);
    EXPECT_EQ(built->body_count(), 2u);  // walker3: two bodies on a ball joint
    // The bodies at birth where a run puts them (on top of the map's hill for worlds 1 and 2).
    Diagnostics sd;
    Model m = test::model_of(test::read_text(test::fixture("walker3.f0")), *load_settings(sim.string(), sd));
    sim::Run run(m);
    f0::Vec3 c;
    for (std::size_t b = 0; b < 2; ++b) {
      const double w = m.data().bodies[b].mass / m.mass();
      c.x += w * built->body_pose(b).position[0];
      c.y += w * built->body_pose(b).position[1];
      c.z += w * built->body_pose(b).position[2];
    }
    EXPECT_NEAR(c.x, run.center_of_mass().x, 1e-9);
    EXPECT_NEAR(c.z, run.center_of_mass().z, 1e-9);
    EXPECT_GT(c.z, world ? 2 : 0);
  }
  // simulate tells an exported scene from a creature by its content.
  auto scene = run_cli("simulate " + q(temp("c.xode")) + " --steps 5");
  EXPECT_EQ(scene.code, 0) << scene.out;
  EXPECT_NE(scene.out.find("body0"), std::string::npos);
}

// Every .gen file of the corpus evaluates to an entry per genotype, whatever its genotypes are.
TEST(SimCli, EveryCorpusGenFileEvaluates) {
  GENOKIT_REQUIRE_CORPUS();
  int files = 0;
  for (const auto& e : fs::recursive_directory_iterator(genokit::test::corpus_dir())) {
    if (e.path().extension() != ".gen") continue;
    SCOPED_TRACE(e.path().string());
    ++files;
    auto r = run_cli("evaluate " + q(e.path()) + " --sim " + q(test::fixture("short-life.sim")) +
                         " --json -j 2 --max-steps 2000 --max-parts 200 --max-joints 200 --max-neurons 200",
                     false);
    ASSERT_TRUE(r.code == 0 || r.code == 1) << r.code;
    nlohmann::json j = nlohmann::json::parse(r.out, nullptr, false);
    ASSERT_FALSE(j.is_discarded());
    Diagnostics d;
    genotype::GenotypeFile file = genotype::read_genotypes(slurp(e.path()), e.path().string(), d);
    EXPECT_EQ(j.size(), std::max<std::size_t>(1, file.genotypes.size()));
  }
  EXPECT_GT(files, 40);
}

}  // namespace
}  // namespace genokit::sim
