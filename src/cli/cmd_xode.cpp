// XODE commands: `simulate` (step a scene in ODE and write the trajectory), `xode schema`, and the
// --compat/--lenient/--built flags of the generic check/info/cat/show commands.
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <iostream>
#include <sstream>

#include "cli/registry.hpp"
#include "cli/xode_options.hpp"
#include "cli/xode_oracle.hpp"
#include "genokit/core/numbers.hpp"
#include "genokit/physics/world.hpp"
#include "genokit/xode/load.hpp"
#include "genokit/xode/schema.hpp"
#include "xode/json.hpp"

namespace genokit::cli {
// cmd_simulate.cpp: steps a creature (not an XODE scene); false when `in` is not a creature.
bool simulate_creature(const Input& in, const std::string& out, int steps, int every, bool json);
}  // namespace genokit::cli

namespace genokit::cli::xodecli {

namespace {

// Adds a flag/option unless another format already did (then the existing one is shared).
CLI::Option* shared_flag(CLI::App* cmd, const std::string& name, const std::string& help, bool takes_value) {
  if (!cmd) return nullptr;
  if (auto* existing = cmd->get_option_no_throw(name)) return existing;
  try {
    if (takes_value) return cmd->add_option(name, help);
    return cmd->add_flag(name, help);
  } catch (const CLI::Error&) {
    return cmd->get_option_no_throw(name);
  }
}

void setup_generic_flags(CLI::App& root) {
  for (const char* sub : {"check", "info", "cat", "show"}) {
    CLI::App* cmd = nullptr;
    try {
      cmd = root.get_subcommand(sub);
    } catch (const CLI::Error&) {
      continue;
    }
    auto& f = flags();
    auto* c = shared_flag(cmd, "--compat", "XODE: standard (default), pyode or pybrain interpretation", true);
    auto* l = shared_flag(cmd, "--lenient",
                          "XODE: accept <world> roots, self-closed <xode/>, Latin-1 (warnings)", false);
    auto* r = shared_flag(cmd, "--repair", "XODE: same as --lenient (the oracle's name)", false);
    f.compat.options.push_back(c);
    f.lenient.options.push_back(l);
    f.repair.options.push_back(r);
    if (std::string(sub) == "show")
      f.built.options.push_back(shared_flag(
          cmd, "--built", "XODE: instantiate in ODE and dump the built world (xode_oracle.py shape)", false));
  }
}

bool parse_vec3(const std::string& s, xode::Vec3& v) {
  std::stringstream ss(s);
  std::string part;
  int i = 0;
  while (std::getline(ss, part, ',')) {
    if (i >= 3) return false;
    auto d = parse_double(part);
    if (!d || !std::isfinite(*d)) return false;
    v[static_cast<std::size_t>(i++)] = *d;
  }
  return i == 3;
}

struct SimArgs {
  std::string file;
  std::string out;
  int steps = 100;
  double dt = 0.01;
  std::string gravity = "0,-9.81,0";
  bool quickstep = false;
  int iterations = 20;
  std::string contact = "simple";
  double mu = -1;
  int max_contacts = 8;
  bool collide_connected = false;
  int every = 1;
  Options opt;
  std::string compat = "standard";
  bool lenient = false;
};

std::string num(double x) {
  return format_double_g17(x);
}

// A body's pose with the oracle's canonical quaternion.
physics::Pose pose(const physics::World& w, std::size_t i) {
  physics::Pose p = w.body_pose(i);
  p.quaternion = canonical(p.quaternion);
  return p;
}

void run_simulate(const SimArgs& a) {
  Diagnostics diags;
  Input in;
  if (!load_input(a.file, in, diags)) {
    print_diagnostics(diags);
    raise_exit_code(kExitInvalid);
    return;
  }
  if (simulate_creature(in, a.out, a.steps, a.every, a.opt.json)) return;
  Options opt = a.opt;
  opt.extra.push_back("compat=" + a.compat);
  if (a.lenient) opt.extra.push_back("lenient=1");
  xode::LoadOptions lo;
  std::optional<physics::World> world;
  if (load_options(in, opt, lo, diags)) {
    auto loaded = xode::load(in.bytes, diags, lo);
    if (loaded) world = physics::build_world(std::move(loaded->scene), diags, {&loaded->doc});
  }
  diags.set_file(in.name);
  if (!world) {
    print_diagnostics(diags);
    raise_exit_code(kExitInvalid);
    return;
  }
  const xode::Scene& scene = world->scene();
  physics::SimOptions so;
  so.dt = a.dt;
  so.quickstep = a.quickstep;
  so.quickstep_iterations = a.iterations;
  so.contact_model = a.contact == "pybrain" ? physics::ContactModel::pybrain : physics::ContactModel::simple;
  if (a.mu >= 0) so.mu = a.mu;
  so.max_contacts = a.max_contacts;
  so.collide_connected = a.collide_connected;
  if (a.gravity == "keep") {
    so.gravity.reset();
  } else if (a.gravity == "ext") {
    so.gravity = scene.has_ext_gravity ? scene.ext_gravity : xode::Vec3{0, -9.81, 0};
  } else {
    xode::Vec3 g;
    if (!parse_vec3(a.gravity, g)) {
      std::cerr << "genokit simulate: --gravity must be X,Y,Z, keep or ext\n";
      raise_exit_code(kExitUsage);
      return;
    }
    so.gravity = g;
  }
  if (!world->configure(so, diags)) {
    print_diagnostics(diags);
    raise_exit_code(kExitUsage);
    return;
  }
  const std::vector<std::string> refs = body_refs(scene);

  // Trajectory: CSV (step,time,body,x,y,z,qw,qx,qy,qz) or JSON lines, chosen by the extension.
  bool jsonl = a.out.size() >= 6 && a.out.substr(a.out.size() - 6) == ".jsonl";
  std::string traj;
  auto record = [&](int step) {
    for (std::size_t i = 0; i < world->body_count(); ++i) {
      auto p = pose(*world, i);
      double t = step * a.dt;
      if (jsonl) {
        nlohmann::json j = {
            {"step", step},
            {"time", t},
            {"body", refs[i]},
            {"position", {p.position[0], p.position[1], p.position[2]}},
            {"quaternion", {p.quaternion[0], p.quaternion[1], p.quaternion[2], p.quaternion[3]}}};
        traj += j.dump() + "\n";
      } else {
        traj += std::to_string(step) + "," + num(t) + "," + refs[i] + "," + num(p.position[0]) + "," +
                num(p.position[1]) + "," + num(p.position[2]) + "," + num(p.quaternion[0]) + "," +
                num(p.quaternion[1]) + "," + num(p.quaternion[2]) + "," + num(p.quaternion[3]) + "\n";
      }
    }
  };
  if (!a.out.empty()) {
    if (!jsonl) traj = "step,time,body,x,y,z,qw,qx,qy,qz\n";
    record(0);
  }
  bool tty = isatty(STDERR_FILENO) != 0;
  auto last = std::chrono::steady_clock::now();
  bool ok = true;
  for (int s = 1; s <= a.steps; ++s) {
    if (!world->step(diags)) {
      ok = false;
      break;
    }
    if (!a.out.empty() && (s % a.every == 0 || s == a.steps)) record(s);
    if (tty) {
      auto now = std::chrono::steady_clock::now();
      if (now - last > std::chrono::milliseconds(100) || s == a.steps) {
        last = now;
        int width = 30, done = static_cast<int>(static_cast<long long>(width) * s / a.steps);
        std::cerr << "\r[" << std::string(static_cast<std::size_t>(done), '#')
                  << std::string(static_cast<std::size_t>(width - done), ' ') << "] " << s << "/" << a.steps
                  << " steps" << std::flush;
        if (s == a.steps) std::cerr << '\n';
      }
    }
  }
  if (!a.out.empty()) write_output(a.out, traj, diags);
  diags.set_file(in.name);
  print_diagnostics(diags);
  if (!ok || diags.has_errors()) raise_exit_code(kExitInvalid);
  if (!world->finite()) {
    std::cerr << in.name << ": warning: the simulation diverged (non-finite positions) [physics.diverged]\n";
    if (a.opt.strict) raise_exit_code(kExitInvalid);
  }
  if (!ok) return;
  if (a.opt.json) {
    nlohmann::json j;
    j["file"] = in.name;
    j["compat"] = std::string(xode::to_string(lo.build.compat));
    j["simulation"] = {
        {"steps", a.steps},
        {"dt", a.dt},
        {"stepper", a.quickstep ? "quickstep" : "step"},
        {"gravity", so.gravity ? nlohmann::json({(*so.gravity)[0], (*so.gravity)[1], (*so.gravity)[2]})
                               : nlohmann::json("kept")},
        {"contact_model", a.contact},
        {"mu", so.mu ? *so.mu : (a.contact == "pybrain" ? 8.0 : 1.0)},
        {"max_contacts", a.max_contacts},
        {"passpairs", scene.passpairs},
        {"collide_connected", a.collide_connected},
        {"contacts_total", world->contacts_total()},
        {"max_contacts_in_step", world->max_contacts_in_step()},
        {"finite", world->finite()},
        {"bodies", oracle_body_states(*world)}};
    print_json(j);
    return;
  }
  std::cout << in.name << ": " << a.steps << " steps of " << format_double(a.dt) << " s ("
            << (a.quickstep ? "quickstep" : "step") << "), " << world->contacts_total() << " contacts\n";
  for (std::size_t i = 0; i < world->body_count(); ++i) {
    auto p = pose(*world, i);
    char buf[256];
    std::snprintf(buf, sizeof buf, "  %-24s pos (%.6g, %.6g, %.6g)  vel (%.4g, %.4g, %.4g)", refs[i].c_str(),
                  p.position[0], p.position[1], p.position[2], p.linear_velocity[0], p.linear_velocity[1],
                  p.linear_velocity[2]);
    std::cout << buf << '\n';
  }
}

void setup_simulate(CLI::App& root) {
  auto a = std::make_shared<SimArgs>();
  auto* cmd = root.add_subcommand("simulate",
                                  "Build an XODE scene in ODE 0.16, step it and print the final body "
                                  "states (trajectory with --out)");
  cmd->add_option("file", a->file, "XODE file ('-' = stdin)")->required();
  cmd->add_option("--steps", a->steps, "Number of world steps (default 100)")->check(CLI::NonNegativeNumber);
  cmd->add_option("--dt", a->dt, "Step size in seconds (default 0.01)")->check(CLI::PositiveNumber);
  cmd->add_option("--gravity", a->gravity,
                  "X,Y,Z (default 0,-9.81,0), keep (the scene's: 0,0,0) or ext "
                  "(<gravity> in a world <ext>)");
  cmd->add_flag("--quickstep", a->quickstep, "Use dWorldQuickStep instead of dWorldStep");
  cmd->add_option("--quickstep-iterations", a->iterations, "Iterations for --quickstep (default 20)")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--contact", a->contact, "Contact model: simple (mode 0, friction mu) or pybrain")
      ->check(CLI::IsMember({"simple", "pybrain"}));
  cmd->add_option("--mu", a->mu, "Contact friction (default 1, or 8 with --contact pybrain)");
  cmd->add_option("--max-contacts", a->max_contacts, "Contacts kept per geom pair (default 8)")
      ->check(CLI::PositiveNumber);
  cmd->add_flag("--collide-connected", a->collide_connected, "Also collide bodies linked by an XODE joint");
  cmd->add_option("-o,--out", a->out, "Trajectory file: .csv or .jsonl ('-' = stdout)");
  cmd->add_option("--every", a->every, "Record every K-th step in the trajectory (default 1)")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--compat", a->compat, "standard (default), pyode or pybrain")
      ->check(CLI::IsMember({"standard", "pyode", "pybrain"}));
  cmd->add_flag("--lenient,--repair", a->lenient, "Accept <world> roots, self-closed <xode/>, Latin-1");
  cmd->add_flag("--json", a->opt.json, "Final states as JSON (xode_oracle.py's \"simulation\" shape)");
  cmd->add_flag("--strict", a->opt.strict, "A diverging simulation is an error");
  cmd->callback([a] { run_simulate(*a); });
}

void setup_xode(CLI::App& root) {
  auto* cmd = root.add_subcommand("xode", "XODE tools: the element schema genokit implements");
  cmd->require_subcommand(1);
  auto json = std::make_shared<bool>(false);
  auto* schema =
      cmd->add_subcommand("schema", "Print the XODE element schema (elements, children, attributes)");
  schema->add_flag("--json", *json, "As JSON");
  schema->callback([json] {
    if (*json)
      print_json(xode::json::schema());
    else
      std::cout << xode::schema_markdown();
  });
}

const CommandRegistrar reg_flags(45, setup_generic_flags);
const CommandRegistrar reg_simulate(60, setup_simulate, "simulate");
const CommandRegistrar reg_xode(61, setup_xode, "xode");

}  // namespace
}  // namespace genokit::cli::xodecli
