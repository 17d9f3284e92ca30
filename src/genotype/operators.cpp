// The GenMan wrapper around the encodings' raw operators (genokit/genotype/operators.hpp): parent
// check and repair, up to 100 attempts checked through the door, statistics, info texts.
#include "genokit/genotype/operators.hpp"

#include <cstdio>

#include "genokit/frams/genotype_header.hpp"
#include "genotype/encodings.hpp"

namespace genokit::genotype {
namespace {

// One wrapper call: the encoding, its parameters, the stream.
struct Call {
  const Encoding& e;
  frams::SdkRandom rng;
  frams::ParamValues own;  // the defaults, when the settings have no table for this encoding
  const frams::ParamValues* params;
  const f0::NeuronClassLists* neurons;
  OperatorStats stats;

  Call(const Encoding& enc, const OperatorOptions& opt) : e(enc), rng(opt.seed) {
    params = opt.settings ? opt.settings->of(enc) : nullptr;
    if (!params) {
      own = frams::ParamValues(enc.params);
      params = &own;
    }
    neurons = opt.settings ? &opt.settings->neuron_classes() : &f0::default_neuron_class_lists();
  }
  f0::OperatorCall call(Diagnostics& d) { return f0::OperatorCall{rng, *params, *neurons, d}; }
};

// The genotype text of genes as the SDK writes it (Geno::getGenesAndFormat): f1 bare, others
// "//X" + newline when the genes span lines (or the id is longer than a letter), else "/*X*/".
std::string with_header(const Encoding& e, std::string_view genes) {
  if (e.id == "1") return std::string(genes);
  if (e.id.size() == 1 && genes.find('\n') != std::string_view::npos)
    return "//" + e.id + "\n" + std::string(genes);
  return "/*" + e.id + "*/" + std::string(genes);
}

std::string_view genes_of(std::string_view text) {
  const frams::GenotypeHeader h = frams::parse_genotype_header(text);
  return h.declared ? text.substr(h.body_offset) : text;
}

// The door's verdict on a whole text (check_strict, else the converter's).
bool valid_text(const Encoding& e, std::string_view text, Diagnostics& d) {
  if (e.check_strict) return e.check_strict(text, d);
  ReadOptions ro;
  ro.format = e.id;
  ro.lint = false;
  const Genotype g = e.to_model(text, d, ro);
  return g.converted && g.model.valid;
}

enum class Verdict { valid, repaired, invalid };

// GenMan's testValidity with repair allowed: `genes` become the repaired genes when repair helps.
Verdict test(Call& c, std::string& genes, Diagnostics& why) {
  if (valid_text(c.e, with_header(c.e, genes), why)) return Verdict::valid;
  if (!c.e.repair) return Verdict::invalid;
  Diagnostics rd;
  std::optional<std::string> fixed = c.e.repair(genes, c.call(rd));
  if (!fixed) return Verdict::invalid;
  Diagnostics again;
  if (!valid_text(c.e, with_header(c.e, *fixed), again)) return Verdict::invalid;
  genes = std::move(*fixed);
  return Verdict::repaired;
}

// The first message of a failed attempt, for the final error.
std::string reason(const Diagnostics& d, std::string_view fallback) {
  for (const Diagnostic& x : d.items())
    if (x.severity != Severity::note) return x.message;
  return std::string(fallback);
}

// A parent checked (unless the caller vouches for it: `known_valid`), and repaired when needed;
// false after reporting genotype.invalid-parent (its reasons, positioned in the caller's text, are
// in diags).
bool prepare_parent(Call& c, std::string_view text, bool known_valid, std::string& genes, bool& repaired,
                    std::string_view what, Diagnostics& diags) {
  genes = std::string(genes_of(text));
  repaired = false;
  if (known_valid) return true;
  Diagnostics why;
  if (valid_text(c.e, text, why)) return true;
  if (c.e.repair) {
    Diagnostics rd;
    if (std::optional<std::string> fixed = c.e.repair(genes, c.call(rd))) {
      Diagnostics again;
      if (valid_text(c.e, with_header(c.e, *fixed), again)) {
        genes = std::move(*fixed);
        repaired = true;
        diags.warning("genotype.parent-repaired",
                      std::string(what) + " is not a valid " + c.e.name + " genotype; it was repaired first");
        return true;
      }
    }
  }
  diags.append(why);
  diags.error("genotype.invalid-parent", std::string(what) + " is not a valid " + c.e.name + " genotype" +
                                             (c.e.repair ? " and cannot be repaired" : "") + ": " +
                                             reason(why, "the encoding's check rejects it"));
  return false;
}

std::string percent(double x) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.2f", x * 100);
  return buf;
}

const Encoding* encoding_of(std::string_view genotype, Diagnostics& diags) {
  return detail::find_or_report(format_of(genotype), diags, {{}, 1, 1, 0});
}

void no_operator(const Encoding& e, std::string_view what, Diagnostics& diags) {
  diags.error("genotype.unsupported-operator",
              "genokit has no " + std::string(what) + " for " + e.name + " genotypes yet");
}

void failed(const Encoding& e, std::string_view code, std::string_view what, const OperatorStats& s, bool xo,
            const std::string& last, Diagnostics& diags) {
  const std::uint64_t opfail = xo ? s.xofailed : s.mfailed, invalid = xo ? s.xoinvalid : s.minvalid;
  diags.error(std::string(code), std::string(what) + " of this " + e.name + " genotype tried " +
                                     std::to_string(kOperatorAttempts) + " times and failed (" +
                                     std::to_string(opfail) + " operator failures, " +
                                     std::to_string(invalid) + " invalid results); the last: " + last);
}

}  // namespace

OperatorStats& OperatorStats::operator+=(const OperatorStats& o) {
  mvalid += o.mvalid, mvalidated += o.mvalidated, minvalid += o.minvalid, mfailed += o.mfailed;
  xovalid += o.xovalid, xovalidated += o.xovalidated, xoinvalid += o.xoinvalid, xofailed += o.xofailed;
  return *this;
}

std::optional<std::string> simplest(std::string_view format, Diagnostics& diags) {
  const Encoding* e = detail::find_or_report(format, diags, {});
  if (!e) return std::nullopt;
  if (!e->simplest) {
    no_operator(*e, "simplest genotype", diags);
    return std::nullopt;
  }
  return with_header(*e, e->simplest());
}

std::optional<Mutant> mutate(std::string_view genotype, Diagnostics& diags, const OperatorOptions& opt) {
  const Encoding* e = encoding_of(genotype, diags);
  if (!e) return std::nullopt;
  if (!e->mutate) {
    no_operator(*e, "mutation", diags);
    return std::nullopt;
  }
  Call c(*e, opt);
  Mutant out;
  std::string genes;
  if (!prepare_parent(c, genotype, opt.parents_valid, genes, out.parent_repaired, "the parent", diags))
    return std::nullopt;
  std::string last = "no attempt was made";
  for (int attempt = 1; attempt <= kOperatorAttempts; ++attempt) {
    Diagnostics why;
    std::optional<f0::Mutation> m = e->mutate(genes, c.call(why));
    if (!m) {
      ++c.stats.mfailed;
      last = reason(why, "the operator could not mutate the genes");
      continue;
    }
    const Verdict v = test(c, m->genes, why);
    if (v == Verdict::invalid) {
      ++c.stats.minvalid;
      last = "'" + m->kind + "' made an invalid genotype: " + reason(why, "the check rejects it");
      continue;
    }
    ++(v == Verdict::valid ? c.stats.mvalid : c.stats.mvalidated);
    if (opt.stats) *opt.stats += c.stats;
    out.genotype = with_header(*e, m->genes);
    out.kind = std::move(m->kind);
    out.method = m->method;
    out.change = m->chg;
    out.repaired = v == Verdict::repaired;
    out.attempts = attempt;
    const int info = opt.settings ? opt.settings->extmutinfo() : 0;
    out.info = percent(out.change) + "% mutation";
    if (info == 1) out.info += "(" + std::to_string(out.method) + ")";
    if (info == 2)
      out.info += "(" + (out.kind.empty() ? std::string("unspecified method name") : out.kind) + ")";
    out.info += " of '" + opt.name1 + "'";
    return out;
  }
  if (opt.stats) *opt.stats += c.stats;
  failed(*e, "genotype.mutation-failed", "mutation", c.stats, false, last, diags);
  return std::nullopt;
}

std::optional<Offspring> crossover(std::string_view a, std::string_view b, Diagnostics& diags,
                                   const OperatorOptions& opt) {
  const Encoding* e = encoding_of(a, diags);
  if (!e) return std::nullopt;
  if (format_of(b) != e->id) {
    diags.error("genotype.mixed-encodings",
                "cannot cross a " + e->name + " genotype with an f" + format_of(b) + " genotype");
    return std::nullopt;
  }
  if (!e->crossover) {
    no_operator(*e, "crossover", diags);
    return std::nullopt;
  }
  Call c(*e, opt);
  Offspring out;
  std::string g1, g2;
  bool r1 = false, r2 = false;
  const bool ok1 = prepare_parent(c, a, opt.parents_valid, g1, r1, "parent #1", diags);
  const bool ok2 = prepare_parent(c, b, opt.parents_valid, g2, r2, "parent #2", diags);
  if (!ok1 || !ok2) return std::nullopt;
  out.parents_repaired = r1 || r2;
  std::string last = "no attempt was made";
  for (int attempt = 1; attempt <= kOperatorAttempts; ++attempt) {
    Diagnostics why;
    std::optional<f0::Crossing> x = e->crossover(g1, g2, c.call(why));
    if (!x) {
      ++c.stats.xofailed;
      last = reason(why, "the operator could not cross the genes");
      continue;
    }
    const int child = x->two_children ? static_cast<int>(c.rng.below(2)) + 1 : 1;
    std::string genes = std::move(child == 1 ? x->child1 : x->child2);
    const Verdict v = test(c, genes, why);
    if (v == Verdict::invalid) {
      ++c.stats.xoinvalid;
      last = "child #" + std::to_string(child) + " is invalid: " + reason(why, "the check rejects it");
      continue;
    }
    ++(v == Verdict::valid ? c.stats.xovalid : c.stats.xovalidated);
    if (opt.stats) *opt.stats += c.stats;
    out.genotype = with_header(*e, genes);
    out.kind = std::move(x->kind);
    out.child = child;
    out.change = child == 1 ? x->chg1 : 1 - x->chg2;
    out.repaired = v == Verdict::repaired;
    out.attempts = attempt;
    out.info = "Crossing over of '" + opt.name1 + "' (" + percent(out.change) + "%) and '" + opt.name2 +
               "' (" + percent(1 - out.change) + "%)";
    return out;
  }
  if (opt.stats) *opt.stats += c.stats;
  failed(*e, "genotype.crossover-failed", "crossover", c.stats, true, last, diags);
  return std::nullopt;
}

std::optional<std::string> repair(std::string_view genotype, Diagnostics& diags, const OperatorOptions& opt) {
  const Encoding* e = encoding_of(genotype, diags);
  if (!e) return std::nullopt;
  Call c(*e, opt);
  std::string genes;
  bool repaired = false;
  if (!prepare_parent(c, genotype, false, genes, repaired, "the genotype", diags)) return std::nullopt;
  return repaired ? with_header(*e, genes) : std::string(genotype);
}

}  // namespace genokit::genotype
