// `genokit render`: an SVG picture of a creature of any encoding the genotype door reads.
#include <filesystem>
#include <iostream>
#include <memory>

#include "cli/genotype_view.hpp"
#include "cli/registry.hpp"
#include "genokit/f0/render.hpp"

namespace genokit::cli {

void add_order_option(CLI::App& cmd, std::string& order);  // cmd_fmt.cpp
void add_hinges_option(CLI::App& cmd, bool& hinges);       // cmd_fmt.cpp

namespace {

void setup_render(CLI::App& root) {
  struct Args {
    std::string file, out, order = "sdk", org, title;
    int width = 960;
    bool no_views = false, no_labels = false, hinges = false;
  };
  auto a = std::make_shared<Args>();
  auto* cmd = root.add_subcommand(
      "render", "Draw an f0 creature as SVG: isometric view plus top/front/side projections");
  cmd->add_option("file", a->file, "f0 or .gen file ('-' = stdin)")->required();
  cmd->add_option("-o,--output", a->out, "SVG file to write ('-' = stdout)")->required();
  cmd->add_option("--org", a->org,
                  "In a .gen file: the org to draw, by name or 0-based index among its f0 genotypes "
                  "(default: the first)");
  cmd->add_option("--title", a->title, "Title above the picture (default: the org's name)");
  cmd->add_option("--width", a->width, "Picture width in pixels")->check(CLI::Range(200, 10000));
  cmd->add_flag("--no-views", a->no_views, "Only the isometric view (no top/front/side projections)");
  cmd->add_flag("--no-labels", a->no_labels, "No neuron labels");
  add_order_option(*cmd, a->order);
  add_hinges_option(*cmd, a->hinges);
  cmd->callback([a] {
    const std::optional<Input> in = load_or_report(a->file);
    if (!in) return;
    // Every encoding the door reads, in file order; a bare file without header is f1 unless it is a .f0.
    genotype::PickOptions po;
    po.file.bare =
        std::filesystem::path(in->path).extension() == ".f0" ? genotype::Bare::f0 : genotype::Bare::f1;
    if (a->order == "spec") po.read.f0.order = f0::PropertyOrder::spec;
    if (a->hinges) po.read.f0.joints = f0::Joints::hinges;
    Diagnostics diags;
    const auto picked = genotype::pick(in->bytes, in->name, a->org, diags, po);
    diags.set_file(in->name);
    print_diagnostics(diags);
    if (!picked) {
      raise_exit_code(kExitInvalid);
      return;
    }
    const f0::Model& m = picked->genotype.model;
    if (m.parts.empty()) {
      std::cerr << in->name << ": nothing to draw (no parts)\n";
      raise_exit_code(kExitInvalid);
      return;
    }
    f0::RenderOptions ro;
    ro.title = a->title.empty() ? picked->source->name : a->title;
    ro.width = a->width;
    ro.projections = !a->no_views;
    ro.labels = !a->no_labels;
    if (!write_or_report(a->out, f0::render_svg(m, ro))) return;
    if (!m.valid) raise_exit_code(kExitInvalid);  // drawn anyway, but the genotype is invalid
  });
}

const CommandRegistrar reg_render(46, setup_render, "render");

}  // namespace
}  // namespace genokit::cli
