// The parameters of f1's genetic operators (GenMan's f1_* settings, spec notes evolution.md §2.1),
// declared once as data: the door reads them from `.sim` files (e.g. framspy's f1_params.sim), the
// f1 operators read their values by id (frams::ParamValues).
#pragma once

#include <span>

#include "genokit/frams/property.hpp"

namespace genokit::f1 {

// f1_smX, f1_smJunct, f1_smComma, f1_smModif, f1_smModifiers, f1_mut_exmod, f1_nmNeu, f1_nmConn,
// f1_nmProp, f1_nmWei, f1_nmVal (0..100) and f1_xo_propor (0/1).
std::span<const frams::Property> operator_table();

}  // namespace genokit::f1
