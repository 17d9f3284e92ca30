// Internal: what the door entries of converting encodings (f4, f9, fF, fn, ...) share: their
// converter's options from the door's, their conversion as the door's Genotype, their operator slots.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <utility>

#include "genokit/genotype/encoding.hpp"

namespace genokit::genotype::detail {

template <class Options>
Options converter_options(const ReadOptions& opt) {
  Options o;
  o.strict = opt.strict;
  o.lint = opt.lint;
  if constexpr (requires { o.mapping; }) o.mapping = opt.mapping;
  return o;
}

// A converter's result (model, converted; SDK messages and a text map when it has them).
template <class Conversion>
Genotype genotype_of(Conversion&& c) {
  Genotype g;
  g.model = std::move(c.model);
  g.converted = c.converted;
  if constexpr (requires { c.sdk_messages; }) g.sdk_messages = std::move(c.sdk_messages);
  if constexpr (requires { c.sdk_warn_pos; }) {  // positions in the converted f0 text
    if (g.model.error_pos < 0) g.model.error_pos = c.sdk_error_pos;
    if (g.model.warn_pos < 0) g.model.warn_pos = c.sdk_warn_pos;
  }
  if constexpr (requires { c.map; }) {
    g.map.reserve(c.map.size());
    for (const auto& m : c.map) g.map.push_back({m.begin, m.end, static_cast<ElementKind>(m.kind), m.index});
  }
  return g;
}

struct OperatorSlots {
  std::span<const frams::Property> params;
  f0::MutateOperator mutate;
  f0::CrossoverOperator crossover;
  f0::RepairOperator repair;
  std::string_view simplest;
};

inline void set_operators(Encoding& e, OperatorSlots s) {
  e.params = s.params;
  e.mutate = std::move(s.mutate);
  e.crossover = std::move(s.crossover);
  e.repair = std::move(s.repair);
  e.simplest = [g = std::string(s.simplest)] { return g; };
}

}  // namespace genokit::genotype::detail
