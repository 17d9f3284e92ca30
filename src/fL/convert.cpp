// fL's entry point (convert.hpp): read, develop, build, finish as the SDK's converter does.
#include "genokit/fL/convert.hpp"

#include <algorithm>
#include <memory>

#include "fH/finish.hpp"
#include "fL/develop.hpp"
#include "frams/sdk_number.hpp"
#include "genokit/frams/genotype_header.hpp"

namespace genokit::fL {

static_assert(kMaxWords == detail::LSystem::kMaxWords);

bool is_fL_genotype(std::string_view text) {
  const auto h = frams::parse_genotype_header(text);
  return h.declared && !h.malformed && h.format == "L";
}

Conversion convert(std::string_view genotype, Diagnostics& diags, const ConvertOptions& opt) {
  Conversion out;
  const auto h = frams::parse_genotype_header(genotype);
  if (h.declared && (h.malformed || h.format != "L")) {
    diags.error(
        "fL.not-fL",
        h.malformed ? "Invalid genotype format declaration" : "This is an f" + h.format + " genotype, not fL",
        {{}, 1, 1, 0});
    return out;
  }
  if (genotype.size() >= 0xFFFFFFF0u) {
    diags.error("fL.too-large", "The genotype is longer than 4 GB", {});
    return out;
  }
  out.model.body_offset = h.body_offset;
  // (one L-system per thread, reused: its lists keep their memory between genotypes)
  thread_local detail::LSystem reused;
  thread_local bool busy = false;
  std::unique_ptr<detail::LSystem> own;
  detail::LSystem& ls = busy ? *(own = std::make_unique<detail::LSystem>()) : reused;
  struct Busy {
    bool& b;
    bool was;
    ~Busy() { b = was; }
  } guard{busy, busy};
  busy = true;
  ls.reset();
  ls.text = genotype;
  ls.body = h.body_offset;
  ls.sdk.sdk = &out.sdk_messages;
  ls.diags = &diags;
  ls.lint = opt.lint;
  ls.strict = opt.strict;
  const int parsed = ls.parse();
  if (parsed != 0) {
    out.sdk_check = parsed;
    return out;
  }
  bool any_stick = false;
  for (const std::uint32_t k : ls.axiom) any_stick |= ls.pool[k].def == detail::kStick;
  const detail::Development dev = detail::develop(ls);
  if (dev.too_large) {
    diags.error(
        "fL.too-large",
        "The development creates more than " + std::to_string(kMaxWords) +
            " words or takes too much work; genokit stops it (set maxwords in the i: line to stop the "
            "development earlier)",
        ls.where(ls.info_begin));
    out.sdk_check = -1;
    return out;
  }
  if (dev.stopped_by_maxwords && opt.lint)
    diags.note("fL.maxwords-reached",
               "The development stopped at time " + frams::sdk::format_double(dev.needed_time) + " of " +
                   frams::sdk::format_double(ls.time) +
                   ": the sequence grew past maxwords=" + std::to_string(ls.maxwords) + " words",
               ls.where(ls.info_begin));
  detail::BuiltModel b = detail::build(ls, dev.seq, opt.mapping);
  if (b.too_large) {
    diags.error("fL.too-large",
                "Drawing the developed sequence takes too much work (its formulas are too long)",
                ls.where(ls.info_begin));
    out.sdk_check = -1;
    return out;
  }
  if (!b.ok) {
    out.sdk_check = -1;
    return out;
  }
  out.model = std::move(b.model);
  out.model.body_offset = h.body_offset;
  out.converted = true;
  if (opt.mapping) {
    for (const auto& m : b.made) {
      const detail::Word& w = ls.pool[m.word];
      out.map.push_back({w.begin, w.end, static_cast<ElementKind>(m.kind), m.index});
    }
    std::stable_sort(out.map.begin(), out.map.end(),
                     [](const MapEntry& a, const MapEntry& b) { return a.begin < b.begin; });
    auto fill = [&](f0::SourcePos& sp) {
      if (sp.offset < 0) return;
      const Location l = ls.where(static_cast<std::size_t>(sp.offset));
      sp.line = l.line, sp.column = l.column;
    };
    for (auto& p : out.model.parts) fill(p.src);
    for (auto& j : out.model.joints) fill(j.src);
    for (auto& nr : out.model.neurons) fill(nr.src);
    for (auto& c : out.model.connections) fill(c.src);
  }
  const bool ok = fH::detail::finish_model(
      out.model, {out.converted, out.sdk_messages, out.sdk_error_pos, out.sdk_warn_pos, genotype}, diags,
      "fL", ls.strict_failed);
  // Geno_fL::checkValidity: an axiom without S, or a model that fails, is -1.
  out.sdk_check = !any_stick || !ok ? -1 : 0;
  if (!any_stick && ok && opt.lint)
    diags.warning(
        "fL.no-stick-in-axiom",
        "The axiom has no stick (S): the SDK converts the genotype but its validity check rejects it",
        ls.where(ls.info_begin));
  return out;
}

}  // namespace genokit::fL
