// A creature's initial world as an XODE 1.0 scene (what `genokit export-xode` writes): the bodies
// as placed by a run with the given seed, their capsules and spheres, masses and inertia, the
// links (ball joints with an angular motor holding the muscles' strength, fixed joints), the
// ground (a plane, blocks as boxes, a height field as a triangle mesh), fences, and gravity in a
// world <ext>. genokit's XODE reader loads it back (tests/sim/xode_export_test.cpp). The network
// is not part of XODE: the scene is the body at birth.
#pragma once

#include <cstdint>
#include <string>

#include "genokit/sim/model.hpp"

namespace genokit::sim {

struct XodeExportOptions {
  std::uint64_t seed = 0;  // placement (RunOptions::seed)
  std::string name = "creature";
};

std::string to_xode(const Model& model, const XodeExportOptions& opt = {});

}  // namespace genokit::sim
