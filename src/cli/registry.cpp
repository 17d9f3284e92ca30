#include "cli/registry.hpp"

#include <algorithm>
#include <iostream>
#include <map>

#include "genokit/core/file_io.hpp"

namespace genokit::cli {
namespace {

struct Command {
  CommandSetup setup;
  std::string_view name;
};
std::multimap<int, Command>& command_table() {
  static std::multimap<int, Command> table;
  return table;
}

std::vector<std::pair<int, const FormatHandler*>>& format_table() {
  static std::vector<std::pair<int, const FormatHandler*>> table;
  return table;
}

// Checks one --opt value against every format's keys: "" when fine, else the reason.
std::string check_opt(const std::string& kv) {
  const std::size_t eq = kv.find('=');
  const std::string key = kv.substr(0, eq), value = eq == std::string::npos ? "" : kv.substr(eq + 1);
  std::map<std::string, std::vector<std::string>> keys;  // sorted for the message
  for (const FormatHandler* h : formats())
    for (OptKey& k : h->option_keys()) keys.emplace(std::move(k.key), std::move(k.values));
  const auto it = keys.find(key);
  auto values = [](const std::vector<std::string>& v) {
    std::string out;
    for (const auto& x : v) out += (out.empty() ? "" : "|") + x;
    return out;
  };
  if (it == keys.end()) {
    std::string list;
    for (const auto& [k, v] : keys)
      list += (list.empty() ? "" : ", ") + k + (v.empty() ? "" : "=" + values(v));
    return "unknown --opt key '" + key + "' (valid keys: " + list + ")";
  }
  if (!it->second.empty() && std::find(it->second.begin(), it->second.end(), value) == it->second.end())
    return "--opt " + key + " takes " + values(it->second) + ", not '" + value + "'";
  return "";
}

}  // namespace

CommandRegistrar::CommandRegistrar(int order, CommandSetup setup, std::string_view name) {
  command_table().emplace(order, Command{setup, name});
}

void setup_commands(CLI::App& root, std::string_view invoked) {
  const auto& table = command_table();
  const bool named = !invoked.empty() && std::any_of(table.begin(), table.end(),
                                                     [&](const auto& c) { return c.second.name == invoked; });
  for (const auto& [order, c] : table)
    if (!named || c.name.empty() || c.name == invoked) c.setup(root);
}

int& exit_code() {
  static int code = kExitOk;
  return code;
}

void raise_exit_code(int code) {
  exit_code() = std::max(exit_code(), code);
}

bool load_input(const std::string& path, Input& in, Diagnostics& diags) {
  in.path = path;
  in.name = display_name(path);
  std::optional<Bytes> bytes = read_bytes(path, diags);
  if (bytes) in.bytes = std::move(*bytes);
  return bytes.has_value();
}

std::optional<Input> load_or_report(const std::string& path) {
  Diagnostics diags;
  Input in;
  if (load_input(path, in, diags)) return in;
  print_diagnostics(diags);
  raise_exit_code(kExitInvalid);
  return std::nullopt;
}

void print_diagnostics(const Diagnostics& diags, const FormattedDiagnostics* formatted) {
  // Formatted into a buffer written out whenever it holds 64 KiB: few writes, and no memory the
  // size of 10,000 lines to map for one write.
  constexpr std::size_t kChunk = 64 * 1024;
  std::string out;
  out.reserve(kChunk + 4096);
  auto flush = [&] {
    std::cerr.write(out.data(), static_cast<std::streamsize>(out.size()));
    out.clear();
  };
  const std::vector<Diagnostic>& items = diags.items();
  const std::size_t before = formatted ? std::min(formatted->before, items.size()) : items.size();
  auto print = [&](std::size_t b, std::size_t e) {
    for (std::size_t i = b; i < e; ++i) {
      append_gcc(items[i], out);
      out += '\n';
      if (out.size() >= kChunk) flush();
    }
  };
  print(0, before);
  if (formatted)
    for (const std::string& piece : formatted->lines) {
      out += piece;
      if (out.size() >= kChunk) flush();
    }
  print(before, items.size());
  const std::size_t more = diags.dropped() - (formatted ? formatted->count : 0);
  if (more > 0) out += "genokit: note: " + std::to_string(more) + " more diagnostics were not shown\n";
  flush();
}

namespace {
// One slot: a command that reads many files frees each but the last as before (its memory stays
// bounded by one file's).
std::shared_ptr<const void>& left() {
  static auto* kept = new std::shared_ptr<const void>;  // never destroyed: see main()
  return *kept;
}
}  // namespace

void leave_to_exit(std::shared_ptr<const void> p) {
  left() = std::move(p);
}

bool left_to_exit() {
  return left() != nullptr;
}

bool write_output(const std::string& path, std::string_view text, Diagnostics& diags) {
  return write_file_atomic(path, text, diags);
}

bool write_or_report(const std::string& path, std::string_view text) {
  Diagnostics diags;
  if (write_file_atomic(path, text, diags)) return true;
  print_diagnostics(diags);
  raise_exit_code(kExitInvalid);
  return false;
}

std::optional<std::string> opt_value(const Options& opt, std::string_view key) {
  for (const std::string& e : opt.extra) {
    const std::string_view s = e;
    if (s == key) return std::string();
    if (s.size() > key.size() && s.substr(0, key.size()) == key && s[key.size()] == '=')
      return std::string(s.substr(key.size() + 1));
  }
  return std::nullopt;
}

void print_json(const nlohmann::json& j) {
  std::cout << j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
}

void print_human(const nlohmann::json& j, int indent) {
  std::string pad(static_cast<std::size_t>(indent), ' ');
  auto scalar = [](const nlohmann::json& v) {
    return v.is_string() ? v.get<std::string>()
                         : v.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  };
  if (j.is_object()) {
    for (auto it = j.begin(); it != j.end(); ++it) {
      const auto& v = it.value();
      bool simple_array =
          v.is_array() && std::all_of(v.begin(), v.end(), [](auto& e) { return !e.is_structured(); });
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

FormatHandler::FormatHandler(int priority) {
  format_table().emplace_back(priority, this);
}

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
    diags.error("cli.unknown-format", "unknown format '" + opt.format + "' (see `genokit formats`)",
                {in.name});
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

CLI::Option* add_output_option(CLI::App& cmd, std::string& out) {
  return cmd.add_option("-o,--output", out, "Output file ('-' = stdout, the default); written atomically");
}

void add_common_options(CLI::App& cmd, Options& opt) {
  cmd.add_flag("--json", opt.json, "Machine-readable JSON output on stdout");
  cmd.add_flag("--strict", opt.strict, "Treat warnings as errors");
  cmd.add_option("--format", opt.format,
                 "Skip detection and read the input as this format (see `genokit formats`)");
  cmd.add_option(
      "--includes", opt.includes,
      "Framsticks #include policy: follow (default), forbid, or a folder that includes must stay in");
  cmd.add_option("--opt", opt.extra, "Format-specific option KEY=VALUE (repeatable)")
      ->check(CLI::Validator([](std::string& kv) { return check_opt(kv); }, "KEY=VALUE"));
}

}  // namespace genokit::cli
