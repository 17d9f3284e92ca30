// `genokit cross A.gen B.gen [--seed S] -o OUT.gen`: the i-th genotype of A crossed with the i-th of
// B through the genotype door (parents checked and repaired, up to 100 attempts, one child kept).
#include <iostream>
#include <memory>

#include "cli/genetics_io.hpp"
#include "genokit/core/parallel.hpp"
#include "genokit/frams/sdk_random.hpp"
#include "genokit/genotype/operators.hpp"

namespace genokit::cli {
namespace {

struct Args {
  std::string a, b, out = "-";
  std::uint64_t seed = 0;
  unsigned jobs = 0;
  GeneticsArgs genetics;
};

struct Result {
  std::optional<genotype::Offspring> child;
  Diagnostics diags;
};

void run(const Args& a) {
  const std::optional<Input> ia = load_or_report(a.a);
  const std::optional<Input> ib = load_or_report(a.b);
  if (!ia || !ib) return;
  const std::optional<genotype::OperatorSettings> settings = load_genetics(a.genetics);
  if (!settings) return;
  const std::optional<genotype::GenotypeFile> fa = read_genotype_file(*ia), fb = read_genotype_file(*ib);
  if (!fa || !fb) return;
  const std::size_t n = std::min(fa->genotypes.size(), fb->genotypes.size());
  if (fa->genotypes.size() != fb->genotypes.size())
    std::cerr << ib->name << ": warning: " << fa->genotypes.size() << " genotypes in " << ia->name << " but "
              << fb->genotypes.size() << " here; crossing the first " << n << " pairs [cli.unequal-files]\n";
  std::vector<Result> results(n);
  parallel_for(n, a.jobs, [&](std::size_t i) {
    const genotype::FileGenotype &g1 = fa->genotypes[i], &g2 = fb->genotypes[i];
    genotype::OperatorOptions o;
    o.seed = frams::mix_seed(a.seed, i);
    o.settings = &*settings;
    o.name1 = g1.name;
    o.name2 = g2.name;
    Result& r = results[i];
    r.child = genotype::crossover(parent_text(*fa, g1), parent_text(*fb, g2), r.diags, o);
    // Problems of a parent are positioned in its file (the wrapper says which parent).
    Diagnostics d1, d2;
    for (const Diagnostic& x : r.diags.items())
      (x.message.find("parent #2") != std::string::npos ? d2 : d1)
          .report(x.severity, x.code, x.message, x.where);
    fa->position(g1, d1);
    fb->position(g2, d2);
    r.diags.clear();
    r.diags.append(std::move(d1));
    r.diags.append(std::move(d2));
  });
  std::string out;
  std::size_t made = 0;
  for (std::size_t i = 0; i < n; ++i) {
    Result& r = results[i];
    print_diagnostics(r.diags);
    if (!r.child) {
      raise_exit_code(kExitInvalid);
      continue;
    }
    ++made;
    append_org(out, {{"genotype", r.child->genotype},
                     {"info", r.child->info},
                     {"change", format_fraction(r.child->change)},
                     {"parents", std::to_string(i)}});
  }
  if (n == 0) {
    std::cerr << ia->name << ": error: no pair of genotypes to cross [genotype.no-genotype]\n";
    raise_exit_code(kExitInvalid);
  }
  if (made > 0 || n == 0) write_or_report(a.out, out);
}

void setup(CLI::App& root) {
  auto a = std::make_shared<Args>();
  auto* cmd = root.add_subcommand(
      "cross",
      "Cross the i-th genotype of A with the i-th of B (same encoding), as Framsticks' GenMan does; children "
      "written as a .gen file with the share of parent A ('change') and the pair's index");
  cmd->add_option("a", a->a, "First parents: a .gen file or one genotype")->required();
  cmd->add_option("b", a->b, "Second parents: a .gen file or one genotype")->required();
  add_output_option(*cmd, a->out);
  cmd->add_option("--seed", a->seed, "Random seed (same seed, settings and files: the same children)");
  cmd->add_option("--jobs,-j", a->jobs, "Threads (0 = one per core; results do not depend on it)");
  add_genetics_options(*cmd, a->genetics);
  cmd->callback([a] { run(*a); });
}

const CommandRegistrar reg(61, setup, "cross");

}  // namespace
}  // namespace genokit::cli
