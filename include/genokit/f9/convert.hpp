// Framsticks f9 genotypes ("Turtle3D-ortho encoding", e.g. "RRFFLUU") converted into genokit's f0
// model exactly as the Framsticks SDK r909 converter builds them (notes spec/notes/encodings.md §3):
// a turtle walking the integer lattice, a part at every point it visits and a joint for every
// step between two points, with the SDK's deterministic position noise and rainbow colours, plus
// the map from each letter to the parts and joint it touched. Never throws; linear time.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "genokit/core/diagnostics.hpp"
#include "genokit/f0/model.hpp"

namespace genokit::f9 {

struct ConvertOptions {
  bool mapping = false;  // fill Conversion::map
  bool strict = false;   // every warning becomes an error and makes the model invalid
  bool lint = true;      // (f9 has no lint-only remarks; kept for a uniform call shape)
};

enum class ElementKind : std::uint8_t { part, joint };

// One letter [begin, begin + 1) (byte offset in the genotype text, header included) and one element
// it touched: the part it left, the part it reached and the joint between them.
struct MapEntry {
  std::uint32_t begin = 0, end = 0;
  ElementKind kind = ElementKind::part;
  int index = -1;
};

struct Conversion {
  f0::Model model;            // element `src` offsets: the letter that made the element
  bool converted = false;     // false: fewer than two parts (no move letter); the model is invalid
  std::vector<MapEntry> map;  // with ConvertOptions::mapping, sorted by begin
};

// `genotype`: the whole text, with a "//9" or "/*9*/" header (or none). Codes "f9.<kebab-case>".
Conversion convert(std::string_view genotype, Diagnostics& diags, const ConvertOptions& opt = {});

// GenMan's genetic check (GenoOper_f9::checkValidity): 0 when valid, else the SDK's 1-based error
// position in the genes (1 for an empty genotype, else the first character that is not a move).
int check_validity(std::string_view genotype);
// The same with its reason as a diagnostic; true when valid.
bool check(std::string_view genotype, Diagnostics& diags);

// The move letters: L R (x), B F (y), D U (z).
inline constexpr std::string_view kMoves = "LRBFDU";

}  // namespace genokit::f9
