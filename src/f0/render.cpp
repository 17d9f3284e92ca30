// SVG picture of a creature: a large isometric view (with ground shadows, painter's-order depth
// sorting and shaded parts) plus top, front and side projections at one common scale.
#include "genokit/f0/render.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "genokit/core/text.hpp"
#include "genokit/f0/neuron_classes.hpp"

namespace genokit::f0 {
namespace {

struct P2 {
  double x = 0, y = 0;
};

// A view: maps world points to a 2D plane (screen x right, y down) plus a depth (larger = nearer).
enum class View { iso, top, front, side };

P2 project(View v, const Vec3& p) {
  constexpr double c30 = 0.8660254037844386;
  switch (v) {
    case View::iso:
      return {(p.x - p.y) * c30, (p.x + p.y) * 0.5 - p.z};
    case View::top:
      return {p.x, -p.y};  // looking down z
    case View::front:
      return {p.x, -p.z};  // looking along +y
    case View::side:
      return {p.y, -p.z};  // looking along -x
  }
  return {};
}
double depth(View v, const Vec3& p) {
  switch (v) {
    case View::iso:
      return p.x + p.y + p.z;
    case View::top:
      return p.z;
    case View::front:
      return -p.y;
    case View::side:
      return p.x;
  }
  return 0;
}

std::string f(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", std::isfinite(v) ? v : 0.0);
  return buf;
}
std::string rgb(const Vec3& c, double k = 1.0) {
  auto ch = [&](double v) {
    v = std::isfinite(v) ? std::clamp(v * k, 0.0, 1.0) : 0.5;
    return static_cast<int>(std::lround(v * 255));
  };
  char buf[16];
  std::snprintf(buf, sizeof buf, "#%02x%02x%02x", ch(c.x), ch(c.y), ch(c.z));
  return buf;
}
std::string esc(std::string_view s) {
  std::string o;
  append_xml_escaped(o, s, true);
  return o;
}
bool finite(const Vec3& v) {
  return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

double part_radius(const Part& p) {
  const double s = std::isfinite(p.s) ? p.s : 1.0;
  double k = 1.0;
  if (p.sh != 0 && finite(p.scale)) k = std::max({p.scale.x, p.scale.y, p.scale.z});
  return std::clamp(0.13 * s * std::min(k, 4.0), 0.04, 1.5);
}

// Where a neuron is drawn: its part, its joint's midpoint, or nowhere (unattached).
bool neuron_anchor(const Model& m, const Neuron& n, Vec3& at) {
  if (n.joint >= 0 && n.joint < static_cast<int>(m.joints.size())) {
    const Joint& j = m.joints[n.joint];
    const Vec3 a = m.parts[j.p1].pos, b = m.parts[j.p2].pos;
    at = {(a.x + b.x) / 2, (a.y + b.y) / 2, (a.z + b.z) / 2};
    return true;
  }
  if (n.part >= 0 && n.part < static_cast<int>(m.parts.size())) {
    at = m.parts[n.part].pos;
    return true;
  }
  return false;
}

enum class Role { neuron, receptor, effector, unknown };
Role role_of(const Neuron& n) {
  const NeuronClass* c = find_neuron_class(n.class_name);
  if (!c) return Role::unknown;
  if (c->visual_hints & kHintReceptor) return Role::receptor;
  if (c->visual_hints & kHintEffector) return Role::effector;
  return Role::neuron;
}
const char* role_colour(Role r) {
  switch (r) {
    case Role::receptor:
      return "#4cc38a";
    case Role::effector:
      return "#f08a3c";
    case Role::unknown:
      return "#9aa0a6";
    default:
      return "#5aa9f0";
  }
}
std::string marker(Role r, double x, double y, double s) {
  const std::string fill = role_colour(r);
  const std::string st = "fill=\"" + fill + "\" stroke=\"#10141c\" stroke-width=\"1\"";
  switch (r) {
    case Role::receptor:  // triangle: senses
      return "<polygon points=\"" + f(x) + "," + f(y - s) + " " + f(x + s * 0.95) + "," + f(y + s * 0.7) +
             " " + f(x - s * 0.95) + "," + f(y + s * 0.7) + "\" " + st + "/>";
    case Role::effector:  // diamond: acts
      return "<polygon points=\"" + f(x) + "," + f(y - s) + " " + f(x + s) + "," + f(y) + " " + f(x) + "," +
             f(y + s) + " " + f(x - s) + "," + f(y) + "\" " + st + "/>";
    default:
      return "<circle cx=\"" + f(x) + "\" cy=\"" + f(y) + "\" r=\"" + f(s * 0.8) + "\" " + st + "/>";
  }
}

struct Box {
  double x, y, w, h;
};

// Draws the model into a panel; `scale` world->pixels, `centre` the projected centre of the model.
void draw_view(std::string& o, const Model& m, View v, const Box& b, double scale, P2 centre, bool big,
               const RenderOptions& opt, double ground_z) {
  auto to_px = [&](const Vec3& p) {
    const P2 q = project(v, p);
    return P2{b.x + b.w / 2 + (q.x - centre.x) * scale, b.y + b.h / 2 + (q.y - centre.y) * scale};
  };
  const std::string clip = "clip" + std::to_string(static_cast<int>(v));
  o += "<clipPath id=\"" + clip + "\"><rect x=\"" + f(b.x) + "\" y=\"" + f(b.y) + "\" width=\"" + f(b.w) +
       "\" height=\"" + f(b.h) + "\" rx=\"10\"/></clipPath>\n<g clip-path=\"url(#" + clip + ")\">\n";
  // Ground shadows (isometric view only): parts dropped onto the lowest level.
  if (v == View::iso) {
    for (const auto& p : m.parts) {
      if (!finite(p.pos)) continue;
      const P2 c = to_px({p.pos.x, p.pos.y, ground_z});
      const double r = part_radius(p) * scale * 1.1;
      o += "<ellipse cx=\"" + f(c.x) + "\" cy=\"" + f(c.y) + "\" rx=\"" + f(r * 1.2) + "\" ry=\"" +
           f(r * 0.6) + "\" fill=\"#000\" opacity=\"0.18\"/>\n";
    }
    for (const auto& j : m.joints) {
      const Vec3 a = m.parts[j.p1].pos, c = m.parts[j.p2].pos;
      if (!finite(a) || !finite(c)) continue;
      const P2 pa = to_px({a.x, a.y, ground_z}), pc = to_px({c.x, c.y, ground_z});
      o += "<line x1=\"" + f(pa.x) + "\" y1=\"" + f(pa.y) + "\" x2=\"" + f(pc.x) + "\" y2=\"" + f(pc.y) +
           "\" stroke=\"#000\" stroke-opacity=\"0.14\" stroke-width=\"" + f(std::max(2.0, scale * 0.09)) +
           "\" stroke-linecap=\"round\"/>\n";
    }
  }
  // Painter's order: joints and parts together, far first.
  struct Item {
    double d;
    int kind;  // 0 joint, 1 part
    std::size_t i;
  };
  std::vector<Item> items;
  for (std::size_t i = 0; i < m.joints.size(); ++i) {
    const Vec3 a = m.parts[m.joints[i].p1].pos, c = m.parts[m.joints[i].p2].pos;
    if (!finite(a) || !finite(c)) continue;
    items.push_back({std::min(depth(v, a), depth(v, c)) + 1e-6, 0, i});
  }
  for (std::size_t i = 0; i < m.parts.size(); ++i)
    if (finite(m.parts[i].pos)) items.push_back({depth(v, m.parts[i].pos), 1, i});
  std::stable_sort(items.begin(), items.end(), [](const Item& a, const Item& b) { return a.d < b.d; });
  const double stick = std::clamp(scale * (big ? 0.075 : 0.06), 1.5, 14.0);
  for (const Item& it : items) {
    if (it.kind == 0) {
      const Joint& j = m.joints[it.i];
      const P2 a = to_px(m.parts[j.p1].pos), c = to_px(m.parts[j.p2].pos);
      const std::string xy =
          "x1=\"" + f(a.x) + "\" y1=\"" + f(a.y) + "\" x2=\"" + f(c.x) + "\" y2=\"" + f(c.y) + "\"";
      o += "<line " + xy + " stroke=\"#0b0e14\" stroke-width=\"" + f(stick + 2.5) +
           "\" stroke-linecap=\"round\"/>";
      o += "<line " + xy + " stroke=\"" + rgb(j.color, 0.92) + "\" stroke-width=\"" + f(stick) +
           "\" stroke-linecap=\"round\"" +
           (j.sh == 1 ? " stroke-dasharray=\"" + f(stick * 1.2) + "," + f(stick * 0.8) + "\"" : "") +
           "><title>Joint #" + std::to_string(it.i) + ": parts " + std::to_string(j.p1) + "-" +
           std::to_string(j.p2) + ", length " + f(j.length) + "</title></line>\n";
    } else {
      const Part& p = m.parts[it.i];
      const P2 c = to_px(p.pos);
      const double r = std::max(2.5, part_radius(p) * scale);
      o += "<circle cx=\"" + f(c.x) + "\" cy=\"" + f(c.y) + "\" r=\"" + f(r) + "\" fill=\"url(#shade" +
           std::to_string(it.i) + ")\" stroke=\"#0b0e14\" stroke-width=\"1.2\"><title>Part #" +
           std::to_string(it.i) + " (" + f(p.pos.x) + ", " + f(p.pos.y) + ", " + f(p.pos.z) +
           "), s=" + f(p.s) + "</title></circle>\n";
    }
  }
  // Neurons on top, labelled; unattached ones in a row along the bottom ("brain" strip).
  const double ms = big ? 7.5 : 5.0;
  std::size_t free_k = 0, free_n = 0;
  for (const auto& n : m.neurons) {
    Vec3 at;
    free_n += !neuron_anchor(m, n, at);
  }
  std::vector<int> stacked(m.parts.size() + m.joints.size(), 0);  // markers already at an anchor
  for (std::size_t i = 0; i < m.neurons.size(); ++i) {
    const Neuron& n = m.neurons[i];
    Vec3 at;
    P2 c;
    if (neuron_anchor(m, n, at) && finite(at)) {
      const std::size_t slot = n.joint >= 0 ? m.parts.size() + n.joint : static_cast<std::size_t>(n.part);
      const int k = stacked[slot]++;
      c = to_px(at);
      c.x += ms * 1.4;  // stacked upwards so the labels on the right never cover a marker
      c.y -= k * ms * 2.3 + ms * 1.2;
    } else {
      if (!big) continue;
      const double step = std::min(46.0, (b.w - 40) / std::max<std::size_t>(1, free_n));
      c = {b.x + 20 + step * (free_k++ + 0.5), b.y + b.h - 22};
    }
    const Role r = role_of(n);
    o += marker(r, c.x, c.y, ms);
    if (opt.labels && big)
      o += "<text x=\"" + f(c.x + ms + 2) + "\" y=\"" + f(c.y + 4) + "\" class=\"nl\">" + esc(n.class_name) +
           "</text>";
    o += "\n";
  }
  o += "</g>\n";
}

}  // namespace

std::string render_svg(const Model& m, const RenderOptions& opt) {
  const double W = opt.width;
  const double pad = 16, title_h = 46, legend_h = 34;
  const bool side = opt.projections;
  const double iso_w = side ? W * 0.64 : W - 2 * pad;
  const double iso_h = side ? iso_w * 0.86 : iso_w * 0.7;
  const double H = title_h + iso_h + legend_h + 2 * pad;
  const Box iso{pad, title_h + pad, iso_w - (side ? pad / 2 : 0), iso_h};
  const double col_x = iso.x + iso.w + pad, col_w = W - col_x - pad;
  const double ph = (iso_h - 2 * pad) / 3;
  const Box views[3] = {{col_x, iso.y, col_w, ph},
                        {col_x, iso.y + ph + pad, col_w, ph},
                        {col_x, iso.y + 2 * (ph + pad), col_w, ph}};

  // Bounds for fitting, including the part radii.
  double minz = INFINITY;
  for (const auto& p : m.parts)
    if (finite(p.pos)) minz = std::min(minz, p.pos.z - part_radius(p));
  if (!std::isfinite(minz)) minz = 0;
  auto fit = [&](View v, const Box& b, double& scale, P2& centre) {
    double x0 = INFINITY, x1 = -INFINITY, y0 = INFINITY, y1 = -INFINITY;
    auto add = [&](const Vec3& p, double r) {
      const P2 q = project(v, p);
      x0 = std::min(x0, q.x - r), x1 = std::max(x1, q.x + r), y0 = std::min(y0, q.y - r),
      y1 = std::max(y1, q.y + r);
    };
    for (const auto& p : m.parts)
      if (finite(p.pos)) {
        add(p.pos, part_radius(p) * 1.3);
        if (v == View::iso) add({p.pos.x, p.pos.y, minz}, part_radius(p) * 1.3);
      }
    if (!std::isfinite(x0)) x0 = -1, x1 = 1, y0 = -1, y1 = 1;
    const double sx = (b.w - 40) / std::max(x1 - x0, 1e-9),
                 sy = (b.h - (v == View::iso ? 70 : 34)) / std::max(y1 - y0, 1e-9);
    scale = std::min({sx, sy, v == View::iso ? 260.0 : 120.0});
    centre = {(x0 + x1) / 2, (y0 + y1) / 2 + (v == View::iso ? 12 / scale : 0)};
  };

  std::string o;
  o.reserve(4096 + 600 * (m.parts.size() + m.joints.size() + m.neurons.size()));
  o += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + f(W) + "\" height=\"" + f(H) +
       "\" viewBox=\"0 0 " + f(W) + " " + f(H) +
       "\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n";
  o += "<defs>\n<linearGradient id=\"bg\" x1=\"0\" y1=\"0\" x2=\"0\" y2=\"1\"><stop offset=\"0\" "
       "stop-color=\"#1f2633\"/>"
       "<stop offset=\"1\" stop-color=\"#121720\"/></linearGradient>\n"
       "<linearGradient id=\"panel\" x1=\"0\" y1=\"0\" x2=\"0\" y2=\"1\"><stop offset=\"0\" "
       "stop-color=\"#2a3344\"/>"
       "<stop offset=\"1\" stop-color=\"#1a212d\"/></linearGradient>\n";
  for (std::size_t i = 0; i < m.parts.size(); ++i) {  // a lit sphere look in the part's colour
    const Vec3& c = m.parts[i].color;
    o += "<radialGradient id=\"shade" + std::to_string(i) +
         "\" cx=\"0.35\" cy=\"0.32\" r=\"0.75\"><stop offset=\"0\" stop-color=\"" +
         rgb({std::min(1.0, c.x + 0.25), std::min(1.0, c.y + 0.25), std::min(1.0, c.z + 0.25)}) +
         "\"/><stop offset=\"0.55\" stop-color=\"" + rgb(c, 0.85) + "\"/><stop offset=\"1\" stop-color=\"" +
         rgb(c, 0.45) + "\"/></radialGradient>\n";
  }
  o += "<style>.t{fill:#e8ecf3;font-size:20px;font-weight:600}.s{fill:#9aa6b8;font-size:12.5px}"
       ".v{fill:#c9d2e0;font-size:12px;font-weight:600;letter-spacing:0.06em}.nl{fill:#e8ecf3;font-size:11px;"
       "paint-order:stroke;stroke:#10141c;stroke-width:3px}</style>\n</defs>\n";
  o += "<rect width=\"100%\" height=\"100%\" fill=\"url(#bg)\"/>\n";
  const std::string title = opt.title.empty() ? "f0 creature" : opt.title;
  o += "<text x=\"" + f(pad) + "\" y=\"30\" class=\"t\">" + esc(title) + "</text>\n";
  std::size_t nconn = 0;
  for (const auto& n : m.neurons) nconn += n.inputs.size();
  const std::string stats = std::to_string(m.parts.size()) + " parts · " + std::to_string(m.joints.size()) +
                            " joints · " + std::to_string(m.neurons.size()) + " neurons · " +
                            std::to_string(nconn) + " connections" + (m.valid ? "" : " · INVALID genotype");
  o += "<text x=\"" + f(W - pad) + "\" y=\"30\" class=\"s\" text-anchor=\"end\">" + esc(stats) + "</text>\n";

  auto panel = [&](const Box& b, const std::string& label) {
    o += "<rect x=\"" + f(b.x) + "\" y=\"" + f(b.y) + "\" width=\"" + f(b.w) + "\" height=\"" + f(b.h) +
         "\" rx=\"10\" fill=\"url(#panel)\" stroke=\"#3a4558\"/>\n";
    o += "<text x=\"" + f(b.x + 12) + "\" y=\"" + f(b.y + 20) + "\" class=\"v\">" + label + "</text>\n";
  };
  double scale;
  P2 centre;
  panel(iso, "ISOMETRIC");
  fit(View::iso, iso, scale, centre);
  draw_view(o, m, View::iso, iso, scale, centre, true, opt, minz);
  if (side) {
    // One common scale for the three projections, so sizes compare across them.
    const View vs[3] = {View::top, View::front, View::side};
    const char* names[3] = {"TOP  x → / y ↑", "FRONT  x → / z ↑", "SIDE  y → / z ↑"};
    double common = INFINITY;
    P2 centres[3];
    for (int k = 0; k < 3; ++k) {
      double s;
      fit(vs[k], views[k], s, centres[k]);
      common = std::min(common, s);
    }
    for (int k = 0; k < 3; ++k) {
      panel(views[k], names[k]);
      draw_view(o, m, vs[k], views[k], common, centres[k], false, opt, minz);
    }
  }
  // Legend.
  const double ly = H - pad - 8;
  double lx = pad + 4;
  auto legend = [&](Role r, const char* text) {
    o += marker(r, lx + 6, ly - 4, 6) + "<text x=\"" + f(lx + 18) + "\" y=\"" + f(ly) + "\" class=\"s\">" +
         text + "</text>\n";
    lx += 18 + 8.2 * std::char_traits<char>::length(text) + 18;
  };
  legend(Role::receptor, "receptor");
  legend(Role::effector, "muscle / effector");
  legend(Role::neuron, "neuron");
  legend(Role::unknown, "unknown class");
  o += "<text x=\"" + f(W - pad) + "\" y=\"" + f(ly) +
       "\" class=\"s\" text-anchor=\"end\">parts sized by s, sticks in joint colours · genokit</text>\n";
  o += "</svg>\n";
  return o;
}

}  // namespace genokit::f0
