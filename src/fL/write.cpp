// The canonical fL text (lsystem.hpp): fL_Builder::toString of SDK r909 (w: lines in the word
// table's order, i: line, rules after removeRedundantRules), with formulas written exactly.
#include <algorithm>
#include <unordered_map>

#include "fL/lsystem.hpp"
#include "frams/sdk_number.hpp"
#include "frams/single_line.hpp"

namespace genokit::fL::detail {
namespace {

// The parameter names of a word (S: dn..l, N: d, C: w attr, others n0..).
std::string_view param_name(const WordDef& d, int i) {
  static const char* stick[] = {"dn", "fr", "ing", "as", "stif", "rotstif", "stam", "l"};
  static const char* user[] = {"n0", "n1", "n2"};
  switch (d.kind) {
    case WordKind::stick:
      return stick[i];
    case WordKind::neuron:
      return "d";
    case WordKind::connection:
      return i == 0 ? "w" : "attr";
    default:
      return user[i];
  }
}

bool same_rpn(const Rpn& a, const Rpn& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const Token &x = a[i], &y = b[i];
    if (x.kind != y.kind || x.op != y.op || x.var != y.var) return false;
    if (x.kind == Token::Kind::number &&
        frams::sdk::format_double(x.value) != frams::sdk::format_double(y.value))
      return false;
  }
  return true;
}

}  // namespace

std::vector<int> LSystem::table_order() const {
  // The SDK's unordered_map<std::string, fL_Word*>: the same keys inserted in the same order give
  // the same iteration order (this library's hash and bucket policy).
  std::unordered_map<std::string, int> table;
  for (std::size_t i = 0; i < defs.size(); ++i) table[defs[i].name] = static_cast<int>(i);
  std::vector<int> out;
  for (const auto& [name, k] : table) out.push_back(k);
  return out;
}

int LSystem::define_word(std::string name, int npar) {
  defs.push_back({std::move(name), npar, WordKind::user});
  return static_cast<int>(defs.size() - 1);
}

std::string LSystem::word_text(const Word& w) const {
  const WordDef& d = def_of(w);
  if (w.def == kOpen) return "[";
  if (w.def == kClose) return "]";
  std::string out = d.name + "(";
  bool skipped = false, first = true;
  for (int i = 0; i < d.npar; ++i) {
    std::string v;
    const bool text =
        d.builtin() && ((d.kind == WordKind::neuron && i == 0) || (d.kind == WordKind::connection && i == 1));
    if (text) {
      v = w.text;
    } else if (i < w.count && formulas(w)[i].rpn) {
      to_infix_exact(*formulas(w)[i].rpn, v);
    }
    if (v.empty()) {
      skipped = true;
      continue;
    }
    if (!first) out += ", ";
    first = false;
    // (every parameter may go without its name but N's details)
    if (skipped || d.kind == WordKind::neuron) out.append(param_name(d, i)).push_back('=');
    frams::sdk::append_text(out, v);
  }
  return out + ")";
}

std::string LSystem::write() {
  std::string out;
  for (const int k : table_order()) {
    const WordDef& d = defs[static_cast<std::size_t>(k)];
    if (d.builtin()) continue;
    out += "w:";
    frams::sdk::append_text(out, d.name);
    if (d.npar != 0) out += ", " + std::to_string(d.npar);
    out += '\n';
  }
  std::string axiom;
  for (const std::uint32_t k : this->axiom) axiom += word_text(pool[k]);
  // removeRedundantRules: of two rules for one word, the later unconditional one goes, an
  // unconditional one moves after a conditional one, and a repeated condition goes.
  for (std::size_t i = 0; i < rules.size(); ++i)
    for (std::size_t j = i + 1; j < rules.size();) {
      bool drop = false;
      if (defs[static_cast<std::size_t>(rules[i].pred)].name ==
          defs[static_cast<std::size_t>(rules[j].pred)].name) {
        if (!rules[i].has_cond && !rules[j].has_cond)
          drop = true;
        else if (!rules[i].has_cond && rules[j].has_cond)
          std::swap(rules[i], rules[j]);
        else if (rules[i].has_cond && rules[j].has_cond && same_rpn(rules[i].cond, rules[j].cond))
          drop = true;
      }
      if (drop)
        rules.erase(rules.begin() + static_cast<std::ptrdiff_t>(j));
      else
        ++j;
    }
  out += "i:axiom=";
  frams::sdk::append_text(out, axiom);
  bool skipped = false;
  auto field = [&](const char* name, bool is_default, const std::string& value) {
    if (is_default) {
      skipped = true;
      return;
    }
    out += ", ";
    if (skipped) out.append(name).push_back('=');
    out += value;
  };
  field("time", time == 1.0, frams::sdk::format_double(time));
  field("numckp", numckp == 1, std::to_string(numckp));
  field("maxwords", maxwords == -1, std::to_string(maxwords));
  out += '\n';
  for (const Rule& r : rules) {
    out += "r:pred=";
    frams::sdk::append_text(out, defs[static_cast<std::size_t>(r.pred)].name);
    if (r.has_cond) {
      std::string c;
      to_infix_exact(r.cond, c);
      if (!c.empty()) {
        out += ", cond=";
        frams::sdk::append_text(out, c);
      }
    }
    std::string succ;
    for (const std::uint32_t k : r.succ) succ += word_text(pool[k]);
    out += ", succ=";
    frams::sdk::append_text(out, succ);
    out += '\n';
  }
  return out;
}

}  // namespace genokit::fL::detail
