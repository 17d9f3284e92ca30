// The standard-mode builder (standard_builder.hpp): bodies, their state elements and masses
// (operations in document order; an off-centre mass moves the body frame).
#include "xode/standard_builder.hpp"

#include <cmath>

#include "genokit/core/numbers.hpp"
#include "xode/mass.hpp"

namespace genokit::xode::standard {

namespace {

// The mass of a <mass_shape> shape of the given density (false when `shid` is not one).
bool shape_mass(const XmlNode& s, El shid, double density, MassParams& out) {
  if (shid == El::sphere) {
    out = mass::sphere(density, attr_number(s, "radius"));
  } else if (shid == El::box) {
    const auto [x, y, z] = numbers_of(s, {"sizex", "sizey", "sizez"});
    out = mass::box(density, x, y, z);
  } else if (shid == El::cappedCylinder || shid == El::cylinder) {
    const auto [r, len] = numbers_of(s, {"radius", "length"});
    out = shid == El::cylinder ? mass::cylinder(density, r, len) : mass::capsule(density, r, len);
  } else {
    return false;
  }
  return true;
}

}  // namespace

void Builder::body(const XmlNode& e, Ctx& c) {
  implicit_space(c, e);
  Ctx b = c;
  SceneBody sb = object<SceneBody>(c, e, "body");
  b.frame = frame_of(e, c);
  sb.position = b.frame.p;
  sb.rotation = b.frame.R;
  sb.enabled = e.attr_or("enabled", "true") != "false";
  sb.gravity_mode = to_int(attr_number(e, "gravitymode", 1), 1);
  bool any_mass = false;
  MassParams total = mass::zero();
  int masses = 0;
  for (XmlNode ch : e.elements()) {
    std::string_view k = ch.name();
    const El kid = element_id(k);
    if (kid == El::torque)
      sb.torque = vec(ch);
    else if (kid == El::force)
      sb.force = vec(ch);
    else if (kid == El::linearVel)
      sb.linear_velocity = vec(ch);
    else if (kid == El::angularVel)
      sb.angular_velocity = vec(ch);
    else if (kid == El::finiteRotation) {
      sb.finite_rotation_set = true;
      sb.finite_rotation_mode = to_int(num(ch, "mode"), 0);
      sb.finite_rotation_axis = numbers_of(ch, {"xaxis", "yaxis", "zaxis"});
      if (sb.finite_rotation_mode != 0 && sb.finite_rotation_mode != 1)
        diags.error("xode.bad-finite-rotation-mode", "finiteRotation mode must be 0 or 1", loc(ch));
    } else if (kid == El::mass) {
      MassParams m;
      if (mass_element(ch, m)) {
        if (masses++ == 0)
          total = m;
        else
          mass::add(total, m);
        any_mass = true;
      }
    }
  }
  if (masses > 1)
    diags.warning("xode.multiple-mass", "<body> has several <mass> elements; they are added together",
                  loc(e));
  if (any_mass) {
    sb.has_mass = true;
    sb.mass = total;
  }
  sc.bodies.push_back(sb);
  int index = static_cast<int>(sc.bodies.size()) - 1;
  b.body = index;
  b.path = sb.path;
  b.counters = new_counters();
  children(e, b);
  recentre(index);
}

// Moves an off-centre mass's body frame to the centre of mass and shifts the body's geoms, so
// dBodySetMass gets c = 0 (ODE aborts otherwise).
void Builder::recentre(int index) {
  SceneBody& b = sc.bodies[static_cast<std::size_t>(index)];
  Vec3 c = b.mass.c;
  if (!b.has_mass || (c[0] == 0 && c[1] == 0 && c[2] == 0)) return;
  b.position = math::add(b.position, math::mulv(b.rotation, c));
  mass::translate(b.mass, math::scale(c, -1));
  b.mass.c = {0, 0, 0};
  for (auto& g : sc.geoms) {
    if (g.body != index) continue;
    if (g.placement == Placement::body_origin) g.placement = Placement::body_offset;
    if (g.placement == Placement::body_offset) g.position = math::sub(g.position, c);
  }
  diags.note("xode.mass-recentred",
             "the centre of mass of body '" + std::string(b.name) +
                 "' is off the body origin; the body frame was moved to it "
                 "and its geoms shifted",
             doc.locate(b.offset));
}

// Evaluates a <mass> element: operations in document order.
bool Builder::mass_element(const XmlNode& e, MassParams& m) {
  m = mass::zero();
  bool defined = false;
  for (XmlNode ch : e.elements()) {
    std::string_view k = ch.name();
    const El kid = element_id(k);
    if (kid == El::mass_struct) {
      m = mass::zero();
      m.mass = num(ch, "total");
      bool have_i = false;
      for (XmlNode s : ch.elements()) {
        if (element_id(s) == El::centerGravity) m.c = vec(s);
        if (element_id(s) == El::imatrix) {
          have_i = true;
          const auto [i11, i12, i13, i22, i23, i33] =
              numbers_of(s, {"m00", "m01", "m02", "m11", "m12", "m22"});
          m.I = {i11, i12, i13, i12, i22, i23, i13, i23, i33};
        }
      }
      if (!have_i) {
        diags.error(
            "xode.mass-struct-incomplete",
            "<mass_struct> needs an <imatrix m00.. m22> inertia tensor (XODE: all children are required)",
            loc(ch));
        return false;
      }
      defined = true;
    } else if (kid == El::mass_shape) {
      bool by_density = ch.has_attr("density");
      double amount = by_density ? num(ch, "density") : num(ch, "total");
      for (XmlNode s : ch.elements()) {
        std::string_view sh = s.name();
        const El shid = element_id(sh);
        MassParams unit;
        if (!shape_mass(s, shid, 1, unit)) continue;
        if (by_density)
          shape_mass(s, shid, amount, unit);
        else if (unit.mass > 0)
          mass::adjust(unit, amount);
        m = unit;
        defined = true;
      }
    } else if (kid == El::transform) {
      Frame f;
      bool absolute = false;
      transform_frame(ch, f, absolute);
      if (!defined) {
        diags.warning("xode.mass-transform-before-shape",
                      "<transform> in <mass> before any mass is defined has no "
                      "effect",
                      loc(ch));
        continue;
      }
      mass::rotate(m, f.R);
      mass::translate(m, f.p);
    } else if (kid == El::adjust) {
      if (!defined) {
        // PyODE starts every <mass> as ODE's default sphere; files written for it rely on that.
        m = mass::sphere(1.0, 1.0);
        defined = true;
        diags.warning("xode.adjust-default-sphere",
                      "<adjust> with no mass before it scales ODE's default sphere (density 1, radius 1), as "
                      "PyODE does",
                      loc(ch));
      }
      mass::adjust(m, num(ch, "total"));
    } else if (kid == El::mass) {
      MassParams child;
      if (!mass_element(ch, child)) continue;
      if (!defined)
        m = child;
      else
        mass::add(m, child);
      defined = true;
    }
  }
  if (!defined) {
    m = mass::sphere(1.0, 1.0);
    diags.warning("xode.empty-mass",
                  "<mass> defines no mass; ODE's default sphere (density 1, radius 1) is used, as in PyODE",
                  loc(e));
  }
  if (!(m.mass > 0) || !std::isfinite(m.mass)) {
    diags.error("xode.bad-mass", "the mass must be greater than 0, got " + format_double(m.mass), loc(e));
    return false;
  }
  return true;
}

}  // namespace genokit::xode::standard
