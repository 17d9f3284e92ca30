// f1's strict genetic validity (docs/evolution.md "Validity"): stricter than what the SDK r909
// converter accepts, as framspy's self-test expects (`X[0:0],` and `X[1:0]` invalid, `X[0:0]`
// valid) and as Framsticks' own f1 check rejects `X[]` and `Xr`. A genotype is valid when
//  1. the converter, in strict mode, accepts it: every warning genokit gives for text the SDK
//     ignores, drops or clamps (text after a top-level ',' or ')', an unclosed '(', a connection to
//     a neuron that does not exist, an unknown class or property, a clamped or unreadable number,
//     ...) is an error, and
//  2. every neuron bracket names a class (`[]` is an error: f1.empty-neuron), and
//  3. every modifier acts on a stick: a modifier must be followed, in its own branch, by an `X` or
//     a `(` (`Xr`, `X(Xl,X)` leave modifiers that change nothing: f1.dead-modifier).
#include <optional>

#include "genokit/core/text.hpp"
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
  opt.strict = true;
  opt.lint = true;
  const f1::Conversion c = f1::convert(text, diags, opt);
  const bool converted = c.converted && c.model.valid;
  const frams::GenotypeHeader h = frams::parse_genotype_header(text);
  const bool scanned = scan(text, h.declared ? h.body_offset : 0, diags);
  return converted && scanned;
}

}  // namespace genokit::genotype::detail
