// `genokit simplest FORMAT`: the simplest genotype of an encoding, as the SDK's operators give it
// (getSimplest: f1 and f4 `X`, f9 `R`, fF `6, 0.1, ...`, fn `[0.0, 0.0]`); --header adds the
// format header (`/*4*/X`), so the text reads back as that encoding.
#include <iostream>
#include <memory>

#include "cli/registry.hpp"
#include "genokit/frams/genotype_header.hpp"
#include "genokit/genotype/operators.hpp"

namespace genokit::cli {
namespace {

void setup_simplest(CLI::App& root) {
  auto format = std::make_shared<std::string>();
  auto header = std::make_shared<bool>(false);
  auto* cmd =
      root.add_subcommand("simplest",
                          "Print the simplest genotype of an encoding (f1, f4, f9, fF, fn, ...) as the SDK's "
                          "genetic operators give it");
  cmd->add_option("format", *format, "Encoding: f4, 4, fF, F, ...")->required();
  cmd->add_flag("--header", *header, "Print the genotype with its format header (/*4*/X)");
  cmd->callback([format, header] {
    std::string id = *format;
    if (id.size() > 1 && id[0] == 'f') id.erase(0, 1);
    Diagnostics diags;
    const auto s = genotype::simplest(id, diags);
    print_diagnostics(diags);
    if (!s) return raise_exit_code(kExitInvalid);
    const std::string_view text =
        *header ? std::string_view(*s)
                : std::string_view(*s).substr(frams::parse_genotype_header(*s).body_offset);
    std::cout << text << (text.empty() || text.back() != '\n' ? "\n" : "");
  });
}

const CommandRegistrar reg_simplest(48, setup_simplest);

}  // namespace
}  // namespace genokit::cli
