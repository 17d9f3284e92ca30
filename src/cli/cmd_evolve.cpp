// `genokit evolve --sim A.sim;B.sim --format f1 --opt velocity [...] -o hof.gen`: framspy's
// FramsticksEvolution.py on genokit: a generational evolution (evolution::Evolution) evaluated by
// the simulator's standard evaluation on all cores. After every generation the Hall of Fame (.gen),
// the log (CSV) and a checkpoint (JSON) are written atomically, so Ctrl-C (or any stop) leaves a
// valid Hall of Fame and a run that --resume continues exactly.
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <memory>

#include "cli/genetics_io.hpp"
#include "frams/sdk_number.hpp"
#include "genokit/core/text.hpp"
#include "genokit/evolution/evolution.hpp"
#include "genokit/evolution/sim_evaluator.hpp"
#include "genokit/genotype/encoding.hpp"
#include "genokit/sim/settings.hpp"

namespace genokit::cli {
namespace {

struct Args {
  std::string sim, format = "f1", initial, opt, out, log, checkpoint;
  std::size_t popsize = 50, tournament = 5, hof_size = 10;
  int generations = 5;
  double pmut = 0.9, pxov = 0.2;
  long long max_parts = -1, max_joints = -1, max_neurons = -1, max_connections = -1, max_length = -1;
  std::uint64_t seed = 0;
  unsigned jobs = 0;
  bool resume = false, quiet = false;
  std::vector<std::string> set;
};

// Ctrl-C: files are consistent except while they are being replaced, so the process ends at once
// unless it is writing them (then right after). Forked evaluation workers inherit this and end too.
std::atomic<int> g_writing{0}, g_stop{0};
void on_signal(int) {
  if (g_writing.load()) {
    g_stop = 1;
    return;
  }
  constexpr char msg[] =
      "\ninterrupted: the Hall of Fame, log and checkpoint of the last generation are kept "
      "(continue with --resume)\n";
  [[maybe_unused]] const auto w = ::write(STDERR_FILENO, msg, sizeof msg - 1);
  ::_exit(130);
}

std::string sibling(const std::string& out, std::string_view suffix) {
  std::filesystem::path p(out);
  return (p.parent_path() / (p.stem().string() + std::string(suffix))).string();
}

std::vector<std::string> split_criteria(const std::string& s) {
  std::vector<std::string> out;
  std::size_t b = 0;
  while (b <= s.size()) {
    std::size_t e = s.find(',', b);
    if (e == std::string::npos) e = s.size();
    std::string c(trim(std::string_view(s).substr(b, e - b)));
    if (!c.empty()) out.push_back(std::move(c));
    b = e + 1;
  }
  return out;
}

std::string encoding_id(const std::string& format) {
  if (genotype::find_encoding(format)) return format;
  if (format.size() > 1 && format[0] == 'f' && genotype::find_encoding(format.substr(1)))
    return format.substr(1);
  return format;
}

// The progress line on stderr (a terminal only).
class Progress {
 public:
  explicit Progress(bool on) : on_(on) {}
  void show(const evolution::Evolution& e, std::size_t done, std::size_t total) {
    if (!on_) return;
    const auto now = std::chrono::steady_clock::now();
    if (done != total && now - last_ < std::chrono::milliseconds(150)) return;
    last_ = now;
    const int width = 24;
    const int fill = total ? static_cast<int>(static_cast<double>(width) * done / total) : width;
    std::string line = "\rgeneration " + std::to_string(e.state().generation + 1) + "/" +
                       std::to_string(e.config().generations) + " [" +
                       std::string(static_cast<std::size_t>(fill), '#') +
                       std::string(static_cast<std::size_t>(width - fill), ' ') + "] " +
                       std::to_string(done) + "/" + std::to_string(total) + " evaluated";
    if (!e.state().log.empty() && !e.state().log.back().best.empty() &&
        std::isfinite(e.state().log.back().best[0]))
      line +=
          ", best " + e.config().criteria[0] + " " + frams::sdk::format_double(e.state().log.back().best[0]);
    std::cerr << line << "   " << std::flush;
  }
  void end() {
    if (on_) std::cerr << '\n';
  }

 private:
  bool on_;
  std::chrono::steady_clock::time_point last_{};
};

bool write_files(const Args& a, const evolution::Evolution& e) {
  g_writing = 1;
  const evolution::State& s = e.state();
  std::string csv = evolution::log_csv_header(e.config().criteria);
  for (const auto& r : s.log) csv += evolution::log_csv_row(r);
  const bool ok = write_or_report(a.out, evolution::hof_gen(s, e.config().criteria)) &&
                  write_or_report(a.log, csv) &&
                  write_or_report(a.checkpoint, evolution::checkpoint_json(e.config(), s));
  g_writing = 0;
  if (g_stop) on_signal(SIGINT);
  return ok;
}

void run(Args a) {
  if (a.log.empty()) a.log = sibling(a.out, ".log.csv");
  if (a.checkpoint.empty()) a.checkpoint = sibling(a.out, ".checkpoint.json");
  // Settings: the simulator's and the operators' from the same .sim files, then --set.
  evolution::Config cfg;
  Diagnostics d;
  sim::SettingsLoadOptions so;
  so.other = [&](std::string_view k, std::string_view v, const Location& at) {
    return cfg.operators.take(k, v, d, at);
  };
  std::optional<sim::Settings> settings = sim::load_settings(a.sim, d, so);
  print_diagnostics(d);
  if (!settings || d.has_errors()) {
    raise_exit_code(kExitInvalid);
    return;
  }
  for (const std::string& kv : a.set) {
    Diagnostics sd;
    const bool ok = cfg.operators.assign(kv, sd);
    sd.set_file("--set " + kv);
    print_diagnostics(sd);
    if (!ok) {
      raise_exit_code(kExitUsage);
      return;
    }
  }
  cfg.format = encoding_id(a.format);
  cfg.initial = a.initial;
  cfg.criteria = split_criteria(a.opt);
  cfg.popsize = a.popsize, cfg.generations = a.generations, cfg.tournament = a.tournament;
  cfg.pmut = a.pmut, cfg.pxov = a.pxov, cfg.hof_size = a.hof_size;
  cfg.seed = a.seed, cfg.jobs = a.jobs;
  auto limit = [](long long v) {
    return v < 0 ? std::nullopt : std::optional<std::size_t>(static_cast<std::size_t>(v));
  };
  cfg.limits = {limit(a.max_parts), limit(a.max_joints), limit(a.max_neurons), limit(a.max_connections),
                limit(a.max_length)};
  Diagnostics cd;
  bool ok = evolution::check_config(cfg, cd);
  for (const std::string& c : cfg.criteria)
    if (!evolution::sim_criterion(sim::Criteria{}, c)) {
      std::string known;
      for (std::string_view k : evolution::sim_criteria())
        known += (known.empty() ? "" : ", ") + std::string(k);
      cd.error("evolution.unknown-criterion",
               "'" + c + "' is not a criterion of the evaluation (known: " + known + ")");
      ok = false;
    }
  cd.set_file("genokit evolve");
  print_diagnostics(cd);
  if (!ok) {
    raise_exit_code(kExitUsage);
    return;
  }
  sim::EvaluateOptions eo;
  eo.jobs = a.jobs;
  auto shared = std::make_shared<const sim::Settings>(std::move(*settings));
  std::optional<evolution::Evolution> run;
  if (a.resume) {
    Input in;
    Diagnostics rd;
    std::optional<evolution::State> state;
    if (load_input(a.checkpoint, in, rd)) state = evolution::read_checkpoint(in.bytes, cfg, rd);
    rd.set_file(a.checkpoint);
    print_diagnostics(rd);
    if (!state) {
      raise_exit_code(kExitInvalid);
      return;
    }
    run.emplace(cfg, evolution::sim_evaluator(shared, eo), std::move(*state));
    if (!a.quiet)
      std::cerr << "resuming after generation " << run->state().generation << " (" << run->state().evaluations
                << " evaluations)\n";
  } else {
    run.emplace(cfg, evolution::sim_evaluator(shared, eo));
  }
  Progress bar(!a.quiet && isatty(STDERR_FILENO) != 0);
  run->progress = [&](std::size_t done, std::size_t total) { bar.show(*run, done, total); };
  std::signal(SIGINT, on_signal);
  std::signal(SIGTERM, on_signal);
  while (!run->finished()) {
    Diagnostics sd;
    bar.show(*run, 0, 1);
    if (!run->step(sd)) {
      bar.end();
      print_diagnostics(sd);
      raise_exit_code(kExitInvalid);
      break;
    }
    if (!write_files(a, *run)) break;
  }
  bar.end();
  std::signal(SIGINT, SIG_DFL);
  std::signal(SIGTERM, SIG_DFL);
  const evolution::State& s = run->state();
  if (!a.quiet && !s.hof.empty()) {
    std::cerr << "Best individuals:\n";
    for (const auto& h : s.hof) {
      std::string f;
      for (double v : h.fitness) f += (f.empty() ? "" : ", ") + frams::sdk::format_double(v);
      std::cerr << "[" << f << "]\t<--\t" << h.genotype << "\n";
    }
  }
}

void setup(CLI::App& root) {
  auto a = std::make_shared<Args>();
  auto* cmd = root.add_subcommand(
      "evolve",
      "Evolve creatures as framspy's FramsticksEvolution.py does (tournament selection, crossover and "
      "mutation probabilities, size limits, several criteria), evaluated by the simulator on all cores; "
      "writes the Hall of Fame (.gen), a per-generation log (CSV) and a checkpoint for --resume");
  cmd->add_option("--sim", a->sim, "Settings: .sim files separated by ';' (evaluation and genetic operators)")
      ->required();
  cmd->add_option("--opt", a->opt,
                  "Criteria to maximise, comma-separated: velocity, vertpos, distance, vertvel, lifespan, "
                  "numparts, numjoints, numneurons, numconnections, fit, ...")
      ->required();
  cmd->add_option("-o,--output", a->out, "The Hall of Fame (.gen), rewritten after every generation")
      ->required();
  cmd->add_option("--format", a->format, "Encoding of the simplest starting genotype (default f1)");
  cmd->add_option("--initial", a->initial, "Start from this genotype instead of the simplest");
  cmd->add_option("--popsize", a->popsize, "Population size (default 50)");
  cmd->add_option("--generations", a->generations, "Generations after the initial one (default 5)");
  cmd->add_option("--tournament", a->tournament, "Tournament size (default 5)");
  cmd->add_option("--pmut", a->pmut, "Probability of mutating an individual (default 0.9)");
  cmd->add_option("--pxov", a->pxov, "Probability of crossing a pair (default 0.2)");
  cmd->add_option("--hof-size", a->hof_size, "Hall of Fame size (default 10)");
  cmd->add_option("--max-parts", a->max_parts, "Most parts a creature may have (default: no limit)");
  cmd->add_option("--max-joints", a->max_joints, "Most joints (default: no limit)");
  cmd->add_option("--max-neurons", a->max_neurons, "Most neurons (default: no limit)");
  cmd->add_option("--max-connections", a->max_connections, "Most neural connections (default: no limit)");
  cmd->add_option("--max-length", a->max_length,
                  "Most characters of a genotype, header included (default: no limit)");
  cmd->add_option("--seed", a->seed, "Random seed: the same seed, settings and options give the same run");
  cmd->add_option("--jobs,-j", a->jobs,
                  "Parallel evaluations and operators (0 = one per core; results do not depend on it)");
  cmd->add_option("--log", a->log, "Per-generation log (CSV; default: <output stem>.log.csv)");
  cmd->add_option("--checkpoint", a->checkpoint, "Checkpoint (JSON; default: <output stem>.checkpoint.json)");
  cmd->add_flag("--resume", a->resume,
                "Continue the run saved in the checkpoint (same settings; --generations may grow)");
  cmd->add_option("--set", a->set, "One operator parameter NAME=VALUE after the .sim files (repeatable)");
  cmd->add_flag("-q,--quiet", a->quiet, "No progress line and no final list of the best individuals");
  cmd->callback([a] { run(*a); });
}

const CommandRegistrar reg(63, setup, "evolve");

}  // namespace
}  // namespace genokit::cli
