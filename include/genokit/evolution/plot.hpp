// An SVG picture of an evolution's log (the CSV of genokit evolve, log_csv_header/log_csv_row):
// one panel per criterion with the best, mean and worst of each generation (the band between
// worst and best shaded), and a panel with the population's diversity. Self-contained SVG 1.1.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "genokit/core/diagnostics.hpp"

namespace genokit::evolution {

struct PlotOptions {
  std::string title;
  int width = 900;
  int panel_height = 260;
};

// std::nullopt, with errors positioned in the CSV (line:column), when it is not such a log: no
// `generation` column, no `<criterion>_best` column, a row of another length, a number that
// cannot be read. `file` names the CSV in the diagnostics.
std::optional<std::string> plot_log_svg(std::string_view csv, Diagnostics& diags, const PlotOptions& opt = {},
                                        const std::string& file = {});

}  // namespace genokit::evolution
