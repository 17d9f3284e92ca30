// Parameters of genetic operators as data: each encoding declares one table of frams::Property rows
// (id as in Framsticks `.sim` files, e.g. "f1_smX", type, range, default, name, help), once; a
// ParamValues holds the values of one table (defaults until set) and sets them from text with the
// SDK's rules (frams::convert_value: parse, default on a bad number, clamp to the range with the
// SDK's Param.set warning). Operators read their values by id; the door fills them from `.sim`
// files and name=value strings (genokit/genotype/operator_settings.hpp).
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "genokit/core/diagnostics.hpp"
#include "genokit/frams/property.hpp"

namespace genokit::frams {

// A row of an operator table: {"f1_smX", 'f', 0, 100, 0.05, "add/remove a stick X", "help..."}.
constexpr Property operator_param(std::string_view id, char type, double min, double max, double def,
                                  std::string_view name, std::string_view help = {}) {
  Property p(id, type, true, min, max, def, name);
  p.help = help;
  return p;
}
// A string row: at most `max_length` bytes (0 = any), default `def`.
constexpr Property operator_text_param(std::string_view id, double max_length, std::string_view def,
                                       std::string_view name, std::string_view help = {}) {
  Property p(id, 's', true, 0, max_length, 0, name);
  p.def_text = def;
  p.help = help;
  return p;
}

class ParamValues {
 public:
  ParamValues() = default;
  // Every row at its default. The table must outlive the values (tables are static data).
  explicit ParamValues(std::span<const Property> table);

  std::span<const Property> table() const { return table_; }
  // The row of `id`, or -1.
  int find(std::string_view id) const { return find_property(table_, id); }
  // A number row's value (integers exact), by row or id; 0 for a missing id or a string row.
  double number(int row) const;
  double number(std::string_view id) const { return number(find(id)); }
  // A string row's value, by row or id; empty for a missing id or a number row.
  const std::string& text(int row) const;
  const std::string& text(std::string_view id) const { return text(find(id)); }
  // True when the row was set (from a file or a string) rather than left at its default.
  bool was_set(int row) const;

  // Sets a row from its text as the SDK's Param::set does from a file: integers and numbers
  // (frams.bad-number: the default is used), the range (frams.value-clamped), strings' length
  // (frams.value-truncated); a non-finite number is refused (frams.non-finite-setting, the value
  // is unchanged). `object` names the class in the SDK's messages ("GenMan").
  void set(int row, std::string_view text, Diagnostics& diags, const Location& where = {},
           std::string_view object = "GenMan");
  // Sets a number row directly, clamped silently to its range (for programs tuning operators).
  void set_number(int row, double v);
  void set_text(int row, std::string value);

 private:
  std::span<const Property> table_;
  std::vector<double> num_;
  std::vector<std::string> str_;
  std::vector<bool> set_;
};

}  // namespace genokit::frams
