// The settings table with the Settings member each row fills (internal).
#pragma once

#include <span>
#include <string_view>

#include "genokit/sim/settings.hpp"

namespace genokit::sim::detail {

// Exactly one member pointer is set, matching the property type ('f', 'd', 's').
struct SettingSlot {
  double Settings::*f = nullptr;
  int Settings::*d = nullptr;
  std::string Settings::*s = nullptr;
  // Only for `unsupported` settings: the one value genokit simulates (numbers), or "" for
  // strings meaning "empty", or the exact text.
  double simulated = 0;
  std::string_view simulated_text;
};

struct SettingRow {
  SettingInfo info;
  SettingSlot slot;
};

std::span<const SettingRow> setting_rows();
// The row whose id (or alias) is `key` in objects of class `object`, or nullptr.
const SettingRow* find_setting(std::string_view object, std::string_view key);
// Known Framsticks settings that have nothing to do with simulating a body (genetic operators,
// experiment bookkeeping, ...): accepted silently.
bool is_ignored_setting(std::string_view object, std::string_view key);
// A GenePool fitness formula that is a weighted sum of performance fields ("return
// 0.0+this.velocity*1.0;") sets the cr_* weights of `s` to it; false (s unchanged) otherwise.
bool fitness_as_weights(std::string_view code, Settings& s);

}  // namespace genokit::sim::detail
