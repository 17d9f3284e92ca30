// `genokit neuro run|plot|show|classes`: build the neural network of an f0 genotype (bare file or
// an org of a .gen file) and step it exactly as the Framsticks SDK r909 does.
#include <algorithm>
#include <iostream>
#include <memory>

#include <filesystem>

#include "cli/registry.hpp"
#include "genokit/genotype/file.hpp"
#include "genokit/neuro/describe.hpp"
#include "genokit/neuro/network.hpp"
#include "genokit/neuro/plot.hpp"
#include "genokit/neuro/trace.hpp"
#include "neuro/json.hpp"

namespace genokit::cli {
namespace {

struct RunArgs {
  std::string file, genotype, out = "-";
  std::size_t steps = 200;
  double randinit = 0.01, nnoise = 0;
  std::uint32_t seed = 0;
  bool csv = false, json = false, no_channels = false;
};

void add_source_options(CLI::App& cmd, RunArgs& a, bool run_opts) {
  cmd.add_option("file", a.file, "f0 genotype file or Framsticks .gen file ('-' = stdin)")->required();
  cmd.add_option(
      "--genotype", a.genotype,
      "In a .gen file: the org to use, by name or 0-based index among its f0 genotypes (default: first)");
  if (!run_opts) return;
  cmd.add_option("--steps", a.steps, "Network steps to run (default 200)")->check(CLI::Range(0, 100000000));
  cmd.add_option(
         "--randinit", a.randinit,
         "Spread of the uniform random initial state (default 0.01 as in Framsticks; 0 = exact zeros)")
      ->check(CLI::Range(0.0, 1e6));
  cmd.add_option("--nnoise", a.nnoise, "Gaussian noise added to every output after each step (default 0)")
      ->check(CLI::Range(0.0, 1e6));
  cmd.add_option("--seed", a.seed, "MT19937 seed (default 0, the SDK's)");
}

// The genotype a network is built from, and its name ("file.gen#org name" for an org).
struct Source {
  f0::Model model;
  std::string name;
};

// Loads the genotype (a bare file without header is an f0 body; only the SDK's f0 checks, the
// network reports what matters for running) and builds the network; false (diagnostics printed)
// when nothing can be run.
bool build(const RunArgs& a, neuro::Network& net, Source& src, const neuro::Settings& s) {
  const std::optional<Input> in = load_or_report(a.file);
  if (!in) return false;
  genotype::PickOptions po;
  po.file.bare = genotype::Bare::f0;
  po.read.lint = false;
  Diagnostics diags;
  auto picked = genotype::pick(in->bytes, in->name, a.genotype, diags, po);
  diags.set_file(in->name);
  print_diagnostics(diags);
  if (!picked) {
    raise_exit_code(kExitInvalid);
    return false;
  }
  src.model = std::move(picked->genotype.model);
  src.name = a.file == "-" ? in->name : std::filesystem::path(in->name).filename().string();
  if (picked->source->field) src.name += "#" + picked->source->name;
  if (!src.model.valid) {
    std::cerr << in->name << ": the genotype is invalid; running the neurons it holds\n";
    raise_exit_code(kExitInvalid);
  }
  net = neuro::Network::build(src.model, s);
  // Every value of every step is kept for the table/plot: refuse runs that would need gigabytes.
  if (static_cast<double>(a.steps + 1) * static_cast<double>(std::max<std::size_t>(net.size(), 1)) > 5e7) {
    std::cerr
        << in->name << ": error: " << a.steps << " steps of " << net.size()
        << " neurons is more than 50 million values to print; use fewer steps [neuro.output-too-large]\n";
    raise_exit_code(kExitUsage);
    return false;
  }
  return true;
}

void setup_neuro(CLI::App& root) {
  auto* neuro_cmd =
      root.add_subcommand("neuro", "Framsticks neural networks: run, plot and show (SDK r909 semantics)");
  neuro_cmd->require_subcommand(1);

  {
    auto a = std::make_shared<RunArgs>();
    auto fmt = std::make_shared<std::string>("table");
    auto* cmd = neuro_cmd->add_subcommand(
        "run", "Step the network and print every neuron's output per step (the SDK oracle table format)");
    add_source_options(*cmd, *a, true);
    auto* csv = cmd->add_flag("--csv", a->csv, "CSV instead of the table");
    auto* js = cmd->add_flag("--json", a->json, "JSON instead of the table");
    csv->excludes(js);
    add_output_option(*cmd, a->out);
    cmd->callback([a] {
      neuro::Network net;
      Source src;
      if (!build(*a, net, src, {a->randinit, a->nnoise, a->seed})) return;
      const neuro::Trace t = neuro::record(net, a->steps);
      const neuro::TableInfo info{src.name, src.model.valid};
      std::string text;
      if (a->json) {
        text = neuro::detail::trace_json(net, t, info).dump(1) + "\n";
      } else if (a->csv) {
        text = neuro::format_csv(t);
        for (const auto& m : net.messages()) std::cerr << src.name << ": " << m.sdk_line() << "\n";
      } else
        text = neuro::format_table(net, t, info);
      write_or_report(a->out, text);
    });
  }
  {
    auto a = std::make_shared<RunArgs>();
    auto po = std::make_shared<neuro::PlotOptions>();
    auto* cmd = neuro_cmd->add_subcommand("plot", "Draw the neuron outputs over time as an SVG line chart");
    add_source_options(*cmd, *a, true);
    a->out.clear();
    cmd->add_option("-o,--output", a->out, "SVG file to write ('-' = stdout)")->required();
    cmd->add_option("--title", po->title, "Chart title (default: the genotype's name)");
    cmd->add_option("--neuron", po->neurons, "Only these neurons (repeatable)");
    cmd->add_option("--width", po->width, "Width in pixels")->check(CLI::Range(400, 10000));
    cmd->add_option("--height", po->height, "Height in pixels")->check(CLI::Range(300, 10000));
    cmd->add_flag("--no-channels", a->no_channels, "Do not draw the extra channels of multichannel neurons");
    cmd->callback([a, po] {
      neuro::Network net;
      Source src;
      if (!build(*a, net, src, {a->randinit, a->nnoise, a->seed})) return;
      const neuro::Trace t = neuro::record(net, a->steps);
      neuro::PlotOptions o = *po;
      if (o.title.empty()) o.title = src.name;
      o.channels = !a->no_channels;
      write_or_report(a->out, neuro::plot_svg(net, t, o));
    });
  }
  {
    auto a = std::make_shared<RunArgs>();
    auto* cmd = neuro_cmd->add_subcommand(
        "show", "List the network: classes, parameters, inputs with weights, update groups, build messages");
    add_source_options(*cmd, *a, false);
    cmd->add_flag("--json", a->json, "JSON output");
    cmd->callback([a] {
      neuro::Network net;
      Source src;
      if (!build(*a, net, src, {0, 0, 0})) return;
      if (a->json)
        print_json(neuro::detail::describe_json(net));
      else
        std::cout << neuro::describe_text(net);
    });
  }
  {
    auto* cmd = neuro_cmd->add_subcommand("classes", "List the neuron classes with an implementation");
    cmd->callback([] {
      for (const auto& n : neuro::implemented_classes())
        std::cout << n << "\tgroup " << neuro::class_group(n) << "\n";
    });
  }
}

const CommandRegistrar reg(60, setup_neuro, "neuro");

}  // namespace
}  // namespace genokit::cli
