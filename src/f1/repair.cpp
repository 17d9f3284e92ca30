// f1 repair, GenMan's validate (genokit/f1/operators.hpp): two passes over the genes. The first
// keeps only what the converter reads (the structure: text after a top-level ',' or ')' or after
// a branch group is dropped, open '(' and '[' are closed, stray ']' and characters f1 does not
// have go, neurons before the first stick go, modifiers acting on no stick go); the second cleans
// every neuron bracket token by token (unreadable or ignored tokens, connections to neurons that
// do not exist, values out of range clamped, the class name first).
#include <algorithm>
#include <cmath>

#include "f1/genes.hpp"
#include "genokit/core/text.hpp"
#include "genokit/f0/neuron_mutation.hpp"
#include "genokit/f1/operators.hpp"

namespace genokit::f1 {
namespace {

using namespace genes;

// The closer of the bracket at `open` (first ']' or ')'), or the text's end.
std::size_t closer(std::string_view g, std::size_t open) {
  const std::size_t c = g.find_first_of("])", open + 1);
  return c == std::string_view::npos ? g.size() : c;
}

// After a group's ')' the rest of the branch is ignored: the position of the ',' or ')' that ends
// it (nested groups and brackets skipped), or the text's end.
std::size_t skip_ignored(std::string_view g, std::size_t i) {
  int depth = 0;
  for (; i < g.size(); ++i) {
    const char c = g[i];
    if (c == '[') {
      i = closer(g, i);
      if (i < g.size() && g[i] == ')' && depth == 0) return i;  // (a ')' closer ends the branch)
    } else if (c == '(') {
      ++depth;
    } else if (c == ')') {
      if (depth == 0) return i;
      --depth;
    } else if (c == ',' && depth == 0) {
      return i;
    }
  }
  return g.size();
}

std::string structure(std::string_view g) {
  std::string out;
  out.reserve(g.size() + 4);
  int open = 0;  // groups not closed yet
  bool seen_x = false;
  for (std::size_t i = 0; i < g.size(); ++i) {
    const char c = g[i];
    if (c == 'X') {
      seen_x = true;
      out += c;
    } else if (is_modifier(c) || is_blank(c, Blanks::layout)) {
      out += c;
    } else if (c == '[') {
      const std::size_t q = closer(g, i);
      if (seen_x) {
        out.append(g.substr(i, q - i));
        out += ']';
      }
      i = q;
    } else if (c == '(') {
      ++open;
      out += c;
    } else if (c == ',' || c == ')') {
      if (open == 0) break;  // the converter stops reading here
      out += c;
      if (c == ')') {
        --open;
        i = skip_ignored(g, i + 1) - 1;
      }
    }
    // ']' outside a bracket and characters f1 does not have are dropped.
  }
  out.append(static_cast<std::size_t>(open), ')');
  return out;
}

// Modifiers that no X or '(' follows in their branch.
std::string without_dead_modifiers(const std::string& g, Index& ix) {
  scan(g, ix);
  std::vector<Edit> edits;
  int pending = -1;  // first modifier of the current run
  const int ns = static_cast<int>(ix.sym.size());
  for (int k = 0; k <= ns; ++k) {
    const char c = k < ns ? ix.sym[static_cast<std::size_t>(k)].c : '\0';
    if (is_modifier(c)) {
      if (pending < 0) pending = k;
      continue;
    }
    if (pending >= 0 && c != 'X' && c != '(')
      for (int j = pending; j < k; ++j) edits.push_back({ix.sym[static_cast<std::size_t>(j)].pos, 1, {}});
    pending = -1;
  }
  std::size_t changed = 0;
  return edits.empty() ? g : apply(g, edits, changed);
}

// A weight: the text itself when readable and within [lo, hi], else the clamped value;
// keep = false when unreadable.
std::string clean_number(std::string_view text, double lo, double hi, bool& keep) {
  double v = 0;
  keep = parse_value(text, v);
  if (!keep || (v >= lo && v <= hi)) return std::string(text);
  return format3(std::clamp(v, lo, hi));
}

// Bracket b rebuilt from its readable tokens, the class name first.
Edit clean_bracket(std::string_view g, const Index& ix, int b) {
  const Bracket& br = ix.br[static_cast<std::size_t>(b)];
  const int nb = static_cast<int>(ix.br.size());
  std::vector<std::string> kept;
  int class_at = -1;
  for (std::uint32_t t = br.first_token; t < br.first_token + br.tokens; ++t) {
    const Token& k = ix.tok[t];
    const std::string_view value = g.substr(k.value_begin, k.value_end - k.value_begin);
    std::string text(g.substr(k.begin, k.end - k.begin));
    bool keep = true;
    switch (k.kind) {
      case TokenKind::blank:
      case TokenKind::other:
        keep = false;
        break;
      case TokenKind::class_name:
        class_at = static_cast<int>(kept.size());
        break;
      case TokenKind::connection: {
        const int s = b + k.offset;
        keep = k.offset_ok && s >= 0 && s < nb;
        if (keep) {
          const std::string w = clean_number(value, -999999, 999999, keep);
          if (keep && w != value) text = with_value(g, k, w);
        }
        break;
      }
      case TokenKind::receptor: {
        const std::string w = clean_number(value, -999999, 999999, keep);
        if (keep && w != value) text = with_value(g, k, w);
        if (keep) {  // a blank at the name's end makes another class: trimmed
          const std::string_view name = g.substr(k.name_begin, k.name_end - k.name_begin);
          const std::string_view trimmed = trim(name, Blanks::space);
          if (trimmed.size() != name.size()) {
            text = std::string(g.substr(k.begin, k.name_begin - k.begin)) + std::string(trimmed) + ":" +
                   (w.empty() ? std::string(value) : w);
          }
        }
        break;
      }
      case TokenKind::output: {
        // The SDK reads the class name with the weight text's length (notes f1.md §7.4).
        const std::size_t name_len = k.name_end - k.name_begin - 1;
        const std::size_t raw_value = k.end - k.name_end - 1;
        keep = name_len == raw_value;
        break;
      }
      case TokenKind::property: {
        if (!br.cls) break;
        const int pi = f0::find_neuron_prop(*br.cls, k.prop);
        if (pi < 0) break;
        const frams::Property& p = br.cls->props[static_cast<std::size_t>(pi)];
        if (p.type != 'f' && p.type != 'd') break;
        double v = 0;
        keep = parse_value(value, v);
        if (!keep) break;
        if (p.ranged) v = std::clamp(v, p.min, p.max);
        if (p.type == 'd') v = std::round(v);
        double old = 0;
        const bool exact = p.type == 'f' ? parse_value(value, old) && old == v
                                         : value.find_first_not_of("-0123456789") == std::string_view::npos &&
                                               parse_value(value, old) && old == v;
        if (!exact) text = with_value(g, k, format_value(p.type, v));
        break;
      }
    }
    if (keep) kept.push_back(std::move(text));
  }
  if (class_at > 0) std::rotate(kept.begin(), kept.begin() + class_at, kept.begin() + class_at + 1);
  std::string body;
  for (std::size_t i = 0; i < kept.size(); ++i) {
    if (i) body += ',';
    body += kept[i];
  }
  if (kept.empty() && !br.old_style) body.assign(1, 'N');
  return Edit{br.body, br.close - br.body, std::move(body)};
}

}  // namespace

std::optional<std::string> repair(std::string_view genes, const f0::OperatorCall& call) {
  thread_local Index ix;
  std::string g = without_dead_modifiers(structure(genes), ix);
  scan(g, ix);
  std::vector<Edit> edits;
  for (int b = 0; b < static_cast<int>(ix.br.size()); ++b) {
    Edit e = clean_bracket(g, ix, b);
    if (g.compare(e.pos, e.erase, e.insert) != 0) edits.push_back(std::move(e));
  }
  std::size_t changed = 0;
  if (!edits.empty()) g = apply(g, edits, changed);
  if (g == genes) {
    call.diags.error("f1.cannot-repair", "nothing in these f1 genes is a minor error repair can fix");
    return std::nullopt;
  }
  return g;
}

}  // namespace genokit::f1
