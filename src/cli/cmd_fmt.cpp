// `genokit fmt`: f0 genotypes in canonical form (as the SDK writes them), in place with -i; in .gen
// files only the f0 genotypes change.
#include <iostream>
#include <memory>

#include "cli/registry.hpp"
#include "genokit/frams/genotype_header.hpp"
#include "genokit/genotype/encoding.hpp"
#include "genokit/genotype/file.hpp"
#include "genokit/genotype/rewrite.hpp"

namespace genokit::cli {

// The --f0-order option of fmt and render (render uses it too).
void add_order_option(CLI::App& cmd, std::string& order) {
  cmd.add_option("--f0-order", order,
                 "Property order for unnamed f0 values: sdk (Framsticks SDK r909 tables, default) or spec "
                 "(the original f0 spec's order)")
      ->check(CLI::IsMember({"sdk", "spec"}));
}

// The --f0-hinges flag of fmt and render: Framsticks 5.x hinge joints, which SDK r909 (the
// default) clamps to fixed joints; without it `fmt -i` would rewrite a 5.x genotype's hinges.
void add_hinges_option(CLI::App& cmd, bool& hinges) {
  cmd.add_flag("--f0-hinges", hinges,
               "Read Framsticks 5.x hinge joints (j:sh 2, 3 and hx .. hyp); default: SDK r909's joints "
               "(sh above 1 clamps to 1, the hinge names are unknown)");
}

namespace {

// A bare genotype of an encoding with its own canonical form (fH, fL): that form, header kept.
std::optional<genotype::Rewritten> own_canonical(const Input& in, Diagnostics& diags, bool& handled) {
  handled = false;
  if (genotype::looks_like_frams_file(in.bytes)) return std::nullopt;
  const auto h = frams::parse_genotype_header(in.bytes);
  const genotype::Encoding* e = h.declared && !h.malformed ? genotype::find_encoding(h.format) : nullptr;
  if (!e || !e->converts || !e->canonical) return std::nullopt;
  handled = true;
  const auto genes = e->canonical(in.bytes.view().substr(h.body_offset), diags);
  if (!genes) return std::nullopt;
  genotype::Rewritten r;
  r.text = std::string(in.bytes.view().substr(0, h.body_offset)) + *genes;
  r.rewritten = 1;
  return r;
}

void setup_fmt(CLI::App& root) {
  struct Args {
    std::vector<std::string> files;
    std::string out = "-", order = "sdk";
    bool in_place = false, check = false, hinges = false;
  };
  auto a = std::make_shared<Args>();
  auto* cmd = root.add_subcommand(
      "fmt",
      "Rewrite f0 genotypes in canonical form (as the Framsticks SDK writes them); in .gen files "
      "only the f0 genotypes change; a bare fH or fL genotype gets its own encoding's canonical form");
  cmd->add_option("files", a->files, "f0 or .gen files ('-' = stdin)")->required();
  add_output_option(*cmd, a->out);
  cmd->add_flag("-i,--in-place", a->in_place, "Rewrite each file in place (atomically: temp file + rename)");
  cmd->add_flag("--check", a->check, "Write nothing; exit 1 when a file is not in canonical form");
  add_order_option(*cmd, a->order);
  add_hinges_option(*cmd, a->hinges);
  cmd->callback([a] {
    if (a->in_place && a->out != "-") throw CLI::ValidationError("-i and -o cannot be used together");
    if (!a->in_place && !a->check && a->files.size() > 1 && a->out != "-")
      throw CLI::ValidationError("-o takes a single input file");
    genotype::RewriteOptions ro;
    ro.formats = {"0"};
    ro.file.format = "0";  // a bare file is an f0 genotype
    if (a->order == "spec") ro.read.f0.order = f0::PropertyOrder::spec;
    if (a->hinges) ro.read.f0.joints = f0::Joints::hinges;
    for (const auto& path : a->files) {
      const std::optional<Input> in = load_or_report(path);
      if (!in) continue;
      Diagnostics diags;
      bool own = false;
      auto text = own_canonical(*in, diags, own);
      // A bare genotype of another encoding without its own canonical form (//4, /*F*/, ...): fmt
      // writes f0 only.
      if (const auto h = frams::parse_genotype_header(in->bytes);
          !own && h.declared && !h.malformed && h.format != "0") {
        std::cerr << in->name << ": not rewritten: fmt writes f0 genotypes and this one is f" << h.format
                  << " (genokit convert --to f0 makes its f0)\n";
        raise_exit_code(kExitInvalid);
        continue;
      }
      if (!own) text = genotype::rewrite(in->bytes, in->name, diags, ro);
      diags.set_file(in->name);
      print_diagnostics(diags);
      if (!text) {
        std::cerr << in->name << ": not rewritten (the " << (own ? "" : "f0 ") << "genotype is invalid)\n";
        raise_exit_code(kExitInvalid);
        continue;
      }
      if (a->check) {
        if (text->text != in->bytes.view()) {
          std::cout << in->name << ": not in canonical form\n";
          raise_exit_code(kExitInvalid);
        }
        continue;
      }
      if (a->in_place) {
        if (path == "-") throw CLI::ValidationError("-i needs a file, not stdin");
        if (text->text == in->bytes.view()) continue;  // untouched files keep their timestamps
        write_or_report(path, text->text);
      } else {
        write_or_report(a->out, text->text);
      }
    }
  });
}

const CommandRegistrar reg_fmt(45, setup_fmt, "fmt");

}  // namespace
}  // namespace genokit::cli
