// The f0 creature model: parts, joints, neurons and connections as the Framsticks SDK (r909)
// builds them from an f0 genotype, with final positions and orientations. This header is shared
// with the f1 converter and the neural-network stepper; changes here are additive only.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "genokit/core/diagnostics.hpp"

namespace genokit::f0 {

struct Vec3 {
  double x = 0, y = 0, z = 0;
};

// An orientation: the local X, Y and Z axes expressed in world coordinates (SDK `Orient`).
struct Orient {
  Vec3 x{1, 0, 0}, y{0, 1, 0}, z{0, 0, 1};
  // World direction of a local vector: v.x*X + v.y*Y + v.z*Z.
  Vec3 apply(const Vec3& v) const {
    return {v.x * x.x + v.y * y.x + v.z * z.x, v.x * x.y + v.y * y.y + v.z * z.y,
            v.x * x.z + v.y * y.z + v.z * z.z};
  }
  // Local coordinates of a world vector (the transpose applied).
  Vec3 revapply(const Vec3& v) const {
    return {v.x * x.x + v.y * x.y + v.z * x.z, v.x * y.x + v.y * y.y + v.z * y.z,
            v.x * z.x + v.y * z.y + v.z * z.z};
  }
};

// The identity rotated by (rx, ry, rz) in the SDK's order and sign convention: about world X by rx,
// then about world Y by -ry, then about world Z by rz.
Orient orient_from_rotation(const Vec3& r);
// The rotation angles (rx, ry, rz) that orient_from_rotation() maps back to `o` (SDK getAngles).
Vec3 rotation_from_orient(const Orient& o);
// `b` expressed in the frame of `a`'s axes composed as the SDK does (a joint's rotation applied to
// part 1's orientation): result axes = a.apply(b.x), a.apply(b.y), a.apply(b.z).
Orient compose(const Orient& a, const Orient& b);

// Where an element came from in the genotype text: 1-based line/column of the element line inside
// the genotype (header included) and the byte offset of the line start in the genotype text.
struct SourcePos {
  std::uint32_t line = 0;
  std::uint32_t column = 0;
  std::int64_t offset = -1;
  std::uint32_t length = 0;  // bytes of the element line (without the line end)
};

enum class ShapeType : std::uint8_t { unknown = 0, illegal = 1, ball_and_stick = 2, solids = 3 };

struct Part {
  // User-provided so that `emplace_back()` does not zero the whole object before the member
  // initializers run (value-initialization of an implicit constructor does).
  Part() {}
  Vec3 pos;             // final position (delta joints overwrite the genotype's x, y, z)
  Vec3 rot;             // rx, ry, rz as stored (the genotype's values; see `orient`)
  int sh = 0;           // 0 ball-and-stick, 1 ellipsoid, 2 cuboid, 3 cylinder
  double s = 1.0;       // size
  Vec3 scale{1, 1, 1};  // sx, sy, sz
  double h = 0;         // hollow
  double dn = 1.0;      // density
  double fr = 0.4;      // friction
  double ing = 0.25;
  double as = 0.25;
  std::string info;             // i
  std::string vstyle = std::string("part", 4);  // Vstyle (a length given: no strlen per element)
  double vs = 0.2;              // visual thickness
  Vec3 color{1, 1, 1};          // vr, vg, vb
  double mass = 1.0;            // derived: 1.0 per attached joint, 1.0 when none
  Orient orient;                // final orientation (authoritative)
  SourcePos src;
};

struct Joint {
  Joint() {}  // see Part()
  int p1 = -1, p2 = -1;
  Vec3 rot;                // rx, ry, rz (for non-delta joints: recomputed by the final check)
  Vec3 d;                  // dx, dy, dz (for non-delta joints: recomputed by the final check)
  bool use_delta = false;  // any of dx/dy/dz given
  int sh = 0;              // 0 ball-and-stick rod, 1 fixed; 2, 3 hinges (Framsticks 5.x)
  // Framsticks 5.x hinge properties (not in SDK r909; defaults keep r909 behaviour).
  Vec3 hinge_pos;  // hx, hy, hz
  Vec3 hinge_rot;  // hrx, hry, hrz
  double hxn = -1.5708, hxp = 1.5708, hyn = -1.5708, hyp = 1.5708;
  double stif = 1.0, rotstif = 1.0, stam = 0.25;
  std::string info;
  std::string vstyle = std::string("joint", 5);
  Vec3 color{1, 1, 1};
  double length = 0;  // |d| (distance of the two parts for non-delta joints)
  SourcePos src;
};

struct Input {
  int source = -1;  // the neuron whose output feeds this one
  double weight = 1.0;
  std::string info;
};

struct Neuron {
  Neuron() {}  // see Part()
  int part = -1;  // attachment (-1 none); both may be set
  int joint = -1;
  std::string details = std::string("N", 1);     // "Class" or "Class:params" as given (d)
  std::string class_name = std::string("N", 1);  // class part of details ("N" when empty)
  std::string params;            // text after "Class:"
  std::string info;
  std::string vstyle = std::string("neuro", 5);
  std::vector<Input> inputs;  // in connection order
  bool known_class = false;   // class is in the neuron class library (neuron_classes.hpp)
  SourcePos src;
};

// One `c:` line: target neuron n1 gains input n2 with weight w.
struct Connection {
  int target = -1;  // n1
  int source = -1;  // n2
  double weight = 1.0;
  std::string info;
  SourcePos src;
};

struct Model {
  double se = 1.0;     // m:se start energy
  std::string vstyle;  // m:Vstyle
  std::vector<Part> parts;
  std::vector<Joint> joints;
  std::vector<Neuron> neurons;
  std::vector<Connection> connections;  // in genotype order
  // Sub-models after `checkpoint:` lines (not part of the main model; kept for the writer).
  std::vector<Model> checkpoints;

  bool valid = false;  // the SDK's verdict (plus genokit's documented fixes, see docs/f0.md)
  ShapeType shape_type = ShapeType::unknown;
  // SDK-compatible positions: byte offsets into the genotype body (-1 none); warn = first warning.
  std::int64_t error_pos = -1;
  std::int64_t warn_pos = -1;
  // Offset of the genotype body (after the header) in the text given to the parser.
  std::size_t body_offset = 0;
};

}  // namespace genokit::f0
