// What a sim::Model holds: plain data, world coordinates after placement (internal).
#pragma once

#include <array>
#include <vector>

#include "genokit/sim/model.hpp"

namespace genokit::sim {

// A collision shape: a capsule along its local Z axis (length 0: a sphere).
struct GeomDef {
  f0::Vec3 center;
  std::array<double, 12> rotation{};  // ODE's dMatrix3 layout (3 rows of 4)
  double radius = 0, length = 0;
  double mu = 0;  // ground friction coefficient
};

struct BodyDef {
  f0::Vec3 com;  // the body's origin (its centre of mass)
  double mass = 0;
  std::array<double, 12> inertia{};  // about the centre of mass, world axes (dMatrix3 layout)
  std::vector<GeomDef> geoms;
};

// An ODE joint between two bodies.
struct LinkDef {
  enum class Kind { ball, fixed } kind = Kind::ball;
  int body1 = -1, body2 = -1;
  f0::Vec3 anchor;
  // Ball joints: an angular motor with three axes fixed to body1 (bend, twist, third), holding
  // the relative rotation up to these torques (infinity: rigid).
  std::array<f0::Vec3, 3> axes{};
  std::array<double, 3> fmax{};
  int joint = -1;  // the f0 joint of body2's muscle
};

struct PartDef {
  int body = -1;
  f0::Vec3 local;  // offset from the body's centre of mass (world axes at birth)
};

struct Model::Data {
  Settings settings;
  std::vector<BodyDef> bodies;
  std::vector<LinkDef> links;
  std::vector<PartDef> parts;
  std::vector<f0::Vec3> part_start;
  std::size_t sticks = 0;
  double mass = 0;
};

}  // namespace genokit::sim
