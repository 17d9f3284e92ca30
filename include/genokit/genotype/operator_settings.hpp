// The parameters of the genetic operators, as Framsticks' GenMan has them: the common ones
// (gen_extmutinfo, genoper_f<c>, ...), the neuron classes mutations may add (neuadd_<Class>) and
// each encoding's table (f1_smX, f0_p_new, f4_mut_add, ...; Encoding::params). Set from `.sim`
// files (the `sim_params` objects, read by the one Framsticks file reader) and from name=value
// strings, with the SDK's conversion and clamping; defaults otherwise.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "genokit/core/diagnostics.hpp"
#include "genokit/f0/neuron_mutation.hpp"
#include "genokit/frams/operator_params.hpp"
#include "genokit/genotype/encoding.hpp"

namespace genokit::genotype {

// GenMan's own settings: gen_hist, gen_hilite, gen_extmutinfo (0..2, the mutation info text) and
// genoper_f<c> (the operator set per format; only set 0 exists).
std::span<const frams::Property> genman_params();

class OperatorSettings {
 public:
  // Every table at its defaults (the encodings registered now).
  OperatorSettings();

  // One setting by its Framsticks name, value as text, `where` its position (file:line). Returns
  // false, reporting nothing, when `key` is no genetics setting at all (a simulation setting: the
  // caller handles it). Known keys are converted and clamped as the SDK does (frams.bad-number,
  // frams.value-clamped). Unknown keys of a genetics table genokit has (gen_*, genoper_*,
  // neuadd_*, f<c>_* of an encoding with operators) warn genotype.unknown-operator-setting; keys
  // of encodings genokit has no operators for (f8_*, f0s_*, ...) are accepted and ignored.
  bool take(std::string_view key, std::string_view value, Diagnostics& diags, const Location& where = {});
  // "f1_smX=0.1" or "f1_smX:0.1"; a text that is neither, or a key that is no genetics setting,
  // is an error (genotype.bad-operator-setting). False on any error.
  bool assign(std::string_view text, Diagnostics& diags);

  const frams::ParamValues& genman() const { return genman_; }
  const frams::ParamValues& neuadd() const { return neuadd_; }
  // The encoding's table values; nullptr when the encoding has no table or was registered after
  // these settings were made.
  const frams::ParamValues* of(const Encoding& e) const;
  frams::ParamValues* of(const Encoding& e);
  // The classes mutations may add (from neuadd_*).
  const f0::NeuronClassLists& neuron_classes() const { return lists_; }
  // gen_extmutinfo.
  int extmutinfo() const;

 private:
  frams::ParamValues genman_, neuadd_;
  std::vector<std::pair<std::string, frams::ParamValues>> by_encoding_;  // encoding id -> values
  f0::NeuronClassLists lists_;
};

// Reads the genetics settings of a chain of `.sim` files ("a.sim;b.sim", later files win): every
// field of their `sim_params` objects goes through OperatorSettings::take; simulation settings are
// left alone (the simulator's reader, sim::load_settings, reports those). std::nullopt when a file
// cannot be read or parsed (its errors are in diags).
std::optional<OperatorSettings> load_operator_settings(std::string_view chain, Diagnostics& diags,
                                                       const OperatorSettings& base = {});
// The same for one `.sim` text (`file_name` names it in diagnostics).
std::optional<OperatorSettings> parse_operator_settings(std::string_view text, std::string file_name,
                                                        Diagnostics& diags,
                                                        const OperatorSettings& base = {});

}  // namespace genokit::genotype
