// f1 genes for the genetic operators (genes.hpp): the scan, text edits, the number format.
#include "f1/genes.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "frams/sdk_number.hpp"
#include "genokit/core/text.hpp"
#include "genokit/frams/sdk_random.hpp"

namespace genokit::f1::genes {
namespace {

bool layout_blank(char c) {
  return is_blank(c, Blanks::layout);
}
bool token_blank(char c) {
  return is_blank(c, Blanks::space);
}
bool is_digit(char c) {
  return c >= '0' && c <= '9';
}
bool is_upper(char c) {
  return c >= 'A' && c <= 'Z';
}
bool is_lower(char c) {
  return c >= 'a' && c <= 'z';
}

// [b, e) without blanks at either end.
void trim_range(std::string_view g, std::uint32_t& b, std::uint32_t& e) {
  while (b < e && token_blank(g[b])) ++b;
  while (e > b && token_blank(g[e - 1])) --e;
}

// One token [b, e) with its last ':' (kNone: none), classified as the converter reads it.
Token classify(std::string_view g, std::uint32_t b, std::uint32_t e, std::uint32_t colon, bool old_style,
               bool& class_set, Bracket& br) {
  Token t;
  t.begin = b, t.end = e;
  if (colon == kNone) {
    std::uint32_t nb = b, ne = e;
    trim_range(g, nb, ne);
    t.name_begin = nb, t.name_end = ne;
    t.value_begin = t.value_end = ne;
    if (nb == ne) {
      t.kind = TokenKind::blank;
    } else if (!old_style && !class_set) {
      t.kind = TokenKind::class_name;
      class_set = true;
      br.class_name = g.substr(nb, ne - nb);
    } else {
      t.kind = TokenKind::other;
    }
    return t;
  }
  std::uint32_t nb = b;
  while (nb < colon && token_blank(g[nb])) ++nb;
  t.name_begin = nb, t.name_end = colon;
  std::uint32_t vb = colon + 1, ve = e;
  trim_range(g, vb, ve);
  t.value_begin = vb, t.value_end = ve;
  if (nb == colon) {
    t.kind = TokenKind::other;
    return t;
  }
  const char c0 = g[nb];
  if (is_digit(c0) || c0 == '-') {
    std::uint32_t ne = colon;
    trim_range(g, nb, ne);
    t.name_begin = nb, t.name_end = ne;
    t.kind = TokenKind::connection;
    if (const auto v = frams::sdk::parse_int(g.substr(nb, ne - nb));
        v && v->overflow == frams::sdk::IntValue::Overflow::none) {
      t.offset = v->value;
      t.offset_ok = true;
    }
  } else if (is_upper(c0) || c0 == '*' || c0 == '|' || c0 == '@') {
    t.kind = TokenKind::receptor;
  } else if (c0 == '>' && colon - nb >= 2) {
    t.kind = TokenKind::output;
  } else if (c0 == '!' || c0 == '=' || c0 == '/') {
    t.kind = TokenKind::property;
    t.prop = c0 == '!' ? "fo" : c0 == '=' ? "in" : "si";
  } else if (is_lower(c0) && !token_blank(g[colon - 1])) {
    t.kind = TokenKind::property;
    t.prop = g.substr(nb, colon - nb);
  } else {
    t.kind = TokenKind::other;
  }
  return t;
}

// The bracket at `open`; returns its closer's position (or the text's end).
std::uint32_t scan_bracket(std::string_view g, std::uint32_t open, Index& ix) {
  const auto n = static_cast<std::uint32_t>(g.size());
  Bracket br;
  br.open = open;
  std::uint32_t close = open + 1;
  while (close < n && g[close] != ']' && g[close] != ')') ++close;
  br.close = close;
  std::uint32_t p = open + 1;
  while (p < close && token_blank(g[p])) ++p;
  if (p < close && (g[p] == '|' || g[p] == '@') && !(p + 1 < n && g[p + 1] == ':')) {
    std::uint32_t c2 = p + 1;
    while (c2 < n && token_blank(g[c2])) ++c2;
    br.old_style = c2 >= n || (g[c2] != ',' && g[c2] != ']');
  }
  br.body = br.old_style ? p + 1 : open + 1;
  br.first_token = static_cast<std::uint32_t>(ix.tok.size());
  bool class_set = false;
  for (std::uint32_t s = br.body;;) {
    std::uint32_t e = s, colon = kNone;
    for (; e < close && g[e] != ','; ++e)
      if (g[e] == ':') colon = e;
    ix.tok.push_back(classify(g, s, e, colon, br.old_style, class_set, br));
    if (e >= close) break;
    s = e + 1;
  }
  br.tokens = static_cast<std::uint32_t>(ix.tok.size()) - br.first_token;
  if (br.old_style) br.class_name = "N";
  br.cls = f0::find_neuron_class(br.class_name);
  br.stick = static_cast<int>(ix.sticks.size()) - 1;
  ix.br.push_back(br);
  return close;
}

}  // namespace

void Index::clear() {
  sym.clear(), br.clear(), tok.clear(), sticks.clear(), run_end.clear(), stick_of_symbol.clear();
}

void scan(std::string_view g, Index& ix) {
  ix.clear();
  const auto n = static_cast<std::uint32_t>(g.size());
  std::vector<int> open;  // '(' symbols not closed yet
  int level = 0;
  int run = -1;  // the stick whose run (X and brackets right after it) is still open
  auto push = [&](std::uint32_t i, char c, int lv, int match) {
    ix.sym.push_back({i, c, lv, match});
    ix.stick_of_symbol.push_back(-1);
  };
  for (std::uint32_t i = 0; i < n; ++i) {
    const char c = g[i];
    if (c == '[') {
      const std::uint32_t close = scan_bracket(g, i, ix);
      if (run >= 0) ix.run_end[static_cast<std::size_t>(run)] = std::min(close + 1, n);
      i = close;
      continue;
    }
    if (layout_blank(c)) continue;
    run = -1;
    if (c == 'X') {
      push(i, c, level, -1);
      ix.stick_of_symbol.back() = static_cast<int>(ix.sticks.size());
      ix.sticks.push_back(static_cast<int>(ix.sym.size()) - 1);
      ix.run_end.push_back(i + 1);
      run = static_cast<int>(ix.sticks.size()) - 1;
    } else if (is_modifier(c)) {
      push(i, c, level, -1);
    } else if (c == '(') {
      push(i, c, level, -1);
      open.push_back(static_cast<int>(ix.sym.size()) - 1);
      ++level;
    } else if (c == ',') {
      push(i, c, open.empty() ? 0 : level, open.empty() ? -1 : open.back());
    } else if (c == ')') {
      if (open.empty()) {
        push(i, c, 0, -1);
      } else {
        const int m = open.back();
        open.pop_back();
        ix.sym[static_cast<std::size_t>(m)].match = static_cast<int>(ix.sym.size());
        push(i, c, level, m);
        --level;
      }
    }
  }
}

bool parse_value(std::string_view text, double& v) {
  const auto d = frams::sdk::parse_double(trim(text, Blanks::space));
  if (!d || !std::isfinite(*d)) return false;
  v = *d;
  return true;
}

std::string apply(std::string_view g, std::vector<Edit>& edits, std::size_t& changed) {
  std::stable_sort(edits.begin(), edits.end(), [](const Edit& a, const Edit& b) {
    return a.pos != b.pos ? a.pos < b.pos : a.erase < b.erase;
  });
  std::string out;
  out.reserve(g.size() + 32);
  std::size_t cursor = 0;
  changed = 0;
  for (const Edit& e : edits) {
    const std::size_t pos = std::clamp<std::size_t>(e.pos, cursor, g.size());
    out.append(g.substr(cursor, pos - cursor));
    out += e.insert;
    cursor = std::min(g.size(), pos + e.erase);
    changed += e.erase + e.insert.size();
  }
  out.append(g.substr(cursor));
  return out;
}

std::string format3(double v) {
  const double r = frams::round3(v);
  if (r == 0 || !std::isfinite(r)) return "0";
  char buf[400];
  std::snprintf(buf, sizeof buf, "%.3f", r);
  std::string s(buf);
  while (!s.empty() && s.back() == '0') s.pop_back();
  if (!s.empty() && s.back() == '.') s.pop_back();
  return s;
}

std::string format_value(char type, double v) {
  if (type == 'd') return std::to_string(static_cast<long long>(std::llround(v)));
  return format3(v);
}

std::string with_name(std::string_view g, const Token& t, std::string_view name) {
  std::string s(g.substr(t.begin, t.name_begin - t.begin));
  s += name;
  s += g.substr(t.name_end, t.end - t.name_end);
  return s;
}

std::string with_value(std::string_view g, const Token& t, std::string_view value) {
  std::string s(g.substr(t.begin, t.value_begin - t.begin));
  s += value;
  s += g.substr(t.value_end, t.end - t.value_end);
  return s;
}

void renumber(std::string_view g, const Index& ix, int at, int delta, std::vector<Edit>& edits) {
  auto moved = [&](int i) { return delta > 0 ? i + (i >= at ? 1 : 0) : i - (i > at ? 1 : 0); };
  const int nb = static_cast<int>(ix.br.size());
  for (int i = 0; i < nb; ++i) {
    if (delta < 0 && i == at) continue;
    const Bracket& b = ix.br[static_cast<std::size_t>(i)];
    const int ni = moved(i);
    bool touched = false;
    for (std::uint32_t t = b.first_token; t < b.first_token + b.tokens && !touched; ++t) {
      const Token& k = ix.tok[t];
      if (k.kind != TokenKind::connection || !k.offset_ok) continue;
      const int s = i + k.offset;
      touched = (delta < 0 && s == at) || moved(s) - ni != k.offset;
    }
    if (!touched) continue;
    edits.push_back(rebuild_bracket(g, ix, i, [&](std::uint32_t t, std::string& text) {
      const Token& k = ix.tok[t];
      if (k.kind != TokenKind::connection || !k.offset_ok) return true;
      const int s = i + k.offset;
      if (delta < 0 && s == at) return false;
      const int off = moved(s) - ni;
      if (off != k.offset) text = with_name(g, k, std::to_string(off));
      return true;
    }));
  }
}

}  // namespace genokit::f1::genes
