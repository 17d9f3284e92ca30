// libFuzzer target for the f0/f1 genetic operators: any bytes as genes must be mutated, crossed and
// repaired without crashing, by the raw operators (which are meant for valid genes but must not
// crash on any) and through the door's GenMan wrapper, whose results must be valid genotypes.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "genokit/f0/operator_table.hpp"
#include "genokit/f0/operators.hpp"
#include "genokit/f1/operator_table.hpp"
#include "genokit/f1/operators.hpp"
#include "genokit/genotype/encoding.hpp"
#include "genokit/genotype/operators.hpp"

using namespace genokit;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 4096) return 0;  // (operators are linear or quadratic in the genes; keep runs fast)
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  const std::size_t half = size / 2;
  const std::uint64_t seed = size ? data[0] : 0;
  Diagnostics d;
  frams::SdkRandom rng(seed);
  const frams::ParamValues p1(f1::operator_table()), p0(f0::operator_table());
  const f0::OperatorCall c1{rng, p1, f0::default_neuron_class_lists(), d},
      c0{rng, p0, f0::default_neuron_class_lists(), d};
  (void)f1::mutate(bytes, c1);
  (void)f1::repair(bytes, c1);
  (void)f1::crossover(bytes.substr(0, half), bytes.substr(half), c1);
  (void)f0::mutate(bytes, c0);
  (void)f0::crossover(bytes.substr(0, half), bytes.substr(half), c0);
  // Through the door: whatever comes back is valid.
  for (const std::string& g : {std::string(bytes), "//0\n" + std::string(bytes)}) {
    genotype::OperatorOptions o;
    o.seed = seed;
    Diagnostics md;
    if (const auto m = genotype::mutate(g, md, o)) {
      Diagnostics v;
      if (!genotype::is_valid_strict(m->genotype, v)) std::abort();
    }
    if (const auto x = genotype::crossover(g, g.substr(0, g.size() / 2 + 1), md, o)) {
      Diagnostics v;
      if (!genotype::is_valid_strict(x->genotype, v)) std::abort();
    }
  }
  return 0;
}
