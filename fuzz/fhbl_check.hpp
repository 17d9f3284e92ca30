// Shared by the fH, fB and fL fuzz targets: what every conversion must satisfy. Map ranges inside
// the text; a valid model survives the SDK's f0 text round trip unchanged (the converters model the
// round trip instead of doing it); a valid genotype mutates and crosses without crashing, and the
// results are valid genotypes or reported failures.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "genokit/f0/parser.hpp"
#include "genokit/f0/writer.hpp"
#include "genokit/genotype/encoding.hpp"
#include "genokit/genotype/operators.hpp"

namespace fuzz_fhbl {

template <class Conversion>
void check(const Conversion& c, std::string_view text) {
  for (const auto& e : c.map)
    if (e.begin > e.end || e.end > text.size()) std::abort();
  const auto& m = c.model;
  if (!m.valid) return;
  if (!c.converted) std::abort();
  const std::string f0 = genokit::f0::write_body(m);
  genokit::Diagnostics d2;
  genokit::f0::ParseOptions po;
  po.lint = false;
  const auto back = genokit::f0::parse(f0, d2, po);
  if (!back.valid || back.parts.size() != m.parts.size() || back.joints.size() != m.joints.size() ||
      back.neurons.size() != m.neurons.size() || back.connections.size() != m.connections.size())
    std::abort();
  if (genokit::f0::write_body(back) != f0) std::abort();
}

// One mutation and one crossover with itself (small texts only: the operators retry 100 times).
inline void operate(std::string_view text, std::uint64_t seed) {
  if (text.size() > 2000) return;
  genokit::Diagnostics d;
  if (!genokit::genotype::is_valid_strict(text, d)) return;
  genokit::genotype::OperatorOptions o;
  o.seed = seed;
  genokit::Diagnostics md;
  if (const auto m = genokit::genotype::mutate(text, md, o)) {
    genokit::Diagnostics v;
    if (!genokit::genotype::is_valid_strict(m->genotype, v)) std::abort();
  } else if (!md.has_errors()) {
    std::abort();
  }
  genokit::Diagnostics xd;
  if (const auto x = genokit::genotype::crossover(text, text, xd, o)) {
    genokit::Diagnostics v;
    if (!genokit::genotype::is_valid_strict(x->genotype, v)) std::abort();
  }
}

}  // namespace fuzz_fhbl
