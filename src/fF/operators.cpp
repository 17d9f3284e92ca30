// fF's operators (notes encodings.md §4.4) on the shared SDK random helpers.
#include "genokit/fF/operators.hpp"

#include <array>
#include <cmath>

#include "genokit/fF/convert.hpp"
#include "genokit/frams/operator_params.hpp"

namespace genokit::fF {
namespace {

constexpr std::array kTable{
    frams::operator_param("fF_xover", 'f', 0.5, 1.0, 0.5, "Inherited in linear mix crossover",
                          "the share of its own parent's values each child keeps (0.5: the mean of both)"),
};

Params load_quietly(std::string_view genes) {
  Params p;
  Diagnostics d;
  d.set_limit(0);
  load(genes, p, d);
  return p;
}

}  // namespace

std::span<const frams::Property> operator_table() {
  return kTable;
}

std::optional<f0::Mutation> mutate(std::string_view genes, const f0::OperatorCall& call) {
  Params p = load_quietly(genes);
  struct Choice {
    const char* id;
    double* value;
    double sd;
  };
  double n = p.n;
  const std::array<Choice, 7> choices{{{"n", &n, 1.4},
                                       {"sx", &p.sx, 0.01},
                                       {"sy", &p.sy, 0.01},
                                       {"sz", &p.sz, 0.01},
                                       {"tr", &p.tr, 0.2},
                                       {"a1", &p.a1, 0.6283185},
                                       {"a2", &p.a2, 0.6283185}}};
  const Choice& c = choices[call.rng.below(7)];
  const frams::Property& row =
      params_table()[static_cast<std::size_t>(frams::find_property(params_table(), c.id))];
  *c.value = frams::creep(call.rng, row.type, *c.value, row.min, row.max, c.sd, true);
  p.n = static_cast<int>(n);
  return f0::Mutation{write(p), std::string("fF.creep-") + c.id, 0, 0.1};
}

std::optional<f0::Crossing> crossover(std::string_view genes1, std::string_view genes2,
                                      const f0::OperatorCall& call) {
  Params p1 = load_quietly(genes1), p2 = load_quietly(genes2);
  const double share = call.params.number("fF_xover");
  std::array<double, 10> a{}, b{};
  auto get = [](const Params& p, std::array<double, 10>& v) {
    v = {static_cast<double>(p.n), p.rad0x, p.rad0y, p.rad0z, p.sx, p.sy, p.sz, p.tr, p.a1, p.a2};
  };
  auto put = [](const std::array<double, 10>& v, Params& p) {
    p.n = static_cast<int>(std::floor(v[0] + 0.5));  // (the SDK's "dithering", deterministic)
    p.rad0x = v[1], p.rad0y = v[2], p.rad0z = v[3], p.sx = v[4], p.sy = v[5], p.sz = v[6], p.tr = v[7],
    p.a1 = v[8], p.a2 = v[9];
  };
  get(p1, a), get(p2, b);
  frams::linear_mix(a, b, share);
  put(a, p1), put(b, p2);
  // chg2 is parent 2's share of child 2 (the SDK reports 1 - share there).
  return f0::Crossing{write(p1), write(p2), true, share, share, ""};
}

std::optional<std::string> repair(std::string_view genes, const f0::OperatorCall&) {
  return write(load_quietly(genes));
}

}  // namespace genokit::fF
