// What the XODE commands share: the --compat/--lenient/--repair/--built flags added to the
// generic commands, the load options they and --opt give, and reading a file into its document
// and scene.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "cli/registry.hpp"
#include "genokit/xode/load.hpp"

namespace genokit::cli::xodecli {

// A flag cmd_xode.cpp adds to several generic commands (a flag another format already added is
// shared: then only the CLI11 option pointer is known). One option per subcommand; only the
// running one can be set.
struct SharedFlag {
  std::vector<CLI::Option*> options;
  bool is_set() const;
  std::string value(const std::string& fallback) const;
};
struct Flags {
  SharedFlag compat, lenient, repair, built;
};
Flags& flags();

// --opt key=value (format-specific options) override the flags; a bare key means "1".
std::string extra(const Options& opt, const std::string& key, const std::string& fallback);

// The load options the flags and --opt give; false (with cli.bad-option) for an unknown --compat.
bool load_options(const Input& in, const Options& opt, xode::LoadOptions& lo, Diagnostics& diags);

// A file read as xode::load reads it, keeping the document when the scene does not resolve (and
// what was read of it when reading failed: its repairs are reported).
struct XodeFile {
  xode::Document doc;
  bool read_ok = false;
  std::optional<xode::Scene> scene;
};
XodeFile read_file(const Input& in, const xode::LoadOptions& lo, Diagnostics& diags);

}  // namespace genokit::cli::xodecli
