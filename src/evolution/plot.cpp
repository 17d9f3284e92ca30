// The log picture (genokit/evolution/plot.hpp): panels stacked vertically, each with its own value
// axis and the generations along x.
#include "genokit/evolution/plot.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "frams/sdk_number.hpp"
#include "genokit/core/text.hpp"

namespace genokit::evolution {
namespace {

struct Table {
  std::vector<std::string> columns;
  std::vector<std::vector<double>> rows;  // NaN: empty cell
  int column(std::string_view name) const {
    for (std::size_t i = 0; i < columns.size(); ++i)
      if (columns[i] == name) return static_cast<int>(i);
    return -1;
  }
};

std::vector<std::string_view> split(std::string_view line) {
  std::vector<std::string_view> out;
  for (std::size_t b = 0;;) {
    const std::size_t e = line.find(',', b);
    out.push_back(line.substr(b, e == std::string_view::npos ? line.size() - b : e - b));
    if (e == std::string_view::npos) return out;
    b = e + 1;
  }
}

std::optional<Table> read_csv(std::string_view csv, Diagnostics& diags, const std::string& file) {
  Table t;
  std::uint32_t line_no = 0;
  bool ok = true;
  for (std::size_t pos = 0; pos < csv.size();) {
    std::size_t nl = csv.find('\n', pos);
    if (nl == std::string_view::npos) nl = csv.size();
    std::string_view line = csv.substr(pos, nl - pos);
    const std::size_t start = pos;
    pos = nl + 1;
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (trim(line).empty()) continue;
    const auto cells = split(line);
    if (t.columns.empty()) {
      for (auto c : cells) t.columns.emplace_back(trim(c));
      continue;
    }
    if (cells.size() != t.columns.size()) {
      diags.error("evolution.bad-log",
                  "this row has " + std::to_string(cells.size()) + " cells, the header " +
                      std::to_string(t.columns.size()),
                  {file, line_no, 1, static_cast<std::int64_t>(start)});
      ok = false;
      continue;
    }
    std::vector<double> row;
    std::size_t col = 1;
    for (auto c : cells) {
      const std::string_view v = trim(c);
      if (v.empty()) {
        row.push_back(NAN);
      } else if (const auto d = frams::sdk::parse_double(v)) {
        row.push_back(*d);
      } else {
        diags.error(
            "evolution.bad-log", "'" + std::string(v) + "' is not a number",
            {file, line_no, static_cast<std::uint32_t>(col), static_cast<std::int64_t>(start + col - 1)});
        ok = false;
        row.push_back(NAN);
      }
      col += c.size() + 1;
    }
    t.rows.push_back(std::move(row));
  }
  if (t.column("generation") < 0) {
    diags.error("evolution.bad-log", "no 'generation' column: not a log of genokit evolve", {file, 1, 1, 0});
    return std::nullopt;
  }
  if (!ok) return std::nullopt;
  return t;
}

std::string num(double v) {
  char b[32];
  std::snprintf(b, sizeof b, "%.1f", v);
  return b;
}
std::string label(double v) {
  if (std::fabs(v) < 1e-12) return "0";
  char b[32];
  std::snprintf(b, sizeof b, "%g", v);
  return b;
}
double tick(double range, int target) {
  const double raw = range / target, p = std::pow(10.0, std::floor(std::log10(raw)));
  return raw <= p ? p : raw <= 2 * p ? 2 * p : raw <= 5 * p ? 5 * p : 10 * p;
}
std::string escaped(std::string_view s) {
  std::string ascii(s);  // (column names are ASCII; anything else would not be valid XML text)
  for (char& c : ascii)
    if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7F) c = '?';
  std::string o;
  append_xml_escaped(o, ascii, false);
  return o;
}

struct Series {
  int column;
  std::string name, color, dash;
};

// One panel at height y0: the series' lines over the generations, a band between the first two
// when `band`.
void panel(std::string& o, const Table& t, double y0, const PlotOptions& opt, const std::string& title,
           const std::vector<Series>& series, bool band) {
  const int gx = t.column("generation");
  const double L = 70, R = opt.width - 150.0, T = y0 + 28, B = y0 + opt.panel_height - 30.0;
  double g0 = INFINITY, g1 = -INFINITY, lo = INFINITY, hi = -INFINITY;
  for (const auto& r : t.rows) {
    const double g = r[static_cast<std::size_t>(gx)];
    if (std::isfinite(g)) g0 = std::min(g0, g), g1 = std::max(g1, g);
    for (const Series& s : series) {
      const double v = r[static_cast<std::size_t>(s.column)];
      if (std::isfinite(v)) lo = std::min(lo, v), hi = std::max(hi, v);
    }
  }
  if (!(g0 <= g1)) g0 = 0, g1 = 1;
  if (g1 - g0 < 1) g1 = g0 + 1;
  if (!(lo <= hi)) lo = 0, hi = 1;
  if (hi - lo < 1e-12 * std::max(1.0, std::fabs(hi))) lo -= 0.5, hi += 0.5;
  const double pad = (hi - lo) * 0.05;
  lo -= pad, hi += pad;
  auto X = [&](double g) { return L + (R - L) * (g - g0) / (g1 - g0); };
  auto Y = [&](double v) { return B - (B - T) * (v - lo) / (hi - lo); };
  o += "<text x=\"" + num(L) + "\" y=\"" + num(y0 + 18) + "\" font-weight=\"bold\" fill=\"#222\">" +
       escaped(title) + "</text>\n<g stroke=\"#e4e4e4\">\n";
  std::string labels;
  const double ys = tick(hi - lo, 6), xs = std::max(1.0, tick(g1 - g0, 10));
  for (double v = std::ceil(lo / ys) * ys; v <= hi; v += ys) {
    o += "<line x1=\"" + num(L) + "\" y1=\"" + num(Y(v)) + "\" x2=\"" + num(R) + "\" y2=\"" + num(Y(v)) +
         "\"/>\n";
    labels += "<text x=\"" + num(L - 6) + "\" y=\"" + num(Y(v) + 4) + "\" text-anchor=\"end\">" + label(v) +
              "</text>\n";
  }
  for (double g = std::ceil(g0 / xs) * xs; g <= g1 + 1e-9; g += xs) {
    o += "<line x1=\"" + num(X(g)) + "\" y1=\"" + num(T) + "\" x2=\"" + num(X(g)) + "\" y2=\"" + num(B) +
         "\"/>\n";
    labels += "<text x=\"" + num(X(g)) + "\" y=\"" + num(B + 16) + "\" text-anchor=\"middle\">" + label(g) +
              "</text>\n";
  }
  o += "</g>\n<g fill=\"#444\" font-size=\"11\">\n" + labels + "</g>\n";
  o += "<rect x=\"" + num(L) + "\" y=\"" + num(T) + "\" width=\"" + num(R - L) + "\" height=\"" + num(B - T) +
       "\" fill=\"none\" stroke=\"#555\"/>\n";
  if (band && series.size() >= 2) {  // between the first (best) and the last (worst) series
    std::string up, down;
    for (const auto& r : t.rows) {
      const double g = r[static_cast<std::size_t>(gx)],
                   a = r[static_cast<std::size_t>(series.front().column)],
                   b = r[static_cast<std::size_t>(series.back().column)];
      if (!std::isfinite(g) || !std::isfinite(a) || !std::isfinite(b)) continue;
      up += (up.empty() ? "M" : " L") + num(X(g)) + " " + num(Y(a));
      down = " L" + num(X(g)) + " " + num(Y(b)) + down;
    }
    if (!up.empty())
      o += "<path d=\"" + up + down + " Z\" fill=\"#1f77b4\" fill-opacity=\"0.12\" stroke=\"none\"/>\n";
  }
  for (std::size_t k = 0; k < series.size(); ++k) {
    const Series& s = series[k];
    std::string d;
    bool pen = false;
    for (const auto& r : t.rows) {
      const double g = r[static_cast<std::size_t>(gx)], v = r[static_cast<std::size_t>(s.column)];
      if (!std::isfinite(g) || !std::isfinite(v)) {
        pen = false;
        continue;
      }
      d += (pen ? " L" : " M") + num(X(g)) + " " + num(Y(v));
      pen = true;
    }
    o += "<path d=\"" + d + "\" fill=\"none\" stroke=\"" + s.color + "\" stroke-width=\"1.8\"" +
         (s.dash.empty() ? std::string() : " stroke-dasharray=\"" + s.dash + "\"") + "><title>" +
         escaped(s.name) + "</title></path>\n";
    const double ly = T + 10 + 18.0 * static_cast<double>(k);
    o += "<line x1=\"" + num(R + 14) + "\" y1=\"" + num(ly) + "\" x2=\"" + num(R + 38) + "\" y2=\"" +
         num(ly) + "\" stroke=\"" + s.color + "\" stroke-width=\"2.5\"" +
         (s.dash.empty() ? std::string() : " stroke-dasharray=\"" + s.dash + "\"") + "/>\n<text x=\"" +
         num(R + 44) + "\" y=\"" + num(ly + 4) + "\" fill=\"#333\">" + escaped(s.name) + "</text>\n";
  }
  o += "<text x=\"" + num((L + R) / 2) + "\" y=\"" + num(B + 28) +
       "\" text-anchor=\"middle\" fill=\"#333\" font-size=\"11\">generation</text>\n";
}

}  // namespace

std::optional<std::string> plot_log_svg(std::string_view csv, Diagnostics& diags, const PlotOptions& opt,
                                        const std::string& file) {
  const std::optional<Table> t = read_csv(csv, diags, file);
  if (!t) return std::nullopt;
  std::vector<std::string> criteria;
  for (const std::string& c : t->columns)
    if (c.size() > 5 && c.ends_with("_best")) {
      const std::string name = c.substr(0, c.size() - 5);
      if (t->column(name + "_mean") >= 0 && t->column(name + "_worst") >= 0) criteria.push_back(name);
    }
  if (criteria.empty()) {
    diags.error("evolution.bad-log",
                "no <criterion>_best, _mean, _worst columns: not a log of genokit evolve", {file, 1, 1, 0});
    return std::nullopt;
  }
  const bool div = t->column("diversity") >= 0;
  PlotOptions o2 = opt;
  o2.width = std::max(500, opt.width);
  o2.panel_height = std::max(160, opt.panel_height);
  const int panels = static_cast<int>(criteria.size()) + (div ? 1 : 0);
  const double top = opt.title.empty() ? 0 : 30;
  const int H = static_cast<int>(top) + panels * o2.panel_height + 10;
  std::string o = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(o2.width) +
                  "\" height=\"" + std::to_string(H) + "\" viewBox=\"0 0 " + std::to_string(o2.width) + " " +
                  std::to_string(H) +
                  "\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\" font-size=\"12\">\n"
                  "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n";
  if (!opt.title.empty())
    o += "<text x=\"70\" y=\"22\" font-size=\"16\" font-weight=\"bold\" fill=\"#222\">" + escaped(opt.title) +
         "</text>\n";
  double y = top;
  for (const std::string& c : criteria) {
    panel(o, *t, y, o2, c,
          {{t->column(c + "_best"), "best", "#1f77b4", ""},
           {t->column(c + "_mean"), "mean", "#ff7f0e", ""},
           {t->column(c + "_worst"), "worst", "#7f7f7f", "4 3"}},
          true);
    y += o2.panel_height;
  }
  if (div)
    panel(o, *t, y, o2, "diversity (mean Levenshtein distance)",
          {{t->column("diversity"), "diversity", "#2ca02c", ""}}, false);
  o += "</svg>\n";
  return o;
}

}  // namespace genokit::evolution
