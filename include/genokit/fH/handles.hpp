// The handles of an fH genotype (notes encodings.md §6.2): a number of dimensions d, then sticks
// (`j:`), neurons (`n:`) and neural connections (`c:`), each with a first and a second vector in
// d-dimensional space and its own properties. Read as SDK r909's fH_Builder reads them (the f0
// single-line syntax, clamping, its messages) and written in its canonical form (Geno_fH's
// toString: sticks, neurons, connections, only non-default properties). fB genotypes decode to
// these handles too (genokit/fB/convert.hpp).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "genokit/core/diagnostics.hpp"
#include "genokit/frams/property.hpp"

namespace genokit::fH {

enum class HandleKind : std::uint8_t { stick, neuron, connection };

// The properties after the two vectors, in the SDK's order (their ranges and defaults come from
// the f0 tables, `l` is fH's own: 0.001..1.999, default 1).
enum StickProp : std::uint8_t { dn, fr, ing, as, stif, rotstif, stam, l, kStickProps };

struct Handle {
  HandleKind kind = HandleKind::stick;
  // first[0..d), second[0..d), then the kind's numbers: a stick's eight StickProp values, a
  // connection's weight `w`; a neuron has none (its details are text).
  std::vector<double> values;
  std::string details;  // neuron `d` ("" = N)
  // The text range the handle came from (byte offsets in the genotype text given to read()).
  std::uint32_t begin = 0, end = 0;

  double first(int i) const { return values[static_cast<std::size_t>(i)]; }
  double second(int i, int dims) const { return values[static_cast<std::size_t>(dims + i)]; }
  double prop(int dims, int k) const { return values[static_cast<std::size_t>(2 * dims + k)]; }
};

struct Handles {
  int dims = 0;
  std::vector<Handle> sticks, neurons, connections;  // each in genotype order
  std::size_t size() const { return sticks.size() + neurons.size() + connections.size(); }
};

// A handle of `kind` with every property at its default.
Handle default_handle(HandleKind kind, int dims);
// The property table of a handle kind for `dims` dimensions (x0.., y0.., then the kind's own; the
// strings live as long as the program). Sizes: stick 2d+8, neuron 2d+1, connection 2d+1.
std::span<const frams::Property> property_table(HandleKind kind, int dims);
// "Stick handle", "Neuron handle", "Connection handle" (the SDK's names in messages).
std::string_view kind_name(HandleKind kind);

// The most dimensions and handles x dimensions genokit reads (the SDK has no limit; a larger
// genotype is reported as fH.too-large instead of taking gigabytes).
inline constexpr int kMaxDims = 1000;
inline constexpr std::size_t kMaxValues = std::size_t{1} << 22;
// The most handles genokit develops (the body is built in O(sticks^2 * d)).
inline constexpr std::size_t kMaxHandles = 10000;

struct ReadResult {
  Handles handles;
  // What fH_Builder::parseGenotype returns: 0 = read to the end with at least one stick; else the
  // SDK's error position (Geno_fH::checkValidity's: the 0-based offset in the genes of the faulty
  // line's start, or 1 for the dimensions line and "no stick").
  int status = 0;
  bool dims_ok = false;    // the dimensions line was read (handles may follow)
  bool warned = false;     // a value was clamped or a field ignored (Geno_fH::validate rewrites)
  std::uint32_t stop = 0;  // the offset of the line that stopped the reading (status != 0)
  std::vector<std::string> sdk_messages;  // the SDK's log lines, "[WARN] Param.set: ..."
};

struct ReadOptions {
  bool lint = true;     // genokit's own warnings
  bool strict = false;  // warnings become errors
  bool sdk_messages = true;
};

// `genotype`: the whole text, with or without a "//H" header. Diagnostics are positioned in it
// (codes "fH.<kebab-case>"); handle ranges are offsets in it.
ReadResult read(std::string_view genotype, Diagnostics& diags, const ReadOptions& opt = {});

// The canonical fH genes (no header): "d\n" then one line per handle, each ending with '\n'.
std::string write(const Handles& h);

}  // namespace genokit::fH
