// The data of a `genokit view` page: one or more scenes (a creature's body and world, or the rigid
// bodies of an XODE scene) with their frames over time, as plain data. Made from a trajectory file
// (trajectory.hpp), an XODE scene simulated first, or genotypes (sources.hpp); written into one
// self-contained HTML file by html.hpp. No third-party types here.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace genokit::view {

using Vec3 = std::array<double, 3>;
using Rgb = std::array<double, 3>;   // 0..1
using Quat = std::array<double, 4>;  // w x y z

// The Framsticks world around a creature (trajectory contract, CONTRACTS.md): Z up, [0, size] in X
// and Y, ground at z = 0.
struct World {
  double size = 20;
  int type = 0;             // 0 flat, 1 blocks, 2 height field
  double water_level = -1;  // drawn when above the ground
  int boundaries = 0;
  std::size_t nx = 0, ny = 0;  // height field grid (type 2): heights row-major, nx per row
  std::vector<double> heights;
  std::vector<std::array<double, 5>> blocks;  // x0 y0 x1 y1 h (type 1)
};

struct Part {
  Rgb color{1, 1, 1};
  double fr = 0.4, dn = 1;
};
struct Stick {
  int p1 = 0, p2 = 0;
  int joint = -1;  // the f0 joint
  Rgb color{1, 1, 1};
  // f0 joint properties when known (NaN otherwise): the page can colour sticks by them.
  double stif, rotstif, stam;
  Stick();
};
struct Neuron {
  std::string label;       // the neuron's `d` text
  std::string class_name;  // "|", "@", "N", ...
  int part = -1, joint = -1;
};
struct Muscle {
  int neuron = -1, joint = -1;
  int stick = -1;      // the stick of `joint` (-1 when the joint is not a stick)
  bool twist = false;  // "@" (rotation) muscle; else "|" (bend)
};
struct Creature {
  double radius = 0.1;  // of the sticks
  std::vector<Part> parts;
  std::vector<Stick> sticks;
  std::vector<Neuron> neurons;
  std::vector<Muscle> muscles;
};

// One ODE geom of an XODE scene: relative to its body (bodies) or in world coordinates (statics).
struct Geom {
  std::string shape;           // box, sphere, capsule, cylinder, cone, plane, trimesh
  std::vector<double> params;  // box lx ly lz | sphere r | capsule/cylinder/cone r len | plane a b c d
  Vec3 position{0, 0, 0};
  Quat quaternion{1, 0, 0, 0};
  std::vector<double> vertices;  // trimesh, in the same frame: x y z ...
  std::vector<int> indices;      // trimesh: 3 per triangle
};
struct RigidBody {
  std::string name;
  std::vector<Geom> geoms;
};

// Values over time: one row of `cols` floats per frame (frame-major).
struct Series {
  std::size_t cols = 0;
  std::vector<float> values;
};

struct Frames {
  std::size_t count = 0;
  Series step, time;  // 1 column
  Series com;         // 3: centre of mass x y z
  Series parts;       // 3 x parts: every part's x y z
  Series neurons;     // neurons: each neuron's output
  Series muscles;     // muscles: each muscle's signal
  Series bodies;      // 7 x bodies: x y z qw qx qy qz
};

struct Source {
  std::string file, name, encoding, genotype;
};

struct Scene {
  std::string name;
  bool z_up = true;  // false: Y is up (XODE scenes falling along -Y)
  Source source;
  std::optional<World> world;
  std::vector<Geom> statics;
  std::optional<Creature> creature;
  std::vector<RigidBody> bodies;
  double dt = 0;  // seconds between steps
  Frames frames;
  std::vector<std::pair<std::string, double>> criteria;   // shown in the panel, in order
  std::vector<std::pair<std::string, std::string>> info;  // facts about the body / scene
  std::vector<std::pair<std::string, std::string>> settings;
  std::string status = "ok", message;
  std::vector<std::string> notes;  // shown above the criteria (e.g. frames were thinned)
};

struct Page {
  std::string title;
  std::vector<Scene> scenes;
  std::size_t selected = 0;  // the scene shown first
};

// Keeps every k-th frame (and the last) so that no scene holds more than `max_values` floats of
// frames; adds a note to each thinned scene. Returns the largest k used (1: nothing changed).
std::size_t thin_frames(Page& page, std::size_t max_values);

}  // namespace genokit::view
