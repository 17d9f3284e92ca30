// The text-form assembler: text -> genome bytes, with line:column errors for hand edits.
#include <optional>
#include <string>
#include <vector>

#include "genokit/core/numbers.hpp"
#include "genokit/core/text.hpp"
#include "genokit/genome/text.hpp"

namespace genokit::genome {
namespace {

enum class Tok : std::uint8_t { word, equals, lbracket, rbracket, string, hex, end, bad };

struct Token {
  Tok kind = Tok::end;
  std::size_t pos = 0;    // byte offset in the text
  std::string_view text;  // word text, or the raw token
  std::string value;      // decoded string / hex bytes
};

class Lexer {
 public:
  Lexer(std::string_view t, Diagnostics& d, const LineIndex& li) : t_(t), d_(d), li_(li) {}

  Token next() {
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

  void error(std::size_t pos, const char* code, std::string msg) {
    Location l = li_.locate(pos);
    l.offset = static_cast<std::int64_t>(pos);
    d_.error(code, std::move(msg), l);
  }

 private:
  static bool is_word(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '.' || c == '?' || c == '+' || c == '-';
  }
  void skip_blanks() {
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
  Token single(Tok k) {
    Token tok;
    tok.kind = k;
    tok.pos = p_;
    tok.text = t_.substr(p_, 1);
    ++p_;
    return tok;
  }
  static int hexval(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  }
  Token string_token() {
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
  Token hex_token() {
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

  std::string_view t_;
  Diagnostics& d_;
  const LineIndex& li_;
  std::size_t p_ = 0;
};

bool is_directive(const Token& t) {
  return t.kind == Tok::word && (t.text == "gene" || t.text == "raw" || t.text == "gend" ||
                                 t.text == "tail" || t.text == "lead" || t.text == "genome");
}

class Assembler {
 public:
  Assembler(std::string_view text, Diagnostics& d) : li_(text), lex_(text, d, li_), d_(d) { advance(); }

  bool run(std::string& out) {
    if (!(cur_.kind == Tok::word && cur_.text == "genome")) {
      err(cur_, "genome.text-syntax", "the text must start with `genome c1`, `genome c2` or `genome c3`");
      return false;
    }
    advance();
    Version v = Version::unknown;
    if (cur_.kind == Tok::word) {
      if (cur_.text == "c1")
        v = Version::c1;
      else if (cur_.text == "c2")
        v = Version::c2;
      else if (cur_.text == "c3")
        v = Version::c3;
    }
    if (v == Version::unknown) {
      err(cur_, "genome.text-syntax", "expected the game version after `genome`: c1, c2 or c3");
      return false;
    }
    advance();
    Builder b(v);
    v_ = v;
    bool seen_gend = false, seen_tail = false, seen_gene = false;
    while (cur_.kind != Tok::end) {
      if (d_.error_count() > 200) break;
      if (cur_.kind != Tok::word || !is_directive(cur_)) {
        err(cur_, "genome.text-syntax",
            "expected `gene`, `raw`, `gend` or `tail` here, found " + describe(cur_));
        skip_to_directive();
        continue;
      }
      Token dir = cur_;
      advance();
      if ((seen_gend || seen_tail) && dir.text != "tail") {
        err(dir, "genome.text-syntax",
            "`" + std::string(dir.text) + "` after the end of the genome (`gend`/`tail`)");
        skip_to_directive();
        continue;
      }
      if (seen_tail) {
        err(dir, "genome.text-syntax", "a second `tail`");
        skip_to_directive();
        continue;
      }
      if (dir.text == "genome") {
        err(dir, "genome.text-syntax", "a second `genome` line");
        skip_to_directive();
      } else if (dir.text == "lead") {
        if (seen_gene) err(dir, "genome.text-syntax", "`lead` must come before the first gene");
        if (expect_hex(dir)) b.lead(last_.value);
      } else if (dir.text == "raw") {
        seen_gene = true;
        if (expect_hex(dir)) b.raw(last_.value);
      } else if (dir.text == "gend") {
        b.gend();
        seen_gend = true;
      } else if (dir.text == "tail") {
        seen_tail = true;
        tail(b);
      } else {
        seen_gene = true;
        gene(b, dir);
      }
    }
    if (d_.has_errors()) return false;
    out = std::move(b.bytes());
    return true;
  }

 private:
  void advance() {
    last_ = std::move(cur_);
    cur_ = lex_.next();
  }
  void err(const Token& t, const char* code, std::string msg) { lex_.error(t.pos, code, std::move(msg)); }
  static std::string describe(const Token& t) {
    switch (t.kind) {
      case Tok::end:
        return "the end of the text";
      case Tok::word: {
        std::string s = "`";  // built with += (GCC 12 -Wrestrict false positive on "x" + string)
        s += t.text;
        s += '`';
        return s;
      }
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
  void skip_to_directive() {
    while (cur_.kind != Tok::end && !is_directive(cur_)) advance();
  }
  bool expect_hex(const Token& dir) {
    if (cur_.kind != Tok::hex) {
      err(cur_, "genome.text-syntax", "`" + std::string(dir.text) + "` needs a hex block <...>");
      skip_to_directive();
      return false;
    }
    advance();
    return true;
  }

  // name=value; returns false (after an error) when the shape is wrong.
  bool assignment(Token& name) {
    if (cur_.kind != Tok::word) {
      err(cur_, "genome.text-syntax", "expected a field `name=value`, found " + describe(cur_));
      advance();
      return false;
    }
    name = cur_;
    advance();
    if (cur_.kind != Tok::equals) {
      err(cur_, "genome.text-syntax", "expected `=` after `" + std::string(name.text) + "`");
      return false;
    }
    advance();
    return true;
  }

  std::optional<unsigned> number(const Token& t, unsigned max, const char* what) {
    if (t.kind != Tok::word) {
      err(t, "genome.text-value", std::string(what) + " needs a number, found " + describe(t));
      return std::nullopt;
    }
    auto v = parse_int(t.text);
    if (!v || *v < 0 || *v > std::int64_t(max)) {
      err(t, "genome.text-value",
          "`" + std::string(t.text) + "` is not a valid " + what + " (a number from 0 to " +
              std::to_string(max) + ")");
      return std::nullopt;
    }
    return unsigned(*v);
  }

  std::optional<unsigned> symbol_or_number(const Token& t, const SymbolTable* syms, unsigned max,
                                           const char* what) {
    if (t.kind == Tok::word && syms) {
      int s = syms->find(t.text);
      if (s >= 0) return unsigned(s);
    }
    if (t.kind == Tok::word && !t.text.empty() && !(t.text[0] >= '0' && t.text[0] <= '9') && syms) {
      std::string names;
      for (unsigned i = 0; i < syms->count; ++i)
        if (!syms->name(i).empty()) names += (names.empty() ? "" : ", ") + std::string(syms->name(i));
      err(t, "genome.text-value",
          "unknown name `" + std::string(t.text) + "` for " + what + " (known: " + names + ")");
      return std::nullopt;
    }
    return number(t, max, what);
  }

  std::optional<unsigned> flag_bits(const Token& t, const SymbolTable& syms, const char* what) {
    if (t.kind != Tok::word) {
      err(t, "genome.text-value", std::string(what) + " needs flag names joined by + or a number");
      return std::nullopt;
    }
    if (!t.text.empty() && t.text[0] >= '0' && t.text[0] <= '9') return number(t, 255, what);
    unsigned bits = 0;
    std::size_t start = 0;
    std::string_view s = t.text;
    while (start <= s.size()) {
      std::size_t plus = s.find('+', start);
      std::string_view part =
          s.substr(start, plus == std::string_view::npos ? std::string_view::npos : plus - start);
      int b = syms.find(part);
      if (b < 0 && part.size() == 4 && part.substr(0, 3) == "bit" && part[3] >= '0' && part[3] <= '7')
        b = part[3] - '0';
      if (b < 0) {
        Token at = t;
        at.pos += start;
        std::string names;
        for (unsigned i = 0; i < syms.count; ++i)
          if (!syms.name(i).empty()) names += (names.empty() ? "" : ", ") + std::string(syms.name(i));
        err(at, "genome.text-value",
            "unknown flag `" + std::string(part) + "` in " + what + " (known: " + names + ")");
        return std::nullopt;
      }
      bits |= 1u << b;
      if (plus == std::string_view::npos) break;
      start = plus + 1;
    }
    return bits;
  }

  // Parses the value of data field `f` (cur_ is the first value token) into `data`.
  void field_value_into(const FieldDef& f, std::string& data) {
    Token t = cur_;
    switch (f.kind) {
      case FieldKind::u8: {
        advance();
        if (auto v = symbol_or_number(t, f.symbols, 255, f.name)) data[f.offset] = char(*v);
        return;
      }
      case FieldKind::u16be: {
        advance();
        if (auto v = number(t, 65535, f.name)) set_field_value(data, f, *v);
        return;
      }
      case FieldKind::flags8: {
        advance();
        if (auto v = flag_bits(t, *f.symbols, f.name)) data[f.offset] = char(*v);
        return;
      }
      case FieldKind::chars: {
        advance();
        if (t.kind != Tok::string) {
          err(t, "genome.text-value", std::string(f.name) + " needs a quoted string, found " + describe(t));
          return;
        }
        if (t.value.size() > f.size) {
          err(t, "genome.text-value",
              std::string(f.name) + " holds at most " + std::to_string(f.size) +
                  " characters, this string has " + std::to_string(t.value.size()));
          return;
        }
        data.replace(f.offset, t.value.size(), t.value);
        return;
      }
      case FieldKind::bytes: {
        advance();
        if (t.kind != Tok::hex) {
          err(t, "genome.text-value", std::string(f.name) + " needs a hex block <...>, found " + describe(t));
          return;
        }
        if (t.value.size() > f.size) {
          err(t, "genome.text-value",
              std::string(f.name) + " holds " + std::to_string(f.size) + " bytes, this block has " +
                  std::to_string(t.value.size()));
          return;
        }
        data.replace(f.offset, t.value.size(), t.value);
        return;
      }
      case FieldKind::svrule:
      case FieldKind::table: {
        if (t.kind != Tok::lbracket) {
          advance();
          err(t, "genome.text-value", std::string(f.name) + " needs a list [ ... ], found " + describe(t));
          return;
        }
        advance();
        std::size_t n = 0;
        while (cur_.kind != Tok::rbracket) {
          if (cur_.kind == Tok::end || is_directive(cur_) || cur_.kind != Tok::word) {
            err(cur_, "genome.text-syntax", std::string("the list of ") + f.name + " is not closed with `]`");
            return;
          }
          Token item = cur_;
          advance();
          if (n >= f.size) {
            err(item, "genome.text-value",
                std::string(f.name) + " has room for " + std::to_string(f.size) + " entries; this is entry " +
                    std::to_string(n + 1));
            ++n;
            continue;
          }
          std::optional<unsigned> v;
          if (f.kind == FieldKind::table) {
            v = number(item, 255, f.name);
          } else {
            int s = f.symbols->find(item.text);
            if (s >= 0)
              v = unsigned(s);
            else if (item.text.size() > 1 && item.text[0] == '?') {
              Token num = item;
              num.text.remove_prefix(1);
              num.pos += 1;
              v = number(num, 255, "opcode");
            } else {
              err(item, "genome.text-value",
                  "unknown SVRule opcode `" + std::string(item.text) +
                      "` (see docs/creatures-genome.md; write ?N for a raw byte)");
            }
          }
          if (v) data[f.offset + n] = char(*v);
          ++n;
        }
        advance();  // ]
        return;
      }
    }
  }

  void gene(Builder& b, const Token& dir) {
    Gene h;
    const GeneLayout* layout = nullptr;
    bool have_type = false, have_subtype = false;
    if (cur_.kind == Tok::word && !is_directive(cur_) && find_layout(v_, cur_.text)) {
      layout = find_layout(v_, cur_.text);
      h.type = layout->type;
      h.subtype = layout->subtype;
      advance();
    } else if (cur_.kind == Tok::word && cur_.text != "type") {
      std::string names;
      for (const auto& l : layouts(v_)) names += (names.empty() ? "" : ", ") + std::string(l.name);
      err(cur_, "genome.text-unknown-kind",
          "unknown gene kind `" + std::string(cur_.text) + "` for " + std::string(to_string(v_)) +
              " (known: " + names + "; or give type=N subtype=N)");
      skip_to_directive();
      return;
    }
    std::string data;
    if (layout) data.assign(layout->data_size, '\0');
    bool have_data = false, have_fields = false;
    std::optional<Token> data_tok, first_field;
    std::vector<std::string_view> seen;
    while (cur_.kind != Tok::end && !is_directive(cur_)) {
      Token name;
      if (!assignment(name)) {
        // resync: drop tokens until something that looks like a new field or directive
        while (cur_.kind != Tok::end && !is_directive(cur_) && cur_.kind != Tok::word) advance();
        continue;
      }
      for (auto s : seen)
        if (s == name.text)
          err(name, "genome.text-duplicate-field", "`" + std::string(name.text) + "` is given twice");
      seen.push_back(name.text);
      Token val = cur_;
      std::string_view n = name.text;
      if (n == "type" || n == "subtype") {
        advance();
        if (layout) {
          err(name, "genome.text-syntax", "`" + std::string(n) + "` is implied by the gene kind; remove it");
          continue;
        }
        if (auto v = number(val, 255, n == "type" ? "type" : "subtype")) {
          if (n == "type") {
            h.type = std::uint8_t(*v);
            have_type = true;
          } else {
            h.subtype = std::uint8_t(*v);
            have_subtype = true;
          }
        }
      } else if (n == "id") {
        advance();
        if (auto v = number(val, 255, "id")) h.id = std::uint8_t(*v);
      } else if (n == "gen") {
        advance();
        if (auto v = number(val, 255, "generation")) h.generation = std::uint8_t(*v);
      } else if (n == "stage") {
        advance();
        if (auto v = symbol_or_number(val, &stage_names(), 255, "stage")) h.switch_on = std::uint8_t(*v);
      } else if (n == "flags") {
        advance();
        if (auto v = flag_bits(val, gene_flag_names(), "flags")) h.flags = std::uint8_t(*v);
      } else if (n == "mutability" && v_ != Version::c1) {
        advance();
        if (auto v = number(val, 255, "mutability")) h.mutability = std::uint8_t(*v);
      } else if (n == "variant" && v_ == Version::c3) {
        advance();
        if (auto v = number(val, 255, "variant")) h.variant = std::uint8_t(*v);
      } else if (n == "data") {
        advance();
        have_data = true;
        data_tok = name;
        if (val.kind != Tok::hex)
          err(val, "genome.text-value", "data needs a hex block <...>, found " + describe(val));
        else
          data = val.value;
      } else {
        const FieldDef* f = nullptr;
        if (layout)
          for (const auto& fd : layout->fields)
            if (n == fd.name) f = &fd;
        if (!f) {
          err(name, "genome.text-unknown-field",
              "unknown field `" + std::string(n) + "` for a " + (layout ? std::string(layout->name) : "raw") +
                  " gene" + (layout ? "" : " (give its bytes with data=<...>)"));
          advance();
          if (val.kind == Tok::lbracket)
            while (cur_.kind != Tok::end && !is_directive(cur_) && last_.kind != Tok::rbracket) advance();
          continue;
        }
        have_fields = true;
        if (!first_field) first_field = name;
        if (!have_data)
          field_value_into(*f, data);
        else
          field_value_into(*f, scratch_ = std::string(layout->data_size, '\0'));
      }
    }
    if (!layout && !(have_type && have_subtype))
      err(dir, "genome.text-syntax", "a gene needs a kind (e.g. `gene lobe`) or type=N subtype=N");
    if (have_data && have_fields)
      err(*first_field, "genome.text-syntax", "a gene gives either named fields or data=<...>, not both");
    if (!layout && !have_data && have_type && have_subtype) {
      const GeneLayout* l = find_layout(v_, h.type, h.subtype);
      if (l) data.assign(l->data_size, '\0');
    }
    b.gene(h, data);
  }

  void tail(Builder& b) {
    if (cur_.kind == Tok::hex) {
      b.tail(cur_.value);
      advance();
      return;
    }
    Token name;
    if (cur_.kind == Tok::word && cur_.text == "zeros") {
      if (!assignment(name)) return;
      Token val = cur_;
      advance();
      if (auto v = number(val, 1u << 26, "zero count")) b.tail(std::string(*v, '\0'));  // 64 MB at most
      return;
    }
    err(cur_, "genome.text-syntax", "`tail` needs a hex block <...> or zeros=N");
    skip_to_directive();
  }

  LineIndex li_;
  Lexer lex_;
  Diagnostics& d_;
  Token cur_, last_;
  Version v_ = Version::unknown;
  std::string scratch_;
};

}  // namespace

bool assemble(std::string_view text, std::string& bytes, Diagnostics& diags) {
  Assembler a(text, diags);
  return a.run(bytes);
}

}  // namespace genokit::genome
