// `genokit evaluate FILE.gen|-`: the standard evaluation of every genotype of a file on all cores,
// with a progress bar on a terminal; a table, framspy-shaped JSON, or the genotypes written back
// with their criteria as fields (like a framspy Hall of Fame file).
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <iostream>
#include <mutex>

#include "cli/sim_options.hpp"
#include "genokit/core/numbers.hpp"
#include "genokit/frams/document.hpp"
#include "genokit/sim/evaluate.hpp"

namespace genokit::cli {
namespace {

struct EvalArgs {
  std::string file, sim, out;
  unsigned jobs = 0;
  std::uint64_t seed = 0;
  std::size_t max_steps = 100'000;
  double max_seconds = 0;
  std::size_t max_parts = 1000, max_joints = 1000, max_neurons = 1000;
  bool json = false, quiet = false;
};

// "[#####     ] 12/40 genotypes  3.1/s  ETA 9 s" on stderr, at most ten times a second.
class ProgressBar {
 public:
  explicit ProgressBar(bool on) : on_(on), start_(std::chrono::steady_clock::now()) {}
  void update(std::size_t done, std::size_t total) {
    if (!on_) return;
    auto now = std::chrono::steady_clock::now();
    if (done != total && now - last_ < std::chrono::milliseconds(100)) return;
    last_ = now;
    const double secs = std::chrono::duration<double>(now - start_).count();
    const double rate = secs > 0 ? static_cast<double>(done) / secs : 0;
    const int width = 30, fill = total ? static_cast<int>(width * done / total) : width;
    char line[160];
    std::snprintf(line, sizeof line, "\r[%s%s] %zu/%zu genotypes  %.1f/s  ETA %.0f s ",
                  std::string(static_cast<std::size_t>(fill), '#').c_str(),
                  std::string(static_cast<std::size_t>(width - fill), ' ').c_str(), done, total, rate,
                  rate > 0 ? static_cast<double>(total - done) / rate : 0.0);
    std::cerr << line << (done == total ? "\n" : "") << std::flush;
  }

 private:
  bool on_;
  std::chrono::steady_clock::time_point start_, last_;
};

const char* const kFields[] = {"numparts",  "numjoints", "numneurons", "numconnections",
                               "instances", "lifespan",  "velocity",   "distance",
                               "vertvel",   "vertpos",   "fit",        "fit_stdev"};

std::vector<double> values(const sim::Criteria& c) {
  return {c.numparts, c.numjoints, c.numneurons, c.numconnections, c.instances, c.lifespan,
          c.velocity, c.distance,  c.vertvel,    c.vertpos,        c.fit,       c.fit_stdev};
}

// The file's genotypes with their criteria as fields (org objects keep every other byte).
std::string results_gen(genotype::GenotypeFile& file, const std::vector<sim::GenotypeResult>& results) {
  if (!file.framsticks) {
    std::string out = "org:\nname:\ngenotype:~\n";
    for (char c : file.genotypes[0].text) {
      if (c == '~') out += '\\';
      out += c;
    }
    out += "~\n";
    if (results[0].criteria) {
      std::vector<double> v = values(*results[0].criteria);
      for (std::size_t k = 0; k < v.size(); ++k)
        out += std::string(kFields[k]) + ":" + format_double(v[k]) + "\n";
      out += "time:" + format_double(results[0].seconds) + "\n";
    }
    return out;
  }
  std::vector<frams::Object*> orgs;
  for (frams::Object& o : file.doc.objects)
    if (o.class_name == "org") orgs.push_back(&o);
  for (std::size_t i = 0; i < file.genotypes.size(); ++i) {
    const sim::GenotypeResult& r = results[i];
    if (!r.criteria || file.genotypes[i].org_index >= orgs.size()) continue;
    frams::Object& o = *orgs[file.genotypes[i].org_index];
    std::vector<double> v = values(*r.criteria);
    for (std::size_t k = 0; k < v.size(); ++k) file.doc.set(o, kFields[k], format_double(v[k]));
    file.doc.set(o, "time", format_double(r.seconds));
  }
  return frams::write_lossless(file.doc);
}

void print_table(const genotype::GenotypeFile& file, const std::vector<sim::GenotypeResult>& results) {
  std::string out;
  char buf[256];
  for (std::size_t i = 0; i < results.size(); ++i) {
    const sim::GenotypeResult& r = results[i];
    std::string name = file.genotypes[i].name.empty() ? "#" + std::to_string(i) : file.genotypes[i].name;
    if (r.criteria) {
      const sim::Criteria& c = *r.criteria;
      std::snprintf(buf, sizeof buf,
                    "  velocity %-12.6g distance %-10.5g vertpos %-9.4g lifespan %-7g fit %-12.6g parts %g\n",
                    c.velocity, c.distance, c.vertpos, c.lifespan, c.fit, c.numparts);
      out += name + ":" + buf;
    } else {
      out += name + ": " + std::string(sim::to_string(r.status)) + ": " + r.message + "\n";
    }
  }
  std::cout << out;
}

void run_evaluate(const EvalArgs& a) {
  Diagnostics diags;
  std::optional<Input> in = load_or_report(a.file);
  if (!in) return;
  std::optional<sim::Settings> settings = load_sim_chain(a.sim, diags);
  if (!settings) {
    print_diagnostics(diags);
    raise_exit_code(kExitInvalid);
    return;
  }
  genotype::FileOptions fo;
  fo.bare = genotype::Bare::guess;
  genotype::GenotypeFile file = genotype::read_genotypes(in->bytes, in->name, diags, fo);
  diags.set_file(in->name);
  print_diagnostics(diags);
  diags.clear();
  if (file.genotypes.empty()) {
    std::cerr << in->name << ": error: the file holds no genotype [sim.no-genotype]\n";
    raise_exit_code(kExitInvalid);
    return;
  }
  std::vector<std::string> texts, names;
  for (const genotype::FileGenotype& g : file.genotypes) {
    texts.emplace_back(g.text);
    names.push_back(g.name);
  }
  sim::EvaluateOptions opt;
  opt.seed = a.seed;
  opt.jobs = a.jobs;
  opt.max_steps = a.max_steps;
  opt.max_seconds = a.max_seconds;
  opt.limits = {a.max_parts, a.max_joints, a.max_neurons};
  ProgressBar bar(!a.quiet && isatty(STDERR_FILENO) != 0);
  opt.progress = [&bar](std::size_t done, std::size_t total) { bar.update(done, total); };
  std::vector<sim::GenotypeResult> results = sim::evaluate(texts, *settings, diags, opt);
  print_diagnostics(diags);
  // Each genotype's diagnostics, positioned in the file.
  bool all_ok = true;
  for (std::size_t i = 0; i < results.size(); ++i) {
    Diagnostics d = results[i].diagnostics;
    file.position(file.genotypes[i], d);
    d.set_file(in->name);
    print_diagnostics(d);
    all_ok = all_ok && results[i].status == sim::EvalStatus::ok;
  }
  if (!all_ok) raise_exit_code(kExitInvalid);
  if (!a.out.empty()) {
    write_or_report(a.out, results_gen(file, results));
    if (a.out == "-") return;
  }
  if (a.json) {
    std::cout << sim::framspy_json(results, names) << '\n';
  } else if (a.out.empty()) {
    print_table(file, results);
  }
}

void setup_evaluate(CLI::App& root) {
  auto a = std::make_shared<EvalArgs>();
  auto* cmd = root.add_subcommand(
      "evaluate",
      "Evaluate every genotype of a file with the standard evaluation (Framsticks standard-eval, as framspy "
      "runs it) on all cores");
  cmd->add_option("file", a->file, "Framsticks .gen file or a genotype file ('-' = stdin)")->required();
  cmd->add_option("--sim", a->sim,
                  "Settings files, later ones win: \"eval-allcriteria.sim;deterministic.sim\" (default: "
                  "Framsticks' defaults)");
  cmd->add_option("--jobs,-j", a->jobs, "Parallel evaluations: threads, or worker processes when QuickStep runs (default: one per core); results do not depend on it");
  cmd->add_option("--seed", a->seed, "Seed of the evaluations (evaluation k uses seed + k; default 0)");
  cmd->add_option("--max-steps", a->max_steps, "Steps one evaluation may take, rest and life (default 100000)")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--max-seconds", a->max_seconds, "Seconds one evaluation may take (default: no limit)")
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--max-parts", a->max_parts, "Largest creature evaluated, in parts (default 1000)");
  cmd->add_option("--max-joints", a->max_joints, "... in joints (default 1000)");
  cmd->add_option("--max-neurons", a->max_neurons, "... in neurons (default 1000)");
  cmd->add_flag("--json", a->json, "framspy's result list as JSON on stdout");
  cmd->add_option("-o,--output", a->out,
                  "Write the genotypes back as a .gen with the criteria as fields ('-' = stdout)");
  cmd->add_flag("-q,--quiet", a->quiet, "No progress bar");
  cmd->callback([a] { run_evaluate(*a); });
}

const CommandRegistrar reg_evaluate(62, setup_evaluate, "evaluate");

}  // namespace
}  // namespace genokit::cli
