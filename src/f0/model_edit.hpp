// Internal: edits of an f0 model for the genetic operators (mutation, crossover): the `mi=` tags,
// removing elements with every reference re-numbered, connectivity, limbs.
#pragma once

#include <string_view>
#include <vector>

#include "genokit/f0/model.hpp"

namespace genokit::f0::edit {

// The `i="mi=..."` tags of an element's info: d = never deleted, m = never modified ("mi=dm" and
// "mi=md" both).
struct Tags {
  bool nodel = false, nomod = false;
};
Tags tags_of(std::string_view info);

// Removes the parts, joints and neurons whose keep flag is false, with everything that depends on
// them: joints of a removed part, neurons attached to a removed part or joint, inputs from a
// removed neuron. Every index is re-numbered. The flags are updated to what was removed.
void remove(Model& m, std::vector<bool>& keep_part, std::vector<bool>& keep_joint,
            std::vector<bool>& keep_neuron);
// The flags remove() would end with (the cascade), without changing the model.
void cascade(const Model& m, std::vector<bool>& keep_part, std::vector<bool>& keep_joint,
             std::vector<bool>& keep_neuron);

// The body's joint graph seen from part 0 (one depth-first search, Tarjan's low links): which
// parts hold it together (removing one with its joints splits the rest), which joints are bridges
// (removing one splits the body), and each bridge's limb: the parts beyond it, away from part 0.
// Joints that refer to missing parts, and parts not reached from part 0, are ignored.
struct BodyGraph {
  std::vector<bool> cut_part;  // an articulation point
  std::vector<bool> bridge;    // per joint
  std::vector<int> limb_root;  // per bridge joint: its end away from part 0 (-1: not a bridge)
  std::vector<int> enter,
      leave;  // depth-first order: x is in the subtree of v when enter[v] <= enter[x] < leave[v]
  bool in_limb(int joint, int part) const {
    const int v = limb_root[static_cast<std::size_t>(joint)];
    const int e = enter[static_cast<std::size_t>(part)];
    return v >= 0 && e >= 0 && enter[static_cast<std::size_t>(v)] <= e &&
           e < leave[static_cast<std::size_t>(v)];
  }
};
BodyGraph analyse(const Model& m);

double distance(const Vec3& a, const Vec3& b);

}  // namespace genokit::f0::edit
