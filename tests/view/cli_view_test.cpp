// `genokit view` on the command line: pages written atomically, damaged inputs rejected with
// file:line:col and exit 1 (no page left behind), usage errors exit 2, PNG frames through Chromium.
#include <gtest/gtest.h>

#include <filesystem>

#include "genokit/core/file_io.hpp"
#include "genokit/view/frames.hpp"
#include "genokit/view/html.hpp"
#include "view_test_util.hpp"

namespace fs = std::filesystem;
using namespace genokit::test;

namespace {

std::string q(const fs::path& p) {
  return "'" + p.string() + "'";
}

fs::path write(const fs::path& dir, const std::string& name, const std::string& text) {
  genokit::Diagnostics d;
  EXPECT_TRUE(genokit::write_file_atomic((dir / name).string(), text, d));
  return dir / name;
}

}  // namespace

TEST(CliView, DamagedTrajectoryExitsOneWithPositionAndWritesNothing) {
  const fs::path dir = view_temp_dir("damaged");
  const std::string bad = replaced(tiny_trajectory(), "\"p2\": 2", "\"p2\": 9");
  const fs::path in = write(dir, "bad.json", bad);
  const fs::path out = dir / "bad.html";
  auto r = run_cli("view " + q(in) + " -o " + q(out));
  EXPECT_EQ(r.code, 1) << r.out;
  const genokit::Location at = where(bad, "9,", "\"p2\": 9");
  const std::string expected = in.string() + ":" + std::to_string(at.line) + ":" + std::to_string(at.column) +
                               ": error: body.sticks[1].p2 is 9, but there are 3 parts [view.bad-index]";
  EXPECT_NE(r.out.find(expected), std::string::npos) << r.out;
  EXPECT_FALSE(fs::exists(out));
  // Truncated JSON, a broken XODE scene and an unreadable genotype file fail the same way.
  const fs::path cut = write(dir, "cut.json", tiny_trajectory().substr(0, 500));
  r = run_cli("view " + q(cut) + " -o " + q(out));
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.out.find("[view.json-syntax]"), std::string::npos) << r.out;
  const fs::path xode =
      write(dir, "bad.xode", "<?xml version=\"1.0\"?>\n<xode version=\"1.0r22\"><world><body>\n</xode>");
  r = run_cli("view " + q(xode) + " -o " + q(out));
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.out.find("bad.xode:"), std::string::npos) << r.out;
  EXPECT_FALSE(fs::exists(out));
}

TEST(CliView, UsageErrorsExitTwo) {
  const std::string in = q(view_fixture("tiny_trajectory.json"));
  EXPECT_EQ(run_cli("view").code, 2);
  EXPECT_EQ(run_cli("view " + in + " --format nonsense").code, 2);
  EXPECT_EQ(run_cli("view " + in + " --fps 0").code, 2);
  EXPECT_EQ(run_cli("view " + in + " --frames /nonexistent/x --size 12").code, 2);
}

TEST(CliView, WritesOnePageForEachKindOfInput) {
  if (!genokit::view::viewer_bundled())
    GTEST_SKIP() << "built without the viewer script (no npm at build time)";
  const fs::path dir = view_temp_dir("kinds");
  const fs::path ex = source_dir() / "examples";
  for (const auto& [in, extra] :
       std::vector<std::pair<fs::path, std::string>>{{view_fixture("tiny_trajectory.json"), ""},
                                                     {ex / "xode" / "drop.xode", " --steps 50"},
                                                     {ex / "f1" / "zoo.gen", ""},
                                                     {ex / "f0" / "walker.f0", ""}}) {
    const fs::path out = dir / (in.stem().string() + ".html");
    auto r = run_cli("view " + q(in) + extra + " -o " + q(out));
    EXPECT_EQ(r.code, 0) << in << "\n" << r.out;
    const std::string html = slurp(out);
    EXPECT_EQ(html.rfind("<!doctype html>", 0), 0u) << in;
    EXPECT_NE(html.find("\"format\":\"genokit-view\""), std::string::npos) << in;
  }
  // '-o -': the page on stdout.
  auto r = run_cli("view " + q(view_fixture("tiny_trajectory.json")) + " -o -", false);
  EXPECT_EQ(r.code, 0);
  EXPECT_EQ(r.out.rfind("<!doctype html>", 0), 0u);
}

// PNG frames through headless Chromium (skipped when it is not installed).
TEST(CliView, FramesArePngsOfTheRequestedSize) {
  if (!genokit::view::viewer_bundled())
    GTEST_SKIP() << "built without the viewer script (no npm at build time)";
  if (genokit::view::find_browser().empty())
    GTEST_SKIP() << "no chromium installed (scripts/install-deps.sh)";
  const fs::path dir = view_temp_dir("frames");
  fs::remove_all(dir);
  fs::create_directories(dir);
  write(dir, "frame_000099.png", "an old frame");  // removed: not part of this run
  write(dir, "notes.txt", "kept");
  auto r = run_cli("view " + q(view_fixture("tiny_trajectory.json")) + " --frames " + q(dir) +
                   " --fps 10 --size 160x120");
  ASSERT_EQ(r.code, 0) << r.out;
  // Samples at 0 .. 0.3 s, 10 pictures a second: 4 pictures.
  for (int k = 1; k <= 4; ++k) {
    char name[32];
    std::snprintf(name, sizeof name, "frame_%06d.png", k);
    const std::string png = slurp(dir / name);
    ASSERT_GT(png.size(), 24u) << name;
    EXPECT_EQ(png.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
    auto be32 = [&](std::size_t at) {
      return (static_cast<unsigned>(static_cast<unsigned char>(png[at])) << 24) |
             (static_cast<unsigned>(static_cast<unsigned char>(png[at + 1])) << 16) |
             (static_cast<unsigned>(static_cast<unsigned char>(png[at + 2])) << 8) |
             static_cast<unsigned>(static_cast<unsigned char>(png[at + 3]));
    };
    EXPECT_EQ(be32(16), 160u);  // IHDR width
    EXPECT_EQ(be32(20), 120u);  // IHDR height
  }
  EXPECT_FALSE(fs::exists(dir / "frame_000005.png"));
  EXPECT_FALSE(fs::exists(dir / "frame_000099.png"));
  EXPECT_TRUE(fs::exists(dir / "notes.txt"));
  EXPECT_NE(r.out.find("ffmpeg -framerate 10"), std::string::npos) << r.out;
  // A browser that does not exist is a clear error.
  r = run_cli("view " + q(view_fixture("tiny_trajectory.json")) + " --frames " + q(dir / "x") +
              " --browser /nonexistent/chromium");
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.out.find("[view.browser-missing]"), std::string::npos) << r.out;
}

// A creature with --steps is simulated as `genokit simulate` runs it: the page equals the page of
// the trajectory file that command writes (but for the scene's name, the file it was read from).
TEST(CliView, SimulatedCreatureEqualsThePageOfItsTrajectoryFile) {
  if (!genokit::view::viewer_bundled())
    GTEST_SKIP() << "built without the viewer script (no npm at build time)";
  const fs::path dir = view_temp_dir("creature");
  const fs::path walker = source_dir() / "examples" / "f0" / "walker.f0";
  const fs::path traj = dir / "walker40.json", direct = dir / "direct.html", via = dir / "via.html";
  ASSERT_EQ(run_cli("simulate " + q(walker) + " --steps 40 --seed 3 -o " + q(traj)).code, 0);
  auto r = run_cli("view " + q(traj) + " --title T -o " + q(via));
  ASSERT_EQ(r.code, 0) << r.out;
  r = run_cli("view " + q(walker) + " --steps 40 --seed 3 --title T -o " + q(direct));
  ASSERT_EQ(r.code, 0) << r.out;
  const std::string expected =
      replaced(slurp(via), "\"name\":\"" + traj.string() + "\"", "\"name\":\"" + walker.string() + "\"");
  EXPECT_EQ(slurp(direct), expected);
  // Another seed or length gives another page (the run really happens here).
  r = run_cli("view " + q(walker) + " --steps 41 --seed 3 --title T -o " + q(direct));
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_NE(slurp(direct), expected);
}
