// fL's genetic operators (operators.hpp), following Geno_fL of SDK r909 draw for draw, on the
// parsed L-system of lsystem.hpp; the result is written by LSystem::write.
#include "genokit/fL/operators.hpp"

#include <algorithm>
#include <array>
#include <memory>
#include <unordered_map>

#include "fL/develop.hpp"
#include "fL/lsystem.hpp"
#include "genokit/f0/neuron_classes.hpp"
#include "genokit/f0/neuron_mutation.hpp"
#include "genokit/fL/convert.hpp"
#include "genokit/frams/operator_params.hpp"

namespace genokit::fL {
namespace {

using detail::Formula;
using detail::LSystem;
using detail::Rpn;
using detail::Word;

constexpr frams::Property weight(std::string_view id, double def, std::string_view name,
                                 std::string_view help) {
  return frams::operator_param(id, 'f', 0, 1, def, name, help);
}

constexpr std::array kTable{
    frams::operator_param("fL_maxdefinedwords", 'd', 0, 100, 10, "Maximum number of defined words",
                          "Maximum number of words that can be defined in L-System"),
    weight("fL_axm_mut_prob", 0.2, "Axiom mutation",
           "Probability of performing mutation operations on axiom"),
    weight("fL_rul_mut_prob", 0.8, "Rule's successor mutation",
           "Probability of performing mutation operations on the successor of random rule"),
    weight("fL_mut_addition", 0.2, "Addition of word to sequence",
           "Probability of adding random existing word to the axiom or one of successors"),
    weight("fL_mut_add_stick", 0.2, " - addition of stick", "Probability of adding stick"),
    weight("fL_mut_add_neuro", 0.2, " - addition of neuron", "Probability of adding neuron"),
    weight("fL_mut_add_conn", 0.2, " - addition of neuron connection", "Probability of adding connection"),
    weight("fL_mut_add_rot", 0.2, " - addition of rotation words",
           "Probability of adding one of rotation words"),
    weight("fL_mut_add_branch", 0.2, " - addition of branched stick",
           "Probability of adding branch with rotation and stick"),
    weight("fL_mut_add_other", 0.4, " - addition of defined words",
           "Probability of adding other word, defined in genotype"),
    weight("fL_mut_worddefaddition", 0.05, "Addition of new word definition",
           "Probability of adding new word definition to the genotype"),
    weight("fL_mut_ruleaddition", 0.1, "Addition of new rule definition",
           "Probability of adding new rule definition for existing word"),
    weight("fL_mut_rulecond", 0.1, "Modification of rule condition",
           "Probability of modifying random rule condition"),
    weight("fL_mut_changeword", 0.3, "Change of random word",
           "Probability of changing word name or formula of a random word from axiom or one of successors"),
    weight("fL_mut_changeword_formula", 0.7, " - change of formula",
           "Probability of changing formula in word"),
    weight("fL_mut_changeword_name", 0.3, " - change of name", "Probability of changing name in word"),
    weight("fL_mut_changeiter", 0.3, "Change of L-System iteration",
           "Probability of changing number of iterations of L-Systems"),
    weight("fL_mut_changeiter_step", 1.0, "Step of iteration changing",
           "Minimal step that should be used for changing iterations in L-Systems"),
    weight("fL_mut_deletion", 0.2, "Deletion of random word",
           "Probability of deleting random word from axiom or random successor (also deletes rule if there "
           "is only "
           "one word in successor)"),
};

enum Method { kAddWord, kAddWordDef, kAddRule, kChangeCond, kChangeWord, kChangeIter, kDeleteWord };
enum AddType { kAddStick, kAddNeuro, kAddConn, kAddRot, kAddOther, kAddBranch };
constexpr const char* kKinds[] = {"fL.add-word",         "fL.add-word-definition", "fL.add-rule",
                                  "fL.change-condition", "fL.change-word",         "fL.change-time",
                                  "fL.delete-word"};

// A parsed genotype (quietly; the genes are kept for the words' text views).
struct Parsed {
  std::string genes;
  LSystem ls;
  int status = 0;
  explicit Parsed(std::string_view g) : genes(g) {
    ls.text = genes;
    ls.lint = false;
    status = ls.parse();
  }
};

class Mutator {
 public:
  Mutator(LSystem& ls, const f0::OperatorCall& call) : ls_(ls), call_(call), rng_(call.rng) {
    for (int i = 0; i < 6; ++i)
      add_[i] = number(i == 0   ? "fL_mut_add_stick"
                       : i == 1 ? "fL_mut_add_neuro"
                       : i == 2 ? "fL_mut_add_conn"
                       : i == 3 ? "fL_mut_add_rot"
                       : i == 4 ? "fL_mut_add_other"
                                : "fL_mut_add_branch");
  }
  std::optional<f0::Mutation> run();

 private:
  double number(std::string_view id) const { return call_.params.number(id); }
  std::size_t words_in_lsystem() const {
    std::size_t n = ls_.axiom.size() + ls_.defs.size();
    for (const auto& r : ls_.rules) n += r.succ.size();
    return n;
  }
  std::vector<std::uint32_t>* sequence(int& numparams, int& rule);
  int word_def(int method);  // a definition, kOpen for a branch, -100 for none
  std::uint32_t new_word(int def);
  int sticks(const std::vector<std::uint32_t>& seq) const {
    return static_cast<int>(std::count_if(
        seq.begin(), seq.end(), [&](std::uint32_t k) { return ls_.pool[k].def == detail::kStick; }));
  }
  void delete_branch(std::vector<std::uint32_t>& seq, std::size_t at);
  bool add_word(int numparams_unused);
  bool change_word(f0::Mutation& m);
  Formula& formula(Word& w, int i) { return ls_.evals[w.first + static_cast<std::uint32_t>(i)]; }
  void mutate_formula(Formula& f, int numparams, bool usetime) {
    Rpn r = f.rpn ? *f.rpn : Rpn();
    detail::mutate(r, numparams, false, usetime, rng_);
    f.rpn = ls_.keep(r);
  }

  LSystem& ls_;
  const f0::OperatorCall& call_;
  frams::SdkRandom& rng_;
  std::array<double, 6> add_{};
};

std::vector<std::uint32_t>* Mutator::sequence(int& numparams, int& rule) {
  const std::array<double, 2> w{number("fL_axm_mut_prob"), number("fL_rul_mut_prob")};
  const int which = rng_.roulette(w);
  if (which == 0 || ls_.rules.empty()) {
    numparams = 0, rule = -1;
    return &ls_.axiom;
  }
  rule = static_cast<int>(rng_.below(static_cast<std::uint32_t>(ls_.rules.size())));
  numparams = ls_.defs[static_cast<std::size_t>(ls_.rules[static_cast<std::size_t>(rule)].pred)].npar;
  return &ls_.rules[static_cast<std::size_t>(rule)].succ;
}

int Mutator::word_def(int method) {
  const int users = static_cast<int>(ls_.defs.size()) - detail::kBuiltins;
  if (method == kAddOther && users > 0)
    return detail::kBuiltins + static_cast<int>(rng_.below(static_cast<std::uint32_t>(users)));
  if (method == kAddOther) method = rng_.roulette(std::span<const double>(add_).first(4));
  switch (method) {
    case kAddStick:
      return detail::kStick;
    case kAddNeuro:
      return call_.neurons.active.empty() ? detail::kStick : detail::kNeuron;
    case kAddConn:
      return detail::kConnection;
    case kAddRot:
      return detail::kRotX + static_cast<int>(rng_.below(3));
    case kAddBranch:
      return detail::kOpen;
    default:
      return -100;
  }
}

// Geno_fL::addWord: a fresh word of `def` (rotations get an angle U(2), neurons a random active
// class through mutNeuronDetails, connections a weight U(2) - 1).
std::uint32_t Mutator::new_word(int def) {
  Word w;
  w.def = def;
  w.first = static_cast<std::uint32_t>(ls_.evals.size());
  const detail::WordDef& d = ls_.def_of(w);
  for (int i = 0; i < d.npar; ++i) ls_.evals.push_back({});
  w.count = static_cast<std::uint8_t>(d.npar);
  auto constant = [&](double v) {
    Rpn r(1);
    r[0].value = v;
    ls_.evals[w.first].rpn = ls_.keep(r);
  };
  if (d.kind == detail::WordKind::rot_x || d.kind == detail::WordKind::rot_y ||
      d.kind == detail::WordKind::rot_z)
    constant(rng_.uniform(2));
  else if (d.kind == detail::WordKind::neuron) {
    if (const f0::NeuronClass* c = f0::random_class(call_.neurons.active, rng_))
      w.text = f0::mut_neuron_details(c->name, rng_).value_or(std::string(c->name));
  } else if (d.kind == detail::WordKind::connection)
    constant(rng_.uniform(2) - 1);
  ls_.pool.push_back(std::move(w));
  return static_cast<std::uint32_t>(ls_.pool.size() - 1);
}

// Geno_fL::deleteBranch: "[" goes with its matching "]"; deleting "]" deletes the word after it (SDK).
void Mutator::delete_branch(std::vector<std::uint32_t>& seq, std::size_t at) {
  if (ls_.pool[seq[at]].def == detail::kOpen) {
    seq.erase(seq.begin() + static_cast<std::ptrdiff_t>(at));
    int depth = 1;
    for (std::size_t i = at; i < seq.size(); ++i) {
      const int d = ls_.pool[seq[i]].def;
      if (d == detail::kOpen) ++depth;
      if (d == detail::kClose && --depth == 0) {
        seq.erase(seq.begin() + static_cast<std::ptrdiff_t>(i));
        break;
      }
    }
  } else if (at + 1 < seq.size()) {
    seq.erase(seq.begin() + static_cast<std::ptrdiff_t>(at + 1));
  }
}

bool Mutator::add_word(int) {
  int numparams = 0, rule = 0;
  std::vector<std::uint32_t>& seq = *sequence(numparams, rule);
  const std::size_t at = rng_.below(static_cast<std::uint32_t>(seq.size()));
  int meth = rng_.roulette(add_);
  if (rule == -1 && std::none_of(seq.begin(), seq.end(), [&](std::uint32_t k) {
        const int d = ls_.pool[k].def;
        return d >= detail::kBuiltins;
      }))
    meth = kAddOther;
  std::vector<std::uint32_t> ins;
  if (meth != kAddBranch) {
    const int d = word_def(meth);
    if (d == -100) return false;
    ins.push_back(new_word(d));
  } else {
    Word open, close;
    open.def = detail::kOpen, close.def = detail::kClose;
    open.first = close.first = static_cast<std::uint32_t>(ls_.evals.size());
    ls_.pool.push_back(open);
    ins.push_back(static_cast<std::uint32_t>(ls_.pool.size() - 1));
    if (rng_.below(2) == 0) ins.push_back(new_word(detail::kRotY));  // (and rotZ too: the SDK's fall-through)
    ins.push_back(new_word(detail::kRotZ));
    ins.push_back(new_word(detail::kStick));
    ls_.pool.push_back(close);
    ins.push_back(static_cast<std::uint32_t>(ls_.pool.size() - 1));
  }
  seq.insert(seq.begin() + static_cast<std::ptrdiff_t>(at), ins.begin(), ins.end());
  return true;
}

bool Mutator::change_word(f0::Mutation& m) {
  int numparams = 0, rule = 0;
  std::vector<std::uint32_t>* seq = sequence(numparams, rule);
  const std::size_t at = rng_.below(static_cast<std::uint32_t>(seq->size()));
  const int sel_def = ls_.pool[(*seq)[at]].def;
  if (sel_def == detail::kOpen || sel_def == detail::kClose) return true;  // (a branch: nothing changes)
  const std::array<double, 2> chg{number("fL_mut_changeword_formula"), number("fL_mut_changeword_name")};
  const int type = rng_.roulette(chg);
  if (sticks(*seq) == 1 && rule == -1) {  // the axiom's only stick stays: a word is added elsewhere
    const int d = word_def(rng_.roulette(std::span<const double>(add_).first(5)));
    if (d == -100) return false;
    int np2 = 0, rule2 = 0;
    std::vector<std::uint32_t>& other = *sequence(np2, rule2);
    const std::size_t pos = rng_.below(static_cast<std::uint32_t>(other.size()));
    const std::uint32_t w = new_word(d);
    other.insert(other.begin() + static_cast<std::ptrdiff_t>(pos), w);
    return true;
  }
  Word& sel = ls_.pool[(*seq)[at]];
  const detail::WordDef def = ls_.defs[static_cast<std::size_t>(sel.def)];
  if (type == 1) {  // name
    if (def.builtin()) {
      const int d = word_def(rng_.roulette(std::span<const double>(add_).first(5)));
      if (d == -100) return false;
      (*seq)[at] = new_word(d);
      return true;
    }
    std::vector<int> available;
    for (const int k : ls_.table_order()) {
      const detail::WordDef& o = ls_.defs[static_cast<std::size_t>(k)];
      if (o.npar == def.npar && o.name != def.name && !o.builtin()) available.push_back(k);
    }
    if (!available.empty()) {
      sel.def = available[rng_.below(static_cast<std::uint32_t>(available.size()))];
    } else {
      const int d = word_def(rng_.roulette(std::span<const double>(add_).first(5)));
      if (d == -100) return false;
      (*seq)[at] = new_word(d);
    }
    return true;
  }
  if (def.npar <= 0) return true;
  const int p = static_cast<int>(rng_.below(static_cast<std::uint32_t>(def.npar)));
  if (def.kind == detail::WordKind::neuron) {
    if (const auto d = f0::mut_neuron_details(sel.text.empty() ? std::string_view("N") : sel.text, rng_))
      sel.text = *d;
    return true;
  }
  if (def.kind == detail::WordKind::connection && p == 1) {  // the attractor
    if (!sel.text.empty()) {
      const std::string attr = sel.text;
      const int k = ls_.create_word(attr, numparams, 0, 0, 0, false);
      if (k < 0) return true;
      Word& aw = ls_.pool[static_cast<std::size_t>(k)];
      const int np = ls_.defs[static_cast<std::size_t>(aw.def)].npar;
      if (np > 0)
        mutate_formula(formula(aw, static_cast<int>(rng_.below(static_cast<std::uint32_t>(np)))), numparams,
                       false);
      const std::string text = ls_.word_text(ls_.pool[static_cast<std::size_t>(k)]);
      ls_.pool[(*seq)[at]].text = text;
    } else if (ls_.defs.size() > static_cast<std::size_t>(detail::kBuiltins)) {
      const int d = word_def(kAddOther);
      Word aw;
      aw.def = d;
      aw.first = static_cast<std::uint32_t>(ls_.evals.size());
      const int np = ls_.defs[static_cast<std::size_t>(d)].npar;
      for (int i = 0; i < np; ++i) ls_.evals.push_back({});
      aw.count = static_cast<std::uint8_t>(np);
      if (np > 0)
        mutate_formula(formula(aw, static_cast<int>(rng_.below(static_cast<std::uint32_t>(np)))), numparams,
                       false);
      ls_.pool[(*seq)[at]].text = ls_.word_text(aw);
    }
    return true;
  }
  const bool usetime = number("fL_mut_changeiter_step") != 1.0;
  mutate_formula(formula(ls_.pool[(*seq)[at]], p), numparams, usetime);
  (void)m;
  return true;
}

std::optional<f0::Mutation> Mutator::run() {
  const double before = static_cast<double>(words_in_lsystem());
  const std::array<double, 7> ops{number("fL_mut_addition"),     number("fL_mut_worddefaddition"),
                                  number("fL_mut_ruleaddition"), number("fL_mut_rulecond"),
                                  number("fL_mut_changeword"),   number("fL_mut_changeiter"),
                                  number("fL_mut_deletion")};
  const int method = rng_.roulette(ops);
  f0::Mutation m;
  m.method = method;
  int done = -1;  // the kind actually applied (the SDK falls through from one to the next)
  switch (method) {
    case kChangeIter: {
      const double step = number("fL_mut_changeiter_step");
      if (rng_.below(2) == 0)
        ls_.time = ls_.time + step <= 100 ? ls_.time + step : ls_.time - step;
      else
        ls_.time = ls_.time - step >= 0 ? ls_.time - step : ls_.time + step;
      done = kChangeIter;
      break;
    }
    case kChangeCond:
      if (!ls_.rules.empty()) {
        detail::Rule& r = ls_.rules[rng_.below(static_cast<std::uint32_t>(ls_.rules.size()))];
        detail::mutate_condition(r.cond, ls_.defs[static_cast<std::size_t>(r.pred)].npar, rng_);
        r.has_cond = !r.cond.empty();
        done = kChangeCond;
        break;
      }
      [[fallthrough]];
    case kAddRule: {
      std::vector<int> norules;
      for (const int k : ls_.table_order()) {
        const detail::WordDef& d = ls_.defs[static_cast<std::size_t>(k)];
        if (d.builtin()) continue;
        if (std::none_of(ls_.rules.begin(), ls_.rules.end(), [&](const detail::Rule& r) {
              const detail::WordDef& p = ls_.defs[static_cast<std::size_t>(r.pred)];
              return p.name == d.name && p.npar == d.npar;
            }))
          norules.push_back(k);
      }
      if (!norules.empty() || !ls_.rules.empty()) {
        detail::Rule r;
        if (!norules.empty()) {
          r.pred = norules[rng_.below(static_cast<std::uint32_t>(norules.size()))];
        } else {
          const detail::Rule& old = ls_.rules[rng_.below(static_cast<std::uint32_t>(ls_.rules.size()))];
          r.pred = old.pred;
          const int np = ls_.defs[static_cast<std::size_t>(r.pred)].npar;
          std::string f;
          detail::to_infix_exact(old.cond, f);
          if (old.has_cond && !f.starts_with("1.0-(")) {  // the negation of the old condition
            std::string err;
            detail::parse("1.0-(" + f + ")", np, r.cond, err);
          } else {
            detail::mutate_condition(r.cond, np, rng_);
          }
          r.has_cond = !r.cond.empty();
        }
        const int d = word_def(rng_.roulette(std::span<const double>(add_).first(5)));
        if (d == -100) {
          call_.diags.error("fL.no-word", "No word type can be added (every fL_mut_add_* is 0)");
          return std::nullopt;
        }
        r.succ.push_back(new_word(d));
        ls_.rules.push_back(std::move(r));
        done = kAddRule;
        break;
      }
    }
      [[fallthrough]];
    case kAddWordDef:
      if (static_cast<int>(ls_.defs.size()) - detail::kBuiltins <=
          static_cast<int>(number("fL_maxdefinedwords"))) {
        const int npar = static_cast<int>(rng_.below(3));
        for (int i = 0; i < static_cast<int>(number("fL_maxdefinedwords")); ++i) {
          const std::string name = "w" + std::to_string(i);
          if (ls_.find_word(name) < 0) {
            ls_.define_word(name, npar);
            break;
          }
        }
        done = kAddWordDef;
        break;
      }
      [[fallthrough]];
    case kDeleteWord: {
      int numparams = 0, rule = 0;
      std::vector<std::uint32_t>& seq = *sequence(numparams, rule);
      if (rule == -1 && sticks(seq) == 1) {
        if (seq.size() > 1) {
          (void)rng_.below(static_cast<std::uint32_t>(seq.size() - 1));  // (drawn but never used: SDK)
          std::size_t at = ls_.pool[seq[0]].def == detail::kStick ? 1 : 0;
          const int d = ls_.pool[seq[at]].def;
          if (d == detail::kOpen || d == detail::kClose)
            delete_branch(seq, at);
          else
            seq.erase(seq.begin() + static_cast<std::ptrdiff_t>(at));
          done = kDeleteWord;
          break;
        }
      } else {
        const std::size_t at = rng_.below(static_cast<std::uint32_t>(seq.size()));
        const int d = ls_.pool[seq[at]].def;
        if (d == detail::kOpen || d == detail::kClose)
          delete_branch(seq, at);
        else
          seq.erase(seq.begin() + static_cast<std::ptrdiff_t>(at));
        if (rule > -1 && seq.empty()) ls_.rules.erase(ls_.rules.begin() + rule);
        done = kDeleteWord;
        break;
      }
    }
      [[fallthrough]];
    case kAddWord:
      if (!add_word(0)) {
        call_.diags.error("fL.no-word", "No word type can be added (every fL_mut_add_* is 0)");
        return std::nullopt;
      }
      done = kAddWord;
      break;
    case kChangeWord:
      if (!change_word(m)) {
        call_.diags.error("fL.no-word", "No word type can be added (every fL_mut_add_* is 0)");
        return std::nullopt;
      }
      done = kChangeWord;
      break;
    default:
      call_.diags.error("fL.no-mutation", "Every fL mutation probability is 0");
      return std::nullopt;
  }
  m.kind = kKinds[done];
  m.genes = ls_.write();
  m.chg = std::abs(before - static_cast<double>(words_in_lsystem())) / before;
  return m;
}

// Crossover: rules of one parent copied into the other, words translated as getAppropriateWord does.
class Migration {
 public:
  Migration(LSystem& from, LSystem& to) : from_(from), to_(to) {}
  void rules(std::size_t n, frams::SdkRandom& rng);

 private:
  int translate(int def);  // a word definition of `from` -> one of `to` (defined there if needed)
  std::uint32_t copy_word(const Word& w, int numparams);
  LSystem& from_;
  LSystem& to_;
  std::unordered_map<std::string, std::string> map_;
};

int Migration::translate(int def) {
  const detail::WordDef d = from_.defs[static_cast<std::size_t>(def)];
  if (d.builtin()) return def;  // (built-ins have the same index everywhere)
  if (const auto it = map_.find(d.name); it != map_.end()) return to_.find_word(it->second);
  const int same = to_.find_word(d.name);
  if (same >= 0 && to_.defs[static_cast<std::size_t>(same)].npar == d.npar) {
    map_[d.name] = d.name;
    return same;
  }
  for (const int k : to_.table_order()) {
    const detail::WordDef& o = to_.defs[static_cast<std::size_t>(k)];
    if (o.npar == d.npar && !o.builtin()) {
      map_[d.name] = o.name;
      return k;
    }
  }
  std::string name = d.name;
  for (int i = 0; to_.find_word(name) >= 0; ++i) name.assign(1, 'w').append(std::to_string(i));
  const int k = to_.define_word(name, d.npar);
  map_[d.name] = name;
  return k;
}

std::uint32_t Migration::copy_word(const Word& w, int numparams) {
  Word n;
  n.def = w.def < 0 ? w.def : translate(w.def);
  n.first = static_cast<std::uint32_t>(to_.evals.size());
  if (w.def >= 0) {
    const detail::WordDef& d = to_.defs[static_cast<std::size_t>(n.def)];
    for (int i = 0; i < d.npar; ++i) {
      Formula f;
      if (i < w.count && from_.formulas(w)[i].rpn) f.rpn = to_.keep(*from_.formulas(w)[i].rpn);
      to_.evals.push_back(f);
    }
    n.count = static_cast<std::uint8_t>(d.npar);
    n.text = w.text;
    if (d.kind == detail::WordKind::connection && !w.text.empty()) {  // the attractor's word, translated too
      const int k = from_.create_word(w.text, numparams, 0, 0, 0, false);
      if (k >= 0) {
        Word a = from_.pool[static_cast<std::size_t>(k)];
        const std::uint32_t ak = copy_word(a, numparams);
        n.text = to_.word_text(to_.pool[ak]);
      }
    }
  }
  to_.pool.push_back(std::move(n));
  return static_cast<std::uint32_t>(to_.pool.size() - 1);
}

void Migration::rules(std::size_t n, frams::SdkRandom& rng) {
  if (from_.rules.empty()) return;
  for (std::size_t i = 0; i < n; ++i) {
    const detail::Rule& r = from_.rules[rng.below(static_cast<std::uint32_t>(from_.rules.size()))];
    detail::Rule c;
    c.pred = translate(r.pred);
    c.has_cond = r.has_cond, c.cond = r.cond;  // (genokit copies the condition; the SDK drops it)
    const int np = from_.defs[static_cast<std::size_t>(r.pred)].npar;
    for (const std::uint32_t k : r.succ) c.succ.push_back(copy_word(from_.pool[k], np));
    to_.rules.push_back(std::move(c));
  }
}

}  // namespace

std::span<const frams::Property> operator_table() {
  return kTable;
}

std::optional<f0::Mutation> mutate(std::string_view genes, const f0::OperatorCall& call) {
  Parsed p(genes);
  if (p.status != 0) {
    call.diags.error("fL.unreadable-parent", "The fL genes cannot be read, so they cannot be mutated");
    return std::nullopt;
  }
  return Mutator(p.ls, call).run();
}

std::optional<f0::Crossing> crossover(std::string_view genes1, std::string_view genes2,
                                      const f0::OperatorCall& call) {
  Parsed a(genes1), b(genes2), ta(genes1), tb(genes2);
  if (a.status != 0 || b.status != 0) {
    call.diags.error("fL.unreadable-parent", "A parent cannot be read");
    return std::nullopt;
  }
  auto count = [](const LSystem& ls) {
    std::size_t n = ls.axiom.size() + ls.defs.size();
    for (const auto& r : ls.rules) n += r.succ.size();
    return static_cast<double>(n);
  };
  const double n1 = count(a.ls), n2 = count(b.ls);
  // (each parent's own rule count; the SDK uses parent 1's twice)
  Migration(ta.ls, b.ls).rules(std::min<std::size_t>(1 + call.rng.below(3), a.ls.rules.size()), call.rng);
  Migration(tb.ls, a.ls).rules(std::min<std::size_t>(1 + call.rng.below(3), tb.ls.rules.size()), call.rng);
  f0::Crossing x;
  x.chg1 = n1 / count(a.ls);
  x.chg2 = n2 / count(b.ls);
  x.child1 = a.ls.write();
  x.child2 = b.ls.write();
  return x;
}

std::optional<std::string> canonical(std::string_view genes) {
  Parsed p(genes);
  if (p.status != 0) return std::nullopt;
  return p.ls.write();
}

std::optional<std::string> repair(std::string_view genes, const f0::OperatorCall& call) {
  Parsed p(genes);
  if (p.status != 0) {
    call.diags.error("fL.unrepairable", "fL genes that cannot be read cannot be repaired");
    return std::nullopt;
  }
  const double time = p.ls.time;
  const detail::Development dev = detail::develop(p.ls);
  if (dev.too_large) {
    call.diags.error("fL.unrepairable", "The development is too large");
    return std::nullopt;
  }
  detail::BuiltModel b = detail::build(p.ls, dev.seq);
  if (!b.ok) {
    call.diags.error("fL.unrepairable", "The development fails");
    return std::nullopt;
  }
  if (dev.needed_time != time) {
    // The time the development needed (maxwords stopped it); the SDK also writes the developed
    // sequence as the axiom, which would develop it again: genokit keeps the axiom.
    Parsed fresh(genes);
    fresh.ls.time = dev.needed_time;
    return fresh.ls.write();
  }
  return std::string(genes);
}

}  // namespace genokit::fL
