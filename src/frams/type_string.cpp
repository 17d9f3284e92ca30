// Property type strings (SDK r909 rules, notes §6.4): type[hints] [min max [default]] [~labels]
#include <cctype>
#include <string>

#include "genokit/core/numbers.hpp"
#include "genokit/core/text.hpp"
#include "genokit/frams/schema.hpp"

namespace genokit::frams {
namespace {

// Blanks between the parts of a type string are spaces and tabs; at its end any C whitespace.
constexpr Blanks kInside = Blanks::space_tab;

bool valid_class_name(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_')) return false;
  return true;
}

// A type token inside a procedure signature: d f s x o oClass (and l/e for completeness).
bool valid_value_type(std::string_view t) {
  if (t.empty()) return false;
  if (t.size() == 1) return std::string_view("dfsxole").find(t[0]) != std::string_view::npos;
  return t[0] == 'o' && valid_class_name(t.substr(1));
}

bool fail(std::string* error, std::string msg) {
  if (error) *error = std::move(msg);
  return false;
}

bool parse_signature(std::string_view s, PropType& out, std::string* error) {
  // s starts after 'p' and its blanks; expected: [RET](ARG [name], ...)
  std::size_t open = s.find('(');
  if (open == std::string_view::npos)
    return fail(error, "procedure signature without '(': \"" + std::string(s) + "\"");
  std::size_t close = s.rfind(')');
  if (close == std::string_view::npos || close < open)
    return fail(error, "procedure signature without ')': \"" + std::string(s) + "\"");
  if (!trim_right(s.substr(close + 1)).empty())
    return fail(error, "unexpected text after ')' in procedure signature: \"" +
                           std::string(s.substr(close + 1)) + "\"");
  out.has_signature = true;
  std::string_view ret = trim_right(trim_left(s.substr(0, open), kInside));
  if (!ret.empty() && !valid_value_type(ret))
    return fail(error, "unknown return type '" + std::string(ret) + "' in procedure signature");
  out.return_type = std::string(ret);
  std::string_view args = s.substr(open + 1, close - open - 1);
  if (trim_right(trim_left(args, kInside)).empty()) return true;
  std::size_t start = 0;
  while (true) {
    std::size_t comma = args.find(',', start);
    std::string_view a = trim_right(
        trim_left(args.substr(start, comma == std::string_view::npos ? comma : comma - start), kInside));
    std::size_t sp = a.find_first_of(" \t");
    ProcArg pa;
    pa.type = std::string(a.substr(0, sp));
    if (sp != std::string_view::npos) pa.name = std::string(trim_left(a.substr(sp), kInside));
    if (!valid_value_type(pa.type))
      return fail(error, "unknown argument type '" + pa.type + "' in procedure signature");
    out.args.push_back(std::move(pa));
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return true;
}

}  // namespace

bool parse_type(std::string_view text, PropType& out, std::string* error) {
  out = PropType{};
  text = trim_right(text);
  if (text.empty()) return fail(error, "the type is empty");
  const char base = text[0];
  if (std::string_view("dfsxople").find(base) == std::string_view::npos)
    return fail(error, std::string("unknown type letter '") + base + "' (expected d, f, s, x, o or p)");
  out.base = base;
  std::string_view rest = text.substr(1);
  if (base == 'o') {
    std::size_t end = 0;
    while (end < rest.size() && !is_blank(rest[end], kInside)) ++end;
    out.object_class = std::string(rest.substr(0, end));
    if (!out.object_class.empty() && !valid_class_name(out.object_class))
      return fail(error, "invalid class name '" + out.object_class + "' after 'o'");
    if (!trim_left(rest.substr(end), kInside).empty())
      return fail(error, "unexpected text after the object type: \"" +
                             std::string(trim_left(rest.substr(end), kInside)) +
                             "\" (the class name follows 'o' without a blank, e.g. oNeuroClass)");
    return true;
  }
  if (base == 'p') {
    std::string_view sig = trim_left(rest, kInside);
    if (sig.empty()) return true;
    return parse_signature(sig, out, error);
  }
  // display-hint letters right after the type letter (dc, ft, db, ...)
  std::size_t h = 0;
  while (h < rest.size() && std::isalpha(static_cast<unsigned char>(rest[h]))) ++h;
  out.hints = std::string(rest.substr(0, h));
  rest = rest.substr(h);
  if (!rest.empty() && !is_blank(rest[0], kInside) && rest[0] != '~')
    return fail(error, "unexpected character '" + std::string(1, rest[0]) + "' after the type letter");
  // labels: everything after the first '~'
  std::size_t tilde = rest.find('~');
  std::string_view nums = rest.substr(0, tilde);
  if (tilde != std::string_view::npos) {
    if (base != 'd' && base != 's')
      return fail(error, "enum labels (~...) are only allowed for 'd' and 's' types");
    std::string_view l = rest.substr(tilde + 1);
    std::size_t start = 0;
    while (true) {
      std::size_t t2 = l.find('~', start);
      out.labels.emplace_back(l.substr(start, t2 == std::string_view::npos ? t2 : t2 - start));
      if (t2 == std::string_view::npos) break;
      start = t2 + 1;
    }
  }
  nums = trim_left(nums, kInside);
  if (base == 'x' || base == 'l' || base == 'e') {
    if (!trim_right(nums).empty())
      return fail(error, "unexpected text after the type: \"" + std::string(trim_right(nums)) + "\"");
    return true;
  }
  // up to 3 numbers (for 's' the third one is the default text)
  for (int k = 0; k < 3; ++k) {
    nums = trim_left(nums, kInside);
    if (nums.empty()) break;
    if (base == 's' && k == 2) {
      out.has_default = true;
      out.default_text = std::string(trim_right(nums));
      nums = {};
      break;
    }
    double v = 0;
    std::size_t used = 0;
    if (base == 'd' || base == 's') {
      std::int64_t iv = 0;
      used = parse_int_prefix(nums, iv);
      v = double(iv);
    } else {
      used = parse_double_prefix(nums, v);
    }
    if (used == 0 || (used < nums.size() && !is_blank(nums[used], kInside)))
      return fail(error, "expected a number in the type, found \"" + std::string(trim_right(nums)) + "\"");
    if (k == 0) out.has_min = true, out.min = v;
    if (k == 1) out.has_max = true, out.max = v;
    if (k == 2) out.has_default = true, out.default_text = std::string(nums.substr(0, used));
    nums = nums.substr(used);
  }
  if (!trim_right(trim_left(nums, kInside)).empty())
    return fail(error, "unexpected text after the numbers of the type: \"" +
                           std::string(trim_right(trim_left(nums, kInside))) + "\"");
  if (base == 's' && out.has_min && out.min != 0 && out.min != 1)
    return fail(error, "for 's' the first number must be 0 (single line) or 1 (multi-line)");
  if (base == 's' && out.has_max && out.max < 0) return fail(error, "negative maximum length");
  return true;
}

std::string format_type(const PropType& t) {
  std::string s(1, t.base);
  if (t.base == 'o') return s + t.object_class;
  if (t.base == 'p') {
    if (!t.has_signature) return s;
    s += ' ';
    s += t.return_type;
    s += '(';
    for (std::size_t i = 0; i < t.args.size(); ++i) {
      if (i) s += ',';
      s += t.args[i].type;
      if (!t.args[i].name.empty()) s += ' ' + t.args[i].name;
    }
    return s + ')';
  }
  s += t.hints;
  auto num = [&](double v) { return t.base == 'f' ? format_double(v) : std::to_string(std::int64_t(v)); };
  if (t.has_min) s += ' ' + num(t.min);
  if (t.has_max) s += ' ' + num(t.max);
  if (t.has_default) s += ' ' + t.default_text;
  if (!t.labels.empty()) {
    s += ' ';
    for (const auto& l : t.labels) s += '~' + l;
  }
  return s;
}

std::string describe_type(const PropType& t) {
  std::string s;
  switch (t.base) {
    case 'd':
      s = "integer";
      break;
    case 'f':
      s = "number";
      break;
    case 's':
      s = t.multiline_hint() ? "multi-line text" : "text";
      break;
    case 'x':
      return "any value";
    case 'o':
      return t.object_class.empty() ? "object" : "object of class " + t.object_class;
    case 'p': {
      if (!t.has_signature) return "procedure";
      s = "procedure (" + std::to_string(t.args.size()) + " argument(s)";
      if (!t.return_type.empty()) s += ", returns " + t.return_type;
      return s + ")";
    }
    default:
      return std::string("type ") + t.base;
  }
  if (t.hints.find('c') != std::string::npos && t.base == 'd') s = "colour " + s;
  if ((t.base == 'd' || t.base == 'f') && t.range_enforced())
    s += " " + format_double(t.min) + ".." + format_double(t.max);
  if (t.base == 's' && t.max_length()) s += " of at most " + std::to_string(t.max_length()) + " characters";
  if (t.has_default) s += " (default " + t.default_text + ")";
  if (!t.labels.empty()) s += ", " + std::to_string(t.labels.size()) + " labels";
  return s;
}

std::string describe_flags(std::uint32_t flags) {
  static const std::pair<std::uint32_t, const char*> names[] = {
      {kFlagReadonly, "readonly"},         {kFlagDontSave, "dontsave"},
      {kFlagUserReadonly, "userreadonly"}, {kFlagUserHidden, "userhidden"},
      {kFlagNoStatic, "nostatic"},         {kFlagConst, "const"},
      {kFlagCanOmitName, "canomitname"},   {kFlagDontLoad, "dontload"},
      {kFlagNoIsolation, "noisolation"},   {kFlagDeprecated, "deprecated"},
      {kFlagLineComment, "linecomment"},   {kFlagObjectSet, "objectset"},
  };
  std::string s;
  std::uint32_t known = 0;
  for (auto& [bit, name] : names) {
    known |= bit;
    if (flags & bit) s += (s.empty() ? "" : "|") + std::string(name);
  }
  for (std::uint32_t bit = 1; bit; bit <<= 1)
    if ((flags & bit) && !(known & bit)) s += (s.empty() ? "" : "|") + ("bit" + std::to_string(bit));
  return s;
}

}  // namespace genokit::frams
