// Values of the genome text form (text_values.hpp).
#include "genome/text_values.hpp"

#include "genokit/core/numbers.hpp"

namespace genokit::genome::detail {
namespace {

bool starts_with_digit(std::string_view s) {
  return !s.empty() && s[0] >= '0' && s[0] <= '9';
}

// A string (chars) or hex block (bytes) copied to the start of the field; the rest stays zero.
void read_block(Cursor& c, const Token& t, const FieldDef& f, std::string& data) {
  const bool chars = f.kind == FieldKind::chars;
  if (t.kind != (chars ? Tok::string : Tok::hex)) {
    c.error(t, "genome.text-value",
            std::string(f.name) +
                (chars ? " needs a quoted string, found " : " needs a hex block <...>, found ") +
                describe(t));
    return;
  }
  if (t.value.size() > f.size) {
    c.error(t, "genome.text-value",
            std::string(f.name) + (chars ? " holds at most " : " holds ") + std::to_string(f.size) +
                (chars ? " characters, this string has " : " bytes, this block has ") +
                std::to_string(t.value.size()));
    return;
  }
  data.replace(f.offset, t.value.size(), t.value);
}

// One entry of an SVRule: an opcode name or ?N.
std::optional<unsigned> opcode(Cursor& c, const Token& item, const SymbolTable& syms) {
  int s = syms.find(item.text);
  if (s >= 0) return unsigned(s);
  if (item.text.size() > 1 && item.text[0] == '?') {
    Token num = item;
    num.text.remove_prefix(1);
    num.pos += 1;
    return number(c, num, 255, "opcode");
  }
  c.error(item, "genome.text-value",
          "unknown SVRule opcode `" + std::string(item.text) +
              "` (see docs/creatures-genome.md; write ?N for a raw byte)");
  return std::nullopt;
}

// [a b c]: an SVRule (opcode names) or a table (numbers), padded with zeros.
void read_list(Cursor& c, const FieldDef& f, std::string& data) {
  const Token& open = c.cur();
  if (open.kind != Tok::lbracket) {
    Token t = open;
    c.advance();
    c.error(t, "genome.text-value", std::string(f.name) + " needs a list [ ... ], found " + describe(t));
    return;
  }
  c.advance();
  std::size_t n = 0;
  while (c.cur().kind != Tok::rbracket) {
    if (c.cur().kind != Tok::word || is_directive(c.cur())) {
      c.error(c.cur(), "genome.text-syntax",
              std::string("the list of ") + f.name + " is not closed with `]`");
      return;
    }
    Token item = c.cur();
    c.advance();
    if (n >= f.size) {
      c.error(item, "genome.text-value",
              std::string(f.name) + " has room for " + std::to_string(f.size) + " entries; this is entry " +
                  std::to_string(n + 1));
      ++n;
      continue;
    }
    auto v = f.kind == FieldKind::table ? number(c, item, 255, f.name) : opcode(c, item, *f.symbols);
    if (v) data[f.offset + n] = char(*v);
    ++n;
  }
  c.advance();  // ]
}

}  // namespace

std::string known_names(const SymbolTable& syms) {
  std::string names;
  for (unsigned i = 0; i < syms.count; ++i)
    if (!syms.name(i).empty()) names += (names.empty() ? "" : ", ") + std::string(syms.name(i));
  return names;
}

std::optional<unsigned> number(Cursor& c, const Token& t, unsigned max, const char* what) {
  if (t.kind != Tok::word) {
    c.error(t, "genome.text-value", std::string(what) + " needs a number, found " + describe(t));
    return std::nullopt;
  }
  auto v = parse_int(t.text);
  if (!v || *v < 0 || *v > std::int64_t(max)) {
    c.error(
        t, "genome.text-value",
        backticked(t.text) + " is not a valid " + what + " (a number from 0 to " + std::to_string(max) + ")");
    return std::nullopt;
  }
  return unsigned(*v);
}

std::optional<unsigned> symbol_or_number(Cursor& c, const Token& t, const SymbolTable* syms, unsigned max,
                                         const char* what) {
  if (t.kind == Tok::word && syms) {
    int s = syms->find(t.text);
    if (s >= 0) return unsigned(s);
    if (!starts_with_digit(t.text)) {
      c.error(
          t, "genome.text-value",
          "unknown name `" + std::string(t.text) + "` for " + what + " (known: " + known_names(*syms) + ")");
      return std::nullopt;
    }
  }
  return number(c, t, max, what);
}

std::optional<unsigned> flag_bits(Cursor& c, const Token& t, const SymbolTable& syms, const char* what) {
  if (t.kind != Tok::word) {
    c.error(t, "genome.text-value", std::string(what) + " needs flag names joined by + or a number");
    return std::nullopt;
  }
  if (starts_with_digit(t.text)) return number(c, t, 255, what);
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
      c.error(at, "genome.text-value",
              "unknown flag `" + std::string(part) + "` in " + what + " (known: " + known_names(syms) + ")");
      return std::nullopt;
    }
    bits |= 1u << b;
    if (plus == std::string_view::npos) break;
    start = plus + 1;
  }
  return bits;
}

void read_field(Cursor& c, const FieldDef& f, std::string& data) {
  if (f.kind == FieldKind::svrule || f.kind == FieldKind::table) return read_list(c, f, data);
  const Token t = c.cur();
  c.advance();
  std::optional<unsigned> v;
  switch (f.kind) {
    case FieldKind::u8:
      v = symbol_or_number(c, t, f.symbols, 255, f.name);
      break;
    case FieldKind::u16be:
      v = number(c, t, 65535, f.name);
      break;
    case FieldKind::flags8:
      v = flag_bits(c, t, *f.symbols, f.name);
      break;
    default:
      return read_block(c, t, f, data);
  }
  if (v) set_field_value(data, f, *v);
}

}  // namespace genokit::genome::detail
