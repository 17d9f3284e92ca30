// fn's operators (notes encodings.md §5.3) on the shared SDK random helpers.
#include "genokit/fn/operators.hpp"

#include <array>

#include "genokit/fn/convert.hpp"
#include "genokit/frams/operator_params.hpp"

namespace genokit::fn {
namespace {

constexpr std::array kTable{
    frams::operator_param("fn_xover", 'f', 0.5, 1.0, 0.9, "Fraction inherited in linear mix crossover",
                          "the share of its own parent each child keeps (when fn_xover_random is 0)"),
    frams::operator_param("fn_xover_random", 'd', 0, 1, 1, "Random fraction inherited in crossover",
                          "1: the share is drawn as 0.5 + U(0.5) at each crossover"),
    frams::operator_text_param("fn_mut_bound_low", 0, "[-10.0, -10.0]", "Lower bounds for mutation",
                               "one lower bound per variable"),
    frams::operator_text_param("fn_mut_bound_high", 0, "[10.0, 10.0]", "Higher bounds for mutation",
                               "one upper bound per variable"),
    frams::operator_text_param("fn_mut_stddev", 0, "[0.1, 0.1]", "Standard deviations for mutation",
                               "one standard deviation per variable"),
    frams::operator_param("fn_mut_single_var", 'd', 0, 1, 0, "Mutate only a single variable",
                          "1: one variable (R(n)) changes per mutation, 0: all of them"),
};

std::vector<double> vector_of(std::string_view text) {
  std::vector<double> v;
  Diagnostics d;
  d.set_limit(0);
  read_vector(text, v, d);
  return v;
}

}  // namespace

std::span<const frams::Property> operator_table() {
  return kTable;
}

std::optional<f0::Mutation> mutate(std::string_view genes, const f0::OperatorCall& call) {
  std::vector<double> v = vector_of(genes);
  const std::vector<double> low = vector_of(call.params.text("fn_mut_bound_low"));
  const std::vector<double> high = vector_of(call.params.text("fn_mut_bound_high"));
  const std::vector<double> sd = vector_of(call.params.text("fn_mut_stddev"));
  if (v.empty() || low.size() != v.size() || high.size() != v.size() || sd.size() != v.size()) {
    call.diags.error("fn.mutation-sizes", "The solution vector (" + std::to_string(v.size()) +
                                              " values), fn_mut_bound_low (" + std::to_string(low.size()) +
                                              "), fn_mut_bound_high (" + std::to_string(high.size()) +
                                              ") and fn_mut_stddev (" + std::to_string(sd.size()) +
                                              ") must all have the same number of values");
    return std::nullopt;
  }
  auto creep = [&](std::size_t i) {
    v[i] = frams::creep(call.rng, 'f', v[i], low[i], high[i], sd[i], false);
  };
  if (call.params.number("fn_mut_single_var") != 0) {
    creep(call.rng.below(static_cast<std::uint32_t>(v.size())));
    return f0::Mutation{write(v), "fn.creep-one", 0, 1.0 / static_cast<double>(v.size())};
  }
  for (std::size_t i = 0; i < v.size(); ++i) creep(i);
  return f0::Mutation{write(v), "fn.creep-all", 0, 1.0};
}

std::optional<f0::Crossing> crossover(std::string_view genes1, std::string_view genes2,
                                      const f0::OperatorCall& call) {
  const double share = call.params.number("fn_xover_random") != 0 ? 0.5 + call.rng.uniform(0.5)
                                                                  : call.params.number("fn_xover");
  std::vector<double> a = vector_of(genes1), b = vector_of(genes2);
  if (a.size() != b.size()) {
    call.diags.error("fn.crossover-sizes",
                     "Tried to cross over solutions with a differing number of variables (" +
                         std::to_string(a.size()) + " and " + std::to_string(b.size()) + ")");
    return std::nullopt;
  }
  frams::linear_mix(a, b, share);
  // chg2 is parent 2's share of child 2 (the SDK reports 1 - share there).
  return f0::Crossing{write(a), write(b), true, share, share, ""};
}

std::optional<std::string> repair(std::string_view genes, const f0::OperatorCall&) {
  std::vector<double> v;
  Diagnostics d;
  d.set_limit(0);
  if (!read_vector(genes, v, d) || v.empty()) return std::string("[0]");
  return write(v);
}

}  // namespace genokit::fn
