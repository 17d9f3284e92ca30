// Shared checks of the encoding fuzzers (f4_converter, f9_converter, fF_converter, fn_converter):
// a converted model's map stays inside the text, its joints are sane, and a valid model survives
// the f0 text round trip unchanged; the raw operators run on the input without crashing.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <span>
#include <string_view>

#include "genokit/f0/genetic_operator.hpp"
#include "genokit/f0/parser.hpp"
#include "genokit/f0/writer.hpp"

namespace genokit::fuzz {

inline void check_model(const f0::Model& m) {
  if (!m.valid) return;
  for (const auto& j : m.joints)
    if (j.p1 < 0 || j.p2 < 0 || static_cast<std::size_t>(j.p1) >= m.parts.size() ||
        static_cast<std::size_t>(j.p2) >= m.parts.size())
      std::abort();
  const std::string f0 = f0::write_body(m);
  Diagnostics d;
  f0::ParseOptions po;
  po.lint = false;
  const auto back = f0::parse(f0, d, po);
  if (!back.valid || back.parts.size() != m.parts.size() || back.joints.size() != m.joints.size() ||
      back.neurons.size() != m.neurons.size() || back.connections.size() != m.connections.size())
    std::abort();
  if (f0::write_body(back) != f0) std::abort();
}

template <class Map>
void check_map(const Map& map, std::size_t size) {
  for (const auto& e : map)
    if (e.begin > e.end || e.end > size) std::abort();
}

// The raw operators of an encoding on the input (mutation and repair; crossover with itself).
template <class Mutate, class Cross, class Repair>
void run_operators(std::string_view genes, std::span<const frams::Property> table, std::uint64_t seed,
                   Mutate mutate, Cross cross, Repair repair) {
  frams::SdkRandom rng(seed);
  const frams::ParamValues params(table);
  Diagnostics d;
  const f0::OperatorCall call{rng, params, f0::default_neuron_class_lists(), d};
  (void)mutate(genes, call);
  (void)cross(genes, genes, call);
  (void)repair(genes, call);
}

// One input through an encoding: convert (with a map and --strict on some inputs), check the model
// and map, the two validity checks agree, and the operators run (`E` bundles the encoding's
// functions, see f4_converter.cpp).
template <class E>
int run_encoding(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  Diagnostics d;
  typename E::Options opt;
  if constexpr (requires { opt.mapping; }) opt.mapping = size % 2 == 0;
  opt.strict = size % 3 == 0;
  const auto c = E::convert(text, d, opt);
  if constexpr (requires { c.map; }) check_map(c.map, size);
  check_model(c.model);
  Diagnostics v;
  if (E::check(text, v) != (E::check_validity(text) == 0)) std::abort();
  for (const Diagnostic& x : d.items())  // (operators on a text at genokit's limits only repeat the limit)
    if (x.code.ends_with(".development-limit") || x.code.ends_with(".too-many-codes")) return 0;
  if (size < 4096)  // (the operators on the genes; a header is just more genes to them)
    run_operators(text, E::operator_table(), size, E::mutate, E::crossover, E::repair);
  return 0;
}

}  // namespace genokit::fuzz
