// genokit._genokit.frams (placeholder: filled by the bindings of this area).
#include "bindings.hpp"

namespace genokit::python {

void bind_frams(py::module_& m) {}

}  // namespace genokit::python
