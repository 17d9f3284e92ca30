// `genokit convert FILE --to f0|svg|json`: f1 genotypes (bare .f1 files or the org: genotypes of a
// .gen file) converted to the f0 model exactly as the Framsticks SDK r909 does it.
#include <iostream>
#include <memory>

#include "cli/registry.hpp"
#include "genokit/f0/render.hpp"
#include "genokit/f1/convert.hpp"
#include "genokit/f1/files.hpp"

namespace genokit::cli {
namespace {

void setup_convert(CLI::App& root) {
  struct Args {
    std::string file, out = "-", to = "f0", org;
    bool strict = false, keep_invalid = false, no_lint = false;
  };
  auto a = std::make_shared<Args>();
  auto* cmd = root.add_subcommand(
      "convert",
      "Convert f1 genotypes to f0 (as Framsticks SDK r909 does): a bare f1 file becomes an f0 genotype, "
      "a .gen file stays a .gen with each f1 genotype converted; or draw one (svg) or dump its model (json)");
  cmd->add_option("file", a->file, "f1 or .gen file ('-' = stdin)")->required();
  cmd->add_option("--to", a->to, "Target: f0 (default), svg (picture of one creature), json (model + f1 map)")
      ->check(CLI::IsMember({"f0", "svg", "json"}));
  cmd->add_option("-o,--output", a->out, "Output file ('-' = stdout, the default); written atomically");
  cmd->add_option("--org", a->org,
                  "svg/json on a .gen file: the org, by name or 0-based index among its f1 genotypes");
  cmd->add_flag("--strict", a->strict, "Treat every warning (things the SDK silently accepts) as an error");
  cmd->add_flag("--keep-invalid", a->keep_invalid,
                "In a .gen file, leave invalid f1 genotypes unchanged (warning) instead of failing");
  cmd->add_flag("--no-lint", a->no_lint, "Only the warnings that match SDK messages or SDK-silent oddities");
  cmd->callback([a] {
    Diagnostics diags;
    Input in;
    if (!load_input(a->file, in, diags)) {
      print_diagnostics(diags);
      raise_exit_code(kExitInvalid);
      return;
    }
    f1::FileConvertOptions fo;
    fo.convert.strict = a->strict;
    fo.convert.lint = !a->no_lint;
    fo.keep_invalid = a->keep_invalid;
    std::string out;
    bool ok = false;
    if (a->to == "f0") {
      ok = f1::convert_text(in.bytes, in.name, fo, diags, out);
    } else {
      frams::Document doc;
      const auto gens = f1::inputs(in.bytes, in.name, doc, diags);
      const f1::FileGenotype* pick = nullptr;
      for (std::size_t i = 0; i < gens.size() && !pick; ++i)
        if (a->org.empty() || gens[i].name == a->org || std::to_string(i) == a->org) pick = &gens[i];
      if (!pick) {
        diags.error("f1.no-genotype",
                    a->org.empty() ? "the file holds no f1 genotype"
                                   : "no f1 genotype named or numbered '" + a->org + "'",
                    {in.name});
      } else {
        Diagnostics gd;
        fo.convert.mapping = a->to == "json";
        const auto c = f1::convert(pick->text, gd, fo.convert);
        f1::map_diagnostics(pick->field ? &doc : nullptr, *pick, gd, diags);
        if (a->to == "json") {
          nlohmann::json j = f1::to_json(c, pick->text);
          if (pick->field) j["name"] = pick->name;
          out = j.dump(2) + "\n";
          ok = c.model.valid;
        } else if (!c.model.parts.empty()) {
          f0::RenderOptions ro;
          ro.title = pick->name.empty() ? std::string(pick->text.substr(0, 60)) : pick->name;
          out = f0::render_svg(c.model, ro);
          ok = c.model.valid;
        }
        if (a->to == "json" || !c.model.parts.empty()) {
          Diagnostics wd;
          if (!write_output(a->out, out, wd)) diags.append(wd);
          out.clear();
        }
      }
    }
    diags.set_file(in.name);
    print_diagnostics(diags);
    if (ok && !out.empty()) {
      Diagnostics wd;
      if (!write_output(a->out, out, wd)) {
        print_diagnostics(wd);
        ok = false;
      }
    }
    if (!ok || (diags.has_errors() && !a->keep_invalid)) raise_exit_code(kExitInvalid);
  });
}

const CommandRegistrar reg_convert(47, setup_convert);

}  // namespace
}  // namespace genokit::cli
