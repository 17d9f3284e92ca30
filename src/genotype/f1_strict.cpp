// f1's strict genetic validity (docs/evolution.md "Validity"): stricter than what the SDK r909
// converter accepts, as framspy's self-test expects (`X[0:0],` and `X[1:0]` invalid, `X[0:0]`
// valid) and as Framsticks' own f1 check rejects `X[]` and `Xr`. A genotype is valid when
//  1. the converter accepts it without any warning about text the SDK ignores, drops or clamps
//     (text after a top-level ',' or ')', an unclosed '(', a connection to a neuron that does not
//     exist, a clamped or unreadable number, ...: each becomes an error), except parameters a
//     class does not have (newer Framsticks versions added some, e.g. T's ry and rz: a warning),
//     and
//     every neuron class is a Framsticks class (the SDK library or the full application's: Gpart,
//     Thr, ... are fine, with whatever parameters, as genokit cannot judge them; `Q` is not), and
//  2. every neuron bracket names a class (`[]` is an error: f1.empty-neuron), and
//  3. every modifier acts on a stick: a modifier must be followed, in its own branch, by an `X` or
//     a `(` (`Xr`, `X(Xl,X)` leave modifiers that change nothing: f1.dead-modifier).
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "genokit/core/text.hpp"
#include "genokit/f0/neuron_mutation.hpp"
#include "genokit/f1/convert.hpp"
#include "genokit/frams/genotype_header.hpp"
#include "genotype/encodings.hpp"

namespace genokit::genotype::detail {
namespace {

constexpr std::string_view kModifiers = "LlCcQqRrWwFfAaIiSsMmEeDdGgBbHh";

// Rules 2 and 3: one pass over the text outside neuron brackets.
bool scan(std::string_view text, std::size_t from, Diagnostics& diags) {
  bool ok = true;
  std::optional<LineIndex> lines;
  auto at = [&](std::size_t off) {
    if (!lines) lines.emplace(text);
    return lines->locate(off);
  };
  constexpr std::size_t none = std::string_view::npos;
  std::size_t pending = none;  // the first modifier since the last X or '(' of this branch
  auto end_branch = [&] {
    if (pending == none) return;
    diags.error("f1.dead-modifier",
                std::string("Modifier '") + text[pending] +
                    "' is not followed by a stick (X) or a branch '(' in its branch, so it changes nothing",
                at(pending));
    ok = false;
    pending = none;
  };
  for (std::size_t i = from; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '[') {
      const std::size_t close = text.find_first_of("])", i + 1);
      const std::size_t end = close == none ? text.size() : close;
      if (trim(text.substr(i + 1, end - i - 1)).empty()) {
        diags.error("f1.empty-neuron", "Neuron '[]' names no class; write one, e.g. [N]", at(i));
        ok = false;
      }
      i = end;  // (past the end: the converter reports an unterminated neuron)
    } else if (c == 'X' || c == '(') {
      pending = none;
    } else if (c == ',' || c == ')') {
      end_branch();
    } else if (kModifiers.find(c) != none && pending == none) {
      pending = i;
    }
  }
  end_branch();
  return ok;
}

}  // namespace

bool f1_check_strict(std::string_view text, Diagnostics& diags) {
  f1::ConvertOptions opt;
  opt.lint = true;
  Diagnostics found;
  const f1::Conversion c = f1::convert(text, found, opt);
  bool ok = c.converted && c.model.valid && found.dropped() == 0;
  // Brackets of neurons whose class only the full Framsticks application has: their parameters
  // cannot be judged here.
  std::vector<std::pair<std::int64_t, std::int64_t>> unjudged;
  for (const f0::Neuron& n : c.model.neurons)
    if (!f0::find_neuron_class(n.class_name) && f0::known_to_framsticks(n.class_name) && n.src.offset >= 0) {
      const std::size_t close = text.find_first_of("])", static_cast<std::size_t>(n.src.offset));
      unjudged.emplace_back(
          n.src.offset, close == std::string_view::npos ? std::int64_t(text.size()) : std::int64_t(close));
    }
  auto in_unjudged = [&](std::int64_t off) {
    for (const auto& [b, e] : unjudged)
      if (off >= b && off <= e) return true;
    return false;
  };
  for (const Diagnostic& x : found.items()) {
    if (x.severity == Severity::warning && x.code == "f1.unknown-neuron-class") continue;  // judged below
    if (x.severity == Severity::warning && x.code == "f1.ignored-parameter") {
      // Newer Framsticks classes have parameters r909's lack (T's ry, rz): kept as a warning.
      if (!in_unjudged(x.where.offset)) diags.warning(x.code, x.message, x.where);
      continue;
    }
    if (x.severity == Severity::note) {
      diags.note(x.code, x.message, x.where);
      continue;
    }
    diags.error(x.code, x.message, x.where);
    ok = false;
  }
  for (const f0::Neuron& n : c.model.neurons) {
    if (f0::known_to_framsticks(n.class_name)) continue;
    diags.error("f1.unknown-neuron-class",
                "Neuron class '" + n.class_name + "' is not a Framsticks neuron class",
                Location{{}, n.src.line, n.src.column, n.src.offset});
    ok = false;
  }
  const frams::GenotypeHeader h = frams::parse_genotype_header(text);
  return scan(text, h.declared ? h.body_offset : 0, diags) && ok;
}

}  // namespace genokit::genotype::detail
