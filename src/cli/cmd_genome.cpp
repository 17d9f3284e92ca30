// `genokit genome ...`: dump/assemble (text form), express, diff, cross, mutate, extract.
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>

#include "cli/registry.hpp"
#include "genokit/core/file_io.hpp"
#include "genokit/genome/ops.hpp"
#include "genokit/genome/text.hpp"
#include "genome/json.hpp"

namespace genokit::cli {
namespace {

using namespace genokit::genome;

// Reads a genome (or the genome of a C2 export) and prints its diagnostics. Errors set exit code
// 1; with `tolerant` (dump, diff, express: they are lossless) the command still goes on.
std::optional<Genome> load_genome(const std::string& path, bool tolerant, bool validate_too = false) {
  Diagnostics diags;
  Input in;
  std::optional<Genome> g;
  if (load_input(path, in, diags)) g = read(in.bytes, diags, ReadOptions{.accept_export = true});
  if (g && validate_too) validate(*g, diags);
  diags.set_file(in.name.empty() ? display_name(path) : in.name);
  print_diagnostics(diags);
  if (!g || diags.has_errors()) {
    raise_exit_code(kExitInvalid);
    if (!tolerant) return std::nullopt;
  }
  return g;
}

// Captions: --notes FILE, else a .gno next to the genome with the same stem.
std::optional<Notes> load_notes(const std::string& genome_path, const std::string& notes_path) {
  std::string path = notes_path;
  if (path.empty() && genome_path != "-") {
    std::filesystem::path p(genome_path);
    p.replace_extension(".gno");
    std::error_code ec;
    if (std::filesystem::is_regular_file(p, ec)) path = p.string();
  }
  if (path.empty()) return std::nullopt;
  Diagnostics diags;
  const std::optional<std::string> bytes = read_file(path, diags);
  std::optional<Notes> notes;
  if (bytes) notes = read_gno(*bytes, diags);
  diags.set_file(display_name(path));
  print_diagnostics(diags);
  return notes;
}

bool parse_stage(const std::string& s, unsigned& out) {
  static const char* const kAliases[][2] = {{"baby", "embryo"}, {"adolescence", "adolescent"}};
  std::string name = s;
  for (const auto& a : kAliases)
    if (name == a[0]) name = a[1];
  int v = stage_names().find(name);
  if (v >= 0) {
    out = unsigned(v);
    return true;
  }
  if (!s.empty() && s.size() <= 3 && std::all_of(s.begin(), s.end(), ::isdigit)) {
    out = unsigned(std::stoi(s));
    return out <= 255;
  }
  return false;
}

Scheme make_scheme(const std::string& name, bool no_mutation, unsigned chance, unsigned degree) {
  Scheme s = name == "c3" ? Scheme::c3() : Scheme::c1();
  if (no_mutation) s.mutation = Scheme::Mutation::none;
  s.parent_chance = chance;
  s.parent_degree = degree;
  return s;
}

void print_stats(const OperatorStats& st) {
  std::cerr << "mutated " << st.mutated_bytes << " of " << st.eligible_bytes << " eligible bytes";
  if (st.crossovers || !st.drawn_runs.empty())
    std::cerr << "; " << st.crossovers << " crossovers, " << st.cut_errors << " cutting errors ("
              << st.duplications << " duplications, " << st.deletions << " deletions)";
  std::cerr << '\n';
}

void setup_genome(CLI::App& root) {
  auto* top =
      root.add_subcommand("genome", "Creatures genomes: text form, expression, diff, crossover, mutation");
  top->require_subcommand(1);

  {  // dump
    struct A {
      std::string in, out = "-", format = "text", notes;
      bool no_comments = false;
    };
    auto a = std::make_shared<A>();
    auto* c =
        top->add_subcommand("dump", "Write a genome as text (editable), a one-line-per-gene summary or JSON");
    c->add_option("genome", a->in, "Genome (.gen) or C2 export (.exp); '-' = stdin")->required();
    c->add_option("-o,--output", a->out, "Output file ('-' = stdout)");
    c->add_option("--format", a->format, "text (default), summary or json")
        ->check(CLI::IsMember({"text", "summary", "json"}));
    c->add_option("--notes", a->notes,
                  "Genetics Kit notes (.gno) for captions (default: <genome>.gno if present)");
    c->add_flag("--no-comments", a->no_comments, "Leave out the #index @offset comments");
    c->callback([a] {
      auto g = load_genome(a->in, true);
      if (!g) return;
      auto notes = load_notes(a->in, a->notes);
      const Notes* np = notes ? &*notes : nullptr;
      std::string out;
      if (a->format == "summary")
        out = to_summary(*g, {np});
      else if (a->format == "json")
        out = to_json(*g, {np}) + "\n";
      else
        out = to_text(*g, {np, !a->no_comments});
      Diagnostics d;
      if (!write_output(a->out, out, d)) {
        print_diagnostics(d);
        raise_exit_code(kExitInvalid);
      }
    });
  }
  {  // assemble
    struct A {
      std::string in, out = "-";
    };
    auto a = std::make_shared<A>();
    auto* c = top->add_subcommand("assemble", "Turn the genome text form back into a .gen file");
    c->add_option("text", a->in, "Text form ('-' = stdin)")->required();
    c->add_option("-o,--output", a->out, "Genome file to write ('-' = stdout)");
    c->callback([a] {
      Diagnostics d;
      Input in;
      std::optional<std::string> bytes;
      if (load_input(a->in, in, d) && (bytes = assemble(in.bytes, d))) {
        Diagnostics check;  // byte offsets in the assembled genome, so named after it
        auto g = read(*bytes, check);
        validate(g ? *g : Genome{}, check);  // `genome c1` alone gives no bytes: also say it has no genes
        check.set_file(display_name(a->out));
        d.append(check);
        write_output(a->out, *bytes, d);
      }
      d.set_file(in.name);
      print_diagnostics(d);
      if (d.has_errors()) raise_exit_code(kExitInvalid);
    });
  }
  {  // express
    struct A {
      std::string in, sex, stage, format = "summary", notes;
      bool up_to = false;
    };
    auto a = std::make_shared<A>();
    auto* c =
        top->add_subcommand("express", "List the genes active in a creature of a given sex and life stage");
    c->add_option("genome", a->in, "Genome ('-' = stdin)")->required();
    c->add_option("--sex", a->sex, "male or female")->required()->check(CLI::IsMember({"male", "female"}));
    c->add_option("--stage", a->stage, "embryo, child, adolescent, youth, adult, old, senile (or 0-6)")
        ->required();
    c->add_flag("--up-to", a->up_to, "Also genes that switched on at earlier stages");
    c->add_option("--format", a->format, "summary (default), text or json")
        ->check(CLI::IsMember({"text", "summary", "json"}));
    c->add_option("--notes", a->notes, "Genetics Kit notes (.gno) for captions");
    c->callback([a] {
      unsigned stage = 0;
      if (!parse_stage(a->stage, stage)) {
        std::cerr << "genokit genome express: unknown stage '" << a->stage
                  << "' (embryo, child, adolescent, youth, adult, old, senile or 0-6)\n";
        raise_exit_code(kExitUsage);
        return;
      }
      auto loaded = load_genome(a->in, true);
      if (!loaded) return;
      const Genome& g = *loaded;
      auto notes = load_notes(a->in, a->notes);
      const Notes* np = notes ? &*notes : nullptr;
      Sex sex = a->sex == "male" ? Sex::male : Sex::female;
      nlohmann::json arr = nlohmann::json::array();
      std::size_t n = 0;
      std::string text;
      Genome active;  // --format text: the active genes as a genome of their own
      active.version = g.version;
      const std::vector<std::size_t> offsets = g.offsets();
      for (std::size_t i = 0; i < g.genes.size(); ++i) {
        if (!expressed(g, g.genes[i], sex, stage, a->up_to)) continue;
        ++n;
        if (a->format == "json")
          arr.push_back(detail::gene_json(g, i, offsets[i], {np}));
        else if (a->format == "text")
          active.genes.push_back(g.genes[i]);
        else
          text += "#" + std::to_string(i) + " " + summary_line(g, i, {np}) + "\n";
      }
      if (a->format == "text") text = to_text(active, {np, false});
      if (a->format == "json") {
        print_json({{"sex", a->sex}, {"stage", format_stage(stage)}, {"up_to", a->up_to}, {"genes", arr}});
      } else {
        std::cout << "# " << n << " of " << g.genes.size() << " genes active in a " << a->sex << " at stage "
                  << format_stage(stage) << (a->up_to ? " (switched on at or before it)" : "") << "\n"
                  << text;
      }
    });
  }
  {  // diff
    struct A {
      std::string a, b;
      bool json = false;
    };
    auto a = std::make_shared<A>();
    auto* c = top->add_subcommand("diff",
                                  "Gene-aligned comparison of two genomes (added, removed, changed, moved)");
    c->add_option("a", a->a, "First genome")->required();
    c->add_option("b", a->b, "Second genome")->required();
    c->add_flag("--json", a->json, "Machine-readable JSON output");
    c->callback([a] {
      auto la = load_genome(a->a, true);
      auto lb = la ? load_genome(a->b, true) : std::nullopt;
      if (!lb) return;
      const Genome &ga = *la, &gb = *lb;
      auto diffs = diff(ga, gb);
      nlohmann::json arr = nlohmann::json::array();
      static const char* const kKind[] = {"added", "removed", "changed", "moved"};
      for (const auto& d : diffs) {
        const Genome& g = d.a_index >= 0 ? ga : gb;
        const Gene& gene = g.genes[std::size_t(d.a_index >= 0 ? d.a_index : d.b_index)];
        std::string where =
            gene_kind(gene) + " id=" + std::to_string(gene.id) + " gen=" + std::to_string(gene.generation);
        if (a->json) {
          nlohmann::json j = {
              {"kind", kKind[int(d.kind)]}, {"gene", where}, {"a_index", d.a_index}, {"b_index", d.b_index}};
          nlohmann::json ch = nlohmann::json::array();
          for (const auto& f : d.changes)
            ch.push_back({{"field", f.field}, {"old", f.before}, {"new", f.after}});
          j["changes"] = ch;
          arr.push_back(j);
          continue;
        }
        std::cout << kKind[int(d.kind)] << " " << where;
        if (d.a_index >= 0) std::cout << " (#" << d.a_index;
        if (d.b_index >= 0) std::cout << (d.a_index >= 0 ? " -> #" : " (#") << d.b_index;
        std::cout << ")";
        for (std::size_t k = 0; k < d.changes.size(); ++k)
          std::cout << (k ? ", " : ": ") << d.changes[k].field << " " << d.changes[k].before << " \u2192 "
                    << d.changes[k].after;
        std::cout << '\n';
      }
      if (a->json)
        print_json(arr);
      else if (diffs.empty())
        std::cout << "no differences\n";
      else
        std::cout << "# " << diffs.size() << " gene differences\n";
    });
  }
  {  // cross / mutate share the scheme options
    struct A {
      std::string mum, dad, in, out, scheme = "c1", mum_moniker, dad_moniker;
      std::uint64_t seed = 0;
      bool no_mutation = false, stats = false;
      unsigned chance = 0, degree = 0;
    };
    auto add_scheme = [](CLI::App* c, A& a) {
      c->add_option("--seed", a.seed, "Random seed (same seed, same result)")->required();
      c->add_option("--scheme", a.scheme,
                    "c1 (linkage 1-40, mutation 1/1601 single bit) or c3 (linkage 10-100, weighted)")
          ->check(CLI::IsMember({"c1", "c3"}));
      c->add_option("--parent-chance", a.chance, "C3 scheme: parents' mutation chance 0-255")
          ->check(CLI::Range(0, 255));
      c->add_option("--parent-degree", a.degree, "C3 scheme: parents' mutation degree 0-255")
          ->check(CLI::Range(0, 255));
      c->add_flag("--stats", a.stats, "Print what happened on stderr");
    };
    auto x = std::make_shared<A>();
    auto* c = top->add_subcommand(
        "cross", "Cross two genomes (gene-id alignment, linkage runs, cutting errors, mutation)");
    c->add_option("mum", x->mum, "Mother's genome")->required();
    c->add_option("dad", x->dad, "Father's genome")->required();
    c->add_option("-o,--output", x->out, "Child genome to write")->required();
    c->add_option("--mum-moniker", x->mum_moniker,
                  "Mother's moniker for the child's genus gene (default: from her genome)");
    c->add_option("--dad-moniker", x->dad_moniker, "Father's moniker (default: from his genome)");
    c->add_flag("--no-mutation", x->no_mutation, "Copy genes without mutating them");
    add_scheme(c, *x);
    c->callback([x] {
      auto mum = load_genome(x->mum, false, true);
      auto dad = mum ? load_genome(x->dad, false, true) : std::nullopt;
      if (!dad) return;
      if (mum->version != dad->version) {
        std::cerr << "genokit genome cross: the parents are different games (" << to_string(mum->version)
                  << ", " << to_string(dad->version) << ")\n";
        raise_exit_code(kExitInvalid);
        return;
      }
      Random rng(x->seed);
      OperatorStats st;
      Genome child = cross(*mum, *dad, rng,
                           {make_scheme(x->scheme, x->no_mutation, x->chance, x->degree), x->mum_moniker,
                            x->dad_moniker, &st});
      if (x->stats) print_stats(st);
      Diagnostics d;
      if (!write_output(x->out, write(child), d)) raise_exit_code(kExitInvalid);
      print_diagnostics(d);
    });
    auto m = std::make_shared<A>();
    auto* mc = top->add_subcommand("mutate", "Mutate a genome as the engines do when copying genes");
    mc->add_option("genome", m->in, "Genome to mutate")->required();
    mc->add_option("-o,--output", m->out, "Mutated genome to write")->required();
    add_scheme(mc, *m);
    mc->callback([m] {
      auto g = load_genome(m->in, false);
      if (!g) return;
      Random rng(m->seed);
      OperatorStats st;
      Genome out = mutate(*g, rng, {make_scheme(m->scheme, false, m->chance, m->degree), &st});
      if (m->stats) print_stats(st);
      Diagnostics d;
      if (!write_output(m->out, write(out), d)) raise_exit_code(kExitInvalid);
      print_diagnostics(d);
    });
  }
  {  // layouts
    auto v = std::make_shared<std::string>("c2");
    auto* c = top->add_subcommand("layouts", "Print the gene layout tables of a game version as Markdown");
    c->add_option("--game", *v, "c1, c2 (default) or c3")->check(CLI::IsMember({"c1", "c2", "c3"}));
    c->callback([v] {
      std::cout << layouts_markdown(*v == "c1" ? Version::c1 : *v == "c3" ? Version::c3 : Version::c2);
    });
  }
  {  // extract
    struct A {
      std::string in, out;
    };
    auto a = std::make_shared<A>();
    auto* c = top->add_subcommand("extract", "Extract the genome of a C2 export (.exp) as a .gen file");
    c->add_option("export", a->in, "Export file ('-' = stdin)")->required();
    c->add_option("-o,--output", a->out, "Genome file to write")->required();
    c->callback([a] {
      Diagnostics d;
      Input in;
      std::optional<ExportedGenome> ex;
      if (load_input(a->in, in, d) && (ex = extract_from_export(in.bytes, d))) {
        std::cerr << in.name << ": creature " << ex->moniker << ", sex " << ex->sex << ", life stage "
                  << unsigned(ex->stage) << ", " << ex->genome.size() << "-byte genome\n";
        write_output(a->out, ex->genome, d);
      }
      d.set_file(in.name);
      print_diagnostics(d);
      if (d.has_errors()) raise_exit_code(kExitInvalid);
    });
  }
}

const CommandRegistrar reg(60, setup_genome, "genome");

}  // namespace
}  // namespace genokit::cli
