// fL rewriting (develop.hpp): fL_Builder::developModel, iterate, deploy and alterTimedProperties of
// SDK r909. A rule copies its successor's formulas by writing them in infix form and reading them
// back (the SDK's way), which can change a formula's meaning; genokit does the same and warns.
#include <algorithm>
#include <array>
#include <cmath>

#include "fL/develop.hpp"
#include "frams/sdk_number.hpp"
#include "frams/single_line.hpp"

namespace genokit::fL::detail {
namespace {

double time_fraction(double now, double created) {
  return now == created + 1.0 ? 1.0 : now - std::floor(now);
}

class Developer {
 public:
  explicit Developer(LSystem& ls) : ls_(ls) {}
  Development run();

 private:
  void alter(double now, bool all);
  bool deploy(const Rule& r, std::uint32_t in, double now, std::vector<std::uint32_t>& out);
  const Rpn* copied(const Formula& f, int varcount);
  std::string attractor_text(const std::string& attr, int numparams, const double* vals);
  bool uses_variable(const Rule& r, int var) const;

  LSystem& ls_;
  Development d_;
  std::size_t active_ = 0;  // pool words before this one were created more than 1 time unit ago
  struct Copy {
    const Rpn* rpn = nullptr;  // in the LSystem's storage (the developed words outlive this object)
    bool ok = true;
    std::string error;
  };
  std::vector<std::pair<const Rpn*, Copy>> copies_;  // a successor formula as a rule copies it (few)
  bool undefined_warned_ = false;
};

// Whether rule `r` reads its predecessor's parameter `var` (condition, successor formulas; an
// attractor is taken to read all).
bool Developer::uses_variable(const Rule& r, int var) const {
  auto reads = [var](const Rpn& rpn) {
    return std::any_of(rpn.begin(), rpn.end(),
                       [var](const Token& k) { return k.kind == Token::Kind::variable && k.var == var; });
  };
  if (r.has_cond && reads(r.cond)) return true;
  for (const std::uint32_t k : r.succ) {
    const Word& w = ls_.pool[k];
    if (ls_.def_of(w).kind == WordKind::connection && !w.text.empty()) return true;
    for (int i = 0; i < w.count; ++i)
      if (const Rpn* rpn = ls_.formulas(w)[i].rpn; rpn && reads(*rpn)) return true;
  }
  return false;
}

void Developer::alter(double now, bool all) {
  if (!all)
    while (active_ < ls_.pool.size() && !(now - ls_.pool[active_].creation <= 1.0)) ++active_;
  for (std::size_t k = all ? 0 : active_; k < ls_.pool.size(); ++k) {
    Word& w = ls_.pool[k];
    // (the SDK alters the words of the sequence: rule successors keep $t = 0)
    if (w.in_rule || !(now - w.creation <= 1.0)) continue;
    const double t = time_fraction(now, w.creation);
    Formula* f = ls_.formulas(w);
    for (int i = 0; i < w.count; ++i) f[i].t = t;
    ls_.work += w.count;
  }
}

const Rpn* Developer::copied(const Formula& f, int varcount) {
  auto it = std::find_if(copies_.begin(), copies_.end(), [&](const auto& c) { return c.first == f.rpn; });
  if (it == copies_.end()) {
    Copy c;
    std::string infix;
    to_infix(*f.rpn, infix);
    Rpn rpn;
    c.ok = parse(infix, varcount, rpn, c.error);
    bool same = c.ok && rpn.size() == f.rpn->size();
    for (std::size_t i = 0; same && i < rpn.size(); ++i) {
      const Token &a = rpn[i], &b = (*f.rpn)[i];
      same =
          a.kind == b.kind && a.op == b.op && a.var == b.var &&
          (a.kind != Token::Kind::number || a.value == b.value || (a.value != a.value && b.value != b.value));
    }
    if (!same) {
      // Which word has it (for the position): the successor word holding this formula.
      std::size_t at = ls_.body;
      for (const Rule& r : ls_.rules)
        for (const std::uint32_t k : r.succ) {
          const Word& w = ls_.pool[k];
          for (int i = 0; i < w.count; ++i)
            if (ls_.formulas(w)[i].rpn == f.rpn) at = w.at;
        }
      std::string original;
      std::string reread;
      to_infix(*f.rpn, original);
      ls_.warn("fL.formula-rewritten",
               c.ok ? "When a rule copies this formula the SDK writes it as '" + infix +
                          "' and reads that back with another meaning (SDK quirk: its infix writer drops "
                          "needed parentheses); genokit develops it the same way"
                    : "When a rule copies this formula the SDK writes it as '" + infix +
                          "', which does not read back (" + c.error + "; SDK quirk)",
               at);
    }
    c.rpn = ls_.keep(rpn);
    copies_.emplace_back(f.rpn, std::move(c));
    it = copies_.end() - 1;
  }
  if (!it->second.ok) ls_.sdk.error("MathEvaluation.convertString", it->second.error);
  return it->second.rpn;
}

// A connection's attractor as a rule writes it into the new word: its parameters evaluated with the
// predecessor's values ("A($0+1)" -> "A(3.0)"); a parameter whose value is 0 is written empty.
std::string Developer::attractor_text(const std::string& attr, int numparams, const double* vals) {
  const std::size_t before = ls_.pool.size();
  const int k = ls_.create_word(attr, numparams, 0, 0, ls_.body, false);
  if (k < 0) return {};
  Word w = ls_.pool[static_cast<std::size_t>(k)];
  ls_.pool.resize(before);
  const WordDef& def = ls_.defs[static_cast<std::size_t>(w.def)];
  std::string out = def.name + "(";
  bool skipped = false, first = true;
  for (int i = 0; i < w.count && i < def.npar; ++i) {
    Formula f = ls_.formulas(w)[i];
    std::string value;
    if (f.rpn) {
      for (int v = 0; v < numparams && v < 3; ++v) f.vars[static_cast<std::size_t>(v)] = vals[v];
      double x;
      if (!f.value(x)) {
        ls_.sdk.error("MathEvaluation.convertString", kIncomplete);
        ls_.sdk.error("fL_Word.saveEvals", "Could not stringify mathematical expression in Word");
        break;
      }
      if (x != 0) value = frams::sdk::format_double(x);
    }
    if (value.empty()) {
      skipped = true;
      continue;
    }
    if (!first) out += ", ";
    first = false;
    if (skipped) out.append(1, 'n').append(std::to_string(i)).push_back('=');
    frams::sdk::append_text(out, value);
  }
  return out + ")";
}

bool Developer::deploy(const Rule& r, std::uint32_t in_index, double now, std::vector<std::uint32_t>& out) {
  if (ls_.pool[in_index].def != r.pred) return false;
  double vals[3] = {0, 0, 0};
  {
    Word& in = ls_.pool[in_index];
    Formula* f = ls_.formulas(in);
    for (int i = 0; i < in.count && i < 3; ++i) {
      if (!f[i].rpn) continue;
      ls_.work += f[i].rpn->size();
      f[i].t = time_fraction(now, in.creation);
      if (!f[i].value(vals[i])) {
        ls_.sdk.error("MathEvaluation.convertString", kIncomplete);
        // The SDK passes an uninitialised value on: what it reads depends on what the process ran
        // before (the same genotype gives other values after other genotypes); genokit uses 0.
        vals[i] = 0;
        if (!undefined_warned_ && uses_variable(r, i)) {
          undefined_warned_ = true;
          ls_.warn("fL.undefined-value",
                   "This word's parameter $" + std::to_string(i) +
                       " does not evaluate after a rule copied its formula; the SDK then passes an undefined "
                       "value to the next rule (genokit uses 0)",
                   in.at);
        }
      }
    }
  }
  const int npar = ls_.defs[static_cast<std::size_t>(r.pred)].npar;
  if (r.has_cond) {
    double c = 0;
    ls_.work += r.cond.size();
    if (!evaluate(r.cond, vals, 0, c)) ls_.sdk.error("MathEvaluation.convertString", kIncomplete);
    if (c == 0) return false;
  }
  const std::uint32_t begin = ls_.pool[in_index].begin, end = ls_.pool[in_index].end;
  (void)begin, (void)end;
  for (const std::uint32_t tk : r.succ) {
    const Word tw = ls_.pool[tk];  // (a copy: the pool grows below)
    Word nw;
    nw.def = tw.def;
    nw.creation = now;
    nw.begin = r.begin, nw.end = r.end, nw.at = tw.at;
    const WordDef& def = ls_.def_of(tw);
    std::array<Formula, 10> made;  // (at most npar + 1 entries)
    std::size_t n_made = 0;
    for (int q = 0; q < def.npar; ++q) {
      const Formula* tf = q < tw.count ? &ls_.evals[tw.first + static_cast<std::uint32_t>(q)] : nullptr;
      if (!tf || !tf->rpn) {
        const bool d = def.kind == WordKind::neuron && q == 0;
        const bool attr = def.kind == WordKind::connection && q == 1;
        if (d) {
          nw.text = tw.text;
          made[n_made++] = Formula{};
        }
        if (attr) {
          if (!tw.text.empty()) {
            nw.text = attractor_text(tw.text, npar, vals);
            made[n_made++] = Formula{};
          }
          // (an empty attractor adds no entry: the SDK's word is left one parameter short)
        } else {
          made[n_made++] = Formula{};  // (for N's details this is a second, unused entry, as in the SDK)
        }
      } else {
        Formula f;
        f.rpn = copied(*tf, npar);
        for (int v = 0; v < npar && v < 3; ++v) f.vars[static_cast<std::size_t>(v)] = vals[v];
        f.t = time_fraction(now, tw.creation);
        made[n_made++] = f;
      }
    }
    nw.count = static_cast<std::uint8_t>(n_made);
    nw.first = static_cast<std::uint32_t>(ls_.evals.size());  // (after any attractor word made above)
    ls_.evals.insert(ls_.evals.end(), made.begin(), made.begin() + static_cast<std::ptrdiff_t>(n_made));
    ls_.pool.push_back(std::move(nw));
    out.push_back(static_cast<std::uint32_t>(ls_.pool.size() - 1));
  }
  return true;
}

Development Developer::run() {
  d_.seq = ls_.axiom;
  const double step = 1.0 / ls_.numckp;
  double iter = 0, t = 0;
  bool exceeded = false;
  std::vector<std::uint32_t> next;
  for (; t <= ls_.time; t += step) {
    if (ls_.work > LSystem::kMaxWork) {
      d_.too_large = true;
      return d_;
    }
    alter(t, false);
    if (std::floor(t) > iter) {
      next.clear();
      next.reserve(d_.seq.size());
      for (const std::uint32_t w : d_.seq) {
        ls_.work += ls_.rules.size();
        bool done = false;
        for (const Rule& r : ls_.rules)
          if (deploy(r, w, t, next)) {
            done = true;
            break;
          }
        if (!done) next.push_back(w);
        if (ls_.pool.size() > LSystem::kMaxWords || ls_.work > LSystem::kMaxWork) {
          d_.too_large = true;
          return d_;
        }
      }
      d_.seq.swap(next);
      iter += 1.0;
    }
    if (ls_.maxwords != -1 && static_cast<int>(d_.seq.size()) > ls_.maxwords) {
      exceeded = true;
      break;
    }
  }
  d_.stopped_by_maxwords = exceeded;
  d_.needed_time = exceeded ? t : ls_.time;
  if (ls_.time < t) alter(ls_.time, true);
  return d_;
}

}  // namespace

Development develop(LSystem& ls) {
  return Developer(ls).run();
}

}  // namespace genokit::fL::detail
