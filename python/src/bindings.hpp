// What every binding file of the extension shares: the one entry point per area (module.cpp calls
// them in order) and the conversion of genokit's Diagnostics into Python (objects and exceptions).
#pragma once

#include <pybind11/pybind11.h>

#include <string>

#include "genokit/core/diagnostics.hpp"

namespace genokit::python {

namespace py = pybind11;

// One per area, each defining its functions in the given submodule of genokit._genokit.
void bind_diagnostics(py::module_& m);  // Diagnostic, the exception hierarchy hook
void bind_frams(py::module_& m);        // Framsticks object files
void bind_genotype(py::module_& m);     // the genotype door: f0/f1/... -> f0 model, validation, SVG
void bind_genome(py::module_& m);       // Creatures genomes
void bind_xode(py::module_& m);         // XODE scenes and ODE worlds
void bind_neuro(py::module_& m);        // neural networks
void bind_sim(py::module_& m);          // simulate, evaluate
void bind_operators(py::module_& m);    // mutation, crossover, simplest, validity
void bind_similarity(py::module_& m);   // dissimilarity

// The Python exception classes live in genokit/errors.py (Error and its subclasses); C++ raises
// them by name with the diagnostics attached.
enum class ErrorKind { parse, file, simulation, generic };

// Raises the genokit.errors class of `kind` carrying every diagnostic of `d` (its first error
// gives the exception's code, file, line, column and message). Never returns.
[[noreturn]] void raise_error(const Diagnostics& d, ErrorKind kind = ErrorKind::parse);
// Same, for one message without a Diagnostics (code "<area>.<kebab-case>").
[[noreturn]] void raise_error(const std::string& code, const std::string& message,
                              ErrorKind kind = ErrorKind::generic);
// Raises when `d` has an error; otherwise returns.
inline void raise_if_errors(const Diagnostics& d, ErrorKind kind = ErrorKind::parse) {
  if (d.has_errors()) raise_error(d, kind);
}
// A Python list of genokit.Diagnostic objects.
py::list to_python(const Diagnostics& d);
}  // namespace genokit::python

namespace genokit::genotype {
struct Encoding;
}

namespace genokit::python {
// One encoding as a dict: id, name, description, converts, mutate, crossover, repair, simplest
// (genotype.encodings() and operators.formats() both list these).
py::dict encoding_info(const genotype::Encoding& e);

}  // namespace genokit::python
