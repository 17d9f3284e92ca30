// Text-form spellings of header and data fields, shared by the text form, the summary, JSON and
// the diff.
#include <string>

#include "genokit/genome/text.hpp"
#include "genome/format.hpp"

namespace genokit::genome {
namespace detail {
namespace {

const char kHex[] = "0123456789abcdef";

void append_quoted(std::string& out, std::string_view s) {
  out += '"';
  for (char ch : s) {
    auto c = static_cast<unsigned char>(ch);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += ch;
    } else if (c < 0x20 || c >= 0x7F) {
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 15];
    } else {
      out += ch;
    }
  }
  out += '"';
}

}  // namespace

void append_hex(std::string& out, std::string_view b, std::size_t wrap, const char* indent) {
  for (std::size_t i = 0; i < b.size(); ++i) {
    if (wrap && i && i % wrap == 0) {
      out += '\n';
      out += indent;
    }
    auto c = static_cast<unsigned char>(b[i]);
    out += kHex[c >> 4];
    out += kHex[c & 15];
  }
}

std::string_view trim_zeros(std::string_view b) {
  while (!b.empty() && b.back() == 0) b.remove_suffix(1);
  return b;
}

std::string opcode_name(const SymbolTable& opcodes, unsigned c) {
  std::string_view n = opcodes.name(c);
  if (!n.empty()) return std::string(n);
  std::string s = "?";  // += rather than "?" + ...: GCC 12 gives a false -Wrestrict warning
  s += std::to_string(c);
  return s;
}

std::string one_line(std::string_view caption) {
  std::string s(caption);
  for (char& c : s)
    if (c == '\n' || c == '\r') c = ' ';
  return s;
}

}  // namespace detail

using detail::append_hex;
using detail::trim_zeros;

std::string format_flags(unsigned bits, const SymbolTable& names) {
  if (bits == 0) return "0";
  std::string s;
  for (unsigned b = 0; b < 8; ++b) {
    if (!(bits & (1u << b))) continue;
    if (!s.empty()) s += '+';
    std::string_view n = names.name(b);
    if (n.empty())
      s += "bit" + std::to_string(b);
    else
      s += n;
  }
  return s;
}

std::string format_stage(unsigned stage) {
  std::string_view n = stage_names().name(stage);
  return n.empty() ? std::to_string(stage) : std::string(n);
}

std::string gene_kind(const Gene& g) {
  if (g.layout) return g.layout->name;
  return "type" + std::to_string(g.type) + "." + std::to_string(g.subtype);
}

std::string format_field(const FieldDef& f, std::string_view data) {
  std::string out;
  std::string_view bytes =
      std::size_t(f.offset) < data.size() ? data.substr(f.offset, f.size) : std::string_view();
  switch (f.kind) {
    case FieldKind::u8: {
      unsigned v = field_value(data, f);
      std::string_view n = f.symbols ? f.symbols->name(v) : std::string_view();
      return n.empty() ? std::to_string(v) : std::string(n);
    }
    case FieldKind::u16be:
      return std::to_string(field_value(data, f));
    case FieldKind::flags8:
      return format_flags(field_value(data, f), *f.symbols);
    case FieldKind::chars:
      detail::append_quoted(out, trim_zeros(bytes));
      return out;
    case FieldKind::svrule: {
      out += '[';
      std::string_view t = trim_zeros(bytes);
      for (std::size_t i = 0; i < t.size(); ++i) {
        if (i) out += ' ';
        out += detail::opcode_name(*f.symbols, static_cast<unsigned char>(t[i]));
      }
      out += ']';
      return out;
    }
    case FieldKind::table: {
      out += '[';
      std::string_view t = trim_zeros(bytes);
      for (std::size_t i = 0; i < t.size(); ++i) {
        if (i) out += (i % 32 == 0) ? "\n    " : " ";
        out += std::to_string(static_cast<unsigned char>(t[i]));
      }
      out += ']';
      return out;
    }
    case FieldKind::bytes:
      out += '<';
      append_hex(out, trim_zeros(bytes));
      out += '>';
      return out;
  }
  return out;
}

}  // namespace genokit::genome
