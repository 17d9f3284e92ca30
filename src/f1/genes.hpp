// Internal: f1 genes as the genetic operators see them (mutation, crossover, repair): one pass
// over the text that records its symbols (X, modifiers, '(' ',' ')') with their nesting level,
// the neuron brackets with their comma-separated tokens, and where each stick's "run" (the X and
// the brackets directly after it) ends; plus text edits and the operators' number format. The
// token rules follow the converter's (spec notes f1.md §7.2), so an operator edits exactly what
// the converter will read.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "genokit/f0/neuron_classes.hpp"

namespace genokit::f1::genes {

inline constexpr std::string_view kModifiers = "LlCcQqRrWwFfAaIiSsMmEeDdGgBbHh";
inline constexpr std::uint32_t kNone = 0xFFFFFFFFu;

inline constexpr auto kModifierTable = [] {
  std::array<bool, 256> t{};
  for (char c : kModifiers) t[static_cast<unsigned char>(c)] = true;
  return t;
}();
inline bool is_modifier(char c) {
  return kModifierTable[static_cast<unsigned char>(c)];
}

enum class TokenKind : std::uint8_t { blank, class_name, connection, receptor, output, property, other };

struct Token {
  std::uint32_t begin = 0, end = 0;              // [begin, end): the text between two commas
  std::uint32_t name_begin = 0, name_end = 0;    // the name, blanks trimmed (class name: the whole token)
  std::uint32_t value_begin = 0, value_end = 0;  // after the last ':', blanks trimmed (empty: none)
  TokenKind kind = TokenKind::blank;
  int offset = 0;  // connection: the relative neuron offset (valid when offset_ok)
  bool offset_ok = false;
  std::string_view prop;  // property: its id ("in" for '=', "fo" for '!', "si" for '/')
};

struct Bracket {
  std::uint32_t open = 0;   // '['
  std::uint32_t body = 0;   // the first token (after '[' and an old-style muscle character)
  std::uint32_t close = 0;  // its closer (']' or ')'), or the end of the text
  bool old_style = false;   // [|...] / [@...]: an extra muscle, the bracket neuron is N
  std::string_view class_name = "N";
  const f0::NeuronClass* cls = nullptr;  // nullptr: not a class of the library
  std::uint32_t first_token = 0, tokens = 0;
  int stick = -1;  // the stick (index into Index::sticks) of the last X before it in the text
};

struct Symbol {
  std::uint32_t pos = 0;
  char c = 0;      // 'X', a modifier, '(', ',', ')'
  int level = 0;   // X, modifiers, '(': the level they are on; ',' ')': the level inside their group
  int match = -1;  // '(' -> its ')' symbol (-1: unclosed); ',' and ')' -> their '(' (-1: top level)
};

struct Index {
  std::vector<Symbol> sym;
  std::vector<Bracket> br;
  std::vector<Token> tok;
  std::vector<int> sticks;             // symbol index of each X, in text order
  std::vector<std::uint32_t> run_end;  // per stick: the end of the X and the brackets right after it
  std::vector<int> stick_of_symbol;    // per symbol: its stick number, or -1
  void clear();
};

// Scans `genes` (the text after the header). Never fails: characters the converter rejects are
// skipped (an operator only edits valid genes; repair removes them).
void scan(std::string_view genes, Index& ix);

// The integer offset of a connection token, the number of a weight or value (SDK rules).
bool parse_value(std::string_view text, double& v);

// One text edit: erase `erase` bytes at `pos`, then insert `insert` there.
struct Edit {
  std::uint32_t pos = 0, erase = 0;
  std::string insert;
};
// Applies non-overlapping edits (any order) to `genes`; `changed` = bytes erased + inserted.
std::string apply(std::string_view genes, std::vector<Edit>& edits, std::size_t& changed);

// A weight or real property value as the operators write it: rounded to 3 decimals, no trailing
// zeros ("1", "-0.5", "2.125").
std::string format3(double v);
// A property value in its class's type ('d': an integer).
std::string format_value(char type, double v);

// Bracket `b`'s tokens rebuilt: `keep(t, text)` gets each token's index (into Index::tok) and its
// text (blanks included), may change the text, and returns false to drop the token. Tokens are
// joined with ',' as they were; a bracket left without any token gets "N" (an empty bracket is not
// a valid neuron). The edit replaces [first token, closer).
template <class Keep>
Edit rebuild_bracket(std::string_view genes, const Index& ix, int b, Keep keep) {
  const Bracket& br = ix.br[static_cast<std::size_t>(b)];
  const std::uint32_t body = br.body;
  std::string out;
  bool any = false;
  for (std::uint32_t t = br.first_token; t < br.first_token + br.tokens; ++t) {
    const Token& k = ix.tok[t];
    std::string text(genes.substr(k.begin, k.end - k.begin));
    if (!keep(t, text)) continue;
    if (any) out += ',';
    out += text;
    any = true;
  }
  if (!any && !br.old_style) out.assign(1, 'N');
  return Edit{body, br.close - body, std::move(out)};
}

// The edits that re-number relative connections after a neuron was inserted before f1 number
// `at` (delta +1: every connection stays on the neuron it had) or neuron `at` was removed (delta
// -1: connections from it are dropped). The removed bracket itself is left alone.
void renumber(std::string_view genes, const Index& ix, int at, int delta, std::vector<Edit>& edits);

// Token `t` (index into Index::tok) of its bracket with a new name or value text.
std::string with_name(std::string_view genes, const Token& t, std::string_view name);
std::string with_value(std::string_view genes, const Token& t, std::string_view value);

}  // namespace genokit::f1::genes
