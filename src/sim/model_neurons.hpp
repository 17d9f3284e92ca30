// Neurons and the body (internal): which neuron is a muscle or a receptor, muscle strength from
// `p`, and the links each muscle drives.
#pragma once

#include "genokit/core/diagnostics.hpp"
#include "sim/model_data.hpp"

namespace genokit::sim {

// Muscle torque (N*m) of power p: odemusclemin at f1's "mmmmm" (0.025) .. odemusclemax at
// "MMMMM" (0.81), linear between, clamped.
double muscle_torque(double p, const Settings& s);

// Fills out.muscles (no links yet) and out.roles; warns about neurons that cannot act.
void plan_neurons(const f0::Model& in, const Settings& s, Model::Data& out, Diagnostics& diags);

// Connects every muscle to the ball link of its joint (after the links are made); warns about
// muscles whose joint is held rigid anyway.
void attach_muscles(Model::Data& out, const f0::Model& in, Diagnostics& diags);

}  // namespace genokit::sim
