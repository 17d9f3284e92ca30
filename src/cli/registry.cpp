#include "cli/registry.hpp"

#include <algorithm>
#include <iostream>
#include <map>

#include "genokit/core/file_io.hpp"

namespace genokit::cli {
namespace {

std::multimap<int, CommandSetup>& command_table() {
  static std::multimap<int, CommandSetup> table;
  return table;
}

std::vector<std::pair<int, const FormatHandler*>>& format_table() {
  static std::vector<std::pair<int, const FormatHandler*>> table;
  return table;
}

std::vector<const GenotypeHandler*>& genotype_table() {
  static std::vector<const GenotypeHandler*> table;
  return table;
}

}  // namespace

GenotypeHandler::GenotypeHandler() { genotype_table().push_back(this); }

const GenotypeHandler* find_genotype_handler(std::string_view format) {
  for (const auto* h : genotype_table())
    if (h->format() == format) return h;
  return nullptr;
}

CommandRegistrar::CommandRegistrar(int order, CommandSetup setup) { command_table().emplace(order, setup); }

void setup_all_commands(CLI::App& root) {
  for (auto& [order, setup] : command_table()) setup(root);
}

int& exit_code() {
  static int code = kExitOk;
  return code;
}

void raise_exit_code(int code) { exit_code() = std::max(exit_code(), code); }

bool load_input(const std::string& path, Input& in, Diagnostics& diags) {
  in.path = path;
  in.name = display_name(path);
  return read_file(path, in.bytes, diags);
}

void print_diagnostics(const Diagnostics& diags) {
  for (const auto& d : diags.items()) std::cerr << format_gcc(d) << '\n';
  if (diags.dropped() > 0)
    std::cerr << "genokit: note: " << diags.dropped() << " more diagnostics were not shown\n";
}

bool write_output(const std::string& path, std::string_view text, Diagnostics& diags) {
  return write_file_atomic(path, text, diags);
}

void print_json(const nlohmann::json& j) {
  std::cout << j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
}

void print_human(const nlohmann::json& j, int indent) {
  std::string pad(static_cast<std::size_t>(indent), ' ');
  auto scalar = [](const nlohmann::json& v) {
    return v.is_string() ? v.get<std::string>() : v.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  };
  if (j.is_object()) {
    for (auto it = j.begin(); it != j.end(); ++it) {
      const auto& v = it.value();
      bool simple_array = v.is_array() && std::all_of(v.begin(), v.end(), [](auto& e) { return !e.is_structured(); });
      if (v.is_structured() && !simple_array) {
        std::cout << pad << it.key() << ":\n";
        print_human(v, indent + 2);
      } else if (simple_array) {
        std::string line;
        for (const auto& e : v) line += (line.empty() ? "" : ", ") + scalar(e);
        std::cout << pad << it.key() << ": " << line << '\n';
      } else {
        std::cout << pad << it.key() << ": " << scalar(v) << '\n';
      }
    }
  } else if (j.is_array()) {
    for (const auto& e : j) {
      if (e.is_structured()) {
        std::cout << pad << "-\n";
        print_human(e, indent + 2);
      } else {
        std::cout << pad << "- " << scalar(e) << '\n';
      }
    }
  } else {
    std::cout << pad << scalar(j) << '\n';
  }
}

FormatHandler::FormatHandler(int priority) { format_table().emplace_back(priority, this); }

const std::vector<const FormatHandler*>& formats() {
  static std::vector<const FormatHandler*> sorted;
  if (sorted.size() != format_table().size()) {
    auto table = format_table();
    std::stable_sort(table.begin(), table.end(), [](auto& a, auto& b) { return a.first > b.first; });
    sorted.clear();
    for (auto& [p, h] : table) sorted.push_back(h);
  }
  return sorted;
}

const FormatHandler* find_format(const Input& in, const Options& opt, Diagnostics& diags) {
  if (!opt.format.empty()) {
    for (const auto* h : formats())
      if (h->name() == opt.format) return h;
    diags.error("cli.unknown-format", "unknown format '" + opt.format + "' (see `genokit formats`)", {in.name});
    return nullptr;
  }
  const FormatHandler* best = nullptr;
  int best_score = 0;
  for (const auto* h : formats()) {
    int s = h->detect(in);
    if (s > best_score) best = h, best_score = s;
  }
  if (!best)
    diags.error("cli.unknown-format",
                "cannot tell which format this file is in (use --format; see `genokit formats`)", {in.name});
  return best;
}

void add_common_options(CLI::App& cmd, Options& opt) {
  cmd.add_flag("--json", opt.json, "Machine-readable JSON output on stdout");
  cmd.add_flag("--strict", opt.strict, "Treat warnings as errors");
  cmd.add_option("--format", opt.format, "Skip detection and read the input as this format (see `genokit formats`)");
  cmd.add_option("--includes", opt.includes,
                 "Framsticks #include policy: follow (default), forbid, or a folder that includes must stay in");
  cmd.add_option("--opt", opt.extra, "Format-specific option KEY=VALUE (repeatable)");
}

}  // namespace genokit::cli
