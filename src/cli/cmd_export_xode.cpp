// `genokit export-xode CREATURE -o creature.xode`: a creature's world at birth as an XODE scene
// (bodies, masses, shapes, joints with the muscles' strength, ground, fences).
#include <filesystem>

#include "cli/sim_options.hpp"
#include "genokit/sim/xode_export.hpp"

namespace genokit::cli {
namespace {

struct ExportArgs {
  std::string file, sim, genotype, out = "-";
  std::uint64_t seed = 0;
};

void run_export(const ExportArgs& a) {
  std::optional<Input> in = load_or_report(a.file);
  if (!in) return;
  Diagnostics diags;
  std::optional<sim::Settings> settings = load_sim_chain(a.sim, diags);
  std::optional<Creature> creature;
  std::optional<sim::Model> model;
  if (settings) creature = read_creature(*in, a.genotype, diags);
  if (creature) model = build_creature(*creature, *settings, diags);
  diags.set_file(in->name);
  print_diagnostics(diags);
  if (!model) {
    raise_exit_code(kExitInvalid);
    return;
  }
  sim::XodeExportOptions opt;
  opt.seed = a.seed;
  opt.name = creature->name.empty() ? std::filesystem::path(in->name).stem().string() : creature->name;
  write_or_report(a.out, sim::to_xode(*model, opt));
}

void setup_export_xode(CLI::App& root) {
  auto a = std::make_shared<ExportArgs>();
  auto* cmd =
      root.add_subcommand("export-xode",
                          "Write a creature's world at birth (bodies, joints, muscle strengths, ground) as "
                          "an XODE scene that `genokit simulate` and other XODE readers load");
  cmd->add_option("file", a->file, "Framsticks .gen file or a genotype file ('-' = stdin)")->required();
  cmd->add_option("--genotype", a->genotype,
                  "The org of a .gen file, by name or 0-based index (default: first)");
  cmd->add_option("--sim", a->sim, "Settings files, later ones win (\"a.sim;b.sim\")");
  cmd->add_option("--seed", a->seed, "Seed of a random placement (placement 0, rotation)");
  add_output_option(*cmd, a->out);
  cmd->callback([a] { run_export(*a); });
}

const CommandRegistrar reg_export_xode(64, setup_export_xode, "export-xode");

}  // namespace
}  // namespace genokit::cli
