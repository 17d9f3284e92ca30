// Reading an fL genotype (lsystem.hpp): fL_Builder::parseGenotype, processLine, tokenize and
// createWord of SDK r909, with its log lines and genokit diagnostics positioned in the text.
#include <algorithm>
#include <array>

#include "fL/lsystem.hpp"
#include "frams/sdk_number.hpp"
#include "frams/sdk_param.hpp"
#include "frams/single_line.hpp"
#include "genokit/frams/property.hpp"

namespace genokit::fL::detail {
namespace {

using frams::Property;
constexpr std::uint32_t kOmit = frams::kFlagCanOmitName;

// The line tables (fL_word_paramtab, fL_builder_paramtab, fL_rule_paramtab).
const std::array<Property, 2> kWordDefTable = {Property("name", 's').with_flags(kOmit),
                                               Property("npar", 'd', true, 0, 3, 0).with_flags(kOmit)};
const std::array<Property, 4> kInfoTable = {Property("axiom", 's'),
                                            Property("time", 'f', true, 0, 100, 1.0).with_flags(kOmit),
                                            Property("numckp", 'd', true, 1, 50, 1).with_flags(kOmit),
                                            Property("maxwords", 'd', true, -1, 9999, -1).with_flags(kOmit)};
const std::array<Property, 3> kRuleTable = {Property("pred", 's'), Property("cond", 's'),
                                            Property("succ", 's')};

// The parameter tables of words (all texts: formulas, or N's details and C's attractor).
const std::array<Property, 8> kStickParams = {
    Property("dn", 's').with_flags(kOmit),   Property("fr", 's').with_flags(kOmit),
    Property("ing", 's').with_flags(kOmit),  Property("as", 's').with_flags(kOmit),
    Property("stif", 's').with_flags(kOmit), Property("rotstif", 's').with_flags(kOmit),
    Property("stam", 's').with_flags(kOmit), Property("l", 's').with_flags(kOmit)};
const std::array<Property, 1> kNeuronParams = {Property("d", 's')};
const std::array<Property, 2> kConnectionParams = {Property("w", 's').with_flags(kOmit),
                                                   Property("attr", 's').with_flags(kOmit)};
const std::array<Property, 3> kUserParams = {Property("n0", 's').with_flags(kOmit),
                                             Property("n1", 's').with_flags(kOmit),
                                             Property("n2", 's').with_flags(kOmit)};

std::span<const Property> params_of(const WordDef& d) {
  switch (d.kind) {
    case WordKind::stick:
      return kStickParams;
    case WordKind::neuron:
      return kNeuronParams;
    case WordKind::connection:
      return kConnectionParams;
    default:
      return std::span<const Property>(kUserParams).first(static_cast<std::size_t>(std::min(d.npar, 3)));
  }
}

// Param::load of one single-line text into `values` (texts) and `numbers`, with the SDK's
// messages; false when a number could not be read (the SDK's parse_failed).
struct LineLoad {
  LSystem& ls;
  std::string_view cls;
  std::string_view group;  // the table's first entry (what the SDK names after an unknown property)
  std::span<const Property> props;
  std::vector<std::string>& values;
  std::vector<double>& numbers;
  std::vector<char>& given;
  std::size_t base;  // the line's offset in the text
  bool failed = false;
  int find(std::string_view name) { return frams::find_property(props, name); }
  void unknown_name(std::string_view name, std::size_t at) {
    ls.sdk.warn("Param.loadSingleLine",
                "Unknown property '" + std::string(cls) + "." + std::string(name) + "' (ignored)");
    ls.warn("fL.unknown-property", "Unknown property '" + std::string(name) + "' (ignored)", base + at);
  }
  void missing_name(int k, std::size_t at) {
    const std::string id(props[static_cast<std::size_t>(k)].id);
    ls.sdk.warn("Param.loadSingleLine",
                "Missing property name in '" + std::string(cls) + "' (assuming '" + id + "')");
    ls.warn("fL.missing-name", "This value has no name; it is taken as '" + id + "' (write " + id + "=...)",
            base + at);
  }
  void after_last(std::size_t at) {
    ls.sdk.warn("Param.loadSingleLine", "Value after the last property of '" + std::string(cls) + "'");
    ls.warn("fL.extra-value", "A value after the last parameter (ignored)", base + at);
  }
  void after_unknown(std::string_view, std::size_t at) {
    ls.sdk.warn("Param.loadSingleLine", "Missing property name in '" + std::string(cls) + "' (assuming '" +
                                            std::string(group) + "')");
    ls.warn("fL.value-after-unknown",
            "A value without a name after an unknown property goes nowhere (ignored)", base + at);
  }
  void set(int k, std::string_view value, std::size_t at) {
    const std::size_t i = static_cast<std::size_t>(k);
    const Property& p = props[i];
    given[i] = 1;
    if (p.type == 's') {
      values[i].assign(value);
      return;
    }
    const frams::sdk::SetNumber r = frams::sdk::set_number(p, value, true);
    if (!r.parsed) {
      ls.sdk.error(p.type == 'd' ? "ExtValue.parseInt" : "ExtValue.parseDouble",
                   frams::sdk::could_not_parse(value, p.type == 'd'));
      ls.error("fL.bad-number",
               "'" + std::string(value) + "' is not " + (p.type == 'd' ? "an integer" : "a number") + " (" +
                   std::string(p.id) + ")",
               base + at);
      failed = true;
      return;
    }
    if (r.clamped) {
      ls.sdk.warn("Param.set", frams::sdk::clamp_message(cls, p, r));
      ls.warn("fL.value-clamped",
              std::string(p.id) + " = " + frams::sdk::value_text(p, r.given) + " is outside " +
                  frams::sdk::value_text(p, p.min) + ".." + frams::sdk::value_text(p, p.max) +
                  "; the SDK uses " + frams::sdk::value_text(p, r.value),
              base + at);
    }
    numbers[i] = r.value;
  }
};

bool load_line(LSystem& ls, std::string_view cls, std::string_view group, std::span<const Property> props,
               std::string_view line, std::size_t base, std::vector<std::string>& values,
               std::vector<double>& numbers, std::vector<char>& given) {
  values.resize(props.size());
  numbers.resize(props.size());
  given.assign(props.size(), 0);
  for (std::size_t i = 0; i < props.size(); ++i) {
    values[i].assign(props[i].def_text);
    numbers[i] = props[i].def;
  }
  LineLoad h{ls, cls, group, props, values, numbers, given, base};
  thread_local std::string scratch;
  frams::sdk::load_single_line(line, {props, props.size()}, h, scratch);
  return !h.failed;
}

// "A " -> "A" (fL_Builder::trimSpaces: spaces only).
std::string_view trim_spaces(std::string_view s) {
  const std::size_t first = s.find_first_not_of(' ');
  if (first == std::string_view::npos) return s;
  return s.substr(first, s.find_last_not_of(' ') - first + 1);
}

}  // namespace

int LSystem::find_word(std::string_view name) const {
  for (std::size_t i = 0; i < defs.size(); ++i)
    if (defs[i].name == name) return static_cast<int>(i);
  return -1;
}

const WordDef& LSystem::def_of(const Word& w) const {
  static const WordDef open{"[", 0, WordKind::open}, close{"]", 0, WordKind::close};
  return w.def == kOpen ? open : w.def == kClose ? close : defs[static_cast<std::size_t>(w.def)];
}

Location LSystem::where(std::size_t off) {
  if (!lines_) lines_ = std::make_unique<LineIndex>(text);
  return lines_->locate(off);
}

void LSystem::error(const char* code, std::string msg, std::size_t off) {
  if (!diags) return;
  if (!diags->keeps_next()) return diags->count_dropped(Severity::error);
  diags->error(code, std::move(msg), where(off));
}

void LSystem::warn(const char* code, std::string msg, std::size_t off) {
  if (!diags) return;
  if (strict) strict_failed = true;
  if (!diags->keeps_next()) return diags->count_dropped(strict ? Severity::error : Severity::warning);
  if (strict)
    diags->error(code, std::move(msg), where(off));
  else
    diags->warning(code, std::move(msg), where(off));
}

int LSystem::create_word(std::string_view token, int numparams, std::uint32_t begin, std::uint32_t end,
                         std::size_t at, bool report) {
  const std::size_t open = token.find('(');
  if (token.empty()) return -1;
  const std::string_view name = trim_spaces(token.substr(0, std::min(open, token.size())));
  const int d = find_word(name);
  if (d < 0) {
    if (report) {
      sdk.error("fL_Builder.createWord", "Word '" + std::string(name) + "' in sequence does not exist");
      error("fL.unknown-word",
            "Unknown word '" + std::string(name) +
                "': words are S, N, C, rotX, rotY, rotZ and those defined by w: lines (before the i: line)",
            at);
    }
    return -1;
  }
  std::string_view inner = open == std::string_view::npos ? std::string_view() : token.substr(open + 1);
  if (!inner.empty()) inner.remove_suffix(1);  // the closing parenthesis
  const WordDef& def = defs[static_cast<std::size_t>(d)];
  Word w;
  w.def = d;
  w.begin = begin, w.end = end;
  w.at = static_cast<std::uint32_t>(at);
  w.first = static_cast<std::uint32_t>(evals.size());
  if (def.npar > 0) {
    const auto props = params_of(def);
    thread_local std::vector<std::string> values;  // (reused: no allocation per word)
    thread_local std::vector<double> numbers;
    thread_local std::vector<char> given;
    load_line(*this, "Word", "Properties", props, inner, at + (open == std::string_view::npos ? 0 : open + 1),
              values, numbers, given);
    for (std::size_t i = 0; i < props.size(); ++i) {
      Formula f;
      const bool text_param = def.builtin() && (props[i].id == "d" || props[i].id == "attr");
      if (text_param) {
        w.text = values[i];
      } else if (!values[i].empty()) {
        thread_local Rpn rpn;  // (parsed here, then kept at its exact size)
        std::string err;
        double v;
        std::string get_int_error;
        bool ok = detail::parse(values[i], numparams, rpn, err, &get_int_error);
        if (!ok || !evaluate(rpn, f.vars.data(), 0, v)) {
          if (!get_int_error.empty()) sdk.error("ExtValue.getInt", get_int_error);
          sdk.error("MathEvaluation.convertString", ok ? std::string(kIncomplete) : err);
          sdk.error("fL_Builder.createWord",
                    "Word in sequence has invalid parameter:  " + std::string(inner));
          if (report)
            error("fL.bad-formula",
                  "Parameter " + std::string(props[i].id) + " of " + def.name + ": '" + values[i] +
                      "' is not a formula the SDK can evaluate (" + (ok ? std::string(kIncomplete) : err) +
                      "; formulas use numbers, $0..$" + std::to_string(std::max(0, numparams - 1)) +
                      (numparams ? "" : " (none here)") + ", $t, ( ), + - *, comparisons, & |)",
                  at);
          evals.resize(w.first);
          return -1;
        }
        f.rpn = keep(rpn);
      }
      evals.push_back(f);
    }
    w.count = static_cast<std::uint8_t>(props.size());
  } else if (!inner.empty()) {
    sdk.error("fL_Builder.createWord", "Too many parameters for word:  " + std::string(token));
    if (report)
      error("fL.too-many-parameters", "Word " + def.name + " takes no parameters (define it with npar=...)",
            at);
    return -1;
  }
  pool.push_back(std::move(w));
  return static_cast<int>(pool.size() - 1);
}

bool LSystem::tokenize(std::string_view seq, std::vector<std::uint32_t>& out, int numparams,
                       std::uint32_t begin, std::uint32_t end, std::size_t at) {
  out.clear();
  int branches = 0;
  std::size_t pos = 0;
  bool mismatch = false;
  const std::size_t n = seq.size();
  while (pos < n) {
    // fL_Builder::getNextObject: up to the ')' closing the first '(' or up to a branch bracket
    int open = -1;
    std::size_t i = pos;
    bool bracket = false;
    for (; i < n; ++i) {
      const char c = seq[i];
      if (c == '[' || c == ']') {
        if (open != -1) {
          mismatch = true;
          break;
        }
        bracket = true;
        break;
      }
      if (c == '(') {
        open = open == -1 ? 1 : open + 1;
      } else if (c == ')') {
        if (open == -1) {
          mismatch = true;
          break;
        }
        --open;
      }
      if (open == 0) break;
    }
    if (mismatch) break;
    if (!bracket && open != 0) {
      mismatch = true;
      break;
    }
    const std::string_view token = seq.substr(pos, i + 1 - pos);
    const std::size_t token_at = at + pos;
    pos = i + 1;
    if (bracket) {
      Word w;
      w.begin = begin, w.end = end;
      w.at = static_cast<std::uint32_t>(at + i);
      w.first = static_cast<std::uint32_t>(evals.size());
      if (token.back() == '[') {
        w.def = kOpen;
        ++branches;
      } else {
        if (branches == 0) {
          sdk.error("fL_Builder.tokenize", "Branch parenthesis mismatch at:  " + std::string(seq));
          error("fL.branch-mismatch", "This ']' closes no '['", at + i);
          return false;
        }
        w.def = kClose;
        --branches;
      }
      pool.push_back(std::move(w));
      out.push_back(static_cast<std::uint32_t>(pool.size() - 1));
      continue;
    }
    const int k = create_word(token, numparams, begin, end, token_at);
    if (k < 0) {
      sdk.error("fL_Builder.tokenize", "Error during parsing words sequence:  " + std::string(seq));
      return false;
    }
    Word& w = pool[static_cast<std::size_t>(k)];
    if (w.def == kConnection) {
      const std::string attr = w.text;
      if (attr.find("$t") != std::string::npos) {
        sdk.error("fL_Builder.tokenize", "Attractor definition cannot contain time variable");
        error("fL.attractor-time", "A connection's attractor cannot use $t", token_at);
        return false;
      }
      if (!attr.empty()) {
        const int a = create_word(attr, numparams, begin, end, token_at);
        if (a < 0) {
          sdk.error("fL_Builder.tokenize", "Error during parsing attractor word:  " + attr);
          return false;
        }
        const bool builtin = defs[static_cast<std::size_t>(pool[static_cast<std::size_t>(a)].def)].builtin();
        pool.pop_back();  // (the attractor word is only checked here)
        if (builtin) {
          sdk.error("fL_Builder.tokenize", "Attractor words cannot be built-in");
          error("fL.builtin-attractor", "A connection's attractor must be a word defined by a w: line",
                token_at);
          return false;
        }
      }
    }
    out.push_back(static_cast<std::uint32_t>(k));
  }
  if (mismatch) {
    sdk.error("fL_Builder.tokenize", "Parenthesis mismatch at:  " + std::string(seq));
    error("fL.parenthesis-mismatch",
          "Unbalanced parentheses in '" + std::string(seq.substr(0, 60)) +
              "' (every word needs its ( ); nothing may follow the last word)",
          at + std::min(pos, n));
    return false;
  }
  if (branches != 0) {
    sdk.error("fL_Builder.tokenize", "Branching mismatch at:  " + std::string(seq));
    error("fL.branch-mismatch", "A '[' is not closed by ']'", at);
    return false;
  }
  return true;
}

// One line (without its first two characters) of section `type` (0 words, 1 info, 2 rules);
// 0 or the SDK's error position.
int LSystem::process_line(int type, std::string_view line, std::size_t off, std::uint32_t begin,
                          std::uint32_t end) {
  thread_local std::vector<std::string> values;
  thread_local std::vector<double> numbers;
  thread_local std::vector<char> given;
  const std::size_t lastpos = begin - body;
  if (type == 0) {
    if (!load_line(*this, "w", "Word", kWordDefTable, line, off, values, numbers, given)) {
      sdk.error("fL_Builder.processLine", "Error in parsing parameters at line:  0");
      return static_cast<int>(lastpos + 1);
    }
    WordDef d;
    d.name = values[0];
    d.npar = static_cast<int>(numbers[1]);
    if (d.name.empty()) {
      sdk.error("fL_Word.processDefinition", "Axiom name is empty");
      error("fL.empty-word-name", "A word definition needs a name (w:name=X)", off);
      return 1;
    }
    if (find_word(d.name) >= 0) {
      sdk.error("fL_Word.processDefinition", "Word redefinition:  " + d.name);
      error("fL.word-redefined",
            find_word(d.name) < kBuiltins ? "'" + d.name + "' is a built-in word and cannot be redefined"
                                          : "Word '" + d.name + "' is already defined",
            off);
      return 1;
    }
    defs.push_back(std::move(d));
    return 0;
  }
  if (type == 1) {
    // (the info object is reset to its defaults before each info line, as the SDK does)
    if (!load_line(*this, "i", "LSystemInfo", kInfoTable, line, off, values, numbers, given)) {
      sdk.error("fL_Builder.processLine", "Error in parsing parameters at line:  0");
      return static_cast<int>(lastpos + 1);
    }
    axiom_text = values[0];
    time = numbers[1];
    numckp = static_cast<int>(numbers[2]);
    maxwords = static_cast<int>(numbers[3]);
    info_begin = begin, info_end = end;
    // where the axiom text starts (for positions): after "axiom=" and a quote, when written so
    std::size_t at = off;
    if (const auto k = line.find("axiom="); k != std::string_view::npos)
      at = off + k + 6 + (k + 6 < line.size() && line[k + 6] == '"');
    if (!tokenize(axiom_text, axiom, 0, begin, end, at)) {
      sdk.error("fL_Builder.processDefinition", "Unable to process axiom sequence");
      return 1;
    }
    if (axiom.empty()) {
      sdk.error("fL_Builder.processDefinition", "Axiom sequence is empty");
      error("fL.empty-axiom", "The axiom is empty (i:axiom=\"S()\" at least)", off);
      return 1;
    }
    return 0;
  }
  if (!load_line(*this, "r", "Rule", kRuleTable, line, off, values, numbers, given)) {
    sdk.error("fL_Builder.processLine", "Error in parsing parameters at line:  0");
    return static_cast<int>(lastpos + 1);
  }
  Rule r;
  r.begin = begin, r.end = end;
  r.pred = find_word(values[0]);
  if (r.pred < 0) {
    sdk.error("fL_Rule.processDefinition", "Word in Rule condition does not exist");
    error("fL.unknown-predecessor", "The rule's predecessor '" + values[0] + "' is not a defined word", off);
    return 1;
  }
  const WordDef& pred = defs[static_cast<std::size_t>(r.pred)];
  if (pred.builtin()) {
    sdk.error("fL_Rule.processDefinition", "Builtin words cannot be predecessors");
    error("fL.builtin-predecessor", "Built-in words (" + pred.name + ") cannot be rewritten by rules", off);
    return 1;
  }
  if (!values[1].empty()) {
    std::string err;
    double v;
    std::string get_int_error;
    bool ok = detail::parse(values[1], pred.npar, r.cond, err, &get_int_error);
    const std::array<double, 3> zero{};
    if (!ok || !evaluate(r.cond, zero.data(), 0, v)) {
      if (!get_int_error.empty()) sdk.error("ExtValue.getInt", get_int_error);
      sdk.error("MathEvaluation.convertString", ok ? std::string(kIncomplete) : err);
      sdk.error("fL_Rule.processDefinition", "Parametric condition of rule invalid:  " + values[1]);
      error("fL.bad-condition",
            "The rule's condition '" + values[1] + "' is not a formula the SDK can evaluate (" +
                (ok ? std::string(kIncomplete) : err) + ")",
            off);
      return 1;
    }
    r.has_cond = true;
  }
  if (values[2].empty()) {
    sdk.error("fL_Rule.processDefinition", "Successor cannot be empty");
    error("fL.empty-successor", "The rule has no successor (succ=...)", off);
    return 1;
  }
  std::size_t at = off;
  if (const auto k = line.find("succ="); k != std::string_view::npos)
    at = off + k + 5 + (k + 5 < line.size() && line[k + 5] == '"');
  if (!tokenize(values[2], r.succ, pred.npar, begin, end, at)) {
    sdk.error("fL_Rule.processDefinition", "Unable to process successor sequence");
    return 1;
  }
  for (const std::uint32_t k : r.succ) pool[k].in_rule = true;
  rules.push_back(std::move(r));
  return 0;
}

void LSystem::reset() {
  defs.clear();
  axiom_text.clear();
  time = 1.0, numckp = 1, maxwords = -1;
  info_begin = info_end = 0;
  axiom.clear();
  rules.clear();
  pool.clear();
  evals.clear();
  rpns_used = 0;  // (the slots stay for the next genotype)
  text = {};
  body = 0;
  sdk = {};
  diags = nullptr;
  lint = true, strict = false, strict_failed = false;
  work = 0;
  lines_.reset();
}

int LSystem::parse() {
  pool.reserve(64);
  evals.reserve(256);
  defs = {{"S", 8, WordKind::stick},    {"N", 1, WordKind::neuron},   {"C", 2, WordKind::connection},
          {"rotX", 1, WordKind::rot_x}, {"rotY", 1, WordKind::rot_y}, {"rotZ", 1, WordKind::rot_z}};
  const std::string_view g = text.substr(body);
  int type = 0;
  std::size_t lastpos = 0;
  for (std::size_t pos = 0; pos < g.size();) {
    std::size_t nl = g.find('\n', pos);
    const std::size_t next = nl == std::string_view::npos ? g.size() : nl + 1;
    if (nl == std::string_view::npos) nl = g.size();
    std::string_view line = g.substr(pos, nl - pos);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);  // (the SDK reads CRLF lines)
    const std::size_t off = body + pos;
    if (!line.empty()) {
      auto section_error = [&](const char* sdk_text, std::string msg) {
        sdk.error("fL_Builder.parseGenotype", sdk_text);
        error("fL.section-order", std::move(msg), off);
        return static_cast<int>(lastpos + 1);
      };
      if (line.starts_with("w:") && type != 0)
        return section_error("All words should be defined in the beginning of genotype",
                             "Word definitions (w:) must come before the i: line");
      if (line.starts_with("i:")) {
        if (type != 0)
          return section_error("Axioms and iteration number should be defined after word definitions",
                               "Only one i: line is allowed, before the rules");
        type = 1;
      } else if (line.starts_with("r:")) {
        if (type == 0)
          return section_error("Axiom is not defined - define it after words definition",
                               "Rules (r:) must come after the i: line");
        type = 2;
      } else if (lint && !line.starts_with("w:")) {
        const char* expect = type == 0 ? "w:" : type == 1 ? "i:" : "r:";
        warn("fL.line-prefix",
             "This line does not start with w:, i: or r:; the SDK drops its first two characters and reads "
             "it as " +
                 std::string(type == 0   ? "a word definition"
                             : type == 1 ? "the info line again"
                                         : "a rule") +
                 " (" + expect + ")",
             off);
      }
      const std::string_view rest = line.size() > 2 ? line.substr(2) : std::string_view();
      const int r = process_line(type, rest, off + 2, static_cast<std::uint32_t>(off),
                                 static_cast<std::uint32_t>(body + nl));
      if (r != 0) return r;
    }
    pos = next;
    lastpos = pos;
  }
  if (type == 0) {
    sdk.error("fL_Builder.parseGenotype", "Info line was not declared");
    error("fL.no-info", "The genotype has no i: line (i:axiom=\"...\")", body);
    return 1;
  }
  return 0;
}

}  // namespace genokit::fL::detail
