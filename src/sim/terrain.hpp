// The ground of a world: flat (wrldtyp 0), blocks (1) or a height field (2) read from `wrldmap`
// as Framsticks writes it (internal). Heights are in world units; the world spans [0, size] in X
// and Y, row 1 of the map is the row at y = 0.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "genokit/f0/model.hpp"

namespace genokit::sim {

struct MapProblem {
  std::string message;
  int line = 1;  // within the map text (1-based)
  int column = 1;
  std::size_t offset = 0;  // byte offset in the map text
};

// A static box of the blocks world (ODE dMatrix3 rotation layout).
struct StaticBox {
  f0::Vec3 center;
  std::array<double, 12> rotation{};
  f0::Vec3 sides;
  int cell = 0;  // the map cell it stands on (j * nx + i)
};

struct Terrain {
  int type = 0;  // 0 flat, 1 blocks, 2 height field
  double size = 20;
  int nx = 0, ny = 0;      // map columns (X) and rows (Y)
  std::vector<double> h;   // nx*ny, row-major, row j at y index j
  std::vector<char> kind;  // blocks: '#' a level block, '-' a ramp along X, '|' a ramp along Y
  double lo = 0, hi = 0;   // lowest and highest ground (the floor plane is at lo)

  // Ground height at (x, y) (the floor `lo` outside the map).
  double height(double x, double y) const;
  // The ground under (x, y): its height and upward unit normal (height fields are two
  // triangles per map cell, split along the cell's (i, j)-(i+1, j+1) diagonal).
  double surface(double x, double y, f0::Vec3& normal) const;
  // Highest ground in the rectangle [x0, x1] x [y0, y1] (bounds of what the body may touch).
  double max_height(double x0, double y0, double x1, double y1) const;
  // Blocks as boxes from the floor up (type 1).
  std::vector<StaticBox> boxes() const;
  // Level blocks as [x0, y0, x1, y1, top] (ramps as their mean height), for drawing (type 1).
  std::vector<std::array<double, 5>> block_rects() const;
};

// Reads a world map: "m W H" then W*H cells, one character each ('0'..'9' heights, '-' and '|'
// ramps between the neighbours left/right or below/above; blanks ignored), or "M W H" then W*H
// numbers. A flat terrain for type 0 or an empty map with type 0. std::nullopt with problems.
std::optional<Terrain> parse_world_map(std::string_view text, int type, double size,
                                       std::vector<MapProblem>& problems);

}  // namespace genokit::sim
