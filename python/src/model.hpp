// genokit.genotype.Model: one genotype read through the door (its f0 model, map, diagnostics and
// text). Shared by genotype.cpp (which makes them) and neuro.cpp (which builds networks from them).
#pragma once

#include <memory>
#include <string>

#include "bindings.hpp"
#include "genokit/genotype/read.hpp"

namespace genokit::python {

struct PyModel {
  genotype::Genotype g;
  Diagnostics diags;
  std::string text;           // the genotype text the model was read from (map ranges point into it)
  genotype::ReadOptions opt;  // how it was read
  // The element tables, made on first use (genokit.Table objects).
  py::object parts, joints, neurons, connections;
};
using ModelPtr = std::shared_ptr<PyModel>;

// The options of reading a genotype, from the keyword arguments every reading function takes.
genotype::ReadOptions read_options(const std::optional<std::string>& format, const std::string& bare,
                                   bool lint, bool strict, bool mapping, bool f0_hinges = false);

// A genotype argument given as text or as a Model: the model (read with `opt` from text). Text that
// cannot be read raises genokit.ParseError; so does an invalid genotype when `raise_invalid`.
ModelPtr model_arg(py::handle genotype, const genotype::ReadOptions& opt, bool raise_invalid = true);

}  // namespace genokit::python
