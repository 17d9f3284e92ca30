// The lexer of the genome text form: words, `=`, brackets, quoted strings with escapes and hex
// blocks <...>; comments from `#` to the end of the line.
#include "genome/text_lexer.hpp"

namespace genokit::genome::detail {
namespace {

bool is_word(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.' ||
         c == '?' || c == '+' || c == '-';
}
int hexval(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

std::string backticked(std::string_view text) {
  std::string s = "`";
  s += text;
  s += '`';
  return s;
}

std::string describe(const Token& t) {
  switch (t.kind) {
    case Tok::end:
      return "the end of the text";
    case Tok::word:
      return backticked(t.text);
    case Tok::string:
      return "a string";
    case Tok::hex:
      return "a hex block";
    case Tok::equals:
      return "`=`";
    case Tok::lbracket:
      return "`[`";
    case Tok::rbracket:
      return "`]`";
    default:
      return "an invalid token";
  }
}

bool is_directive(const Token& t) {
  return t.kind == Tok::word && (t.text == "gene" || t.text == "raw" || t.text == "gend" ||
                                 t.text == "tail" || t.text == "lead" || t.text == "genome");
}

Token Lexer::next() {
  skip_blanks();
  Token tok;
  tok.pos = p_;
  if (p_ >= t_.size()) return tok;
  char c = t_[p_];
  if (c == '=') return single(Tok::equals);
  if (c == '[') return single(Tok::lbracket);
  if (c == ']') return single(Tok::rbracket);
  if (c == '"') return string_token();
  if (c == '<') return hex_token();
  if (is_word(c)) {
    std::size_t s = p_;
    while (p_ < t_.size() && is_word(t_[p_])) ++p_;
    tok.kind = Tok::word;
    tok.text = t_.substr(s, p_ - s);
    return tok;
  }
  error(p_, "genome.text-syntax", std::string("unexpected character '") + c + "'");
  ++p_;
  tok.kind = Tok::bad;
  return tok;
}

void Lexer::error(std::size_t pos, const char* code, std::string msg) {
  Location l = li_.locate(pos);
  l.offset = static_cast<std::int64_t>(pos);
  d_.error(code, std::move(msg), l);
}

void Lexer::skip_blanks() {
  while (p_ < t_.size()) {
    char c = t_[p_];
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v') {
      ++p_;
    } else if (c == '#') {
      while (p_ < t_.size() && t_[p_] != '\n') ++p_;
    } else {
      break;
    }
  }
}
Token Lexer::single(Tok k) {
  Token tok;
  tok.kind = k;
  tok.pos = p_;
  tok.text = t_.substr(p_, 1);
  ++p_;
  return tok;
}

Token Lexer::string_token() {
  Token tok;
  tok.kind = Tok::string;
  tok.pos = p_;
  ++p_;
  while (true) {
    if (p_ >= t_.size() || t_[p_] == '\n') {
      error(tok.pos, "genome.text-syntax", "unterminated string (a closing \" is missing on this line)");
      tok.kind = Tok::bad;
      return tok;
    }
    char c = t_[p_];
    if (c == '"') {
      ++p_;
      break;
    }
    if (c == '\\') {
      if (p_ + 1 < t_.size() && (t_[p_ + 1] == '"' || t_[p_ + 1] == '\\')) {
        tok.value += t_[p_ + 1];
        p_ += 2;
        continue;
      }
      if (p_ + 3 < t_.size() && t_[p_ + 1] == 'x' && hexval(t_[p_ + 2]) >= 0 && hexval(t_[p_ + 3]) >= 0) {
        tok.value += char(hexval(t_[p_ + 2]) * 16 + hexval(t_[p_ + 3]));
        p_ += 4;
        continue;
      }
      error(p_, "genome.text-syntax", "unknown escape in string (use \\\", \\\\ or \\xHH)");
      ++p_;
      continue;
    }
    tok.value += c;
    ++p_;
  }
  tok.text = t_.substr(tok.pos, p_ - tok.pos);
  return tok;
}
Token Lexer::hex_token() {
  Token tok;
  tok.kind = Tok::hex;
  tok.pos = p_;
  ++p_;
  int hi = -1;
  std::size_t hi_pos = 0;
  while (true) {
    if (p_ >= t_.size()) {
      error(tok.pos, "genome.text-syntax", "unterminated hex block (a closing > is missing)");
      tok.kind = Tok::bad;
      return tok;
    }
    char c = t_[p_];
    if (c == '>') {
      ++p_;
      break;
    }
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
      ++p_;
      continue;
    }
    int v = hexval(c);
    if (v < 0) {
      error(p_, "genome.text-syntax", std::string("'") + c + "' is not a hex digit");
      ++p_;
      continue;
    }
    if (hi < 0) {
      hi = v;
      hi_pos = p_;
    } else {
      tok.value += char(hi * 16 + v);
      hi = -1;
    }
    ++p_;
  }
  if (hi >= 0) error(hi_pos, "genome.text-syntax", "odd number of hex digits (each byte needs two)");
  tok.text = t_.substr(tok.pos, p_ - tok.pos);
  return tok;
}

}  // namespace genokit::genome::detail
