// The parameters of f0's genetic operators (GenMan's f0_* settings, spec notes evolution.md §2.2),
// declared once as data: the door reads them from `.sim` files, the f0 operators read their values
// by id (frams::ParamValues), `genokit` documents them from this table.
#pragma once

#include <span>

#include "genokit/frams/property.hpp"

namespace genokit::f0 {

// f0_p_new, f0_p_del, ..., f0_c_wei (relative weights 0..100 of the mutation kinds), f0_nodel_tag
// and f0_nomod_tag (0/1: honour `i="mi=d"` / `i="mi=m"` tags).
std::span<const frams::Property> operator_table();

}  // namespace genokit::f0
