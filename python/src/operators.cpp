// genokit._genokit.operators (placeholder: filled by the bindings of this area).
#include "bindings.hpp"

namespace genokit::python {

void bind_operators(py::module_& m) {}

}  // namespace genokit::python
