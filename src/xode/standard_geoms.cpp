// The standard-mode builder (standard_builder.hpp): geoms, placed relative to their nearest body
// (bgig) or statically, planes folded into (a, b, c, d), trimeshes with their index base.
#include "xode/standard_builder.hpp"

#include <algorithm>
#include <cmath>

namespace genokit::xode::standard {

void Builder::geom(const XmlNode& e, Ctx& c) {
  implicit_space(c, e);
  Ctx g = c;
  g.frame = frame_of(e, c);
  std::string_view path = child_path(c, "geom");
  g.path = path;
  g.counters = new_counters();
  for (XmlNode s : e.elements()) {
    std::string_view k = s.name();
    const El kid = element_id(k);
    if (kid != El::box && kid != El::sphere && kid != El::cylinder && kid != El::cappedCylinder &&
        kid != El::cone && kid != El::plane && kid != El::ray && kid != El::trimesh)
      continue;
    SceneGeom sg;
    sg.path = path;
    sg.name = sc.keep(e.attr_or("name", ""));
    sg.space = c.space;
    sg.world = std::max(0, c.world);
    sg.offset = e.offset();
    if (kid == El::box)
      sg.shape = Shape::box,
      sg.params = sc.keep(std::span<const double>(numbers_of(s, {"sizex", "sizey", "sizez"})));
    else if (kid == El::sphere)
      sg.shape = Shape::sphere, sg.params = sc.keep({num(s, "radius")});
    else if (kid == El::cylinder)
      sg.shape = Shape::cylinder,
      sg.params = sc.keep(std::span<const double>(numbers_of(s, {"radius", "length"})));
    else if (kid == El::cappedCylinder)
      sg.shape = Shape::capsule,
      sg.params = sc.keep(std::span<const double>(numbers_of(s, {"radius", "length"})));
    else if (kid == El::cone) {
      diags.error("xode.cone-unsupported", "ODE 0.16 has no cone geom; <cone> cannot be built", loc(s));
      continue;
    } else if (kid == El::plane)
      sg.shape = Shape::plane;
    else if (kid == El::ray)
      sg.shape = Shape::ray, sg.params = sc.keep({num(s, "length")});
    else if (kid == El::trimesh) {
      sg.shape = Shape::trimesh;
      if (!trimesh(s, sg)) continue;
    }
    if (sg.shape == Shape::plane) {
      // Planes are not placeable: the transform is folded into (a, b, c, d).
      const auto [a, b, cc, d0] = numbers_of(s, {"a", "b", "c", "d"});
      Vec3 nrm{a, b, cc};
      double d = d0;
      double len = math::norm(nrm);
      if (len == 0) {
        diags.error("xode.zero-plane-normal", "<plane> normal (a, b, c) is zero", loc(s));
        continue;
      }
      nrm = math::scale(nrm, 1 / len);
      d /= len;
      Vec3 wn = g.frame.rotate(nrm);
      double wd = d * g.frame.s + math::dot(wn, g.frame.p);
      sg.params = sc.keep({wn[0], wn[1], wn[2], wd});
      sg.placement = Placement::none;
      if (c.body >= 0)
        diags.warning("xode.plane-in-body",
                      "planes cannot move; this plane stays static instead of following its body", loc(s));
    } else if (c.body >= 0) {
      const SceneBody& b = sc.bodies[static_cast<std::size_t>(c.body)];
      Frame bf;
      bf.R = b.rotation;
      bf.p = b.position;
      bf.s = 1;
      Frame rel = math::relative(bf, g.frame);
      sg.body = c.body;
      sg.position = rel.p;
      sg.rotation = rel.R;
      bool identity = rel.p == Vec3{0, 0, 0} && rel.R == math::identity3();
      sg.placement = identity ? Placement::body_origin : Placement::body_offset;
    } else {
      sg.placement = Placement::world;
      sg.position = g.frame.p;
      sg.rotation = g.frame.R;
    }
    sc.geoms.push_back(sg);
  }
  for (XmlNode ch : e.elements())
    if (ElementSet{bit(element_id(ch))} & set_of(El::geom, El::group, El::jointgroup, El::body, El::joint))
      element(ch, g);
}

bool Builder::trimesh(const XmlNode& e, SceneGeom& sg) {
  int base = opt.trimesh_index_base;
  bool explicit_base = e.has_attr("indexbase");
  if (explicit_base) base = to_int(num(e, "indexbase", 1), 1);
  if (base != 0 && base != 1) {
    diags.error("xode.bad-index-base", "trimesh indexbase must be 0 or 1", loc(e));
    return false;
  }
  std::vector<XmlNode> tris;
  for (XmlNode part : e.elements()) {
    if (element_id(part) == El::vertices)
      for (XmlNode v : part.elements())
        if (element_id(v) == El::v) {
          Vec3 p = vec(v);
          sg.vertices.insert(sg.vertices.end(), p.begin(), p.end());
        }
    if (element_id(part) == El::triangles)
      for (XmlNode t : part.elements())
        if (element_id(t) == El::t) tris.push_back(t);
  }
  if (tris.size() > opt.max_triangles) {
    diags.error("xode.trimesh-too-large",
                "trimesh has " + std::to_string(tris.size()) + " triangles; the limit is " +
                    std::to_string(opt.max_triangles),
                loc(e));
    return false;
  }
  long long nv = static_cast<long long>(sg.vertices.size() / 3);
  // Each triangle's indices, read once.
  static constexpr const char* kIndexNames[3] = {"ia", "ib", "ic"};
  std::vector<std::array<long long, 3>> index(tris.size());
  for (std::size_t i = 0; i < tris.size(); ++i) {
    const auto v = numbers_of(tris[i], kIndexNames, -1);
    for (std::size_t k = 0; k < 3; ++k) index[i][k] = to_integer(v[k], -1);
  }
  long long lo = 0, hi = 0;
  bool first = true;
  for (const auto& t : index)
    for (long long v : t) {
      lo = first ? v : std::min(lo, v);
      hi = first ? v : std::max(hi, v);
      first = false;
    }
  if (!explicit_base && !first && base == 1 && lo == 0 && hi < nv) {
    base = 0;
    diags.warning("xode.trimesh-zero-based",
                  "trimesh indices contain 0, so they were read as 0-based (write indexbase=\"0\" to say so)",
                  loc(e));
  }
  sg.indices.reserve(3 * index.size());
  for (std::size_t i = 0; i < index.size(); ++i)
    for (std::size_t k = 0; k < 3; ++k) {
      long long v = index[i][k] - base;
      if (v < 0 || v >= nv) {
        diags.error("xode.trimesh-index",
                    std::string("triangle index ") + kIndexNames[k] + " is out of range (" +
                        std::to_string(nv) + " vertices, " + std::to_string(base) + "-based)",
                    loc(tris[i]));
        return false;
      }
      sg.indices.push_back(static_cast<int>(v));
    }
  if (sg.indices.empty()) {
    diags.error("xode.trimesh-empty", "trimesh has no triangles", loc(e));
    return false;
  }
  return true;
}

}  // namespace genokit::xode::standard
