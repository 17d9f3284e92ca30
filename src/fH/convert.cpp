// The fH -> f0 converter's entry points (convert.hpp): read the handles, develop them.
#include "genokit/fH/convert.hpp"

#include "genokit/f0/neuron_classes.hpp"
#include "genokit/frams/genotype_header.hpp"

namespace genokit::fH {

bool is_fH_genotype(std::string_view text) {
  const auto h = frams::parse_genotype_header(text);
  return h.declared && !h.malformed && h.format == "H";
}

Conversion convert(std::string_view genotype, Diagnostics& diags, const ConvertOptions& opt) {
  Conversion out;
  const auto h = frams::parse_genotype_header(genotype);
  if (h.declared && (h.malformed || h.format != "H")) {
    diags.error(
        "fH.not-fH",
        h.malformed ? "Invalid genotype format declaration" : "This is an f" + h.format + " genotype, not fH",
        {{}, 1, 1, 0});
    return out;
  }
  if (genotype.size() >= 0xFFFFFFF0u) {
    diags.error("fH.too-large", "The genotype is longer than 4 GB", {});
    return out;
  }
  out.model.body_offset = h.body_offset;
  ReadOptions ro;
  ro.lint = opt.lint;
  ro.strict = opt.strict;
  const std::size_t errors_before = diags.error_count();
  ReadResult r = read(genotype, diags, ro);
  out.sdk_messages = std::move(r.sdk_messages);
  out.sdk_check = r.status;
  if (r.status == 0)  // Geno_fH::checkValidity also rejects neurons of unknown classes
    for (const Handle& n : r.handles.neurons)
      if (!n.details.empty()) {
        const std::string_view d = n.details;
        const std::string_view cls = d.substr(0, d.find(':'));
        const f0::NeuronClass* c = f0::find_neuron_class(cls.empty() ? std::string_view("N") : cls);
        if (!c || !c->sdk) out.sdk_check = 1;
      }
  develop(r.handles, genotype, out, diags, opt);
  if (opt.strict && diags.error_count() > errors_before) out.model.valid = false;
  return out;
}

}  // namespace genokit::fH
