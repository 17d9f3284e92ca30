// `genokit view`: one self-contained HTML page (three.js inline, no network) showing a creature, a
// trajectory written by `genokit simulate`, or an XODE scene simulated first; --frames renders PNG
// frames of it through headless Chromium for a video.
#include <cmath>
#include <filesystem>
#include <iostream>
#include <memory>
#include <sstream>

#include "cli/registry.hpp"
#include "cli/sim_options.hpp"
#include "genokit/core/numbers.hpp"
#include "genokit/sim/run.hpp"
#include "genokit/sim/trajectory.hpp"
#include "genokit/view/frames.hpp"
#include "genokit/view/html.hpp"
#include "genokit/view/read.hpp"

namespace genokit::cli {

namespace {

struct ViewArgs {
  std::string file, out, format = "auto", org, title;
  // creatures: --steps (or --sim) simulates one
  std::string sim;
  std::uint64_t seed = 0;
  // XODE
  std::size_t steps = 500, every = 1;
  bool steps_given = false;
  double dt = 0.01;
  std::string gravity = "0,-9.81,0", compat = "standard";
  bool lenient = false, quickstep = false;
  // page
  double max_frame_mb = 64;
  bool no_compress = false;
  // frames
  std::string frames_dir, browser, size = "1280x720";
  double fps = 30, speed = 1, seconds = -1;
  bool panel = false;
};

bool parse_gravity(const std::string& s, xode::Vec3& v) {
  std::stringstream ss(s);
  std::string part;
  std::size_t i = 0;
  while (std::getline(ss, part, ',')) {
    auto d = parse_double(part);
    if (i >= 3 || !d || !std::isfinite(*d)) return false;
    v[i++] = *d;
  }
  return i == 3;
}

// One creature of the file (--org) simulated as `genokit simulate` does, shown through the same
// trajectory reader as a file written by it (so a page of a live run equals a page of its file).
std::optional<view::Page> simulated_creature(const ViewArgs& a, const Input& in, Diagnostics& diags) {
  std::optional<sim::Settings> settings = load_sim_chain(a.sim, diags);
  if (!settings) return std::nullopt;
  std::optional<Creature> creature = read_creature(in, a.org, diags);
  if (!creature) return std::nullopt;
  std::optional<sim::Model> model = build_creature(*creature, *settings, diags);
  if (!model) return std::nullopt;
  sim::SimulateOptions so;
  so.steps = a.steps_given ? a.steps : 1000;
  so.sample_every = a.every;
  so.seed = a.seed;
  const sim::Trajectory t = sim::simulate(*model, diags, so);
  const sim::TrajectorySource src{in.name, creature->name, creature->encoding,
                                  std::string(creature->picked.source->text)};
  // The simulation's own diagnostics are positioned already; the JSON is ours and cannot be bad.
  Diagnostics reading;
  std::optional<view::Page> page =
      view::read_trajectory(sim::trajectory_json(*model, t, src), reading, {in.name});
  if (!page)
    diags.error("view.internal",
                "the simulated trajectory could not be shown: " +
                    (reading.items().empty() ? std::string() : reading.items().front().message));
  return page;
}

std::optional<view::Page> read_page(const ViewArgs& a, const Input& in, Diagnostics& diags) {
  view::InputKind kind = view::detect_input(in.bytes);
  if (a.format == "trajectory") kind = view::InputKind::trajectory;
  if (a.format == "xode") kind = view::InputKind::xode;
  if (a.format == "genotype") kind = view::InputKind::genotypes;
  switch (kind) {
    case view::InputKind::trajectory:
      return view::read_trajectory(in.bytes, diags, {in.name});
    case view::InputKind::xode: {
      view::XodeViewOptions xo;
      xo.load.read.file = in.name;
      xo.load.read.lenient = a.lenient;
      xo.load.build.compat = a.compat == "pyode"     ? xode::Compat::pyode
                             : a.compat == "pybrain" ? xode::Compat::pybrain
                                                     : xode::Compat::standard;
      xo.sim.dt = a.dt;
      xo.sim.quickstep = a.quickstep;
      if (a.gravity == "keep") {
        xo.sim.gravity.reset();
      } else {
        xode::Vec3 g;
        if (!parse_gravity(a.gravity, g)) {
          std::cerr << "genokit view: --gravity must be X,Y,Z or keep\n";
          raise_exit_code(kExitUsage);
          return std::nullopt;
        }
        xo.sim.gravity = g;
      }
      xo.steps = a.steps;
      xo.every = a.every;
      xo.max_values = static_cast<std::size_t>(std::max(0.001, a.max_frame_mb) * 1e6 / 4);
      return view::page_from_xode(in.bytes, diags, xo);
    }
    case view::InputKind::genotypes: {
      if (a.steps_given || !a.sim.empty()) return simulated_creature(a, in, diags);
      view::GenotypeViewOptions go;
      go.file = in.name;
      go.org = a.org;
      go.reading.bare =
          std::filesystem::path(in.path).extension() == ".f0" ? genotype::Bare::f0 : genotype::Bare::f1;
      return view::page_from_genotypes(in.bytes, diags, go);
    }
  }
  return std::nullopt;
}

void run_view(const ViewArgs& a) {
  const std::optional<Input> in = load_or_report(a.file);
  if (!in) return;
  Diagnostics diags;
  std::optional<view::Page> page = read_page(a, *in, diags);
  diags.set_file(in->name);
  if (exit_code() == kExitUsage) return;
  if (!page || diags.has_errors()) {
    print_diagnostics(diags);
    raise_exit_code(kExitInvalid);
    return;
  }
  if (!a.title.empty()) page->title = a.title;
  const auto max_values = static_cast<std::size_t>(std::max(0.001, a.max_frame_mb) * 1e6 / 4);
  if (std::size_t k = view::thin_frames(*page, max_values); k > 1)
    diags.note("view.frames-thinned",
               "the page shows every " + std::to_string(k) + "th sample (more than --max-frame-mb " +
                   format_double(a.max_frame_mb) + " of frame data)",
               Location{in->name, 0, 0, -1});
  view::HtmlOptions ho;
  ho.compress = !a.no_compress;
  std::optional<std::string> html = view::write_html(*page, diags, ho);
  if (!html) {
    print_diagnostics(diags);
    raise_exit_code(kExitInvalid);
    return;
  }
  std::string out = a.out;
  if (out.empty() && a.frames_dir.empty())
    out = (a.file == "-" ? std::string("view") : std::filesystem::path(a.file).stem().string()) + ".html";
  if (!out.empty() && !write_output(out, *html, diags)) {
    print_diagnostics(diags);
    raise_exit_code(kExitInvalid);
    return;
  }
  if (!a.frames_dir.empty()) {
    view::FramesOptions fo;
    fo.directory = a.frames_dir;
    fo.browser = a.browser;
    fo.fps = a.fps;
    fo.speed = a.speed;
    fo.seconds = a.seconds;
    fo.panel = a.panel;
    if (std::sscanf(a.size.c_str(), "%dx%d", &fo.width, &fo.height) != 2 || fo.width < 16 || fo.height < 16 ||
        fo.width > 8192 || fo.height > 8192) {
      std::cerr << "genokit view: --size must be WIDTHxHEIGHT (16..8192), e.g. 1280x720\n";
      raise_exit_code(kExitUsage);
      return;
    }
    auto n = view::render_frames(*html, diags, fo);
    print_diagnostics(diags);
    if (!n) {
      raise_exit_code(kExitInvalid);
      return;
    }
    std::cerr << "genokit view: " << *n << " frames in " << a.frames_dir << " (ffmpeg -framerate "
              << format_double(a.fps) << " -i "
              << (std::filesystem::path(a.frames_dir) / "frame_%06d.png").string()
              << " -pix_fmt yuv420p video.mp4)\n";
    return;
  }
  print_diagnostics(diags);
  if (out != "-") std::cerr << "genokit view: wrote " << out << " (" << html->size() / 1024 << " KiB)\n";
}

void setup_view(CLI::App& root) {
  auto a = std::make_shared<ViewArgs>();
  auto* cmd = root.add_subcommand(
      "view",
      "Write one self-contained 3D HTML page (works offline) for a creature (f0/f1 text or .gen file), a "
      "trajectory written by `genokit simulate`, or an XODE scene (simulated first); --frames renders PNG "
      "frames");
  cmd->add_option("input", a->file, "Creature, trajectory (.json) or XODE file ('-' = stdin)")->required();
  cmd->add_option("-o,--output", a->out,
                  "HTML file to write (default: INPUT's name with .html; '-' = stdout)");
  cmd->add_option("--format", a->format,
                  "Read INPUT as: auto (default: by content), trajectory, xode, genotype")
      ->check(CLI::IsMember({"auto", "trajectory", "xode", "genotype"}));
  cmd->add_option("--org", a->org,
                  "A .gen file: only this genotype (org name or 0-based index; default: every one)");
  cmd->add_option("--title", a->title, "Page title (default: the org or file name)");
  cmd->add_option("--steps", a->steps,
                  "Steps to simulate: XODE (default 500; 0 = the scene as placed); a creature is simulated "
                  "only when --steps or --sim is given (then the --org genotype, default the first)")
      ->each([a](const std::string&) { a->steps_given = true; });
  cmd->add_option("--sim", a->sim, "Creatures: settings files, later ones win (\"a.sim;b.sim\"); simulates");
  cmd->add_option("--seed", a->seed, "Creatures: seed of the network's initial state, noise and placement");
  cmd->add_option("--dt", a->dt, "XODE: step size in seconds (default 0.01)")->check(CLI::PositiveNumber);
  cmd->add_option("--every", a->every, "A frame every K steps (default 1)")->check(CLI::PositiveNumber);
  cmd->add_option("--gravity", a->gravity, "XODE: X,Y,Z (default 0,-9.81,0) or keep (the scene's)");
  cmd->add_option("--compat", a->compat, "XODE: standard (default), pyode or pybrain")
      ->check(CLI::IsMember({"standard", "pyode", "pybrain"}));
  cmd->add_flag("--lenient", a->lenient, "XODE: accept <world> roots, self-closed <xode/>, Latin-1");
  cmd->add_flag("--quickstep", a->quickstep, "XODE: dWorldQuickStep instead of dWorldStep");
  cmd->add_option(
         "--max-frame-mb", a->max_frame_mb,
         "Frame data kept in the page, in MB of float32 values (default 64); longer runs show every k-th "
         "sample")
      ->check(CLI::PositiveNumber);
  cmd->add_flag("--no-compress", a->no_compress, "Frames as plain float32 (larger pages; for debugging)");
  cmd->add_option("--frames", a->frames_dir,
                  "Render PNG frames (frame_000001.png, ...) into DIR through headless Chromium instead of "
                  "writing only the page");
  cmd->add_option("--fps", a->fps, "--frames: frames per second of video (default 30)")
      ->check(CLI::Range(1.0, 240.0));
  cmd->add_option("--speed", a->speed, "--frames: simulated seconds per video second (default 1)")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--seconds", a->seconds, "--frames: only the first S simulated seconds (default: all)")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--size", a->size, "--frames: picture size WIDTHxHEIGHT (default 1280x720)");
  cmd->add_flag("--panel", a->panel, "--frames: keep the side panel and the controls in the pictures");
  cmd->add_option("--browser", a->browser,
                  "--frames: the Chromium program (default: $GENOKIT_CHROMIUM, else chromium on PATH)");
  cmd->callback([a] { run_view(*a); });
}

const CommandRegistrar reg_view(62, setup_view, "view");

}  // namespace
}  // namespace genokit::cli
