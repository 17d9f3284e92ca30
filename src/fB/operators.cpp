// fB's genetic operators (operators.hpp), following Geno_fB of SDK r909 draw for draw.
#include "genokit/fB/operators.hpp"

#include <algorithm>
#include <array>
#include <vector>

#include "fB/genes.hpp"
#include "frams/sdk_number.hpp"
#include "genokit/f0/neuron_classes.hpp"
#include "genokit/fB/convert.hpp"
#include "genokit/frams/operator_params.hpp"

namespace genokit::fB {
namespace {

constexpr frams::Property weight(std::string_view id, double def, std::string_view name,
                                 std::string_view help) {
  return frams::operator_param(id, 'f', 0, 1, def, name, help);
}

constexpr std::array kTable{
    weight("fB_mut_substitution", 0.6, "Substitution",
           "Probability of mutation by changing single random letter in genotype"),
    weight("fB_mut_insertion", 0.095, "Insertion",
           "Probability of mutation by inserting characters in random place of genotype"),
    weight("fB_mut_nclassins", 0.005, "Insertion of neuron class definition",
           "Probability of mutation by inserting neuron class definition in random place of genotype"),
    weight("fB_mut_deletion", 0.1, "Deletion",
           "Probability of mutation by deleting random characters in genotype"),
    weight("fB_mut_duplication", 0.0, "Duplication",
           "Probability of mutation by copying single *gene* of genotype and appending it to the beginning "
           "of this genotype"),
    weight("fB_mut_translocation", 0.15, "Translocation",
           "Probability of mutation by replacing two substrings in genotype"),
    weight("fB_cross_gene_transfer", 0.0, "Horizontal gene transfer",
           "Probability of crossing over by transferring single genes from both parents to beginning of each "
           "other"),
    weight("fB_cross_crossover", 1.0, "Crossing over",
           "Probability of crossing over by random distribution of genes from both parents to both children"),
    // The names of later Framsticks versions (framspy's .sim files; relative weights, not 0..1): when
    // set they take the place of the r909 names above.
    frams::operator_param("fB_mut_substitute", 'f', 0, 100, 0.6, "Substitution (later name)"),
    frams::operator_param("fB_mut_insert", 'f', 0, 100, 0.095, "Insertion (later name)"),
    frams::operator_param("fB_mut_insert_neuron", 'f', 0, 100, 0.005,
                          "Insertion of neuron class definition (later name)"),
    frams::operator_param("fB_mut_delete", 'f', 0, 100, 0.1, "Deletion (later name)"),
    frams::operator_param("fB_mut_duplicate", 'f', 0, 100, 0.0, "Duplication (later name)"),
    frams::operator_param("fB_mut_translocate", 'f', 0, 100, 0.15, "Translocation (later name)"),
};

// A mutation weight: the later name's value when a file set it, else the r909 name's.
double mut_weight(const frams::ParamValues& pv, std::string_view r909, std::string_view later) {
  const int k = pv.find(later);
  return k >= 0 && pv.was_set(k) ? pv.number(k) : pv.number(r909);
}

bool alpha(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

// The dimensions line and the genes line (the SDK reads the first two lines only).
struct Lines {
  std::string_view dims, line;
};
Lines split(std::string_view genes) {
  Lines l;
  std::size_t nl = genes.find('\n');
  l.dims = genes.substr(0, std::min(nl, genes.size()));
  if (nl == std::string_view::npos) return l;
  const std::size_t start = nl + 1;
  nl = genes.find('\n', start);
  l.line = genes.substr(start, (nl == std::string_view::npos ? genes.size() : nl) - start);
  return l;
}

// Geno_fB::tokenizeSequence: letters, and quoted texts (any other character opens one).
std::vector<std::string> tokens(std::string_view line) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < line.size();) {
    if (alpha(line[i])) {
      out.emplace_back(1, line[i++]);
      continue;
    }
    ++i;
    const std::size_t close = line.find('"', i);
    const std::size_t end = close == std::string_view::npos ? line.size() : close;
    std::string q(1, '"');
    q.append(line.substr(i, end - i)).push_back('"');
    out.push_back(std::move(q));
    i = close == std::string_view::npos ? line.size() : close + 1;
  }
  return out;
}

std::string join(const std::vector<std::string>& t) {
  std::string s;
  for (const auto& x : t) s += x;
  return s;
}

std::string gene_text(std::string_view line, const detail::GeneRange& r) {
  return r.found ? std::string(line.substr(r.start, r.end - r.start)) : std::string();
}

// Geno_fH::mutateNeuronProperties: mutNeuronDetails of a quoted class text ("" is N).
std::optional<std::string> mutate_class(std::string_view def, const f0::OperatorCall& call) {
  return f0::mut_neuron_details(def.empty() ? std::string_view("N") : def, call.rng);
}

}  // namespace

std::span<const frams::Property> operator_table() {
  return kTable;
}

std::optional<f0::Mutation> mutate(std::string_view genes, const f0::OperatorCall& call) {
  const Lines l = split(genes);
  std::string line(l.line);
  const double len = static_cast<double>(line.size());
  const frams::ParamValues& pv = call.params;
  const std::array<double, 6> w{mut_weight(pv, "fB_mut_substitution", "fB_mut_substitute"),
                                mut_weight(pv, "fB_mut_insertion", "fB_mut_insert"),
                                mut_weight(pv, "fB_mut_nclassins", "fB_mut_insert_neuron"),
                                mut_weight(pv, "fB_mut_deletion", "fB_mut_delete"),
                                mut_weight(pv, "fB_mut_duplication", "fB_mut_duplicate"),
                                mut_weight(pv, "fB_mut_translocation", "fB_mut_translocate")};
  const int method = call.rng.roulette(w);
  f0::Mutation m;
  m.method = method;
  auto t = tokens(line);
  // (an empty genes line has no token to pick: the SDK would read past its list)
  if (t.empty() && method != 1 && method != 2 && method != 4) {
    call.diags.error("fB.empty-genes", "The genes line is empty: nothing to substitute, delete or move");
    return std::nullopt;
  }
  switch (method) {
    case 0: {
      std::string& tok = t[call.rng.below(static_cast<std::uint32_t>(t.size()))];
      if (tok.size() == 1) {
        if (call.rng.below(2) == 0)
          tok[0] = tok[0] == 'a' ? 'b' : static_cast<char>(tok[0] - 1);
        else
          tok[0] = tok[0] == 'z' ? 'y' : static_cast<char>(tok[0] + 1);
        m.chg = 1.0 / len;
      } else {
        const auto def = mutate_class(std::string_view(tok).substr(1, tok.size() - 2), call);
        if (!def) {
          call.diags.error("fB.unknown-neuron-class",
                           "A quoted neuron class the library does not have: " + tok);
          return std::nullopt;
        }
        tok = "\"" + *def + "\"";
        m.chg = static_cast<double>(def->size()) / len;
      }
      line = join(t);
      m.kind = "fB.substitution";
      break;
    }
    case 2:
    case 1: {
      const std::size_t at = call.rng.below(static_cast<std::uint32_t>(t.size()));
      if (method == 2) {
        if (const f0::NeuronClass* c = f0::random_class(call.neurons.active, call.rng)) {
          const auto def = mutate_class(c->name, call);
          t.insert(t.begin() + static_cast<std::ptrdiff_t>(at),
                   "\"" + def.value_or(std::string(c->name)) + "\"");
          m.chg = static_cast<double>(def.value_or(std::string(c->name)).size()) / len;
          line = join(t);
          m.kind = "fB.class-insertion";
          break;
        }
      }
      // (class insertion without an active class falls through to a letter insertion, as in the SDK;
      // the SDK draws the insertion point again)
      m.chg = 1.0 / len;
      const std::size_t at2 = method == 2 ? call.rng.below(static_cast<std::uint32_t>(t.size())) : at;
      t.insert(t.begin() + static_cast<std::ptrdiff_t>(at2),
               std::string(1, static_cast<char>('a' + call.rng.below(26))));
      line = join(t);
      m.kind = "fB.insertion";
      break;
    }
    case 3: {
      m.chg = 1.0 / len;
      t.erase(t.begin() + call.rng.below(static_cast<std::uint32_t>(t.size())));
      line = join(t);
      m.kind = "fB.deletion";
      break;
    }
    case 4: {
      const detail::GeneScanner g(line);
      std::string gene =
          gene_text(line, g.gene(static_cast<int>(call.rng.below(static_cast<std::uint32_t>(g.count())))));
      if (gene.find("zz") == std::string::npos) gene += "zz";
      m.chg = static_cast<double>(gene.size()) / len;
      line = gene + line;
      m.kind = "fB.duplication";
      break;
    }
    case 5: {
      std::array<std::size_t, 4> cut{};
      for (auto& c : cut) c = call.rng.below(static_cast<std::uint32_t>(t.size()));
      std::sort(cut.begin(), cut.end());
      std::vector<std::string> r;
      r.insert(r.end(), t.begin(), t.begin() + static_cast<std::ptrdiff_t>(cut[0]));
      r.insert(r.end(), t.begin() + static_cast<std::ptrdiff_t>(cut[2]),
               t.begin() + static_cast<std::ptrdiff_t>(cut[3]));
      r.insert(r.end(), t.begin() + static_cast<std::ptrdiff_t>(cut[1]),
               t.begin() + static_cast<std::ptrdiff_t>(cut[2]));
      r.insert(r.end(), t.begin() + static_cast<std::ptrdiff_t>(cut[0]),
               t.begin() + static_cast<std::ptrdiff_t>(cut[1]));
      r.insert(r.end(), t.begin() + static_cast<std::ptrdiff_t>(cut[3]), t.end());
      line = join(r);
      m.chg = static_cast<double>(cut[3] - cut[2] + cut[1] - cut[0]) / static_cast<double>(line.size());
      m.kind = "fB.translocation";
      break;
    }
    default:
      call.diags.error("fB.no-mutation", "Every fB mutation probability is 0");
      return std::nullopt;
  }
  m.genes = std::string(l.dims) + "\n" + line;
  return m;
}

std::optional<f0::Crossing> crossover(std::string_view genes1, std::string_view genes2,
                                      const f0::OperatorCall& call) {
  const Lines a = split(genes1), b = split(genes2);
  const auto d1 = frams::sdk::parse_int_strict(a.dims), d2 = frams::sdk::parse_int_strict(b.dims);
  if (d1.value_or(0) != d2.value_or(0)) {
    call.diags.error("fB.crossover-mismatch", "The parents have different numbers of dimensions");
    return std::nullopt;
  }
  const std::array<double, 2> w{call.params.number("fB_cross_gene_transfer"),
                                call.params.number("fB_cross_crossover")};
  const int kind = call.rng.roulette(w);
  std::string c1, c2;
  f0::Crossing x;
  const detail::GeneScanner g1(a.line), g2(b.line);
  if (kind == 0) {
    const std::string gene1 =
        gene_text(a.line, g1.gene(static_cast<int>(call.rng.below(static_cast<std::uint32_t>(g1.count())))));
    c2 = gene1 + std::string(b.line);
    x.chg2 = static_cast<double>(b.line.size()) / static_cast<double>(c2.size());
    const std::string gene2 =
        gene_text(b.line, g2.gene(static_cast<int>(call.rng.below(static_cast<std::uint32_t>(g2.count())))));
    c1 = gene2 + std::string(a.line);
    x.chg1 = static_cast<double>(a.line.size()) / static_cast<double>(c1.size());
    x.kind = "fB.gene-transfer";
  } else if (kind == 1) {
    const auto& n1 = g1.non_nested();
    const auto& n2 = g2.non_nested();
    const std::size_t n = std::max(n1.size(), n2.size());
    for (std::size_t i = 0; i < n; ++i) {
      if (i < n1.size() && i < n2.size()) {
        if (call.rng.below(2) == 0) {
          c1 += gene_text(a.line, n1[i]), c2 += gene_text(b.line, n2[i]);
          x.chg1 += 1, x.chg2 += 1;
        } else {
          c1 += gene_text(b.line, n2[i]), c2 += gene_text(a.line, n1[i]);
        }
      } else if (i < n1.size()) {
        if (call.rng.below(2) == 0)
          c1 += gene_text(a.line, n1[i]), x.chg1 += 1;
        else
          c2 += gene_text(a.line, n1[i]);
      } else {
        if (call.rng.below(2) == 0)
          c1 += gene_text(b.line, n2[i]);
        else
          c2 += gene_text(b.line, n2[i]), x.chg2 += 1;
      }
    }
    x.chg1 = n1.empty() ? 0 : x.chg1 / static_cast<double>(n1.size());
    x.chg2 = n2.empty() ? 0 : x.chg2 / static_cast<double>(n2.size());
    x.kind = "fB.crossing-over";
  } else {
    call.diags.error("fB.no-crossover", "Both fB crossover probabilities are 0");
    return std::nullopt;
  }
  const std::string dims(a.dims);
  if (!c1.empty() && c2.empty()) {
    x.child1 = dims + "\n" + c1, x.two_children = false;
  } else if (c1.empty() && !c2.empty()) {
    x.child1 = dims + "\n" + c2, x.two_children = false;
  } else {
    x.child1 = dims + "\n" + c1, x.child2 = dims + "\n" + c2;
  }
  return x;
}

std::optional<std::string> repair(std::string_view genes, const f0::OperatorCall& call) {
  const std::size_t nl = genes.find('\n');
  if (nl == std::string_view::npos || !frams::sdk::parse_int_strict(genes.substr(0, nl))) {
    call.diags.error("fB.unrepairable", "fB genes without a number of dimensions cannot be repaired");
    return std::nullopt;
  }
  std::string dims(genes.substr(0, nl)), line(split(genes).line);
  if (!line.starts_with("aa")) line = "aa" + line;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (c >= 'A' && c <= 'Z') {
      line[i] = static_cast<char>(c - 'A' + 'a');
    } else if (c == '"') {
      const std::size_t close = line.find('"', i + 1);
      const std::string_view def =
          std::string_view(line).substr(i + 1, (close == std::string::npos ? line.size() : close) - i - 1);
      const std::string_view cls = def.substr(0, def.find(':'));
      const f0::NeuronClass* nc = f0::find_neuron_class(cls.empty() ? std::string_view("N") : cls);
      if (close == std::string::npos || !nc || !nc->sdk) {
        call.diags.error("fB.unrepairable",
                         "A quoted neuron class that is not closed or not known cannot be repaired");
        return std::nullopt;
      }
      i = close;
    } else if (!(c >= 'a' && c <= 'z')) {
      call.diags.error("fB.unrepairable",
                       "A character other than a letter or a quoted class cannot be repaired");
      return std::nullopt;
    }
  }
  // No stick gene: one at the front of the genes line (the SDK puts it before the dimensions line
  // and keeps it only with another fix, which corrupts the genotype; genokit does what is meant).
  std::string out = dims + "\n" + line;
  if (check_validity(out) != 0) out = dims + "\naaazz" + line;
  return out;
}

}  // namespace genokit::fB
