// fB's entry points (convert.hpp): decode to fH handles, develop them as fH does; the SDK's fB
// validity check.
#include "genokit/fB/convert.hpp"

#include <algorithm>

#include "fB/genes.hpp"
#include "frams/sdk_number.hpp"
#include "genokit/core/text.hpp"
#include "genokit/f0/model.hpp"
#include "genokit/f0/neuron_classes.hpp"
#include "genokit/frams/genotype_header.hpp"

namespace genokit::fB {
namespace {

bool header_ok(std::string_view text, Diagnostics& diags) {
  const auto h = frams::parse_genotype_header(text);
  if (h.declared && (h.malformed || h.format != "B")) {
    diags.error(
        "fB.not-fB",
        h.malformed ? "Invalid genotype format declaration" : "This is an f" + h.format + " genotype, not fB",
        {{}, 1, 1, 0});
    return false;
  }
  if (text.size() >= 0xFFFFFFF0u) {
    diags.error("fB.too-large", "The genotype is longer than 4 GB", {});
    return false;
  }
  return true;
}

// Neuro::setDetails + getClass: is `details` a class of the SDK's library?
bool names_class(std::string_view details) {
  f0::Neuron n;
  n.details.assign(details);
  const std::string_view d = n.details;
  std::string_view cls = d.substr(0, d.find(':'));
  if (cls.empty()) cls = "N";
  const f0::NeuronClass* c = f0::find_neuron_class(cls);
  return c && c->sdk;
}

bool is_lower(char c) {
  return c >= 'a' && c <= 'z';
}

}  // namespace

bool is_fB_genotype(std::string_view text) {
  const auto h = frams::parse_genotype_header(text);
  return h.declared && !h.malformed && h.format == "B";
}

int check_validity(std::string_view g) {
  if (g.empty()) return 1;  // (getNextToken fails on an empty text: position 0 + 1)
  std::size_t nl = g.find('\n');
  const std::size_t pos = nl == std::string_view::npos ? g.size() + 1 : nl + 1;
  if (!frams::sdk::parse_int_strict(g.substr(0, std::min(nl, g.size())))) return 1;
  const std::size_t start = g.find("aa");
  if (start != pos) return static_cast<int>(pos + 1);
  for (std::size_t i = start; i < g.size(); ++i) {
    if (is_lower(g[i])) continue;
    if (g[i] != '"') return static_cast<int>(i + 1);
    if (i + 1 >= g.size()) return static_cast<int>(i + 1);  // getNextToken at the end fails
    std::size_t close = g.find('"', i + 1);
    const std::string_view def =
        g.substr(i + 1, (close == std::string_view::npos ? g.size() : close) - i - 1);
    if (!names_class(def)) return static_cast<int>(i + 1);
    // (the SDK continues after the character following the closing quote)
    i = close == std::string_view::npos ? g.size() : close + 1;
  }
  const detail::GeneScanner genes(g);
  for (int q = 0; q < genes.count(); ++q) {
    const detail::GeneRange r = genes.gene(q);
    if (!r.found) return 0;  // (an empty gene counts as a stick)
    const std::string_view gene = g.substr(r.start, r.end - r.start);
    const std::size_t tail = gene.find("zz") != std::string_view::npos ? 2 : 0;
    if (gene.size() - tail < 3 || (gene[2] >= 'a' && gene[2] <= 'i')) return 0;
  }
  return 1;
}

Conversion convert(std::string_view genotype, Diagnostics& diags, const ConvertOptions& opt) {
  Conversion out;
  if (!header_ok(genotype, diags)) return out;
  const auto h = frams::parse_genotype_header(genotype);
  out.model.body_offset = h.body_offset;
  const std::size_t errors_before = diags.error_count();
  Decoded d = decode(genotype, diags, opt);
  out.sdk_messages = std::move(d.sdk_messages);
  out.sdk_check = check_validity(genotype.substr(h.body_offset));
  if (!d.ok) return out;
  if (d.handles.sticks.empty()) {  // the fH step
    out.sdk_messages.push_back("[ERROR] fH_Builder.parseGenotype: Genotype does not contain any stick");
    LineIndex lines(genotype);
    diags.error("fB.no-stick", "The genotype has no stick gene (a gene whose class letter is a..i, or aazz)",
                lines.locate(h.body_offset));
    return out;
  }
  fH::develop(d.handles, genotype, out, diags, opt, "fB");
  if (out.model.valid && out.sdk_check != 0 && opt.lint) {
    // The converter takes any character as a letter value; the validity check does not.
    const std::size_t at =
        std::min(genotype.size(), h.body_offset + static_cast<std::size_t>(out.sdk_check - 1));
    LineIndex lines(genotype);
    const std::string msg =
        "The SDK converts this genotype, but its fB validity check rejects it here (after the first line "
        "only "
        "lower-case letters and quoted neuron classes, starting with aa): SDK evolution treats it as invalid";
    if (opt.strict) {
      diags.error("fB.sdk-check-rejects", msg, lines.locate(at));
      out.model.valid = false;
    } else {
      diags.warning("fB.sdk-check-rejects", msg, lines.locate(at));
    }
  }
  if (opt.strict && diags.error_count() > errors_before) out.model.valid = false;
  return out;
}

std::optional<std::string> to_fH(std::string_view genotype, Diagnostics& diags) {
  if (!header_ok(genotype, diags)) return std::nullopt;
  Decoded d = decode(genotype, diags);
  if (!d.ok) return std::nullopt;
  return "//H\n" + fH::write(d.handles);
}

}  // namespace genokit::fB
