// The model as an aligned text table for people (`genokit show`).
#pragma once

#include <string>

#include "genokit/f0/model.hpp"

namespace genokit::f0 {

std::string to_table(const Model& m);

}  // namespace genokit::f0
