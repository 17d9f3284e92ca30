// Canonical f0 text, exactly as the SDK r909 writer (Model::makeGeno) prints it: defaults omitted,
// names where needed, shortest round-trip numbers with ".0", quoting with C escapes.
#pragma once

#include <string>

#include "genokit/f0/model.hpp"

namespace genokit::f0 {

// The f0 lines (m:, p:, j:, n:, c:, checkpoint:), each ending with '\n'.
std::string write_body(const Model& m);
// "//0\n" + write_body(m).
std::string write_genotype(const Model& m);
// A number as the SDK writer prints it ("1.0", "1e-5", "1e+20", "0.30000000000000004").
std::string format_number(double v);

}  // namespace genokit::f0
