// What the structural measure sees of a creature: per Part its degree (joints touching it), its
// neurons and their inputs, its position; the neurons attached to no Part (on a joint, or anywhere)
// counted apart; and, when geometry counts, the Parts' coordinates after MDS alignment.
#pragma once

#include <vector>

#include "genokit/f0/model.hpp"

namespace genokit::similarity::detail {

struct Body {
  int parts = 0;
  std::vector<int> degree;       // joints touching each Part
  std::vector<int> neurons;      // neurons attached to each Part
  std::vector<int> neuro_conns;  // sum over those neurons of (inputs + 1): orders Parts in greedy matching
  int on_joint = 0;              // neurons attached to a joint (and no Part)
  int anywhere = 0;              // neurons attached to nothing
  std::vector<f0::Vec3> pos;     // Part positions used for geometry (MDS-aligned when asked for)
  // Parts in greedy matching order: by degree, then neuro_conns, neurons and index (see greedy.cpp).
  std::vector<int> order;
};

// The Body of a (valid) model, without alignment: `pos` holds the model's own positions.
Body describe(const f0::Model& m);

// Replaces b.pos by the Parts' coordinates from classical MDS of their distance matrix (weighted by
// Part degrees when `weighted`; with `fixed_z` the distances ignore z and every Part keeps its z).
void align(Body& b, const f0::Model& m, bool fixed_z, bool weighted);

}  // namespace genokit::similarity::detail
