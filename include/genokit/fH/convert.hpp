// Framsticks fH genotypes ("similarity encoding": sticks, neurons and connections as handles in a
// d-dimensional space, joined by nearness; notes encodings.md §6.1-§6.5) converted into genokit's
// f0 model exactly as the Framsticks SDK r909 converter builds it, with the map from handle lines
// to the parts, joints, neurons and connections they made, and diagnostics positioned in the text.
// Never throws on bad input; sizes are limited (handles.hpp) so that no genotype takes gigabytes
// or hours.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "genokit/core/diagnostics.hpp"
#include "genokit/f0/model.hpp"
#include "genokit/fH/handles.hpp"

namespace genokit::fH {

struct ConvertOptions {
  bool mapping = false;  // fill Conversion::map
  bool strict = false;   // every warning becomes an error and makes the model invalid
  bool lint = true;      // genokit's own warnings (connections the SDK drops silently, ...)
};

enum class ElementKind : std::uint8_t { part, joint, neuron, connection };

// One text range [begin, end) (byte offsets in the genotype text, header included) and one
// element it made. A range that made several elements appears once per element.
struct MapEntry {
  std::uint32_t begin = 0, end = 0;
  ElementKind kind = ElementKind::part;
  int index = -1;
};

struct Conversion {
  // The f0 model the SDK ends with (after its f0 text round trip). Element `src` positions point
  // at the handle line that made the element (a second part: its stick's line).
  f0::Model model;
  bool converted = false;     // false when the SDK's conversion fails (the model is then empty)
  std::vector<MapEntry> map;  // only with ConvertOptions::mapping, sorted by begin
  // The SDK r909 log lines of the conversion, e.g. "[WARN] Param.set: Setting Stick handle.l = ...".
  std::vector<std::string> sdk_messages;
  std::int64_t sdk_error_pos = -1, sdk_warn_pos = -1;  // offsets in the converted f0 text, as dumped
  // What Geno_fH::checkValidity says (0 valid; else the SDK's error position). The SDK's verdict on a
  // genotype is this, not the model's: a line it cannot read after the first stick is ignored by the
  // converter (the model is valid) but fails the check.
  int sdk_check = 0;
};

// `genotype`: the whole text, with or without a "//H" header. Diagnostics are positioned in it
// (1-based line/column, byte offset); codes are "fH.<kebab-case>".
Conversion convert(std::string_view genotype, Diagnostics& diags, const ConvertOptions& opt = {});

// The development alone, from handles already read (fB decodes its genes into handles): the body,
// the brain, the model. `text` is the genotype the handle ranges point into (for positions).
// Handles without a stick give a failed conversion without a message (the reader reports it).
// `code_prefix` starts the codes of its diagnostics ("fB" for handles decoded from fB).
void develop(const Handles& handles, std::string_view text, Conversion& out, Diagnostics& diags,
             const ConvertOptions& opt = {}, std::string_view code_prefix = "fH");

// True when `text` has an fH header ("//H" or "/*H*/").
bool is_fH_genotype(std::string_view text);

}  // namespace genokit::fH
