// `genokit dissim FILE`: the dissimilarity matrix of every genotype of a file (Levenshtein on the
// genotype texts, or the Framsticks SDK's structural measure with greedy or optimal matching), as
// TSV with the genotypes' names or as JSON.
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <mutex>

#include "cli/registry.hpp"
#include "genokit/core/numbers.hpp"
#include "genokit/core/text.hpp"
#include "genokit/frams/document.hpp"
#include "genokit/genotype/file.hpp"
#include "genokit/similarity/dissimilarity.hpp"
#include "genokit/similarity/settings.hpp"

namespace genokit::cli {
namespace {

struct Args {
  std::string file, out = "-", method = "hungarian", weights, sim;
  bool method_given = false;
  bool fix_z = false, weighted_mds = false, json = false, strict = false;
  int decimals = -1;
  unsigned jobs = 0;
};

// "P,DEG,NEU,GEO" -> the weights; std::nullopt when it is not four numbers.
std::optional<similarity::Weights> parse_weights(const std::string& s) {
  double w[4];
  std::size_t at = 0;
  for (int k = 0; k < 4; ++k) {
    const std::size_t comma = k < 3 ? s.find(',', at) : s.size();
    if (comma == std::string::npos) return std::nullopt;
    const auto v = parse_double(s.substr(at, comma - at));
    if (!v) return std::nullopt;
    w[k] = *v;
    at = comma + 1;
  }
  return similarity::Weights{w[0], w[1], w[2], w[3]};
}

// A name for a TSV cell: the org's name (tabs and line breaks become spaces), else "#index".
std::string cell_name(const genotype::FileGenotype& g, std::size_t i) {
  if (g.name.empty()) return "#" + std::to_string(i);
  std::string s = g.name;
  for (char& c : s)
    if (c == '\t' || c == '\n' || c == '\r') c = ' ';
  return s;
}

std::string number(double v, int decimals) {
  if (std::isnan(v)) return "nan";
  if (decimals < 0) return format_double(v);
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return buf;
}

std::string tsv(const genotype::GenotypeFile& file, const similarity::Matrix& m, int decimals) {
  std::string out = "name";
  for (std::size_t i = 0; i < m.size; ++i) out += "\t" + cell_name(file.genotypes[i], i);
  out += "\n";
  for (std::size_t i = 0; i < m.size; ++i) {
    out += cell_name(file.genotypes[i], i);
    for (std::size_t j = 0; j < m.size; ++j) {
      out += '\t';
      out += number(m(i, j), decimals);
    }
    out += '\n';
  }
  return out;
}

nlohmann::json json_of(const std::string& file_name, const genotype::GenotypeFile& file,
                       const similarity::Matrix& m, const similarity::DissimilarityOptions& opt,
                       int decimals) {
  nlohmann::json genotypes = nlohmann::json::array(), rows = nlohmann::json::array();
  for (std::size_t i = 0; i < m.size; ++i) {
    const genotype::FileGenotype& g = file.genotypes[i];
    genotypes.push_back(
        {{"index", i}, {"name", g.name}, {"format", g.format}, {"measured", bool(m.measured[i])}});
    nlohmann::json row = nlohmann::json::array();
    for (std::size_t j = 0; j < m.size; ++j) {
      const double v = m(i, j);
      if (std::isnan(v))
        row.push_back(nullptr);
      else if (decimals >= 0)
        row.push_back(*parse_double(number(v, decimals)));
      else
        row.push_back(v);
    }
    rows.push_back(std::move(row));
  }
  nlohmann::json j = {{"file", file_name}, {"method", std::string(similarity::to_string(opt.method))}};
  if (opt.method != similarity::Method::levenshtein) {
    j["weights"] = {{"parts", opt.weights.parts},
                    {"degrees", opt.weights.degrees},
                    {"neurons", opt.weights.neurons},
                    {"geometry", opt.weights.geometry}};
    j["fixed_z"] = opt.fixed_z;
    j["weighted_mds"] = opt.weighted_mds;
  }
  j["genotypes"] = std::move(genotypes);
  j["matrix"] = std::move(rows);
  return j;
}

// A progress bar on stderr for long matrices when stderr is a terminal (thread-safe, at most 10/s).
std::function<void(std::size_t, std::size_t)> progress_bar(std::size_t genotypes) {
  if (genotypes < 300 || isatty(STDERR_FILENO) == 0) return {};
  struct State {
    std::mutex mutex;
    std::chrono::steady_clock::time_point last{};
  };
  auto st = std::make_shared<State>();
  return [st](std::size_t done, std::size_t total) {
    const std::lock_guard<std::mutex> lock(st->mutex);
    const auto now = std::chrono::steady_clock::now();
    if (done < total && now - st->last < std::chrono::milliseconds(100)) return;
    st->last = now;
    const int width = 30, bar = total ? static_cast<int>(width * static_cast<double>(done) / total) : width;
    std::cerr << "\r[" << std::string(bar, '#') << std::string(width - bar, ' ') << "] " << done << "/"
              << total << " pairs" << (done == total ? "\n" : "") << std::flush;
  };
}

// The options from `.sim` files ("a.sim;b.sim", later files win): simil_type chooses the method
// unless --method is given, the measure's simil_* settings give its weights.
std::optional<similarity::DissimilarityOptions> from_sim(const Args& a, Diagnostics& diags) {
  similarity::SimilaritySettings s;
  std::size_t start = 0;
  while (start <= a.sim.size()) {
    std::size_t end = a.sim.find(';', start);
    if (end == std::string::npos) end = a.sim.size();
    const std::string path(trim(std::string_view(a.sim).substr(start, end - start)));
    start = end + 1;
    if (path.empty()) continue;
    const std::size_t errors = diags.error_count();
    const frams::Document doc = frams::load_file(path, diags);
    if (diags.error_count() != errors) return std::nullopt;
    s.take_all(doc, diags);
  }
  if (a.method_given) return s.options(diags, similarity::method_from_string(a.method));
  return s.options(diags);
}

void run(const Args& a) {
  similarity::DissimilarityOptions opt;
  opt.method = *similarity::method_from_string(a.method);
  if (!a.sim.empty()) {
    Diagnostics sd;
    const auto o = from_sim(a, sd);
    print_diagnostics(sd);
    if (!o) {
      raise_exit_code(kExitInvalid);
      return;
    }
    opt = *o;
  }
  if (!a.weights.empty()) {
    const auto w = parse_weights(a.weights);
    if (!w) {
      std::cerr << "genokit dissim: error: --weights needs four numbers P,DEG,NEU,GEO (e.g. 0,1,0.1,0), not '"
                << a.weights << "' [cli.bad-weights]\n";
      raise_exit_code(kExitUsage);
      return;
    }
    opt.weights = *w;
  }
  opt.fixed_z = opt.fixed_z || a.fix_z;
  opt.weighted_mds = opt.weighted_mds || a.weighted_mds;
  opt.threads = a.jobs;
  opt.read.strict = a.strict;
  Diagnostics diags;
  if (!similarity::check_options(opt, diags)) {
    diags.set_file("--weights");
    print_diagnostics(diags);
    raise_exit_code(kExitUsage);
    return;
  }
  const std::optional<Input> in = load_or_report(a.file);
  if (!in) return;
  // A bare genotype file without a header is f1 (the SDK's rule) unless it is a .f0 file.
  genotype::FileOptions fo;
  fo.bare = std::filesystem::path(in->path).extension() == ".f0" ? genotype::Bare::f0 : genotype::Bare::f1;
  const genotype::GenotypeFile file = genotype::read_genotypes(in->bytes, in->name, diags, fo);
  if (file.genotypes.empty()) {
    diags.error("similarity.no-genotypes", "the file holds no genotypes to compare");
  } else {
    opt.progress = progress_bar(file.genotypes.size());
    const similarity::Matrix m = similarity::matrix(file, diags, opt);
    const std::string text =
        a.json ? json_of(in->name, file, m, opt, a.decimals).dump(1) + "\n" : tsv(file, m, a.decimals);
    write_output(a.out, text, diags);
  }
  diags.set_file(in->name);
  print_diagnostics(diags);
  if (diags.has_errors()) raise_exit_code(kExitInvalid);
}

void setup_dissim(CLI::App& root) {
  auto a = std::make_shared<Args>();
  auto* cmd = root.add_subcommand(
      "dissim",
      "Dissimilarity matrix of every genotype of a file: Levenshtein distance of the texts, or the "
      "Framsticks SDK's structural measure (Part degrees, neurons, geometry; greedy or optimal matching)");
  cmd->add_option("file", a->file, ".gen file (or one genotype; '-' = stdin)")->required();
  auto* method =
      cmd->add_option(
             "--method", a->method,
             "levenshtein (genotype texts), greedy or hungarian (bodies; default hungarian as in the "
             "SDK); framspy's numbers -1, 0, 1 work too")
          ->check(CLI::IsMember({"levenshtein", "greedy", "hungarian", "-1", "0", "1"}));
  cmd->add_option("--weights", a->weights,
                  "Weights P,DEG,NEU,GEO of the structural measure: Part count, Part degrees, neuron "
                  "counts, geometry (default 0,1,0.1,0; each 0..100)");
  cmd->add_option("--sim", a->sim,
                  "Framsticks .sim files (\"a.sim;b.sim\"): simil_type chooses the method unless --method is "
                  "given, and simil_greedy_* / simil_* its settings (as framspy's dissimilarity does); "
                  "--weights, --fix-z and --weighted-mds still apply on top");
  cmd->add_flag("--fix-z", a->fix_z, "Align bodies in the horizontal plane only, keeping the vertical axis");
  cmd->add_flag("--weighted-mds", a->weighted_mds, "Weight the MDS alignment by Part degrees");
  cmd->add_flag("--strict", a->strict, "Read genotypes strictly (warnings make a genotype unmeasured)");
  cmd->add_flag("--json", a->json, "JSON (genotypes, settings, matrix; null = not measured) instead of TSV");
  cmd->add_option("--decimals", a->decimals,
                  "Print values with this many decimals (default: exact, shortest)")
      ->check(CLI::Range(0, 17));
  cmd->add_option("-j,--jobs", a->jobs, "Threads (default: one per core; the result does not depend on it)");
  add_output_option(*cmd, a->out);
  cmd->callback([a, method] {
    a->method_given = method->count() > 0;
    run(*a);
  });
}

const CommandRegistrar reg_dissim(48, setup_dissim, "dissim");

}  // namespace
}  // namespace genokit::cli
