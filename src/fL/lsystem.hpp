// Internal: an fL genotype read as SDK r909's fL_Builder reads it (notes encodings.md §7.2): word
// definitions, the info line (axiom, time, numckp, maxwords) and rules, with every word of the axiom
// and of the rule successors tokenized and its parameter formulas parsed. Words live in one pool
// (axiom and successor words first, then the words development creates, in creation order), so a
// development never frees or moves a word. The SDK's log lines are collected in `sdk`; genokit's
// diagnostics go to the Diagnostics given to read().
#pragma once

#include <array>
#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "fL/formula.hpp"
#include "genokit/core/diagnostics.hpp"
#include "genokit/core/text.hpp"

namespace genokit::fL::detail {

enum class WordKind : std::uint8_t { user, stick, neuron, connection, rot_x, rot_y, rot_z, open, close };

struct WordDef {
  std::string name;
  int npar = 0;
  WordKind kind = WordKind::user;
  bool builtin() const { return kind != WordKind::user; }
};

// The built-in words, in the SDK's order (S N C rotX rotY rotZ), then the branches (not in the SDK's
// word table: "[" and "]").
inline constexpr int kStick = 0, kNeuron = 1, kConnection = 2, kRotX = 3, kRotY = 4, kRotZ = 5, kBuiltins = 6,
                     kOpen = -1, kClose = -2;

// A parameter formula with its variables' values (a word's own copy; the postfix may be shared).
struct Formula {
  const Rpn* rpn = nullptr;  // nullptr: no formula (an empty parameter)
  std::array<double, 3> vars{};
  double t = 0;
  bool value(double& out) const { return evaluate(*rpn, vars.data(), t, out); }
};

struct Word {
  int def = 0;                       // index in LSystem::defs, or kOpen / kClose
  double creation = 0;               // the SDK's creationiter
  std::uint32_t begin = 0, end = 0;  // the line it came from (offsets in the genotype text)
  std::uint32_t at = 0;     // where its token starts in the text (approximate inside escaped strings)
  std::uint32_t first = 0;  // its formulas: LSystem::evals[first, first + count)
  std::uint8_t count = 0;
  std::string text;      // N: `d`; C: `attr` (the parameter text as given)
  int neuron = -1;       // N: the neuron it made during the last build
  bool in_rule = false;  // a rule successor's word (never in the developing sequence)
};

struct Rule {
  int pred = 0;  // word definition
  bool has_cond = false;
  Rpn cond;
  std::vector<std::uint32_t> succ;  // pool indices of the successor's words
  std::uint32_t begin = 0, end = 0;
};

struct Messages {  // what the SDK logs, "[ERROR] Source.function: text"
  std::vector<std::string>* sdk = nullptr;
  void add(const char* level, std::string_view source, std::string_view text) {
    if (sdk) sdk->push_back(std::string(level) + " " + std::string(source) + ": " + std::string(text));
  }
  void error(std::string_view source, std::string_view text) { add("[ERROR]", source, text); }
  void warn(std::string_view source, std::string_view text) { add("[WARN]", source, text); }
};

class LSystem {
 public:
  // The most words one development may create (genokit's limit; the SDK has none), and the most
  // work (rule tests and formula tokens evaluated) one development and drawing may take.
  static constexpr std::size_t kMaxWords = 200000;
  static constexpr std::uint64_t kMaxWork = 100000000;
  std::uint64_t work = 0;

  std::vector<WordDef> defs;
  // info line
  std::string axiom_text;
  double time = 1.0;
  int numckp = 1, maxwords = -1;
  std::uint32_t info_begin = 0, info_end = 0;
  std::vector<std::uint32_t> axiom;  // the SDK's `genotype` (pool indices)
  std::vector<Rule> rules;
  std::vector<Word> pool;
  std::vector<Formula> evals;
  std::deque<Rpn> rpns;  // postfix storage (stable addresses)
  std::size_t rpns_used = 0;

  std::string_view text;  // the genotype text (header included)
  std::size_t body = 0;   // where the genes start
  Messages sdk;
  Diagnostics* diags = nullptr;
  bool lint = true, strict = false, strict_failed = false;

  // fL_Builder::parseGenotype: 0 = read; otherwise the SDK's error position (checkValidity's).
  int parse();
  // Back to a fresh object, keeping the memory of its lists (a converter reuses one per thread).
  void reset();

  int find_word(std::string_view name) const;
  const WordDef& def_of(const Word& w) const;
  Formula* formulas(Word& w) { return evals.data() + w.first; }
  const Formula* formulas(const Word& w) const { return evals.data() + w.first; }

  // fL_Builder::createWord: a word from its token ("S(l=2)"), formulas for `numparams` variables;
  // -1 on failure (messages logged). `at`: the token's offset in the text, for diagnostics.
  int create_word(std::string_view token, int numparams, std::uint32_t begin, std::uint32_t end,
                  std::size_t at, bool report = true);
  // fL_Builder::tokenize: a sequence into words; false on failure.
  bool tokenize(std::string_view seq, std::vector<std::uint32_t>& out, int numparams, std::uint32_t begin,
                std::uint32_t end, std::size_t at);
  // A formula for the pool (copied postfix).
  // (slots are reused after reset(): their token buffers keep their memory)
  const Rpn* keep(const Rpn& rpn) {
    if (rpns_used < rpns.size()) {
      Rpn& slot = rpns[rpns_used++];
      slot.assign(rpn.begin(), rpn.end());
      return &slot;
    }
    ++rpns_used;
    return &rpns.emplace_back(rpn);
  }

  // The SDK's word table (an unordered_map filled in definition order, built-ins first): its
  // iteration order is the order of the canonical w: lines and of the operators' word lists.
  std::vector<int> table_order() const;
  // A word definition added by an operator (fL_Word::processDefinition).
  int define_word(std::string name, int npar);
  // The canonical genotype text (genes, no header): w: lines in table order, the i: line, the rules
  // (redundant ones removed). Formulas are written exactly (genokit; see docs/encodings.md).
  std::string write();
  // A word as the canonical text writes it: "S(l=2.0, fr=$0)".
  std::string word_text(const Word& w) const;

  // Diagnostics.
  Location where(std::size_t off);
  void error(const char* code, std::string msg, std::size_t off);
  void warn(const char* code, std::string msg, std::size_t off);

 private:
  std::unique_ptr<LineIndex> lines_;
  int process_line(int type, std::string_view line, std::size_t off, std::uint32_t begin, std::uint32_t end);
};

}  // namespace genokit::fL::detail
