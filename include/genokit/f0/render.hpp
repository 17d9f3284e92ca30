// An SVG picture of a creature: an isometric view plus top, front and side projections.
#pragma once

#include <string>

#include "genokit/f0/model.hpp"

namespace genokit::f0 {

struct RenderOptions {
  std::string title;  // shown above the picture (e.g. the genotype name)
  int width = 960;
  bool projections = true;  // add the top/front/side views
  bool labels = true;       // neuron class labels
};

std::string render_svg(const Model& m, const RenderOptions& opt = {});

}  // namespace genokit::f0
