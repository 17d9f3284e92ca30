// Internal: one f4 mutation attempt (operators.cpp), for f4::mutate and the tests that count the
// methods chosen.
#pragma once

#include "f4/tree.hpp"
#include "genokit/f0/genetic_operator.hpp"

namespace genokit::f4::detail {

// Draws a method as the SDK does (roulette over add/delete/modify, then over the five additions)
// and applies it to `t`; `method` is the SDK's id (0..6, -1 when every weight is 0). False when
// this attempt cannot change the tree (the reason in call.diags).
bool mutate_once(Tree& t, const f0::OperatorCall& call, int& method);

}  // namespace genokit::f4::detail
