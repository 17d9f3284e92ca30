// genokit: the command-line program. Subcommands live in cmd_*.cpp and register themselves.
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <iostream>
#include <string>

#include "cli/registry.hpp"
#include "genokit/version.hpp"

int main(int argc, char** argv) {
  using namespace genokit::cli;
  CLI::App app{
      "genokit: read, validate, edit, convert and write artificial-life creature genotypes\n"
      "(Framsticks files and f0, Creatures genomes) and physics scenes (XODE 1.0r22 +retain)."};
  app.name("genokit");
  app.set_version_flag("--version",
                       "genokit " + std::string(genokit::version()) +
                           "\nsupports: Framsticks file format, Framsticks f0, Creatures genomes, "
                           "XODE 1.0r22 +retain");
  app.require_subcommand(1);
  app.fallthrough(false);
  // Only the invoked subcommand's parser is built (the first argument names it, as a sibling's name
  // later on the line is an argument, not a subcommand).
  setup_commands(app, argc > 1 ? std::string_view(argv[1]) : std::string_view());
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    return kExitUsage;
  } catch (const std::bad_alloc&) {
    std::cerr << "genokit: error: out of memory\n";
    return kExitInvalid;
  } catch (const std::exception& e) {
    std::cerr << "genokit: error: internal error: " << e.what() << '\n';
    return kExitInvalid;
  }
  if (left_to_exit()) {
    // A command left what it read to the operating system (leave_to_exit): end without freeing it,
    // or anything else, piece by piece.
    std::cout.flush();
    std::cerr.flush();
    std::fflush(nullptr);
    std::_Exit(exit_code());
  }
  return exit_code();
}
