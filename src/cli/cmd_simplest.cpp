// `genokit simplest FORMAT`: the simplest genotype of an encoding (f1 -> X), as GenMan.getSimplest.
#include <iostream>
#include <memory>

#include "cli/registry.hpp"
#include "genokit/genotype/encoding.hpp"
#include "genokit/genotype/operators.hpp"

namespace genokit::cli {
namespace {

void setup(CLI::App& root) {
  struct Args {
    std::string format, out = "-";
  };
  auto a = std::make_shared<Args>();
  auto* cmd = root.add_subcommand("simplest",
                                  "Print the simplest genotype of an encoding (as Framsticks' "
                                  "GenMan.getSimplest: f1 gives X), the start of an evolution");
  cmd->add_option("format", a->format, "The encoding: f1, 1, f0, 0, ...")->required();
  add_output_option(*cmd, a->out);
  cmd->callback([a] {
    // "f1" or "1": the encoding's id, with or without the leading 'f'.
    std::string id = a->format;
    if (!genotype::find_encoding(id) && id.size() > 1 && id[0] == 'f') id.erase(0, 1);
    if (!genotype::find_encoding(id)) {
      std::cerr << "error: unknown genotype format '" << a->format << "'; genokit knows "
                << genotype::encoding_names("and") << " [genotype.unsupported-encoding]\n";
      raise_exit_code(kExitUsage);
      return;
    }
    Diagnostics d;
    const std::optional<std::string> g = genotype::simplest(id, d);
    print_diagnostics(d);
    if (!g) {
      raise_exit_code(kExitInvalid);
      return;
    }
    std::string text = *g;
    if (text.empty() || text.back() != '\n') text += '\n';
    write_or_report(a->out, text);
  });
}

const CommandRegistrar reg(62, setup);

}  // namespace
}  // namespace genokit::cli
