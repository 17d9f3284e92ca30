// Framsticks f1 genotypes ("recursive encoding", e.g. "RRX(lX,X[|G:1])") converted into genokit's
// f0 model exactly as the Framsticks SDK r909 converter builds it (spec/notes/f1.md), plus a map
// from f1 text ranges to the parts, joints and neurons they made, and warnings (with line/column in
// the f1 text) for everything the SDK silently accepts or drops. Never throws on bad input; no
// recursion (10,000-deep nesting and 1 MB genotypes are fine).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "genokit/core/diagnostics.hpp"
#include "genokit/f0/model.hpp"

namespace genokit::f1 {

struct ConvertOptions {
  bool mapping = false;  // fill Conversion::map (costs time and memory; off for batch checks)
  bool strict = false;   // every warning becomes an error and makes the model invalid
  bool lint = true;      // genokit's own warnings (unknown neuron classes, ignored tokens, ...)
};

enum class ElementKind : std::uint8_t { part, joint, neuron };

// One f1 text range [begin, end) (byte offsets in the genotype text, header included) and one
// element it made. A range that made several elements appears once per element.
struct MapEntry {
  std::uint32_t begin = 0, end = 0;
  ElementKind kind = ElementKind::part;
  int index = -1;
};

struct Conversion {
  // The f0 model the SDK ends with (after its f0 text round trip): valid, counts, positions,
  // orientations, properties, neurons, connections. Element `src` positions point into the f1
  // text (the `X` of a part/joint, the `[` of a neuron).
  f0::Model model;
  // false when the SDK's f1->f0 conversion itself fails (bad character, stray `]`): the model is
  // then empty and invalid.
  bool converted = false;
  std::vector<MapEntry> map;  // only with ConvertOptions::mapping, sorted by begin
  // The SDK r909 log lines this genotype produces, e.g.
  // "[WARN] GenoConvF1.addInput: illegal neuron connection 0 <- -1 (ignored)".
  std::vector<std::string> sdk_messages;
  // SDK error/warning positions (offsets in the converted f0 text, -1 none), as in the dumps.
  std::int64_t sdk_error_pos = -1, sdk_warn_pos = -1;
};

// `genotype`: the whole genotype text, with or without a "/*1*/" or "//1" header. Diagnostics are
// positioned in `genotype` (1-based line/column, byte offset); codes are "f1.<kebab-case>".
Conversion convert(std::string_view genotype, Diagnostics& diags, const ConvertOptions& opt = {});

// Just the model (no map, no lint).
f0::Model to_f0(std::string_view genotype, Diagnostics& diags);

// The elements made by the f1 text at byte `offset` (in map order).
std::vector<MapEntry> elements_at(const Conversion& c, std::uint32_t offset);
// The f1 text ranges that made element `index` of `kind`.
std::vector<MapEntry> ranges_of(const Conversion& c, ElementKind kind, int index);

// True when `text` is an f1 genotype: "/*1*/" or "//1" header, or no header at all.
bool is_f1_genotype(std::string_view text);

}  // namespace genokit::f1
