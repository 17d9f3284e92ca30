// The PyODE-mode builder (pyode_builder.hpp): geoms and how PyODE places them (on the body, in a
// GeomTransform, or static).
#include "xode/pyode_builder.hpp"

namespace genokit::xode::pyode {

// ---- geom ----------------------------------------------------------------------------------

void Builder::geom(PN e, PNode* parent) {
  auto [name] = attrs_of(e, {"name"});
  PNode* n = make(parent, PKind::geom, name);
  Enter in(*this, n);
  GeomState st{n, ancestor(parent, PKind::body), ancestor(parent, PKind::space)->index};
  geom_children(e, st);
  if (!st.has_object) throw invalid("No geom type element found.", e);
}
void Builder::geom_children(PN e, GeomState& st) {
  for (PN c = first_el(e); c; c = next_el(c)) {
    const El kid = id_of(c);
    const std::string_view k =
        kid == El::unknown ? std::string_view() : kElementNames[static_cast<std::size_t>(kid)];
    if (kid == El::transform) {
      transform(c, st.node);
      st.transformed = true;
    } else if (kid == El::box) {
      auto [sx, sy, sz] = attrs_of(c, {"sizex", "sizey", "sizez"});
      double lx = pyfloat(c, sx, "sizex"), ly = pyfloat(c, sy, "sizey"), lz = pyfloat(c, sz, "sizez");
      place(st, c, Shape::box, {lx, ly, lz});
      shape_children(c, k);
    } else if (kid == El::cappedCylinder) {
      auto [radius, length] = attrs_of(c, {"radius", "length"});
      double r = pyfloat(c, radius, "radius"), len = pyfloat(c, length, "length");
      place(st, c, Shape::capsule, {r, len});
      shape_children(c, k);
    } else if (kid == El::cone) {
      throw unsupported("", c);
    } else if (kid == El::cylinder) {
      if (!pybrain) throw unsupported("", c);
      auto [radius, length] = attrs_of(c, {"radius", "length"});
      double r = pyfloat(c, radius, "radius"), len = pyfloat(c, length, "length");
      place(st, c, Shape::cylinder, {r, len});
      shape_children(c, k);
    } else if (kid == El::plane) {
      auto [av, bv, cv, dv] = attrs_of(c, {"a", "b", "c", "d"});
      double a = pyfloat(c, av, "a"), b = pyfloat(c, bv, "b"), cc = pyfloat(c, cv, "c"),
             d = pyfloat(c, dv, "d");
      SceneGeom& g = add_geom(st, c, Shape::plane);
      g.params = sc.keep({a, b, cc, d});
      g.placement = Placement::none;
      shape_children(c, k);
    } else if (kid == El::ray) {
      auto [length] = attrs_of(c, {"length"});
      double len = pyfloat(c, length, "length");
      SceneGeom& g = add_geom(st, c, Shape::ray);
      g.params = sc.keep({len});
      g.placement = Placement::none;
      shape_children(c, k);
    } else if (kid == El::sphere) {
      auto [radius] = attrs_of(c, {"radius"});
      double r = pyfloat(c, radius, "radius");
      place(st, c, Shape::sphere, {r});
      shape_children(c, k);
    } else if (kid == El::trimesh) {
      trimesh_children(c);
      // Debian's PyODE is built without trimesh support (ode.TriMeshData raises).
      throw unsupported("Trimesh support is disabled", c);
    } else if (kid == El::geom) {
      geom(c, st.node);
    } else if (kid == El::body) {
      body(c, st.node);
    } else if (kid == El::joint) {
      if (!pybrain) throw PyError{"importer-bug", "NameError", "name 'nodename' is not defined", c};
      joint(c, st.node);
    } else if (kid == El::jointgroup || kid == El::ext) {
      geom_children(c, st);
    } else {
      throw child_error("geom", c);
    }
  }
}
void Builder::shape_children(PN e, std::string_view shape) {
  for (PN c = first_el(e); c; c = next_el(c)) {
    if (id_of(c) != El::ext) throw child_error(shape, c);
    shape_children(c, shape);
  }
}
void Builder::trimesh_children(PN e) {
  for (PN c = first_el(e); c; c = next_el(c)) {
    const El cid = id_of(c);
    if (cid == El::vertices || cid == El::triangles) {
    } else if (cid == El::v) {
      vector(c);
    } else if (cid == El::t) {
      static constexpr const char* kNames[3] = {"ia", "ib", "ic"};
      auto v = attrs_of(c, kNames);
      for (std::size_t i = 0; i < 3; ++i) {
        if (!v[i]) throw key_error(kNames[i], c);
        pyint_value(c, v[i]);
      }
    } else {
      throw child_error("trimesh", c);
    }
    trimesh_children(c);
  }
}
// A new geom for the shape element `shape` of the geom being built.
SceneGeom& Builder::add_geom(GeomState& st, PN shape, Shape s) {
  SceneGeom& g = sc.geoms.emplace_back();
  g.path = path();
  g.name = name_of(st.node);
  g.shape = s;
  g.space = st.space;
  g.world = ancestor(st.node, PKind::world)->index;
  g.offset = offset(shape);
  // PyBrain's collision filter names: a body's first geom takes the body's name, a body-less
  // geom keeps its own.
  PNode* parent = st.node->parent;
  if (st.body == nullptr) {
    g.has_pybrain_name = st.node->has_name;
    g.pybrain_name = g.name;
  } else if (parent->kind == PKind::body) {
    PNode* first = parent->first_child;
    while (first && first->kind != PKind::geom) first = first->next;
    if (first == st.node && parent->has_name) {
      g.has_pybrain_name = true;
      g.pybrain_name = body_of(parent).name;
    }
  }
  st.node->index = static_cast<int>(sc.geoms.size()) - 1;
  st.has_object = true;
  return g;
}
void Builder::place(GeomState& st, PN shape, Shape s, std::initializer_list<double> params) {
  SceneGeom& g = add_geom(st, shape, s);
  g.params = sc.keep(params);
  if (!st.body) {
    g.placement = Placement::world;
    pose(world_transform(st.node), g.position, g.rotation);
  } else if (st.transformed) {
    g.placement = Placement::geom_transform;
    g.body = st.body->index;
    pose(transform_of(st.node, st.body), g.position, g.rotation);
  } else {
    g.placement = Placement::body_origin;
    g.body = st.body->index;
  }
}

}  // namespace genokit::xode::pyode
