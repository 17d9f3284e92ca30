// Internal: the fF shell builder (chambers.cpp), reporting chambers without an aperture.
#pragma once

#include <vector>

#include "genokit/fF/convert.hpp"

namespace genokit::fF::detail {

// The model of `p`; the chambers whose aperture search found no point outside the earlier
// chambers (the SDK then uses the chamber's first surface point) are appended to `no_hole`.
f0::Model build_shell(const Params& p, std::vector<int>* no_hole);

}  // namespace genokit::fF::detail
