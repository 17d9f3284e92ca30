// The genotype door: one call turns a genotype text of any encoding genokit reads into the f0 model
// (parts, joints, neurons, connections with the verdict), the map from text ranges to the elements
// they made, and diagnostics positioned in the text. The encoding comes from the text's header
// (`//0`, `/*1*/`, ...), an explicit format, or, without a header, the bare-text rule (f1 as in the
// SDK; genokit's CLI reads bare files as f0). Encodings are listed in encoding.hpp.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "genokit/core/diagnostics.hpp"
#include "genokit/f0/model.hpp"
#include "genokit/f0/parser.hpp"

namespace genokit::genotype {

// What a text without a header is.
enum class Bare : std::uint8_t {
  f1,     // the SDK's rule (Geno: no header = f1)
  f0,     // an f0 body (genokit's bare .f0 files, `neuro run`)
  guess,  // the encoding whose sniff() likes the text best (f1 when none does)
};

struct ReadOptions {
  std::string format;    // read as this encoding ("0", "1", ...) whatever the header; "" = decide
  Bare bare = Bare::f1;  // the rule for a text without a header (when `format` is empty)
  bool mapping = false;  // fill Genotype::map (costs time and memory; off for batch checks)
  bool strict = false;   // every warning becomes an error (encodings that support it: f1)
  bool lint = true;      // genokit's own warnings on top of the SDK's, for every encoding
  f0::ParseOptions f0;   // f0 only: property order, delta-joint order (its `lint` is taken from `lint`)
};

enum class ElementKind : std::uint8_t { part, joint, neuron, connection };
std::string_view to_string(ElementKind k);  // "part", "joint", "neuron", "connection"

// One text range [begin, end) (byte offsets in the genotype text, header included) and one element
// it made. A range that made several elements appears once per element.
struct MapEntry {
  std::uint32_t begin = 0, end = 0;
  ElementKind kind = ElementKind::part;
  int index = -1;
};

// What the door makes of one genotype text.
struct Genotype {
  std::string format;  // the encoding it was read as ("0", "1", ...)
  // The f0 model; `model.valid` is the verdict. Element `src` positions point into the genotype text
  // (f0: the element line; f1: the `X` of a part/joint, the `[` of a neuron).
  f0::Model model;
  // Text ranges -> elements, sorted by begin (only with ReadOptions::mapping). f0: each element
  // line; converting encodings: what their converter records (f1: Conversion::map).
  std::vector<MapEntry> map;
  // Converting encodings: false when the conversion itself failed (the model is then empty and
  // invalid). Always true for f0.
  bool converted = true;
  // The SDK r909 log lines the conversion produces (f1), for comparison with the SDK.
  std::vector<std::string> sdk_messages;
};

// The encoding id of a text: `opt.format` when set, else its header, else the bare rule. Empty
// when the header is malformed.
std::string format_of(std::string_view text, const ReadOptions& opt = {});

// Reads one genotype. std::nullopt when nothing can be read: a malformed header
// (genotype.bad-header) or an encoding genokit cannot read yet (genotype.unsupported-encoding).
// Otherwise the model carries its own verdict; diagnostics are positioned in `text` (1-based
// line/column, byte offset), codes "<encoding>.<kebab-case>", e.g. f0.bad-part-ref.
std::optional<Genotype> read(std::string_view text, Diagnostics& diags, const ReadOptions& opt = {});

// The elements made by the text at byte `offset` (in map order), and the ranges that made one element.
std::vector<MapEntry> elements_at(const Genotype& g, std::uint32_t offset);
std::vector<MapEntry> ranges_of(const Genotype& g, ElementKind kind, int index);

}  // namespace genokit::genotype
