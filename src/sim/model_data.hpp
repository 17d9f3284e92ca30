// What a sim::Model holds: plain data in the model frame (the creature placed centrally on flat
// ground, every body with the identity orientation), shared read-only by every run (internal).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "genokit/sim/model.hpp"
#include "sim/terrain.hpp"

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
  std::array<double, 12> inertia{};  // about the centre of mass, model axes (dMatrix3 layout)
  std::vector<GeomDef> geoms;
};

// Which muscle drives an axis of a ball link.
struct AxisDrive {
  std::vector<int> muscles;  // indices into Model::Data::muscles (empty: the axis is held rigid)
  // Muscles of the stick body1 stands for, when only muscled sticks meet at the part: they bend
  // that stick the other way relative to this one (the target is own - counter).
  std::vector<int> counter;
  double fmax = 0;  // the strongest of them all (N*m)
  bool driven() const { return !muscles.empty() || !counter.empty(); }
};

// An ODE joint between two bodies.
struct LinkDef {
  enum class Kind { ball, fixed } kind = Kind::ball;
  int body1 = -1, body2 = -1;
  f0::Vec3 anchor;
  // Ball joints: the bend axis (fixed to body1), the twist axis along the stick (fixed to body2),
  // and their common perpendicular (third = twist x bend at rest); unit vectors, model frame.
  f0::Vec3 bend, twist, third;
  AxisDrive drive_bend, drive_twist;  // the third axis is always held rigid
  int joint = -1;                     // the f0 joint of body2's stick
  int counter_joint = -1;             // the f0 joint of the muscled stick that holds the part
};

struct PartDef {
  int body = -1;
  f0::Vec3 local;  // offset from the body's centre of mass (model axes = body axes)
};

struct MuscleDef {
  enum class Kind { bend, twist } kind = Kind::bend;
  int neuron = -1, joint = -1;
  int link = -1;      // the ball link it drives (-1: none, the muscle moves nothing)
  double range = 1;   // target angle = range * state * pi
  double torque = 0;  // strength (N*m)
};

// What a neuron does with the body (by neuron index).
struct NeuronRole {
  enum class Kind : unsigned char {
    none,
    gyro,
    touch,
    smell,
    water,
    energy,
    muscle,
    inert
  } kind = Kind::none;
  int part = -1, joint = -1;
  int muscle = -1;   // index into muscles
  double range = 1;  // T: r
};

struct Model::Data {
  Settings settings;
  std::shared_ptr<const f0::Model> creature;  // for the network, counts and writers
  Terrain terrain;
  std::vector<StaticBox> blocks;           // in map cell order
  std::vector<std::uint32_t> block_first;  // per map cell: its first block (cells + 1 entries)
  std::vector<BodyDef> bodies;
  std::vector<LinkDef> links;
  std::vector<PartDef> parts;
  std::vector<f0::Vec3> part_start;  // model frame
  std::vector<int> stick_joint;      // f0 joint of each stick
  std::vector<MuscleDef> muscles;
  std::vector<NeuronRole> roles;
  std::size_t sticks = 0;
  double mass = 0;
  int energy_joints = 1;
  bool exact = false;  // stepped by dWorldStep (gk_stepper, and its size in auto mode)  // joints (parts when
                       // none) for the energy rules (standard-eval.expdef)
};

}  // namespace genokit::sim
