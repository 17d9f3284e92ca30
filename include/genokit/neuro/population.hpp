// Stepping many networks at once (a population of creatures' brains). Every network owns its
// random stream, so results are identical for any number of threads.
#pragma once

#include <cstddef>
#include <span>

#include "genokit/neuro/network.hpp"

namespace genokit::neuro {

// Runs `steps` steps of every network, splitting the networks into `threads` contiguous blocks
// (0 = one per hardware thread; never more threads than networks).
void step_population(std::span<Network> nets, std::size_t steps, unsigned threads = 1);

}  // namespace genokit::neuro
