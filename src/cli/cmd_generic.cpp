// The format-independent commands: check, info, cat, formats. They detect each input's format and
// hand it to that format's FormatHandler.
#include <malloc.h>

#include <iostream>
#include <memory>
#include <type_traits>

#include "cli/registry.hpp"
#include "core/diagnostics_json.hpp"

namespace genokit::cli {
namespace {

// Runs `fn` on each input with its handler (and a list for diagnostics it formats itself, when fn
// takes one); prints diagnostics; sets the exit code.
template <class Fn>
void for_each_input(const std::vector<std::string>& paths, const Options& opt, Fn fn) {
  for (const auto& path : paths) {
    const std::optional<Input> in = load_or_report(path);
    if (!in) continue;
    Diagnostics diags;
    FormattedDiagnostics formatted;
    const FormatHandler* h = find_format(*in, opt, diags);
    if constexpr (std::is_invocable_v<Fn, const Input&, const FormatHandler&, Diagnostics&,
                                      FormattedDiagnostics&>) {
      if (h) fn(*in, *h, diags, formatted);
    } else {
      if (h) fn(*in, *h, diags);
    }
    diags.set_file(in->name);
    bool failed = diags.has_errors() || (opt.strict && diags.warning_count() > 0);
    if (!opt.json) print_diagnostics(diags, &formatted);
    if (failed) raise_exit_code(kExitInvalid);
  }
}

void setup_check(CLI::App& root) {
  auto opt = std::make_shared<Options>();
  auto files = std::make_shared<std::vector<std::string>>();
  auto* cmd =
      root.add_subcommand("check", "Validate files of any supported format; exit 1 if any has errors");
  cmd->add_option("files", *files, "Files to check ('-' = stdin)")->required();
  add_common_options(*cmd, *opt);
  cmd->callback([opt, files] {
    // `check` reads, checks and exits: freed memory is kept in the process for the next
    // allocations rather than unmapped and mapped again (a large file's document, lists and
    // diagnostics otherwise cost thousands of page faults more).
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, 256 << 20);
    mallopt(M_TOP_PAD, 16 << 20);
    nlohmann::json all = nlohmann::json::array();
    for_each_input(
        *files, *opt,
        [&](const Input& in, const FormatHandler& h, Diagnostics& diags, FormattedDiagnostics& formatted) {
          nlohmann::json report = nlohmann::json::object();
          // The text output takes diagnostics formatted where they were found (a large file's on every
          // core); JSON takes them all as diagnostics.
          h.check(in, *opt, diags, report, opt->json ? nullptr : &formatted);
          if (opt->json) {
            diags.set_file(in.name);
            nlohmann::json j = {{"file", in.name}, {"format", h.name()}};
            bool failed = diags.has_errors() || (opt->strict && diags.warning_count() > 0);
            j["valid"] = !failed;
            j.update(detail::to_json(diags));
            if (!report.empty()) j["report"] = report;
            all.push_back(std::move(j));
          } else {
            std::size_t e = diags.error_count(), w = diags.warning_count();
            std::cout << in.name << ": " << h.name() << ": " << (e ? "invalid" : "ok") << " (" << e
                      << (e == 1 ? " error, " : " errors, ") << w << (w == 1 ? " warning)" : " warnings)")
                      << '\n';
          }
        });
    if (opt->json) print_json(all);
  });
}

void setup_info(CLI::App& root) {
  auto opt = std::make_shared<Options>();
  auto files = std::make_shared<std::vector<std::string>>();
  auto* cmd =
      root.add_subcommand("info", "Say what a file holds (format, classes, counts, genotype encodings)");
  cmd->add_option("files", *files, "Files to describe ('-' = stdin)")->required();
  add_common_options(*cmd, *opt);
  cmd->callback([opt, files] {
    nlohmann::json all = nlohmann::json::array();
    for_each_input(*files, *opt, [&](const Input& in, const FormatHandler& h, Diagnostics& diags) {
      nlohmann::json j = {{"file", in.name}, {"format", h.name()}, {"format_description", h.description()}};
      nlohmann::json body = nlohmann::json::object();
      h.info(in, *opt, diags, body);
      j.update(body);
      if (opt->json)
        all.push_back(std::move(j));
      else
        print_human(j);
    });
    if (opt->json) print_json(all);
  });
}

void setup_cat(CLI::App& root) {
  auto opt = std::make_shared<Options>();
  auto file = std::make_shared<std::string>();
  auto out = std::make_shared<std::string>("-");
  auto* cmd = root.add_subcommand("cat", "Write a file in its format's canonical text form");
  cmd->add_option("file", *file, "Input file ('-' = stdin)")->required();
  add_output_option(*cmd, *out);
  add_common_options(*cmd, *opt);
  cmd->callback([opt, file, out] {
    for_each_input({*file}, *opt, [&](const Input& in, const FormatHandler& h, Diagnostics& diags) {
      std::string text;
      if (!h.canonical(in, *opt, diags, text)) {
        if (!diags.has_errors())
          diags.error("cli.unsupported", "the " + h.name() + " format has no canonical text form", {in.name});
        return;
      }
      if (diags.has_errors()) return;  // never write a half-read file
      write_output(*out, text, diags);
    });
  });
}

void setup_show(CLI::App& root) {
  auto opt = std::make_shared<Options>();
  auto file = std::make_shared<std::string>();
  auto* cmd = root.add_subcommand("show", "Print the model a file describes, as a table or --json");
  cmd->add_option("file", *file, "Input file ('-' = stdin)")->required();
  add_common_options(*cmd, *opt);
  cmd->callback([opt, file] {
    for_each_input({*file}, *opt, [&](const Input& in, const FormatHandler& h, Diagnostics& diags) {
      std::string text;
      nlohmann::json j;
      if (!h.show(in, *opt, diags, text, j)) {
        if (!diags.has_errors())
          diags.error("cli.unsupported", "`show` does not support the " + h.name() + " format yet",
                      {in.name});
        return;
      }
      if (opt->json)
        print_json(j);
      else
        std::cout << text;
    });
  });
}

void setup_formats(CLI::App& root) {
  auto json = std::make_shared<bool>(false);
  auto* cmd = root.add_subcommand("formats", "List the formats genokit reads");
  cmd->add_flag("--json", *json, "Machine-readable JSON output");
  cmd->callback([json] {
    nlohmann::json all = nlohmann::json::array();
    for (const auto* h : formats()) {
      if (*json)
        all.push_back({{"name", h->name()}, {"description", h->description()}});
      else
        std::cout << h->name() << "\t" << h->description() << '\n';
    }
    if (*json) print_json(all);
  });
}

const CommandRegistrar reg_check(10, setup_check, "check");
const CommandRegistrar reg_info(20, setup_info, "info");
const CommandRegistrar reg_cat(30, setup_cat, "cat");
const CommandRegistrar reg_show(40, setup_show, "show");
const CommandRegistrar reg_formats(90, setup_formats, "formats");

}  // namespace
}  // namespace genokit::cli
