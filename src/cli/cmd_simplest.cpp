// `genokit simplest FORMAT`: the simplest genotype of an encoding, as the SDK's operators give it
// (getSimplest: f1 and f4 `X`, f9 `R`, fF `6, 0.1, ...`, fn `[0.0, 0.0]`, f0 one stick); --header
// adds the format header (`/*4*/X`), so the text reads back as that encoding. An encoding genokit
// does not read, or one without operators, is an error (exit 1).
#include <memory>

#include "cli/registry.hpp"
#include "genokit/frams/genotype_header.hpp"
#include "genokit/genotype/operators.hpp"

namespace genokit::cli {
namespace {

void setup_simplest(CLI::App& root) {
  struct Args {
    std::string format, out = "-";
    bool header = false;
  };
  auto a = std::make_shared<Args>();
  auto* cmd =
      root.add_subcommand("simplest",
                          "Print the simplest genotype of an encoding (f0, f1, f4, f9, fF, fn, ...) as the "
                          "SDK's genetic operators give it: the start of an evolution");
  cmd->add_option("format", a->format, "Encoding: f1, 1, f4, 4, fF, F, ...")->required();
  cmd->add_flag("--header", a->header, "Print the genotype with its format header (/*4*/X)");
  add_output_option(*cmd, a->out);
  cmd->callback([a] {
    std::string id = a->format;
    if (id.size() > 1 && id[0] == 'f') id.erase(0, 1);
    Diagnostics diags;
    const auto s = genotype::simplest(id, diags);
    print_diagnostics(diags);
    if (!s) return raise_exit_code(kExitInvalid);
    const std::string_view text =
        a->header ? std::string_view(*s)
                  : std::string_view(*s).substr(frams::parse_genotype_header(*s).body_offset);
    std::string out(text);
    if (out.empty() || out.back() != '\n') out += '\n';
    write_or_report(a->out, out);
  });
}

const CommandRegistrar reg_simplest(48, setup_simplest, "simplest");

}  // namespace
}  // namespace genokit::cli
