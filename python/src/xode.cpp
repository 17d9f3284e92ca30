// genokit._genokit.xode (placeholder: filled by the bindings of this area).
#include "bindings.hpp"

namespace genokit::python {

void bind_xode(py::module_& m) {}

}  // namespace genokit::python
