// A creature's world at birth written as XODE 1.0: read from a run placed with the seed, so the
// scene is exactly what that run starts from.
#include "genokit/sim/xode_export.hpp"

#include "genokit/core/numbers.hpp"
#include "genokit/core/text.hpp"
#include "sim/run_impl.hpp"

namespace genokit::sim {

const Run::Impl& detail::RunMaker::impl(const Run& run) {
  return *run.impl_;
}

namespace {

struct Writer {
  std::string out;
  int depth = 0;

  void line(const std::string& s) {
    out.append(static_cast<std::size_t>(2 * depth), ' ');
    out += s;
    out += '\n';
  }
  void open(const std::string& s) {
    line("<" + s + ">");
    ++depth;
  }
  void close(const std::string& name) {
    --depth;
    line("</" + name + ">");
  }
};

std::string num(double v) {
  return format_double(v);
}
std::string xyz(double x, double y, double z) {
  return "x=\"" + num(x) + "\" y=\"" + num(y) + "\" z=\"" + num(z) + "\"";
}
std::string xyz(const f0::Vec3& v) {
  return xyz(v.x, v.y, v.z);
}
// <rotation><quaternion/></rotation> of an ODE dMatrix3.
std::string quaternion(const dReal* R) {
  dQuaternion q;
  dRtoQ(R, q);
  return "<rotation><quaternion w=\"" + num(q[0]) + "\" " + xyz(q[1], q[2], q[3]) + "/></rotation>";
}

void statics(Writer& w, const Run::Impl& r) {
  const Settings& s = r.m.settings;
  const Terrain& t = r.m.terrain;
  if (t.type != 2)
    w.line("<geom name=\"ground\"><plane a=\"0\" b=\"0\" c=\"1\" d=\"" + num(t.lo) + "\"/></geom>");
  if (s.wrldbnd == 1) {
    const std::string size = num(s.wrldsiz), minus = num(-s.wrldsiz);
    w.line("<geom name=\"fence_x0\"><plane a=\"1\" b=\"0\" c=\"0\" d=\"0\"/></geom>");
    w.line("<geom name=\"fence_x1\"><plane a=\"-1\" b=\"0\" c=\"0\" d=\"" + minus + "\"/></geom>");
    w.line("<geom name=\"fence_y0\"><plane a=\"0\" b=\"1\" c=\"0\" d=\"0\"/></geom>");
    w.line("<geom name=\"fence_y1\"><plane a=\"0\" b=\"-1\" c=\"0\" d=\"" + minus + "\"/></geom>");
  }
  for (std::size_t k = 0; k < r.m.blocks.size(); ++k) {
    const StaticBox& b = r.m.blocks[k];
    w.line("<geom name=\"block" + std::to_string(k) + "\"><transform><position " + xyz(b.center) + "/>" +
           quaternion(b.rotation.data()) + "</transform><box sizex=\"" + num(b.sides.x) + "\" sizey=\"" +
           num(b.sides.y) + "\" sizez=\"" + num(b.sides.z) + "\"/></geom>");
  }
  if (t.type == 2 && t.nx >= 2 && t.ny >= 2) {
    // The height field's triangles as genokit collides with them (terrain.cpp).
    w.open("geom name=\"heightfield\"");
    w.open("trimesh");
    w.open("vertices");
    const double sx = t.size / (t.nx - 1), sy = t.size / (t.ny - 1);
    for (int j = 0; j < t.ny; ++j)
      for (int i = 0; i < t.nx; ++i)
        w.line("<v " + xyz(i * sx, j * sy, t.h[static_cast<std::size_t>(j * t.nx + i)]) + "/>");
    w.close("vertices");
    w.open("triangles");
    auto v = [&](int i, int j) { return std::to_string(j * t.nx + i + 1); };  // 1-based
    for (int j = 0; j + 1 < t.ny; ++j)
      for (int i = 0; i + 1 < t.nx; ++i) {
        w.line("<t ia=\"" + v(i, j) + "\" ib=\"" + v(i + 1, j) + "\" ic=\"" + v(i, j + 1) + "\"/>");
        w.line("<t ia=\"" + v(i + 1, j + 1) + "\" ib=\"" + v(i, j + 1) + "\" ic=\"" + v(i + 1, j) + "\"/>");
      }
    w.close("triangles");
    w.close("trimesh");
    w.close("geom");
  }
}

void bodies(Writer& w, const Run::Impl& r) {
  for (std::size_t i = 0; i < r.bodies.size(); ++i) {
    const BodyDef& bd = r.m.bodies[i];
    const dReal *p = dBodyGetPosition(r.bodies[i]), *R = dBodyGetRotation(r.bodies[i]);
    w.open("body name=\"body" + std::to_string(i) + "\"");
    w.line("<transform><position " + xyz(p[0], p[1], p[2]) + "/>" + quaternion(R) + "</transform>");
    const auto& I = bd.inertia;
    w.line("<mass><mass_struct total=\"" + num(bd.mass) +
           "\"><centerGravity x=\"0\" y=\"0\" z=\"0\"/><imatrix m00=\"" + num(I[0]) + "\" m01=\"" +
           num(I[1]) + "\" m02=\"" + num(I[2]) + "\" m11=\"" + num(I[5]) + "\" m12=\"" + num(I[6]) +
           "\" m22=\"" + num(I[10]) + "\"/></mass_struct></mass>");
    for (std::size_t g = 0; g < bd.geoms.size(); ++g) {
      const GeomDef& gd = bd.geoms[g];
      const f0::Vec3 off{gd.center.x - bd.com.x, gd.center.y - bd.com.y, gd.center.z - bd.com.z};
      const std::string shape = gd.length > 0 ? "<cappedCylinder radius=\"" + num(gd.radius) +
                                                    "\" length=\"" + num(gd.length) + "\"/>"
                                              : "<sphere radius=\"" + num(gd.radius) + "\"/>";
      w.line("<geom name=\"body" + std::to_string(i) + "_geom" + std::to_string(g) +
             "\"><transform><position " + xyz(off) + "/>" + quaternion(gd.rotation.data()) + "</transform>" +
             shape + "</geom>");
    }
    w.close("body");
  }
}

void joints(Writer& w, const Run::Impl& r) {
  for (std::size_t k = 0; k < r.m.links.size(); ++k) {
    const LinkDef& l = r.m.links[k];
    const std::string name = "link" + std::to_string(k),
                      ends = "<link1 body=\"body" + std::to_string(l.body1) + "\"/><link2 body=\"body" +
                             std::to_string(l.body2) + "\"/>";
    if (l.kind == LinkDef::Kind::fixed) {
      w.line("<joint name=\"" + name + "\">" + ends + "<fixed/></joint>");
      continue;
    }
    w.line("<joint name=\"" + name + "\">" + ends + "<ball><anchor " + xyz(r.place.point(l.anchor)) +
           " absolute=\"true\"/></ball></joint>");
    // The muscles' strength on the bend and twist axes; the third axis is held rigid.
    auto axis = [&](const f0::Vec3& a, const AxisDrive* d) {
      std::string s = "<axis " + xyz(r.place.vector(a)) + " absolute=\"true\" Vel=\"0\"";
      if (d && d->driven())
        s += " FMax=\"" + num(d->fmax) + "\"";
      else
        s += " FMax=\"1e30\"";
      return s + "/>";
    };
    w.line("<joint name=\"" + name + "_motor\">" + ends + "<amotor>" + axis(l.bend, &l.drive_bend) +
           axis(l.third, nullptr) + axis(l.twist, &l.drive_twist) + "</amotor></joint>");
  }
}

}  // namespace

std::string to_xode(const Model& model, const XodeExportOptions& opt) {
  Run run(model, {opt.seed, false});
  const Run::Impl& r = detail::RunMaker::impl(run);
  Writer w;
  w.out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  std::string name;
  append_xml_escaped(name, opt.name, true);
  w.open("xode version=\"1.0r23\" name=\"" + name + "\"");
  w.open("world name=\"world\"");
  w.line("<ext name=\"genokit\"><gravity " + xyz(0, 0, -kGravity * model.settings().wrldg) + "/></ext>");
  w.open("space name=\"space\"");
  statics(w, r);
  bodies(w, r);
  joints(w, r);
  w.close("space");
  w.close("world");
  w.close("xode");
  return w.out;
}

}  // namespace genokit::sim
