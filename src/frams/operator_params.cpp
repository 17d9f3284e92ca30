// Values of an operator parameter table (genokit/frams/operator_params.hpp).
#include "genokit/frams/operator_params.hpp"

#include <algorithm>
#include <cmath>

#include "genokit/frams/schema.hpp"

namespace genokit::frams {
namespace {
const std::string kEmpty;
}

ParamValues::ParamValues(std::span<const Property> table)
    : table_(table), num_(table.size()), str_(table.size()), set_(table.size(), false) {
  for (std::size_t i = 0; i < table.size(); ++i) {
    if (table[i].type == 's')
      str_[i] = std::string(table[i].def_text);
    else
      num_[i] = table[i].def;
  }
}

double ParamValues::number(int row) const {
  if (row < 0 || static_cast<std::size_t>(row) >= num_.size()) return 0;
  return num_[static_cast<std::size_t>(row)];
}

const std::string& ParamValues::text(int row) const {
  if (row < 0 || static_cast<std::size_t>(row) >= str_.size()) return kEmpty;
  return str_[static_cast<std::size_t>(row)];
}

bool ParamValues::was_set(int row) const {
  return row >= 0 && static_cast<std::size_t>(row) < set_.size() && set_[static_cast<std::size_t>(row)];
}

void ParamValues::set(int row, std::string_view text, Diagnostics& diags, const Location& where,
                      std::string_view object) {
  if (row < 0 || static_cast<std::size_t>(row) >= table_.size()) return;
  const auto i = static_cast<std::size_t>(row);
  const Property& p = table_[i];
  const Value v = convert_value(text, p, object, diags, where);
  switch (v.kind) {
    case Value::Kind::integer:
      num_[i] = static_cast<double>(v.i);
      break;
    case Value::Kind::floating:
      if (!std::isfinite(v.d)) {
        diags.error("frams.non-finite-setting",
                    std::string(p.id) + " must be a finite number; it keeps its value " +
                        format_value(Value{Value::Kind::floating, 0, num_[i], {}}),
                    where);
        return;
      }
      num_[i] = v.d;
      break;
    case Value::Kind::string:
      str_[i] = v.s;
      break;
    case Value::Kind::none:
      return;
  }
  set_[i] = true;
}

void ParamValues::set_number(int row, double v) {
  if (row < 0 || static_cast<std::size_t>(row) >= num_.size()) return;
  const auto i = static_cast<std::size_t>(row);
  const Property& p = table_[i];
  if (!std::isfinite(v)) return;
  if (p.ranged && p.min <= p.max) v = std::clamp(v, p.min, p.max);
  if (p.type == 'd') v = std::trunc(v);
  num_[i] = v;
  set_[i] = true;
}

void ParamValues::set_text(int row, std::string value) {
  if (row < 0 || static_cast<std::size_t>(row) >= str_.size()) return;
  const auto i = static_cast<std::size_t>(row);
  if (const std::int64_t maxlen = max_length(table_[i]); maxlen > 0 && std::int64_t(value.size()) > maxlen)
    value.resize(static_cast<std::size_t>(maxlen));
  str_[i] = std::move(value);
  set_[i] = true;
}

}  // namespace genokit::frams
