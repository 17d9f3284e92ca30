// `genokit convert FILE --to f0|svg|json`: genotypes of the converting encodings (f1, ...) as the
// f0 model exactly as the Framsticks SDK r909 builds it: a bare file becomes an f0 genotype, a
// .gen file stays a .gen with each such genotype converted; or one creature drawn or dumped.
#include <iostream>
#include <memory>

#include "cli/genotype_view.hpp"
#include "cli/registry.hpp"
#include "genokit/f0/render.hpp"
#include "genokit/fB/convert.hpp"
#include "genokit/genotype/encoding.hpp"
#include "genokit/genotype/rewrite.hpp"
#include "genotype/json.hpp"

namespace genokit::cli {
namespace {

struct Args {
  std::string file, out = "-", to = "f0", org;
  bool strict = false, keep_invalid = false, no_lint = false;
};

// The encodings convert works on: every one whose model is converted from another text.
std::vector<std::string> converting() {
  std::vector<std::string> ids;
  for (const genotype::Encoding& e : genotype::encodings())
    if (e.converts) ids.push_back(e.id);
  return ids;
}

// --to svg|json: one genotype, picked by --org. The text to write, or std::nullopt.
std::optional<std::string> convert_one(const Args& a, const Input& in, const genotype::ReadOptions& ro,
                                       Diagnostics& diags, bool& valid) {
  genotype::PickOptions po;
  po.formats = converting();
  po.read = ro;
  po.read.mapping = a.to == "json";
  const auto p = genotype::pick(in.bytes, in.name, a.org, diags, po);
  if (!p) return std::nullopt;
  const genotype::FileGenotype& g = *p->source;
  valid = p->genotype.model.valid;  // for an output written
  if (a.to == "json") {
    const genotype::GenotypeFile::Locator locator(p->file, g);
    nlohmann::json j =
        genotype::detail::to_json(p->genotype, g.text, [&](std::size_t off) { return locator.at(off); });
    if (g.field) j["name"] = g.name;
    return j.dump(2) + "\n";
  }
  if (p->genotype.model.parts.empty()) {
    valid = false;
    return std::nullopt;
  }
  f0::RenderOptions ro_svg;
  ro_svg.title = g.name.empty() ? std::string(g.text.substr(0, 60)) : g.name;
  return f0::render_svg(p->genotype.model, ro_svg);
}

// --to fH: one fB genotype as the fH genotype the SDK makes of it (fB's converter goes through fH).
std::optional<std::string> convert_fB_to_fH(const Args& a, const Input& in, Diagnostics& diags, bool& valid) {
  genotype::PickOptions po;
  po.formats = {"B"};
  const auto p = genotype::pick(in.bytes, in.name, a.org, diags, po);
  if (!p) return std::nullopt;
  Diagnostics again;  // (pick() has reported the genotype's problems, positioned in the file)
  auto out = fB::to_fH(p->source->text, again);
  valid = out.has_value();
  return out;
}

void setup_convert(CLI::App& root) {
  auto a = std::make_shared<Args>();
  auto* cmd = root.add_subcommand("convert",
                                  "Convert genotypes of f1, f4, f9, fB, fF, fH, fL, fn, ... to f0 (as Framsticks "
                                  "SDK r909 does): a bare genotype file "
                                  "becomes an f0 genotype, a .gen file stays a .gen with each such genotype "
                                  "converted; or draw one (svg) or "
                                  "dump its model (json); or an fB genotype as the fH genotype the SDK goes through");
  cmd->add_option("file", a->file, "genotype or .gen file ('-' = stdin)")->required();
  cmd->add_option("--to", a->to,
                  "Target: f0 (default), svg (picture of one creature), json (model + text map), fH (an fB "
                  "genotype as the fH genotype the SDK converts it through)")
      ->check(CLI::IsMember({"f0", "svg", "json", "fH"}));
  add_output_option(*cmd, a->out);
  cmd->add_option("--org", a->org,
                  "svg/json on a .gen file: the org, by name or 0-based index among its converted genotypes");
  cmd->add_flag("--strict", a->strict, "Treat every warning (things the SDK silently accepts) as an error");
  cmd->add_flag("--keep-invalid", a->keep_invalid,
                "In a .gen file, leave invalid genotypes unchanged (warning) instead of failing");
  cmd->add_flag("--no-lint", a->no_lint, "Only the warnings that match SDK messages or SDK-silent oddities");
  cmd->callback([a] {
    const std::optional<Input> in = load_or_report(a->file);
    if (!in) return;
    genotype::ReadOptions ro;
    ro.strict = a->strict;
    ro.lint = !a->no_lint;
    Diagnostics diags;
    bool ok = false;
    if (a->to == "f0") {
      genotype::RewriteOptions rw;
      rw.formats = converting();
      rw.read = ro;
      rw.keep_invalid = a->keep_invalid;
      const auto r = genotype::rewrite(in->bytes, in->name, diags, rw);
      diags.set_file(in->name);
      print_diagnostics(diags);
      ok = r && write_or_report(a->out, r->text);
    } else if (a->to == "fH") {
      if (const auto out = convert_fB_to_fH(*a, *in, diags, ok)) write_output(a->out, *out, diags);
      diags.set_file(in->name);
      print_diagnostics(diags);
    } else {
      // One creature: written first (even when invalid), then the diagnostics.
      if (const auto out = convert_one(*a, *in, ro, diags, ok)) write_output(a->out, *out, diags);
      diags.set_file(in->name);
      print_diagnostics(diags);
    }
    if (!ok || (diags.has_errors() && !a->keep_invalid)) raise_exit_code(kExitInvalid);
  });
}

const CommandRegistrar reg_convert(47, setup_convert, "convert");

}  // namespace
}  // namespace genokit::cli
