// Dissimilarity settings by their Framsticks names (genokit/similarity/settings.hpp). Ranges and
// defaults: SDK r909's ModelSimil table (weights 0..100, flags 0..1) under the XML1104 names,
// simil_type 0..2 (default 1, as SIM1303), the distribution measure's as XML1104 gives them.
#include "genokit/similarity/settings.hpp"

#include <array>

#include "genokit/core/text.hpp"

namespace genokit::similarity {
namespace {

using frams::operator_param;

constexpr std::array kTable{
    operator_param("simil_type", 'd', 0, 2, 1, "dissimilarity measure",
                   "0 greedy matching (SimilMeasureGreedy), 1 optimal matching (SimilMeasureHungarian), 2 "
                   "distribution (not available in genokit)"),
    operator_param("simil_greedy_parts", 'f', 0, 100, 0, "greedy: weight of Part count"),
    operator_param("simil_greedy_partdeg", 'f', 0, 100, 1, "greedy: weight of Part degrees"),
    operator_param("simil_greedy_neuro", 'f', 0, 100, 0.1, "greedy: weight of neuron counts"),
    operator_param("simil_greedy_partgeom", 'f', 0, 100, 0, "greedy: weight of Part distances"),
    operator_param("simil_greedy_fixedZaxis", 'd', 0, 1, 0, "greedy: fix the vertical axis"),
    operator_param("simil_greedy_weightedMDS", 'd', 0, 1, 0, "greedy: weighted MDS",
                   "weight the MDS alignment by Part degrees"),
    operator_param("simil_parts", 'f', 0, 100, 0, "Hungarian: weight of Part count"),
    operator_param("simil_partdeg", 'f', 0, 100, 1, "Hungarian: weight of Part degrees"),
    operator_param("simil_neuro", 'f', 0, 100, 0.1, "Hungarian: weight of neuron counts"),
    operator_param("simil_partgeom", 'f', 0, 100, 0, "Hungarian: weight of Part distances"),
    operator_param("simil_fixedZaxis", 'd', 0, 1, 0, "Hungarian: fix the vertical axis"),
    operator_param("simil_weightedMDS", 'd', 0, 1, 0, "Hungarian: weighted MDS",
                   "weight the MDS alignment by Part degrees"),
    operator_param("simil_density", 'f', 1, 100, 10, "distribution: sampling density", "kept, not used"),
    operator_param("simil_bin_num", 'd', 1, 1000, 128, "distribution: bins", "kept, not used"),
    operator_param("simil_samples_num", 'd', 1, 1048576, 1048576, "distribution: samples", "kept, not used"),
};

}  // namespace

std::span<const frams::Property> settings_table() {
  return kTable;
}

SimilaritySettings::SimilaritySettings() : values_(settings_table()) {}

bool SimilaritySettings::take(std::string_view key, std::string_view value, Diagnostics& diags,
                              const Location& where) {
  if (const int row = values_.find(key); row >= 0) {
    values_.set(row, value, diags, where, "SimilMeasure");
    return true;
  }
  if (!key.starts_with("simil_")) return false;
  std::string known;
  for (const frams::Property& p : settings_table()) known += (known.empty() ? "" : ", ") + std::string(p.id);
  diags.warning(
      "similarity.unknown-setting",
      "'" + std::string(key) + "' is not a dissimilarity setting; it is ignored (known: " + known + ")",
      where);
  return true;
}

bool SimilaritySettings::assign(std::string_view text, Diagnostics& diags) {
  const std::size_t sep = text.find_first_of("=:");
  const std::string_view key = sep == std::string_view::npos ? std::string_view() : trim(text.substr(0, sep));
  const std::size_t errors = diags.error_count();
  if (key.empty() || !take(key, trim(text.substr(sep + 1)), diags)) {
    diags.error("similarity.bad-setting", "'" + std::string(text) +
                                              "' is not a dissimilarity setting (write name=value, e.g. "
                                              "simil_greedy_partgeom=1)");
    return false;
  }
  return diags.error_count() == errors;
}

void SimilaritySettings::take_all(const frams::Document& doc, Diagnostics& diags) {
  for (const frams::Object& obj : doc.objects) {
    if (obj.class_name != "sim_params") continue;
    for (const frams::Field& f : obj.fields)
      if (f.key.starts_with("simil_")) take(f.key, f.value, diags, doc.locate_value(f, 0));
  }
}

std::optional<Method> SimilaritySettings::selected() const {
  // simil_type numbers the measures as framspy's dissimilarity does (0 greedy, 1 Hungarian).
  const int type = static_cast<int>(values_.number("simil_type"));
  return type == 0 || type == 1 ? method_from_framspy(type) : std::nullopt;
}

std::optional<DissimilarityOptions> SimilaritySettings::options(Diagnostics& diags,
                                                                std::optional<Method> method) const {
  if (!method) method = selected();
  if (!method) {
    diags.error("similarity.unsupported-measure",
                "simil_type 2 selects the distribution measure, which genokit does not have (use 0, greedy, "
                "or 1, Hungarian)");
    return std::nullopt;
  }
  DissimilarityOptions o;
  o.method = *method;
  if (*method == Method::levenshtein) return o;
  const std::string p = *method == Method::greedy ? "simil_greedy_" : "simil_";
  auto num = [&](const char* name) { return values_.number(p + name); };
  o.weights = {num("parts"), num("partdeg"), num("neuro"), num("partgeom")};
  o.fixed_z = num("fixedZaxis") != 0;
  o.weighted_mds = num("weightedMDS") != 0;
  return o;
}

}  // namespace genokit::similarity
