// How the genokit program is assembled: every cmd_*.cpp registers its subcommands and every
// format module registers a FormatHandler, both with a static registrar, so nobody edits main.cpp.
#pragma once

#include <CLI/CLI.hpp>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "genokit/core/diagnostics.hpp"
#include "genokit/core/file_io.hpp"

namespace genokit::cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitInvalid = 1;  // the input has errors (or could not be read)
inline constexpr int kExitUsage = 2;    // bad command line

// ---- subcommands -----------------------------------------------------------------------------
using CommandSetup = void (*)(CLI::App& root);
struct CommandRegistrar {
  // `order` sorts the subcommands in --help (lower first). `name` is the one subcommand of the root
  // that `setup` adds, if it adds one (empty for a setup that changes other subcommands): when the
  // command line invokes a named subcommand, only its setup and the unnamed ones run.
  CommandRegistrar(int order, CommandSetup setup, std::string_view name = {});
};
// Runs the registered setups: all of them, or, when `invoked` names a registered subcommand, that
// one's and the unnamed ones (building every subcommand's parser costs about half a millisecond, a
// tenth of checking a small file).
void setup_commands(CLI::App& root, std::string_view invoked);
// Subcommand callbacks store their result here; main() returns it.
int& exit_code();
// Raises the exit code to at least `code` (so one failing file makes the whole run fail).
void raise_exit_code(int code);

// ---- inputs and outputs ----------------------------------------------------------------------
struct Input {
  std::string path;  // as given ("-" for stdin)
  std::string name;  // for messages
  Bytes bytes;       // a large file is mapped, not copied
};
// Reads a file or stdin; on failure reports it in `diags` and returns false.
bool load_input(const std::string& path, Input& in, Diagnostics& diags);
// Reads a file or stdin; on failure prints the diagnostic, raises the exit code to kExitInvalid
// and returns std::nullopt.
std::optional<Input> load_or_report(const std::string& path);

// Diagnostics a handler formatted where it found them (GCC style, a line each), so that printing
// them is only writing bytes: `check` formats a large file's kept diagnostics on the threads that
// check its genotypes. They belong in the input's Diagnostics list before its item `before`; the
// list counts them (severities) as diagnostics it did not keep, and keeps, with them, at most its
// limit() items.
struct FormattedDiagnostics {
  std::size_t before = 0;
  std::size_t count = 0;           // how many diagnostics `lines` holds
  std::vector<std::string> lines;  // the lines, in order, in pieces of whole lines
};

// Prints diagnostics to stderr, GCC style, in writes of 64 KiB, with a note of how many more there
// were (the ones the list did not keep, except those in `formatted`).
void print_diagnostics(const Diagnostics& diags, const FormattedDiagnostics* formatted = nullptr);

// Keeps `p` alive until the process ends and lets the operating system free it with the rest:
// a command that ends the process after it (`check`) need not free a large file's document and
// results piece by piece, which takes milliseconds. main() then ends the process without running
// destructors (after flushing the standard streams). Only the last thing left is kept: leaving
// another frees the one before.
void leave_to_exit(std::shared_ptr<const void> p);
// Whether anything was left to exit (main() then ends the process with std::_Exit).
bool left_to_exit();
// Writes text to `path` ("-" = stdout) atomically; false (with a diagnostic) on failure.
bool write_output(const std::string& path, std::string_view text, Diagnostics& diags);
// Writes text to `path` atomically; on failure prints the diagnostic and raises the exit code.
bool write_or_report(const std::string& path, std::string_view text);
// Prints a JSON value to stdout (2-space indent) followed by a newline.
void print_json(const nlohmann::json& j);
// Prints a JSON object as indented "key: value" lines for people.
void print_human(const nlohmann::json& j, int indent = 0);

// ---- formats ---------------------------------------------------------------------------------
struct Options {
  bool json = false;
  bool strict = false;             // warnings count as errors
  std::string format;              // forced format name, empty = detect
  std::vector<std::string> extra;  // format-specific key=value options (--opt)
  // Framsticks #include policy: "follow" (default), "forbid", or a root folder to confine them to.
  std::string includes = "follow";
};

// One key a format understands in --opt KEY=VALUE.
struct OptKey {
  std::string key;
  std::vector<std::string> values;  // the values it takes (empty = any, or none)
};

// A file format the generic commands (check, info, cat, show, fmt, convert) understand.
class FormatHandler {
 public:
  explicit FormatHandler(int priority = 0);
  virtual ~FormatHandler() = default;
  virtual std::string name() const = 0;         // short id used by --format: frams, f0, genome, xode
  virtual std::string description() const = 0;  // one line for `genokit formats`
  // How sure the handler is that `in` is its format: 0 = not mine, 100 = certain (magic bytes).
  virtual int detect(const Input& in) const = 0;
  // Validates; diagnostics carry file/line/column. `report` receives a JSON summary (optional).
  // When `formatted` is given, the handler may put diagnostics there, formatted, instead of into
  // `diags` (see FormattedDiagnostics); it may also leave_to_exit() what it read.
  virtual void check(const Input& in, const Options& opt, Diagnostics& diags, nlohmann::json& report,
                     FormattedDiagnostics* formatted) const = 0;
  // What the file holds, as a JSON object (printed as JSON or as "key: value" lines).
  virtual void info(const Input& in, const Options& opt, Diagnostics& diags, nlohmann::json& out) const = 0;
  // Canonical text of the file; return false when the format has no text form.
  virtual bool canonical(const Input& in, const Options& opt, Diagnostics& diags, std::string& out) const {
    return false;
  }
  // The model as a table (text) or JSON; return false when unsupported.
  virtual bool show(const Input& in, const Options& opt, Diagnostics& diags, std::string& text,
                    nlohmann::json& json) const {
    return false;
  }
  // The --opt keys this format reads (an unknown key is a usage error that lists every format's keys).
  virtual std::vector<OptKey> option_keys() const { return {}; }
};
const std::vector<const FormatHandler*>& formats();

// The handler for `in`: the forced one (opt.format), else the best detect() score. Reports
// cli.unknown-format and returns nullptr when nothing matches.
const FormatHandler* find_format(const Input& in, const Options& opt, Diagnostics& diags);

// The value of --opt KEY (or KEY=VALUE) in `opt`: std::nullopt when absent, "" for a bare KEY.
std::optional<std::string> opt_value(const Options& opt, std::string_view key);

// Adds -o/--output (default "-": stdout; files are written atomically).
CLI::Option* add_output_option(CLI::App& cmd, std::string& out);

// Adds --json, --strict, --format, --includes and --opt (checked against every format's keys) to a
// subcommand.
void add_common_options(CLI::App& cmd, Options& opt);

}  // namespace genokit::cli
