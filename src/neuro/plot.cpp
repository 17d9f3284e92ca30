// SVG line chart of a run: plot area with grid and ticks, one coloured (and, past the palette,
// dashed) polyline per column, a label at each line's end and a legend on the right.
#include "genokit/neuro/plot.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "genokit/core/numbers.hpp"
#include "genokit/core/text.hpp"
#include "neuro/data.hpp"

namespace genokit::neuro {
namespace {

constexpr const char* kPalette[] = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b",
                                    "#e377c2", "#17becf", "#7f7f7f", "#bcbd22", "#393b79", "#ad494a"};
constexpr int kColors = sizeof kPalette / sizeof kPalette[0];
constexpr const char* kDashes[] = {"", "6 3", "2 3", "8 3 2 3"};

std::string esc(std::string_view raw) {
  std::string s = utf8_safe(raw);
  std::erase_if(s,
                [](char c) { return static_cast<unsigned char>(c) < 0x20; });  // not allowed in XML 1.0 text
  std::string o;
  append_xml_escaped(o, s, true);
  return o;
}

std::string f(double v) {
  char b[32];
  std::snprintf(b, sizeof b, "%.1f", v);
  return b;
}

std::string tick_label(double v) {
  if (std::fabs(v) < 1e-12) return "0";
  char b[32];
  std::snprintf(b, sizeof b, "%g", v);
  return b;
}

// A "nice" tick step for a range (1, 2 or 5 times a power of ten).
double nice_step(double range, int target) {
  const double raw = range / target;
  const double p = std::pow(10.0, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (m * p >= raw) return m * p;
  return 10 * p;
}

}  // namespace

std::string plot_svg(const Network& net, const Trace& t, const PlotOptions& opt) {
  std::vector<std::size_t> cols;
  for (std::size_t c = 0; c < t.columns.size(); ++c) {
    const int nr = t.column_neuron[c];
    if (!opt.channels && t.columns[c].find(".ch") != std::string::npos) continue;
    if (!opt.neurons.empty() && std::find(opt.neurons.begin(), opt.neurons.end(), nr) == opt.neurons.end())
      continue;
    cols.push_back(c);
  }
  const int W = std::max(400, opt.width), H = std::max(300, opt.height);
  const int legend_w = 190;
  const double L = 70, T = opt.title.empty() ? 20 : 44, R = W - legend_w - 50, B = H - 50;
  // Value range over finite values.
  double lo = INFINITY, hi = -INFINITY;
  for (const auto& row : t.rows)
    for (std::size_t c : cols)
      if (std::isfinite(row[c])) lo = std::min(lo, row[c]), hi = std::max(hi, row[c]);
  if (!(lo <= hi)) lo = -1, hi = 1;
  if (lo >= -1 && hi <= 1 && hi - lo > 0.2) lo = std::min(lo, -1.0), hi = std::max(hi, 1.0);
  if (hi - lo < 1e-12) lo -= 0.5, hi += 0.5;
  const double pad = (hi - lo) * 0.04;
  lo -= pad, hi += pad;
  const double steps = t.rows.empty() ? 1 : std::max<double>(1, static_cast<double>(t.rows.size() - 1));
  auto X = [&](double s) { return L + (R - L) * s / steps; };
  auto Y = [&](double v) { return B - (B - T) * (v - lo) / (hi - lo); };

  std::string o;
  o += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(W) + "\" height=\"" +
       std::to_string(H) + "\" viewBox=\"0 0 " + std::to_string(W) + " " + std::to_string(H) +
       "\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\" font-size=\"12\">\n";
  o += "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n";
  if (!opt.title.empty())
    o += "<text x=\"" + f(L) + "\" y=\"26\" font-size=\"16\" font-weight=\"bold\" fill=\"#222\">" +
         esc(opt.title) + "</text>\n";
  // Grid and ticks.
  o += "<g stroke=\"#e4e4e4\" stroke-width=\"1\">\n";
  const double ys = nice_step(hi - lo, 8), xs = nice_step(steps, 10);
  std::string labels;
  for (double v = std::ceil(lo / ys) * ys; v <= hi + 1e-9 * ys; v += ys) {
    o += "<line x1=\"" + f(L) + "\" y1=\"" + f(Y(v)) + "\" x2=\"" + f(R) + "\" y2=\"" + f(Y(v)) + "\"/>\n";
    labels += "<text x=\"" + f(L - 8) + "\" y=\"" + f(Y(v) + 4) + "\" text-anchor=\"end\">" + tick_label(v) +
              "</text>\n";
  }
  for (double s = 0; s <= steps + 1e-9; s += xs) {
    o += "<line x1=\"" + f(X(s)) + "\" y1=\"" + f(T) + "\" x2=\"" + f(X(s)) + "\" y2=\"" + f(B) + "\"/>\n";
    labels += "<text x=\"" + f(X(s)) + "\" y=\"" + f(B + 18) + "\" text-anchor=\"middle\">" + tick_label(s) +
              "</text>\n";
  }
  o += "</g>\n<g fill=\"#444\">\n" + labels + "</g>\n";
  if (lo < 0 && hi > 0)
    o += "<line x1=\"" + f(L) + "\" y1=\"" + f(Y(0)) + "\" x2=\"" + f(R) + "\" y2=\"" + f(Y(0)) +
         "\" stroke=\"#999\" stroke-width=\"1\"/>\n";
  o += "<rect x=\"" + f(L) + "\" y=\"" + f(T) + "\" width=\"" + f(R - L) + "\" height=\"" + f(B - T) +
       "\" fill=\"none\" stroke=\"#555\"/>\n";
  o += "<text x=\"" + f((L + R) / 2) + "\" y=\"" + f(H - 12.0) +
       "\" text-anchor=\"middle\" fill=\"#333\">step</text>\n";
  o += "<text transform=\"translate(18," + f((T + B) / 2) +
       ") rotate(-90)\" text-anchor=\"middle\" fill=\"#333\">output</text>\n";

  // Lines (NaN/inf values break the line).
  o += "<g fill=\"none\" stroke-width=\"1.6\" stroke-linejoin=\"round\">\n";
  std::string legend, ends;
  struct EndLabel {
    double x, y;
    std::string text;
    const char* color;
  };
  std::vector<EndLabel> end_labels;
  for (std::size_t n = 0; n < cols.size(); ++n) {
    const std::size_t c = cols[n];
    const char* color = kPalette[n % kColors];
    const char* dash = kDashes[(n / kColors) % 4];
    const int nr = t.column_neuron[c];
    std::string label = t.columns[c] + " " + net.class_name(nr);
    std::string d;
    bool pen = false;
    double lx = 0, ly = 0;
    for (std::size_t r = 0; r < t.rows.size(); ++r) {
      const double v = t.rows[r][c];
      if (!std::isfinite(v)) {
        pen = false;
        continue;
      }
      lx = X(static_cast<double>(r)), ly = Y(v);
      d += (pen ? " L" : " M") + f(lx) + " " + f(ly);
      pen = true;
    }
    o += "<path stroke=\"" + std::string(color) + "\"" +
         (*dash ? " stroke-dasharray=\"" + std::string(dash) + "\"" : std::string()) + " d=\"" + d +
         "\"><title>" + esc(label) + "</title></path>\n";
    if (!d.empty()) end_labels.push_back({lx + 4, ly + 4, t.columns[c], color});
    const double ly2 = T + 8 + 16.0 * static_cast<double>(n);
    if (ly2 < H - 10) {
      legend += "<line x1=\"" + f(W - legend_w + 0.0) + "\" y1=\"" + f(ly2) + "\" x2=\"" +
                f(W - legend_w + 22.0) + "\" y2=\"" + f(ly2) + "\" stroke=\"" + color +
                "\" stroke-width=\"2.5\"" +
                (*dash ? " stroke-dasharray=\"" + std::string(dash) + "\"" : std::string()) + "/>\n";
      legend +=
          "<text x=\"" + f(W - legend_w + 28.0) + "\" y=\"" + f(ly2 + 4) + "\">" + esc(label) + "</text>\n";
    }
  }
  // End-of-line labels: sorted by height and pushed apart so they do not overlap.
  std::sort(end_labels.begin(), end_labels.end(),
            [](const EndLabel& a, const EndLabel& b) { return a.y < b.y; });
  for (std::size_t k = 1; k < end_labels.size(); ++k)
    end_labels[k].y = std::max(end_labels[k].y, end_labels[k - 1].y + 11);
  for (const auto& e : end_labels)
    ends += "<text x=\"" + f(e.x) + "\" y=\"" + f(e.y) + "\" fill=\"" + e.color + "\" font-size=\"10\">" +
            esc(e.text) + "</text>\n";
  o += "</g>\n<g>\n" + ends + "</g>\n<g fill=\"#222\">\n" + legend + "</g>\n</svg>\n";
  return o;
}

}  // namespace genokit::neuro
