// Framsticks f4 genotypes ("developmental encoding", e.g. "<X><N|[G:1]>X") converted into
// genokit's f0 model exactly as the Framsticks SDK r909 converter develops and builds them (notes
// spec/notes/encodings.md §2), with a map from f4 text ranges to the parts, joints, neurons and
// connections each cell made, the SDK's log lines, and diagnostics (line/column in the f4 text) for
// every failure, including those the SDK leaves silent. Never throws on bad input; no recursion
// over the text; development is bounded (99 cells as in the SDK, and an execution budget of
// genokit's own against nested repetitions that would run for hours).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "genokit/core/diagnostics.hpp"
#include "genokit/f0/model.hpp"

namespace genokit::f4 {

struct ConvertOptions {
  bool mapping = false;  // fill Conversion::map
  bool strict = false;   // every warning becomes an error and makes the model invalid
  bool lint = true;      // genokit's own warnings (SDK quirks, ignored text, dropped inputs, ...)
  // Codes executed before development is stopped with f4.development-limit (genokit's limit).
  std::uint64_t budget = 20'000'000;
};

enum class ElementKind : std::uint8_t { part, joint, neuron, connection };

// One f4 text range [begin, end) (byte offsets in the genotype text, header included) and one
// element it made.
struct MapEntry {
  std::uint32_t begin = 0, end = 0;
  ElementKind kind = ElementKind::part;
  int index = -1;
};

struct Conversion {
  // The f0 model the SDK ends with (after its f0 text round trip). Element `src` offsets point
  // at the f4 code that made the element (the X, N or class name of its cell, a '[' for a sensor
  // neuron, the '|'/'@' of a muscle).
  f0::Model model;
  // false when the SDK's conversion fails (a development error, no code at all): the model is then
  // empty and invalid.
  bool converted = false;
  std::vector<MapEntry> map;  // only with ConvertOptions::mapping, sorted by begin
  // The SDK r909 log lines this genotype produces, e.g. "[ERROR] f4_Cell.onestep: unknown code 'Y'".
  std::vector<std::string> sdk_messages;
};

// `genotype`: the whole text, with a "//4" or "/*4*/" header (or none: the text is read as f4).
// Diagnostics are positioned in `genotype`; codes are "f4.<kebab-case>".
Conversion convert(std::string_view genotype, Diagnostics& diags, const ConvertOptions& opt = {});

// The genetic validity check GenMan uses (Geno_f4::checkValidity, notes §2.6): 0 when valid,
// otherwise the SDK's 1-based error position in the genes (the text after the header). Stricter
// than the converter: parse errors count, and every development error does.
int check_validity(std::string_view genotype);
// The same check with its reason as a diagnostic (f4.* error codes); true when valid.
bool check(std::string_view genotype, Diagnostics& diags);

// True when `text` starts with an f4 header.
bool has_f4_header(std::string_view text);

}  // namespace genokit::f4
