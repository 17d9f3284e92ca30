// The inputs of `genokit view`, each turned into page data (page.hpp): a trajectory file written
// by `genokit simulate` (JSON, CONTRACTS.md), an XODE scene (simulated here through the physics
// module), or the genotypes of a file (f0/f1 text or a Framsticks .gen file, through the genotype
// door). Every problem is a diagnostic with file:line:col; std::nullopt when nothing can be shown.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "genokit/core/diagnostics.hpp"
#include "genokit/genotype/file.hpp"
#include "genokit/physics/world.hpp"
#include "genokit/view/page.hpp"
#include "genokit/xode/load.hpp"

namespace genokit::view {

enum class InputKind { trajectory, xode, genotypes };
// What `bytes` hold: a JSON object (trajectory), XML (XODE), anything else (genotypes).
InputKind detect_input(std::string_view bytes);

struct TrajectoryOptions {
  std::string file;  // for diagnostics
};
// A trajectory file (format "genokit-trajectory", version 1). Wrong JSON, a missing or mistyped
// field, arrays of the wrong length and indices out of range are view.* errors positioned in the
// file.
std::optional<Page> read_trajectory(std::string_view json, Diagnostics& diags,
                                    const TrajectoryOptions& opt = {});

struct XodeViewOptions {
  xode::LoadOptions load;   // file name, lenient reading, compat mode
  physics::SimOptions sim;  // step size, gravity, contacts (as `genokit simulate`)
  std::size_t steps = 500;  // simulated steps (0: the scene as placed, one frame)
  std::size_t every = 1;    // a frame every this many steps (and the last)
  // Frames kept in floats at most: a longer run records every k-th step instead (with a note), so
  // that a huge --steps cannot fill the memory.
  std::size_t max_values = 16'000'000;
};
// An XODE scene built in ODE and stepped `steps` times: its bodies (with their geoms) per frame,
// static geoms, the mass-weighted centre of the bodies as the centre-of-mass track.
std::optional<Page> page_from_xode(std::string_view bytes, Diagnostics& diags,
                                   const XodeViewOptions& opt = {});

struct GenotypeViewOptions {
  std::string file;                  // for diagnostics
  genotype::FileOptions reading;     // bare files: f1 unless `reading.bare` says otherwise
  std::string org;                   // one genotype by org name or index ("" = every readable genotype)
  std::size_t max_genotypes = 2000;  // more are left out (with a note)
};
// Every readable genotype of a file as a static creature (its f0 body as placed, one frame), each a
// scene of the page; genotypes that give no body are reported and left out.
std::optional<Page> page_from_genotypes(std::string_view bytes, Diagnostics& diags,
                                        const GenotypeViewOptions& opt = {});

}  // namespace genokit::view
