// An SVG chart of a recorded run: one labelled line per neuron (and per extra channel), axes with
// ticks, a legend. Self-contained SVG 1.1 (no scripts, no external fonts).
#pragma once

#include <string>
#include <vector>

#include "genokit/neuro/network.hpp"
#include "genokit/neuro/trace.hpp"

namespace genokit::neuro {

struct PlotOptions {
  std::string title;
  int width = 960, height = 540;
  bool channels = true;      // also draw n<i>.ch<k> columns
  std::vector<int> neurons;  // only these neurons (empty = all)
};

std::string plot_svg(const Network& net, const Trace& t, const PlotOptions& opt = {});

}  // namespace genokit::neuro
