// fn's genetic operators (GenoOper_fn of SDK r909, notes spec/notes/encodings.md §5.3): creep one or
// all variables within per-variable bounds, linear-mix crossover, repair by rewriting the vector.
// Raw operators on genes (no header), called through the door's GenMan wrapper (docs/evolution.md).
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "genokit/f0/genetic_operator.hpp"
#include "genokit/frams/property.hpp"

namespace genokit::fn {

// fn_xover (0.5..1, 0.9), fn_xover_random (0/1, 1), fn_mut_bound_low ("[-10.0, -10.0]"),
// fn_mut_bound_high ("[10.0, 10.0]"), fn_mut_stddev ("[0.1, 0.1]"), fn_mut_single_var (0/1, 0).
std::span<const frams::Property> operator_table();

// Kinds "fn.creep-all" / "fn.creep-one" (method 0). std::nullopt when the bounds, deviations and
// genotype differ in length (the SDK's error; with the defaults only two-variable vectors mutate).
std::optional<f0::Mutation> mutate(std::string_view genes, const f0::OperatorCall& call);
// Two children mixed elementwise; std::nullopt when the parents differ in length.
std::optional<f0::Crossing> crossover(std::string_view genes1, std::string_view genes2,
                                      const f0::OperatorCall& call);
// An unreadable or empty vector becomes "[0]"; a readable one is rewritten ("%.8g").
std::optional<std::string> repair(std::string_view genes, const f0::OperatorCall& call);

inline constexpr std::string_view kSimplest = "[0.0, 0.0]";

}  // namespace genokit::fn
