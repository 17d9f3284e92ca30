// f9's operators (notes encodings.md §3.4). The order of the random draws follows the SDK's
// description: each letter (U < p, then R(6)), then U < p for one insertion (R(2) = 0: position
// R(len + 1), then the letter R(6)) or deletion (position R(len)).
#include "genokit/f9/operators.hpp"

#include <array>

#include "genokit/f9/convert.hpp"
#include "genokit/frams/operator_params.hpp"

namespace genokit::f9 {
namespace {

constexpr std::array kTable{
    frams::operator_param("f9_mut", 'f', 0, 1, 0.1, "Mutation probability",
                          "the probability of changing each letter, and of inserting or deleting one letter"),
};

}  // namespace

std::span<const frams::Property> operator_table() {
  return kTable;
}

std::optional<f0::Mutation> mutate(std::string_view genes, const f0::OperatorCall& call) {
  const double p = call.params.number("f9_mut");
  std::string g(genes);
  const std::size_t len = g.size();
  int changes = 0;
  for (char& c : g)
    if (call.rng.uniform() < p) {
      const char old = c;
      c = kMoves[call.rng.below(static_cast<std::uint32_t>(kMoves.size()))];
      changes += c != old;
    }
  if (call.rng.uniform() < p) {
    if (call.rng.below(2) == 0) {
      const auto at = call.rng.below(static_cast<std::uint32_t>(len + 1));
      g.insert(g.begin() + at, kMoves[call.rng.below(static_cast<std::uint32_t>(kMoves.size()))]);
      ++changes;
    } else if (len > 1) {
      g.erase(call.rng.below(static_cast<std::uint32_t>(len)), 1);
      ++changes;
    }
  }
  if (changes == 0) {
    call.diags.note("f9.unchanged", "no letter changed (f9_mut = " + std::to_string(p) + ")");
    return std::nullopt;
  }
  return f0::Mutation{std::move(g), "f9.substitute-insert-delete", 0,
                      len ? static_cast<double>(changes) / static_cast<double>(len) : 1.0};
}

std::optional<f0::Crossing> crossover(std::string_view genes1, std::string_view genes2,
                                      const f0::OperatorCall& call) {
  const auto p1 = call.rng.below(static_cast<std::uint32_t>(genes1.size()));
  const auto p2 = call.rng.below(static_cast<std::uint32_t>(genes2.size()));
  f0::Crossing x;
  x.child1 = std::string(genes1.substr(0, p1)) + std::string(genes2.substr(p2));
  x.child2 = std::string(genes2.substr(0, p2)) + std::string(genes1.substr(p1));
  x.chg1 = x.child1.empty() ? 0 : static_cast<double>(p1) / static_cast<double>(x.child1.size());
  x.chg2 = x.child2.empty() ? 0 : static_cast<double>(p2) / static_cast<double>(x.child2.size());
  return x;
}

std::optional<std::string> repair(std::string_view genes, const f0::OperatorCall&) {
  std::string g;
  for (const char c : genes)
    if (kMoves.find(c) != std::string_view::npos) g += c;
  return g;
}

}  // namespace genokit::f9
