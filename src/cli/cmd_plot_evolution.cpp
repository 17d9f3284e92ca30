// `genokit plot-evolution log.csv -o evo.svg`: the log of `genokit evolve` as an SVG picture.
#include <memory>

#include "cli/registry.hpp"
#include "genokit/evolution/plot.hpp"

namespace genokit::cli {
namespace {

void setup(CLI::App& root) {
  struct Args {
    std::string file, out = "-", title;
    int width = 900;
  };
  auto a = std::make_shared<Args>();
  auto* cmd = root.add_subcommand("plot-evolution",
                                  "Draw the per-generation log of `genokit evolve` (CSV) as SVG: best, mean "
                                  "and worst of each criterion, and the population's diversity");
  cmd->add_option("file", a->file, "The log CSV ('-' = stdin)")->required();
  add_output_option(*cmd, a->out);
  cmd->add_option("--title", a->title, "A title above the panels");
  cmd->add_option("--width", a->width, "Width in pixels (default 900)")->check(CLI::Range(500, 10000));
  cmd->callback([a] {
    const std::optional<Input> in = load_or_report(a->file);
    if (!in) return;
    Diagnostics d;
    evolution::PlotOptions po;
    po.title = a->title;
    po.width = a->width;
    const auto svg = evolution::plot_log_svg(in->bytes, d, po, in->name);
    print_diagnostics(d);
    if (!svg) {
      raise_exit_code(kExitInvalid);
      return;
    }
    write_or_report(a->out, *svg);
  });
}

const CommandRegistrar reg(64, setup, "plot-evolution");

}  // namespace
}  // namespace genokit::cli
