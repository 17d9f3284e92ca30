// Tokens of the genome text form and a cursor over them that reports errors at line:column.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "genokit/core/diagnostics.hpp"
#include "genokit/core/text.hpp"

namespace genokit::genome::detail {

enum class Tok : std::uint8_t { word, equals, lbracket, rbracket, string, hex, end, bad };

struct Token {
  Tok kind = Tok::end;
  std::size_t pos = 0;    // byte offset in the text
  std::string_view text;  // word text, or the raw token
  std::string value;      // decoded string / hex bytes
};

// "`word`", "a string", "the end of the text", ... for error messages.
std::string describe(const Token& t);
// "`text`" (built with +=: GCC 12 gives a false -Wrestrict warning on "`" + std::string).
std::string backticked(std::string_view text);
// `genome`, `lead`, `gene`, `raw`, `gend` or `tail`: the words that start a new statement.
bool is_directive(const Token& t);

// Splits the text into tokens; `#` starts a comment to the end of the line.
class Lexer {
 public:
  Lexer(std::string_view t, Diagnostics& d, const LineIndex& li) : t_(t), d_(d), li_(li) {}
  Token next();
  void error(std::size_t pos, const char* code, std::string msg);

 private:
  void skip_blanks();
  Token single(Tok k);
  Token string_token();
  Token hex_token();

  std::string_view t_;
  Diagnostics& d_;
  const LineIndex& li_;
  std::size_t p_ = 0;
};

// The current and the previous token, with error reporting at a token's position.
class Cursor {
 public:
  Cursor(std::string_view text, Diagnostics& d) : li_(text), lex_(text, d, li_), d_(d) { advance(); }
  const Token& cur() const { return cur_; }
  const Token& last() const { return last_; }
  void advance() {
    last_ = std::move(cur_);
    cur_ = lex_.next();
  }
  void error(const Token& t, const char* code, std::string msg) { lex_.error(t.pos, code, std::move(msg)); }
  // Drops tokens up to the next directive (error recovery).
  void skip_to_directive() {
    while (cur_.kind != Tok::end && !is_directive(cur_)) advance();
  }
  Diagnostics& diags() { return d_; }

 private:
  LineIndex li_;
  Lexer lex_;
  Diagnostics& d_;
  Token cur_, last_;
};

}  // namespace genokit::genome::detail
