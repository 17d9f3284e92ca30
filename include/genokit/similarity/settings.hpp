// The dissimilarity settings of Framsticks `.sim` files, by their Framsticks names (framspy and
// SIM1303's `eval-allcriteria.sim`): the selector simil_type (0 greedy, 1 Hungarian, 2
// distribution), SimilMeasureGreedy's simil_greedy_* and SimilMeasureHungarian's simil_*, and the
// distribution measure's simil_density/_bin_num/_samples_num (kept; genokit has no distribution
// measure). A table of frams::Property rows, declared once; values are set with the SDK's rules
// (conversion, clamping to the range). What framspy's FramsticksLib.dissimilarity(list, 0 or 1)
// measures is options(method) of the settings its `.sim` files give.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "genokit/core/diagnostics.hpp"
#include "genokit/frams/document.hpp"
#include "genokit/frams/operator_params.hpp"
#include "genokit/similarity/options.hpp"

namespace genokit::similarity {

// Every dissimilarity setting: id, type, range, default, name, help.
std::span<const frams::Property> settings_table();

class SimilaritySettings {
 public:
  SimilaritySettings();  // every setting at its default

  // One setting by its Framsticks name (e.g. "simil_greedy_partgeom"), value as text. False,
  // reporting nothing, when `key` is not a dissimilarity setting; known keys are converted and
  // clamped as the SDK does (frams.bad-number, frams.value-clamped); an unknown simil_* key warns
  // similarity.unknown-setting and is ignored (true).
  bool take(std::string_view key, std::string_view value, Diagnostics& diags, const Location& where = {});
  // "simil_type=0" or "simil_type:0"; a text that is neither, or not a dissimilarity setting, is an
  // error (similarity.bad-setting). False on any error.
  bool assign(std::string_view text, Diagnostics& diags);
  // Every `simil_*` field of the `sim_params` objects of a parsed `.sim` document (later wins).
  void take_all(const frams::Document& doc, Diagnostics& diags);

  const frams::ParamValues& values() const { return values_; }
  // simil_type as a method: 0 greedy, 1 Hungarian; std::nullopt for 2 (distribution).
  std::optional<Method> selected() const;
  // The options of `method` (greedy: simil_greedy_*, Hungarian: simil_*; Levenshtein: no weights),
  // by default the selected one. std::nullopt with similarity.unsupported-measure when simil_type
  // selects the distribution measure.
  std::optional<DissimilarityOptions> options(Diagnostics& diags, std::optional<Method> method = {}) const;

 private:
  frams::ParamValues values_;
};

}  // namespace genokit::similarity
