// What the standard evaluation measures (framspy's evaluation fields) and the fitness computed
// from it. Units: Framsticks units and simulation steps (velocities per step, as Framsticks
// reports them); docs/simulation.md defines every field.
#pragma once

#include "genokit/sim/settings.hpp"

namespace genokit::sim {

// One creature's performance, or a genotype's averaged over its evaluations.
struct Criteria {
  double numparts = 0, numjoints = 0, numneurons = 0, numconnections = 0;
  double instances = 0;  // evaluations averaged (1 for one creature)
  double lifespan = 0;   // steps lived with performance measured
  double velocity = 0;   // distance / lifespan (units per step)
  double distance = 0;   // path of the centre of mass through its samples (units)
  double vertvel = 0;    // rise of the centre of mass from the first sample to the last / lifespan
  double vertpos = 0;    // mean height of the centre of mass over the samples (units above z = 0)
  double fit = 0;        // the cr_* weighted sum (a genotype: the mean over its evaluations)
  double fit_stdev = 0;  // standard deviation of fit over the evaluations (0 for one)
};

// fit of a creature: cr_c + cr_life*lifespan + cr_v*velocity + cr_gl*numparts +
// cr_joints*numjoints + cr_nnsiz*numneurons + cr_nncon*numconnections + cr_di*distance +
// cr_vpos*vertpos + cr_vvel*vertvel (a .sim GenePool formula of that form sets the weights).
double fitness(const Criteria& c, const Settings& s);

}  // namespace genokit::sim
