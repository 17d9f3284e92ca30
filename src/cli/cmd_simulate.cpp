// `genokit simulate CREATURE`: one creature's life (rest, then brain and metabolism) stepped on
// ODE, its trajectory written as the JSON or CSV of CONTRACTS.md. The `simulate` command itself
// is set up with the XODE scenes (cmd_xode.cpp), which hands creatures over to this file.
#include <iostream>

#include "cli/sim_options.hpp"
#include "genokit/core/numbers.hpp"
#include "genokit/sim/run.hpp"
#include "genokit/sim/trajectory.hpp"

namespace genokit::cli {
namespace {

// The creature options added to `simulate` (the scene's --steps, --every, -o and --json are shared).
struct CreatureOptions {
  std::string sim, genotype;
  std::uint64_t seed = 0;
  CLI::Option* steps = nullptr;  // whether --steps was given (creatures default to 1000)
};

CreatureOptions& creature_options() {
  static CreatureOptions o;
  return o;
}

void add_creature_options(CLI::App& root) {
  CLI::App* cmd = nullptr;
  try {
    cmd = root.get_subcommand("simulate");
  } catch (const CLI::Error&) {
    return;
  }
  CreatureOptions& o = creature_options();
  cmd->description(cmd->get_description() +
                   "; or a creature (a Framsticks .gen/genotype file): its life as the standard evaluation "
                   "runs it, trajectory as .json or .csv (CONTRACTS.md)");
  cmd->add_option("--sim", o.sim, "Creatures: settings files, later ones win (\"a.sim;b.sim\")");
  cmd->add_option("--seed", o.seed, "Creatures: seed of the network's initial state, noise and placement");
  cmd->add_option("--genotype", o.genotype, "Creatures: the org of a .gen file, by name or 0-based index");
  o.steps = cmd->get_option_no_throw("--steps");
  if (o.steps) o.steps->description("Number of world steps (default 100; creatures: 1000)");
  if (CLI::Option* file = cmd->get_option_no_throw("file"))
    file->description("XODE scene, or a creature: a Framsticks .gen or genotype file ('-' = stdin)");
}

const CommandRegistrar reg_creature_options(63, add_creature_options);

std::string summary_json(const sim::Model& model, const sim::Trajectory& t, const std::string& file) {
  nlohmann::json j;
  j["file"] = file;
  j["steps"] = t.samples.empty() ? 0 : t.samples.back().step;
  j["status"] = t.status == sim::Status::running ? "ok" : std::string(sim::to_string(t.status));
  j["message"] = t.message;
  j["parts"] = model.part_count();
  j["bodies"] = model.body_count();
  j["muscles"] = model.muscle_count();
  if (!t.samples.empty()) {
    const f0::Vec3& c = t.samples.back().center_of_mass;
    j["center_of_mass"] = {c.x, c.y, c.z};
  }
  if (t.criteria)
    j["criteria"] = {{"lifespan", t.criteria->lifespan}, {"velocity", t.criteria->velocity},
                     {"distance", t.criteria->distance}, {"vertpos", t.criteria->vertpos},
                     {"vertvel", t.criteria->vertvel},   {"fit", t.criteria->fit}};
  return j.dump(2);
}

}  // namespace

bool simulate_creature(const Input& in, const std::string& out, int steps, int every, bool json) {
  if (!looks_like_creature(in)) return false;
  const CreatureOptions& o = creature_options();
  Diagnostics diags;
  std::optional<sim::Settings> settings = load_sim_chain(o.sim, diags);
  std::optional<Creature> creature;
  std::optional<sim::Model> model;
  if (settings) creature = read_creature(in, o.genotype, diags);
  if (creature) model = build_creature(*creature, *settings, diags);
  if (!model) {
    diags.set_file(in.name);
    print_diagnostics(diags);
    raise_exit_code(kExitInvalid);
    return true;
  }
  sim::SimulateOptions so;
  so.steps = o.steps && o.steps->count() ? static_cast<std::size_t>(steps) : 1000;
  so.sample_every = static_cast<std::size_t>(every);
  so.seed = o.seed;
  sim::Trajectory t = sim::simulate(*model, diags, so);
  diags.set_file(in.name);
  print_diagnostics(diags);
  if (t.status != sim::Status::running) raise_exit_code(kExitInvalid);
  if (!out.empty()) {
    const bool csv = out.size() >= 4 && out.substr(out.size() - 4) == ".csv";
    sim::TrajectorySource src{in.name, creature->name, creature->encoding,
                              std::string(creature->picked.source->text)};
    write_or_report(out, csv ? sim::trajectory_csv(*model, t) : sim::trajectory_json(*model, t, src));
    if (out == "-") return true;
  }
  if (json) {
    std::cout << summary_json(*model, t, in.name) << '\n';
    return true;
  }
  const std::size_t done = t.samples.empty() ? 0 : t.samples.back().step;
  std::cout << in.name << ": " << done << " steps of " << format_double(model->settings().odestep) << " s, "
            << model->part_count() << " parts in " << model->body_count() << " bodies, "
            << model->muscle_count() << " muscles" << (t.message.empty() ? "" : "; " + t.message) << '\n';
  if (!t.samples.empty()) {
    const f0::Vec3& c = t.samples.back().center_of_mass;
    std::cout << "  centre of mass (" << format_double(c.x) << ", " << format_double(c.y) << ", "
              << format_double(c.z) << ")\n";
  }
  if (t.criteria)
    std::cout << "  lifespan " << format_double(t.criteria->lifespan) << "  velocity "
              << format_double(t.criteria->velocity) << "  distance " << format_double(t.criteria->distance)
              << "  vertpos " << format_double(t.criteria->vertpos) << "  fit "
              << format_double(t.criteria->fit) << '\n';
  return true;
}

}  // namespace genokit::cli
