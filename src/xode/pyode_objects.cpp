// The PyODE-mode builder (pyode_builder.hpp): worlds, spaces, bodies and their masses, as
// PyODE's handlers make them.
#include "xode/pyode_builder.hpp"

#include "xode/mass.hpp"

namespace genokit::xode::pyode {

// ---- containers ----------------------------------------------------------------------------
void Builder::root_children(PN e, PNode* root) {
  for (PN c = first_el(e); c; c = next_el(c)) {
    const El cid = id_of(c);
    if (cid == El::world)
      world(c, root);
    else if (cid == El::ext)
      root_children(c, root);
    else
      throw child_error("xode", c);
  }
}

void Builder::world(PN e, PNode* parent) {
  auto [name] = attrs_of(e, {"name"});
  PNode* n = make(parent, PKind::world, name);
  Enter in(*this, n);
  SceneWorld& w = sc.worlds.emplace_back();
  w.path = path();
  w.name = name_of(n);
  w.offset = offset(e);
  n->index = static_cast<int>(sc.worlds.size()) - 1;
  world_children(e, n);
}
void Builder::world_children(PN e, PNode* n) {
  for (PN c = first_el(e); c; c = next_el(c)) {
    const El cid = id_of(c);
    if (cid == El::transform)
      transform(c, n);
    else if (cid == El::space)
      space(c, n);
    else if (cid == El::ext)
      world_children(c, n);
    else
      throw child_error("world", c);
  }
}

void Builder::space(PN e, PNode* parent) {
  auto [name] = attrs_of(e, {"name"});
  PNode* n = make(parent, PKind::space, name);
  Enter in(*this, n);
  SceneSpace& s = sc.spaces.emplace_back();
  s.path = path();
  s.name = name_of(n);
  s.world = ancestor(n, PKind::world)->index;
  s.offset = offset(e);
  n->index = static_cast<int>(sc.spaces.size()) - 1;
  space_children(e, n);
}
void Builder::space_children(PN e, PNode* n) {
  for (PN c = first_el(e); c; c = next_el(c)) {
    const El cid = id_of(c);
    if (cid == El::transform)
      transform(c, n);
    else if (cid == El::geom)
      geom(c, n);
    else if (cid == El::group || cid == El::jointgroup || cid == El::ext)
      space_children(c, n);
    else if (cid == El::body)
      body(c, n);
    else if (cid == El::joint)
      joint(c, n);
    else
      throw child_error("space", c);
  }
}

// ---- body ----------------------------------------------------------------------------------

void Builder::body(PN e, PNode* parent) {
  auto [name, enabled_v, gravity_v] = attrs_of(e, {"name", "enabled", "gravitymode"});
  PNode* n = make(parent, PKind::body, name);
  Enter in(*this, n);
  std::string_view enabled = enabled_v ? std::string_view(enabled_v) : "true";
  if (enabled != "true" && enabled != "false")
    throw invalid("Enabled attribute must be either 'true' or 'false'.", e);
  int gravity_mode = 1;
  if (gravity_v) gravity_mode = pyint_value(e, gravity_v) == 0 ? 0 : 1;
  SceneBody& b = sc.bodies.emplace_back();
  b.path = path();
  b.name = name_of(n);
  b.world = ancestor(n, PKind::world)->index;
  b.offset = offset(e);
  b.enabled = enabled == "true";
  b.gravity_mode = gravity_mode;
  n->index = static_cast<int>(sc.bodies.size()) - 1;
  BodyState st;
  st.node = n;
  body_children(e, st);
  apply_body_pose(st);
  if (st.mass) {
    SceneBody& sb = body_of(n);
    sb.has_mass = true;
    sb.mass = *st.mass;
  }
}
void Builder::apply_body_pose(BodyState& st) {
  if (st.transformed) return;
  SceneBody& b = body_of(st.node);
  pose(world_transform(st.node), b.position, b.rotation);
  st.transformed = true;
}
void Builder::body_children(PN e, BodyState& st) {
  for (PN c = first_el(e); c; c = next_el(c)) {
    const El cid = id_of(c);
    if (cid == El::transform) {
      transform(c, st.node);
      continue;
    }
    apply_body_pose(st);
    if (cid == El::torque)
      body_of(st.node).torque = vector(c);
    else if (cid == El::force)
      body_of(st.node).force = vector(c);
    else if (cid == El::finiteRotation) {
      auto [mode_v, xa, ya, za] = attrs_of(c, {"mode", "xaxis", "yaxis", "zaxis"});
      if (!mode_v) throw key_error("mode", c);
      long long mode = pyint_value(c, mode_v);
      if (!xa || !ya || !za)
        throw invalid("finiteRotation element must have xaxis, yaxis and zaxis attributes", c);
      Vec3 axis{pyfloat_value(c, xa), pyfloat_value(c, ya), pyfloat_value(c, za)};
      if (mode != 0 && mode != 1) throw invalid("finiteRotation mode attribute must be either 0 or 1.", c);
      SceneBody& b = body_of(st.node);
      b.finite_rotation_set = true;
      b.finite_rotation_mode = static_cast<int>(mode);
      b.finite_rotation_axis = axis;
    } else if (cid == El::linearVel)
      body_of(st.node).linear_velocity = vector(c);
    else if (cid == El::angularVel)
      body_of(st.node).angular_velocity = vector(c);
    else if (cid == El::mass)
      st.mass = mass_node(c, st.node);
    else if (cid == El::joint)
      joint(c, st.node);
    else if (cid == El::body)
      body(c, st.node);
    else if (cid == El::geom)
      geom(c, st.node);
    else
      throw child_error("body", c);
    if (cid == El::torque || cid == El::force || cid == El::linearVel || cid == El::angularVel ||
        cid == El::finiteRotation)
      body_children(c, st);  // these push no handler: their children reach the body's
  }
}

// ---- mass ----------------------------------------------------------------------------------
MassParams Builder::mass_node(PN e, PNode* parent) {
  auto [name] = attrs_of(e, {"name"});
  PNode* n = make(parent, PKind::mass, name);
  MassParams m = mass::sphere(1.0, 1.0);
  mass_children(e, n, m);
  return m;
}
void Builder::mass_children(PN e, PNode* n, MassParams& m) {
  for (PN c = first_el(e); c; c = next_el(c)) {
    const El cid = id_of(c);
    if (cid == El::mass_struct || cid == El::transform) {
      mass_children(c, n, m);
    } else if (cid == El::mass_shape) {
      auto [density] = attrs_of(c, {"density"});
      for (PN s = first_el(c); s; s = next_el(s)) mass_shape(s, c, density, m);
    } else if (cid == El::adjust) {
      auto [total] = attrs_of(c, {"total"});
      mass::adjust(m, pyfloat(c, total, "total"));
      mass_children(c, n, m);
    } else if (cid == El::mass) {
      MassParams child = mass_node(c, n);
      mass::add(m, child);
    } else {
      throw child_error("mass", c);
    }
  }
}
// A shape inside <mass_shape> `e` (and the shapes nested in it).
void Builder::mass_shape(PN c, PN e, const char* density, MassParams& m) {
  const El cid = id_of(c);
  if (cid == El::sphere) {
    auto [radius] = attrs_of(c, {"radius"});
    double r = radius ? pyfloat_value(c, radius) : 1.0;
    if (density) m = mass::sphere(pyfloat_value(e, density), r);
  } else if (cid == El::box) {
    auto [sx, sy, sz] = attrs_of(c, {"sizex", "sizey", "sizez"});
    double lx = pyfloat(c, sx, "sizex"), ly = pyfloat(c, sy, "sizey"), lz = pyfloat(c, sz, "sizez");
    if (density) m = mass::box(pyfloat_value(e, density), lx, ly, lz);
  } else if (pybrain && (cid == El::cappedCylinder || cid == El::cylinder)) {
    auto [radius, length] = attrs_of(c, {"radius", "length"});
    double r = radius ? pyfloat_value(c, radius) : 1.0;
    double len = pyfloat(c, length, "length");
    if (density)
      m = cid == El::cylinder ? mass::cylinder(pyfloat_value(e, density), r, len)
                              : mass::capsule(pyfloat_value(e, density), r, len);
  } else {
    throw unsupported(pybrain ? "mass_shape <" + std::string(c.name()) + "> not supported" : "", c);
  }
  for (PN g = first_el(c); g; g = next_el(g)) mass_shape(g, e, density, m);
}
}  // namespace genokit::xode::pyode
