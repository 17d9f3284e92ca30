// Reading trajectory files into page data: values exactly as written (as float32), and every kind
// of damage reported with its code at the file position of the damaged value.
#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>
#include <random>

#include "genokit/view/read.hpp"
#include "view/json_read.hpp"
#include "view_test_util.hpp"

using namespace genokit;
using genokit::test::replaced;
using genokit::test::tiny_trajectory;
using genokit::test::where;

namespace {

std::optional<view::Page> read(const std::string& text, Diagnostics& d) {
  return view::read_trajectory(text, d, {"t.json"});
}

// Reads `text`, expecting it to fail with the first error `code` at line:col of `at`.
void expect_error(const std::string& text, const std::string& code, const Location& at) {
  Diagnostics d;
  EXPECT_FALSE(read(text, d).has_value());
  ASSERT_TRUE(d.has_errors());
  const Diagnostic* first = nullptr;
  for (const auto& x : d.items())
    if (x.severity == Severity::error) {
      first = &x;
      break;
    }
  ASSERT_NE(first, nullptr);
  EXPECT_EQ(first->code, code) << first->message;
  EXPECT_EQ(first->where.file, "t.json");
  EXPECT_EQ(first->where.line, at.line) << first->message;
  EXPECT_EQ(first->where.column, at.column) << first->message;
}

}  // namespace

TEST(ViewTrajectory, FixtureBecomesOneCreatureScene) {
  Diagnostics d;
  auto page = read(tiny_trajectory(), d);
  ASSERT_TRUE(page) << (d.items().empty() ? "" : format_gcc(d.items()[0]));
  EXPECT_FALSE(d.has_errors());
  ASSERT_EQ(page->scenes.size(), 1u);
  const view::Scene& s = page->scenes[0];
  EXPECT_EQ(s.name, "Tiny");
  EXPECT_EQ(page->title, "Tiny");
  EXPECT_TRUE(s.z_up);
  ASSERT_TRUE(s.creature);
  const view::Creature& c = *s.creature;
  EXPECT_EQ(c.parts.size(), 3u);
  ASSERT_EQ(c.sticks.size(), 2u);
  EXPECT_EQ(c.sticks[1].p1, 1);
  EXPECT_EQ(c.sticks[1].p2, 2);
  EXPECT_EQ(c.sticks[1].color, (view::Rgb{0.2, 0.8, 0.2}));
  EXPECT_EQ(c.parts[1].fr, 0.8);
  ASSERT_EQ(c.neurons.size(), 2u);
  EXPECT_EQ(c.neurons[0].part, 0);
  EXPECT_EQ(c.neurons[1].part, -1);
  ASSERT_EQ(c.muscles.size(), 1u);
  EXPECT_EQ(c.muscles[0].stick, 1);  // joint 1 is the second stick
  EXPECT_FALSE(c.muscles[0].twist);
  ASSERT_TRUE(s.world);
  EXPECT_EQ(s.world->size, 20);
  EXPECT_EQ(s.dt, 0.05);
  const view::Frames& f = s.frames;
  EXPECT_EQ(f.count, 4u);
  EXPECT_EQ(f.parts.cols, 9u);
  ASSERT_EQ(f.parts.values.size(), 36u);
  EXPECT_EQ(f.parts.values[27 + 6], 12.02f);  // sample 3, part 2, x
  EXPECT_EQ(f.parts.values[27 + 7], 10.15f);
  EXPECT_EQ(f.parts.values[27 + 8], 0.12f);
  EXPECT_EQ(f.time.values[1], 0.1f);
  EXPECT_EQ(f.step.values[3], 6.0f);
  EXPECT_EQ(f.com.values[3 * 3], 11.03f);
  EXPECT_EQ(f.neurons.cols, 2u);
  EXPECT_EQ(f.neurons.values[7], 1.0f);
  EXPECT_EQ(f.muscles.values[2], 0.5f);
  ASSERT_EQ(s.criteria.size(), 2u);
  EXPECT_EQ(s.criteria[0], (std::pair<std::string, double>{"velocity", 0.1}));
  ASSERT_FALSE(s.settings.empty());
  EXPECT_EQ(s.settings[0].first, "odestep");
  EXPECT_EQ(s.source.genotype.substr(0, 4), "//0\n");
}

TEST(ViewTrajectory, DamageIsReportedAtTheDamagedValue) {
  const std::string t = tiny_trajectory();
  {  // a stick's part out of range
    auto bad = replaced(t, "\"p2\": 2", "\"p2\": 7");
    expect_error(bad, "view.bad-index", where(bad, "7", "\"p2\": 7"));
  }
  {  // a samples array one number short
    auto bad = replaced(t, "\"parts\": [10, 10, 0.1,", "\"parts\": [10, 10,");
    expect_error(bad, "view.bad-length", where(bad, "[10, 10,"));
  }
  {  // a string among numbers
    auto bad = replaced(t, "\"neurons\": [0, 0,", "\"neurons\": [0, \"x\",");
    expect_error(bad, "view.wrong-type", where(bad, "\"x\""));
  }
  {  // an object where a number belongs
    auto bad = replaced(t, "\"dt\": 0.05", "\"dt\": {}");
    expect_error(bad, "view.wrong-type", where(bad, "{}"));
  }
  {  // not a trajectory
    auto bad = replaced(t, "\"genokit-trajectory\"", "\"something-else\"");
    expect_error(bad, "view.not-trajectory", where(bad, "\"something-else\""));
  }
  {  // a later version
    auto bad = replaced(t, "\"version\": 1", "\"version\": 2");
    expect_error(bad, "view.bad-version", where(bad, "2,"));
  }
  {  // no body: reported at the object that lacks it
    auto bad = replaced(t, "\"body\":", "\"bodyx\":");
    expect_error(bad, "view.missing-field", where(bad, "{"));
  }
  {  // an unknown muscle kind
    auto bad = replaced(t, "\"kind\": \"bend\"", "\"kind\": \"pull\"");
    expect_error(bad, "view.bad-value", where(bad, "\"pull\""));
  }
  {  // a coordinate float32 cannot hold
    auto bad = replaced(t, "\"com\": [11,", "\"com\": [1e39,");
    expect_error(bad, "view.bad-value", where(bad, "[1e39"));
  }
  {  // syntax: a missing comma, reported where the parser stopped
    auto bad = replaced(t, "\"dt\": 0.05, \"sample_every\"", "\"dt\": 0.05 \"sample_every\"");
    expect_error(bad, "view.json-syntax", where(bad, "\"sample_every\""));
  }
  {  // a heightfield with the wrong number of heights
    auto bad = replaced(t, "\"type\": 0,",
                        "\"type\": 2, \"heightfield\": {\"nx\": 2, \"ny\": 2, \"heights\": [0, 1, 2]},");
    expect_error(bad, "view.bad-length", where(bad, "[0, 1, 2]"));
  }
  expect_error("", "view.json-syntax", Location{"", 1, 1, 0});
  expect_error("[1, 2]", "view.not-trajectory", Location{"", 1, 1, 0});
}

// A damaged file never crashes the reader and an error always has a position: chunks of the
// fixture cut out at random (fixed seed).
TEST(ViewTrajectory, CutFilesGivePositionedErrorsNeverCrashes) {
  const std::string t = tiny_trajectory();
  std::mt19937 rng(7);
  int failures = 0;
  for (int i = 0; i < 400; ++i) {
    std::string s = t;
    std::uniform_int_distribution<std::size_t> at(0, s.size() - 1);
    std::size_t a = at(rng), len = 1 + at(rng) % 12;
    s.erase(a, len);
    Diagnostics d;
    auto page = read(s, d);
    if (!page) {
      ++failures;
      ASSERT_TRUE(d.has_errors());
      for (const auto& x : d.items())
        if (x.severity == Severity::error) {
          EXPECT_GT(x.where.line, 0u) << x.message << "\n" << s;
        }
    }
  }
  EXPECT_GT(failures, 300);
}

TEST(ViewTrajectory, JsonPathNames) {
  EXPECT_EQ(view::detail::json_path_name("/body/sticks/3/p1"), "body.sticks[3].p1");
  EXPECT_EQ(view::detail::json_path_name(""), "the top-level object");
}

// null is how the writer puts a non-finite number: positions stop the page before that sample,
// signals stay gaps, empty neuron/muscle arrays mean "not recorded".
TEST(ViewTrajectory, NullValuesAndUnrecordedSignals) {
  const std::string t = tiny_trajectory();
  {
    Diagnostics d;
    auto page = read(replaced(t, "10.02, 10.001, 0.1,  11.02", "null, 10.001, 0.1,  11.02"), d);
    ASSERT_TRUE(page);
    EXPECT_EQ(page->scenes[0].frames.count, 2u);
    EXPECT_EQ(page->scenes[0].frames.parts.values.size(), 18u);
    EXPECT_EQ(page->scenes[0].frames.time.values.size(), 2u);
    ASSERT_EQ(d.items().size(), 1u);
    EXPECT_EQ(d.items()[0].code, "view.non-finite-samples");
  }
  {
    auto bad = replaced(t, "\"com\": [11, 10, 0.1,", "\"com\": [null, 10, 0.1,");
    expect_error(bad, "view.bad-value", where(bad, "{", "\"samples\""));
  }
  {
    Diagnostics d;
    auto page = read(replaced(t, "\"muscles\": [0, 0.25, 0.5, 1]", "\"muscles\": [0, null, 0.5, 1]"), d);
    ASSERT_TRUE(page);
    EXPECT_TRUE(std::isnan(page->scenes[0].frames.muscles.values[1]));
    EXPECT_EQ(page->scenes[0].frames.count, 4u);
  }
  {
    Diagnostics d;
    auto page =
        read(replaced(t, "\"neurons\": [0, 0,  0.5, 0.25,  0.75, 0.5,  0.5, 1]", "\"neurons\": []"), d);
    ASSERT_TRUE(page);
    EXPECT_EQ(page->scenes[0].frames.neurons.cols, 0u);
    EXPECT_FALSE(d.has_errors());
  }
}

// A file written by the simulator's own trajectory writer (the walker of examples/f0, 30 steps;
// made with sim::simulate + sim::trajectory_json): every value of the page is the file's, as float32.
TEST(ViewTrajectory, FileOfTheSimulatorsWriter) {
  const std::string text = genokit::test::slurp(genokit::test::view_fixture("sim_walker_30steps.json"));
  Diagnostics d;
  auto page = view::read_trajectory(text, d, {"sim.json"});
  ASSERT_TRUE(page);
  EXPECT_TRUE(d.empty());
  const nlohmann::json j = nlohmann::json::parse(text);
  const view::Scene& s = page->scenes[0];
  ASSERT_TRUE(s.creature);
  EXPECT_EQ(s.creature->parts.size(), j["body"]["parts"].size());
  EXPECT_EQ(s.creature->sticks.size(), j["body"]["sticks"].size());
  EXPECT_EQ(s.creature->neurons.size(), j["body"]["neurons"].size());
  EXPECT_EQ(s.creature->muscles.size(), j["body"]["muscles"].size());
  EXPECT_EQ(s.creature->radius, j["body"]["radius"].get<double>());
  for (const auto& m : s.creature->muscles) EXPECT_GE(m.stick, 0);
  EXPECT_EQ(s.frames.count, j["samples"]["count"].get<std::size_t>());
  const std::pair<const char*, const view::Series*> series[] = {{"com", &s.frames.com},
                                                                {"parts", &s.frames.parts},
                                                                {"neurons", &s.frames.neurons},
                                                                {"muscles", &s.frames.muscles},
                                                                {"time", &s.frames.time}};
  for (const auto& [key, ser] : series) {
    const auto& want = j["samples"][key];
    ASSERT_EQ(ser->values.size(), want.size()) << key;
    for (std::size_t i = 0; i < want.size(); ++i)
      ASSERT_EQ(ser->values[i], static_cast<float>(want[i].get<double>())) << key << "[" << i << "]";
  }
  EXPECT_EQ(s.criteria.size(), j.contains("criteria") ? j["criteria"].size() : 0u);
  EXPECT_EQ(s.settings.size(), j["settings"].size());
  ASSERT_TRUE(s.world);
  EXPECT_EQ(s.world->size, j["world"]["size"].get<double>());
  EXPECT_EQ(s.source.name, "walker");
}
