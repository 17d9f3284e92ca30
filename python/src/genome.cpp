// genokit._genokit.genome (placeholder: filled by the bindings of this area).
#include "bindings.hpp"

namespace genokit::python {

void bind_genome(py::module_& m) {}

}  // namespace genokit::python
