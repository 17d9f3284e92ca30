// `genokit fmt` (canonical f0, in place with -i) and `genokit render` (SVG picture of a creature).
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <memory>

#include "cli/registry.hpp"
#include "genokit/f0/files.hpp"
#include "genokit/f0/parser.hpp"
#include "genokit/f0/render.hpp"
#include "genokit/f1/convert.hpp"
#include "genokit/f1/files.hpp"

namespace genokit::cli {
namespace {

void add_order_option(CLI::App& cmd, std::string& order) {
  cmd.add_option("--f0-order", order,
                 "Property order for unnamed f0 values: sdk (Framsticks SDK r909 tables, default) or spec "
                 "(the original f0 spec's order)")
      ->check(CLI::IsMember({"sdk", "spec"}));
}

f0::ParseOptions options(const std::string& order) {
  f0::ParseOptions po;
  po.order = order == "spec" ? f0::PropertyOrder::spec : f0::PropertyOrder::sdk;
  return po;
}

void setup_fmt(CLI::App& root) {
  struct Args {
    std::vector<std::string> files;
    std::string out = "-", order = "sdk";
    bool in_place = false, check = false;
  };
  auto a = std::make_shared<Args>();
  auto* cmd = root.add_subcommand(
      "fmt",
      "Rewrite f0 genotypes in canonical form (as the Framsticks SDK writes them); in .gen files "
      "only the f0 genotypes change");
  cmd->add_option("files", a->files, "f0 or .gen files ('-' = stdin)")->required();
  cmd->add_option("-o,--output", a->out, "Output file ('-' = stdout, the default); written atomically");
  cmd->add_flag("-i,--in-place", a->in_place, "Rewrite each file in place (atomically: temp file + rename)");
  cmd->add_flag("--check", a->check, "Write nothing; exit 1 when a file is not in canonical form");
  add_order_option(*cmd, a->order);
  cmd->callback([a] {
    if (a->in_place && a->out != "-") throw CLI::ValidationError("-i and -o cannot be used together");
    if (!a->in_place && !a->check && a->files.size() > 1 && a->out != "-")
      throw CLI::ValidationError("-o takes a single input file");
    for (const auto& path : a->files) {
      Diagnostics diags;
      Input in;
      if (!load_input(path, in, diags)) {
        print_diagnostics(diags);
        raise_exit_code(kExitInvalid);
        continue;
      }
      std::string text;
      const bool ok = f0::canonical_text(in.bytes, in.name, options(a->order), diags, text);
      diags.set_file(in.name);
      print_diagnostics(diags);
      if (!ok) {
        std::cerr << in.name << ": not rewritten (the f0 genotype is invalid)\n";
        raise_exit_code(kExitInvalid);
        continue;
      }
      if (a->check) {
        if (text != in.bytes) {
          std::cout << in.name << ": not in canonical form\n";
          raise_exit_code(kExitInvalid);
        }
        continue;
      }
      if (a->in_place) {
        if (path == "-") throw CLI::ValidationError("-i needs a file, not stdin");
        if (text == in.bytes) continue;  // untouched files keep their timestamps
        if (!write_output(path, text, diags)) raise_exit_code(kExitInvalid), print_diagnostics(diags);
      } else if (!write_output(a->out, text, diags)) {
        print_diagnostics(diags);
        raise_exit_code(kExitInvalid);
      }
    }
  });
}

void setup_render(CLI::App& root) {
  struct Args {
    std::string file, out, order = "sdk", org, title;
    int width = 960;
    bool no_views = false, no_labels = false;
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
  cmd->callback([a] {
    Diagnostics diags;
    Input in;
    if (!load_input(a->file, in, diags)) {
      print_diagnostics(diags);
      raise_exit_code(kExitInvalid);
      return;
    }
    // f0 and f1 genotypes alike (f1 is converted to the f0 model), in file order.
    struct Candidate {
      f0::FileGenotype g;
      bool f1;
    };
    frams::Document doc;
    std::vector<Candidate> gens;
    if (f0::looks_like_frams_file(in.bytes)) {
      doc = frams::parse(in.bytes, in.name, diags);
      for (const auto& g : f0::find_f0_genotypes(doc)) gens.push_back({g, false});
      for (const auto& g : f1::find_f1_genotypes(doc))
        gens.push_back({{g.text, g.field, g.name, g.org_index}, true});
      std::stable_sort(gens.begin(), gens.end(),
                       [](const Candidate& x, const Candidate& y) { return x.g.org_index < y.g.org_index; });
    } else {
      const bool f1 = !f0::has_f0_header(in.bytes) && std::filesystem::path(in.path).extension() != ".f0" &&
                      f1::is_f1_genotype(in.bytes);
      gens.push_back({{in.bytes, nullptr, {}, 0}, f1});
    }
    const Candidate* pick = nullptr;
    for (std::size_t i = 0; i < gens.size() && !pick; ++i)
      if (a->org.empty() || gens[i].g.name == a->org || std::to_string(i) == a->org) pick = &gens[i];
    if (!pick) {
      diags.error("f0.no-genotype",
                  a->org.empty() ? "the file holds no f0 or f1 genotype"
                                 : "no f0 or f1 genotype named or numbered '" + a->org + "'",
                  {in.name});
      print_diagnostics(diags);
      raise_exit_code(kExitInvalid);
      return;
    }
    const f0::FileGenotype& g = pick->g;
    Diagnostics gd;
    f0::Model m = pick->f1 ? f1::convert(g.text, gd).model : f0::parse(g.text, gd, options(a->order));
    f0::map_diagnostics(g.field ? &doc : nullptr, g, gd, diags);
    diags.set_file(in.name);
    print_diagnostics(diags);
    if (m.parts.empty()) {
      std::cerr << in.name << ": nothing to draw (no parts)\n";
      raise_exit_code(kExitInvalid);
      return;
    }
    f0::RenderOptions ro;
    ro.title = a->title.empty() ? g.name : a->title;
    ro.width = a->width;
    ro.projections = !a->no_views;
    ro.labels = !a->no_labels;
    Diagnostics wd;
    if (!write_output(a->out, f0::render_svg(m, ro), wd)) {
      print_diagnostics(wd);
      raise_exit_code(kExitInvalid);
      return;
    }
    if (!m.valid) raise_exit_code(kExitInvalid);  // drawn anyway, but the genotype is invalid
  });
}

const CommandRegistrar reg_fmt(45, setup_fmt);
const CommandRegistrar reg_render(46, setup_render);

}  // namespace
}  // namespace genokit::cli
