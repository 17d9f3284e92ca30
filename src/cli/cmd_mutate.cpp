// `genokit mutate IN.gen [--seed S] [--times K] [--sim A.sim;B.sim] -o OUT.gen`: every genotype of
// the file mutated K times through the genotype door (GenMan's checks, repair and retries), each
// mutant an `org:` object with the kind of mutation, how much changed and its parent's index.
#include <iostream>
#include <memory>

#include "cli/genetics_io.hpp"
#include "genokit/core/parallel.hpp"
#include "genokit/frams/sdk_random.hpp"
#include "genokit/genotype/encoding.hpp"
#include "genokit/genotype/operators.hpp"

namespace genokit::cli {
namespace {

struct Args {
  std::string file, out = "-";
  std::uint64_t seed = 0;
  int times = 1;
  unsigned jobs = 0;
  bool stats = false;
  GeneticsArgs genetics;
};

struct Result {
  std::optional<genotype::Mutant> mutant;
  Diagnostics diags;
  genotype::OperatorStats stats;
};

void run(const Args& a) {
  const std::optional<Input> in = load_or_report(a.file);
  if (!in) return;
  const std::optional<genotype::OperatorSettings> settings = load_genetics(a.genetics);
  if (!settings) return;
  const std::optional<genotype::GenotypeFile> file = read_genotype_file(*in);
  if (!file) return;
  const std::size_t n = file->genotypes.size(), k = static_cast<std::size_t>(a.times);
  std::vector<Result> results(n * k);
  // A parent mutated K times is checked once here rather than by each of its K calls (the calls
  // give the same mutants either way; an invalid parent still goes through their repair).
  std::vector<char> valid(n, 0);
  if (k > 1)
    parallel_for(n, a.jobs, [&](std::size_t i) {
      const genotype::FileGenotype& g = file->genotypes[i];
      Diagnostics quiet;
      valid[i] = !g.bad_header && genotype::is_valid_strict(parent_text(*file, g), quiet);
    });
  parallel_for(n * k, a.jobs, [&](std::size_t i) {
    const genotype::FileGenotype& g = file->genotypes[i / k];
    Result& r = results[i];
    genotype::OperatorOptions o;
    o.seed = frams::mix_seed(a.seed, i);  // one stream per mutant: any --jobs gives the same file
    o.settings = &*settings;
    o.stats = &r.stats;
    o.name1 = g.name;
    o.parents_valid = valid[i / k];
    if (g.bad_header)
      r.diags.error("genotype.bad-header", "invalid genotype format declaration", {{}, 1, 1, 0});
    else
      r.mutant = genotype::mutate(parent_text(*file, g), r.diags, o);
    file->position(g, r.diags);
  });
  std::string out;
  genotype::OperatorStats total;
  std::size_t made = 0;
  for (std::size_t i = 0; i < results.size(); ++i) {
    Result& r = results[i];
    if (i % k == 0)
      print_diagnostics(r.diags);  // (the parent's problems: once per genotype)
    else if (!r.mutant)
      print_diagnostics(r.diags);
    total += r.stats;
    if (!r.mutant) {
      raise_exit_code(kExitInvalid);
      continue;
    }
    ++made;
    append_org(out, {{"genotype", r.mutant->genotype},
                     {"info", r.mutant->info},
                     {"mutation", r.mutant->kind},
                     {"change", format_fraction(r.mutant->change)},
                     {"parent", std::to_string(i / k)}});
  }
  if (n == 0) {
    std::cerr << in->name << ": error: no genotype to mutate [genotype.no-genotype]\n";
    raise_exit_code(kExitInvalid);
  }
  if (made > 0 || n == 0) write_or_report(a.out, out);
  if (a.stats)
    std::cerr << made << " mutants of " << n << " genotypes; operator calls: " << total.mvalid << " valid, "
              << total.mvalidated << " repaired, " << total.minvalid << " invalid, " << total.mfailed
              << " failed\n";
}

void setup(CLI::App& root) {
  auto a = std::make_shared<Args>();
  auto* cmd = root.add_subcommand(
      "mutate",
      "Mutate every genotype of a file (f0, f1, ...) K times, as Framsticks' GenMan does: invalid parents "
      "repaired, invalid mutants retried (100 attempts); mutants written as a .gen file with the kind of "
      "mutation, the change and the parent's index");
  cmd->add_option("file", a->file, "A .gen file or one genotype ('-' = stdin)")->required();
  add_output_option(*cmd, a->out);
  cmd->add_option("--seed", a->seed, "Random seed (same seed, settings and file: the same mutants)");
  cmd->add_option("--times,-k", a->times, "Mutants per genotype (default 1)")->check(CLI::Range(1, 1000000));
  cmd->add_option("--jobs,-j", a->jobs, "Threads (0 = one per core; results do not depend on it)");
  cmd->add_flag("--stats", a->stats, "Print GenMan's counters (valid, repaired, invalid, failed) to stderr");
  add_genetics_options(*cmd, a->genetics);
  cmd->callback([a] { run(*a); });
}

const CommandRegistrar reg(60, setup, "mutate");

}  // namespace
}  // namespace genokit::cli
