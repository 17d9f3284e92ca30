// World maps: reading `wrldmap`, ground heights for placement and receptors, and the static boxes
// of a blocks world.
#include "sim/terrain.hpp"

#include <algorithm>
#include <cmath>

#include "genokit/core/numbers.hpp"

namespace genokit::sim {
namespace {

constexpr int kMaxCells = 1 << 20;  // a map larger than 1024 x 1024 cells is refused

bool blank(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

// A cursor over the map text that knows its line and column.
struct Reader {
  std::string_view t;
  std::size_t i = 0;
  int line = 1, column = 1;
  void advance() {
    if (t[i] == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
    ++i;
  }
  void skip_blanks() {
    while (i < t.size() && blank(t[i])) advance();
  }
  std::string_view token() {
    skip_blanks();
    std::size_t b = i;
    while (i < t.size() && !blank(t[i])) advance();
    return t.substr(b, i - b);
  }
};

}  // namespace

std::optional<Terrain> parse_world_map(std::string_view text, int type, double size,
                                       std::vector<MapProblem>& problems) {
  Terrain out;
  out.type = type;
  out.size = size;
  if (type == 0) return out;
  Reader r{text};
  auto fail = [&](std::string why, int line, int column, std::size_t offset) {
    problems.push_back({std::move(why), line, column, offset});
    return std::nullopt;
  };
  r.skip_blanks();
  if (r.i >= text.size())
    return fail("the world map is empty; wrldtyp " + std::to_string(type) + " needs one (\"m W H\" + cells)",
                r.line, r.column, r.i);
  int hline = r.line, hcol = r.column;
  std::size_t hoff = r.i;
  std::string_view kind = r.token();
  if (kind != "m" && kind != "M")
    return fail("the world map must start with 'm' (one character per cell) or 'M' (numbers), not '" +
                    std::string(kind.substr(0, 20)) + "'",
                hline, hcol, hoff);
  std::optional<std::int64_t> w = parse_int(r.token()), h = parse_int(r.token());
  if (!w || !h || *w < 1 || *h < 1 || *w * *h > kMaxCells)
    return fail(
        "the world map's size must be two positive integers W H with W*H <= " + std::to_string(kMaxCells),
        hline, hcol, hoff);
  out.nx = static_cast<int>(*w);
  out.ny = static_cast<int>(*h);
  const std::size_t cells = static_cast<std::size_t>(out.nx) * static_cast<std::size_t>(out.ny);
  out.h.reserve(cells);
  out.kind.reserve(cells);
  while (true) {
    r.skip_blanks();
    if (r.i >= text.size()) break;
    int line = r.line, col = r.column;
    std::size_t off = r.i;
    if (out.h.size() == cells)
      return fail("the world map has more than " + std::to_string(cells) + " cells", line, col, off);
    if (kind == "m") {
      char c = text[r.i];
      r.advance();
      if (c >= '0' && c <= '9') {
        out.h.push_back(c - '0');
        out.kind.push_back('#');
      } else if (c == '-' || c == '|') {
        out.h.push_back(0);
        out.kind.push_back(c);
      } else {
        return fail(std::string("unexpected character '") + c + "' in the world map (expected 0-9, - or |)",
                    line, col, off);
      }
    } else {
      std::string_view tok = r.token();
      std::optional<double> v = parse_double(tok);
      if (!v || !std::isfinite(*v) || std::abs(*v) > 1e6)
        return fail("'" + std::string(tok.substr(0, 20)) + "' is not a height (a number within +-1e6)", line,
                    col, off);
      out.h.push_back(*v);
      out.kind.push_back('#');
    }
  }
  if (out.h.size() != cells)
    return fail("the world map has " + std::to_string(out.h.size()) + " cells, " + std::to_string(out.nx) +
                    " x " + std::to_string(out.ny) + " = " + std::to_string(cells) + " expected",
                r.line, r.column, r.i);
  // Ramps take their neighbours' heights (for a height field, their mean).
  auto level = [&](int i, int j) -> const double* {
    if (i < 0 || j < 0 || i >= out.nx || j >= out.ny) return nullptr;
    std::size_t k =
        static_cast<std::size_t>(j) * static_cast<std::size_t>(out.nx) + static_cast<std::size_t>(i);
    return out.kind[k] == '#' ? &out.h[k] : nullptr;
  };
  for (int j = 0; j < out.ny; ++j)
    for (int i = 0; i < out.nx; ++i) {
      std::size_t k =
          static_cast<std::size_t>(j) * static_cast<std::size_t>(out.nx) + static_cast<std::size_t>(i);
      if (out.kind[k] == '#') continue;
      bool along_x = out.kind[k] == '-';
      const double* a = along_x ? level(i - 1, j) : level(i, j - 1);
      const double* b = along_x ? level(i + 1, j) : level(i, j + 1);
      out.h[k] = a && b ? (*a + *b) / 2 : a ? *a : b ? *b : 0;
    }
  out.lo = *std::min_element(out.h.begin(), out.h.end());
  out.hi = *std::max_element(out.h.begin(), out.h.end());
  out.lo = std::min(out.lo, 0.0);  // the floor never rises above z = 0
  return out;
}

namespace {

// A ramp cell's heights at its low-index and high-index edges.
std::pair<double, double> ramp_ends(const Terrain& t, int i, int j) {
  bool along_x = t.kind[static_cast<std::size_t>(j * t.nx + i)] == '-';
  auto at = [&](int a, int b) -> std::optional<double> {
    if (a < 0 || b < 0 || a >= t.nx || b >= t.ny) return std::nullopt;
    std::size_t k = static_cast<std::size_t>(b * t.nx + a);
    if (t.kind[k] != '#') return std::nullopt;
    return t.h[k];
  };
  std::optional<double> lo = along_x ? at(i - 1, j) : at(i, j - 1),
                        hi = along_x ? at(i + 1, j) : at(i, j + 1);
  double mid = t.h[static_cast<std::size_t>(j * t.nx + i)];
  return {lo.value_or(hi.value_or(mid)), hi.value_or(lo.value_or(mid))};
}

}  // namespace

double Terrain::height(double x, double y) const {
  if (type == 0 || !(x >= 0 && x <= size && y >= 0 && y <= size)) return type == 0 ? 0 : lo;
  if (type == 2) {
    f0::Vec3 n;
    return surface(x, y, n);
  }
  const double cw = size / nx, ch = size / ny;
  const int i = std::min(nx - 1, static_cast<int>(x / cw)), j = std::min(ny - 1, static_cast<int>(y / ch));
  const char k = kind[static_cast<std::size_t>(j * nx + i)];
  if (k == '#') return h[static_cast<std::size_t>(j * nx + i)];
  auto [a, b] = ramp_ends(*this, i, j);
  const double f = k == '-' ? (x - i * cw) / cw : (y - j * ch) / ch;
  return a + f * (b - a);
}

double Terrain::surface(double x, double y, f0::Vec3& normal) const {
  normal = {0, 0, 1};
  if (type != 2) return height(x, y);
  if (!(x >= 0 && x <= size && y >= 0 && y <= size) || h.empty()) return lo;
  if (nx < 2 || ny < 2) return h[0];
  const double sx = size / (nx - 1), sy = size / (ny - 1);
  const double fx = x / sx, fy = y / sy;
  const int i = std::min(nx - 2, static_cast<int>(fx)), j = std::min(ny - 2, static_cast<int>(fy));
  const double u = fx - i, v = fy - j;
  auto at = [&](int a, int b) { return h[static_cast<std::size_t>(b * nx + a)]; };
  const double hb = at(i + 1, j), hc = at(i, j + 1);
  double z, gx, gy;
  if (u + v < 1) {
    const double ha = at(i, j);
    z = ha + (hb - ha) * u + (hc - ha) * v;
    gx = (hb - ha) / sx, gy = (hc - ha) / sy;
  } else {
    const double hd = at(i + 1, j + 1);
    z = hd + (hb - hd) * (1 - v) + (hc - hd) * (1 - u);
    gx = (hd - hc) / sx, gy = (hd - hb) / sy;
  }
  const double len = std::sqrt(gx * gx + gy * gy + 1);
  normal = {-gx / len, -gy / len, 1 / len};
  return z;
}

double Terrain::max_height(double x0, double y0, double x1, double y1) const {
  if (type == 0) return 0;
  double best = lo;
  if (x1 < 0 || y1 < 0 || x0 > size || y0 > size) return best;
  x0 = std::max(x0, 0.0), y0 = std::max(y0, 0.0), x1 = std::min(x1, size), y1 = std::min(y1, size);
  if (type == 1) {
    double cw = size / nx, ch = size / ny;
    int i0 = std::min(nx - 1, static_cast<int>(x0 / cw)), i1 = std::min(nx - 1, static_cast<int>(x1 / cw));
    int j0 = std::min(ny - 1, static_cast<int>(y0 / ch)), j1 = std::min(ny - 1, static_cast<int>(y1 / ch));
    for (int j = j0; j <= j1; ++j)
      for (int i = i0; i <= i1; ++i) {
        std::size_t k = static_cast<std::size_t>(j * nx + i);
        double top = h[k];
        if (kind[k] != '#') {
          auto [a, b] = ramp_ends(*this, i, j);
          top = std::max(a, b);
        }
        best = std::max(best, top);
      }
    return best;
  }
  if (nx < 2 || ny < 2) return std::max(best, h.empty() ? lo : h[0]);
  double sx = size / (nx - 1), sy = size / (ny - 1);
  int i0 = static_cast<int>(std::floor(x0 / sx)), i1 = static_cast<int>(std::ceil(x1 / sx));
  int j0 = static_cast<int>(std::floor(y0 / sy)), j1 = static_cast<int>(std::ceil(y1 / sy));
  for (int j = std::max(0, j0); j <= std::min(ny - 1, j1); ++j)
    for (int i = std::max(0, i0); i <= std::min(nx - 1, i1); ++i)
      best = std::max(best, h[static_cast<std::size_t>(j * nx + i)]);
  return best;
}

std::vector<StaticBox> Terrain::boxes() const {
  std::vector<StaticBox> out;
  if (type != 1) return out;
  const double cw = size / nx, ch = size / ny, base = lo - 1;  // boxes reach below the floor plane
  auto identity = [](StaticBox& b) { b.rotation = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0}; };
  int cell = 0;
  auto column = [&](double x0, double y0, double top) {
    if (!(top > lo)) return;
    StaticBox b;
    b.cell = cell;
    identity(b);
    b.center = {x0 + cw / 2, y0 + ch / 2, (base + top) / 2};
    b.sides = {cw, ch, top - base};
    out.push_back(b);
  };
  for (int j = 0; j < ny; ++j)
    for (int i = 0; i < nx; ++i) {
      const std::size_t k = static_cast<std::size_t>(j * nx + i);
      const double x0 = i * cw, y0 = j * ch;
      cell = static_cast<int>(k);
      if (kind[k] == '#') {
        column(x0, y0, h[k]);
        continue;
      }
      // A ramp: a column up to its lower end and a slab whose top face is the slope.
      auto [a, b] = ramp_ends(*this, i, j);
      column(x0, y0, std::min(a, b));
      const bool along_x = kind[k] == '-';
      const double run = along_x ? cw : ch, rise = b - a, len = std::hypot(run, rise);
      const double thick = std::abs(rise) + 1;
      StaticBox s;
      s.cell = cell;
      f0::Vec3 u = {along_x ? run / len : 0, along_x ? 0 : run / len, rise / len};  // up the slope
      f0::Vec3 side = along_x ? f0::Vec3{0, 1, 0} : f0::Vec3{1, 0, 0};
      f0::Vec3 n = {along_x ? -rise / len : 0, along_x ? 0 : -rise / len, run / len};  // slope normal
      // Columns of the rotation: local X, Y, Z in world axes (right-handed: X x Y = Z).
      f0::Vec3 cx = along_x ? u : side, cy = along_x ? side : u;
      s.rotation = {cx.x, cy.x, n.x, 0, cx.y, cy.y, n.y, 0, cx.z, cy.z, n.z, 0};
      s.sides = {along_x ? len : cw, along_x ? ch : len, thick};
      f0::Vec3 top{x0 + cw / 2, y0 + ch / 2, (a + b) / 2};
      s.center = {top.x - n.x * thick / 2, top.y - n.y * thick / 2, top.z - n.z * thick / 2};
      out.push_back(s);
    }
  return out;
}

std::vector<std::array<double, 5>> Terrain::block_rects() const {
  std::vector<std::array<double, 5>> out;
  if (type != 1) return out;
  const double cw = size / nx, ch = size / ny;
  for (int j = 0; j < ny; ++j)
    for (int i = 0; i < nx; ++i) {
      const std::size_t k = static_cast<std::size_t>(j * nx + i);
      out.push_back({i * cw, j * ch, (i + 1) * cw, (j + 1) * ch, h[k]});
    }
  return out;
}

}  // namespace genokit::sim
