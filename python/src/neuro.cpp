// genokit._genokit.neuro (placeholder: filled by the bindings of this area).
#include "bindings.hpp"

namespace genokit::python {

void bind_neuro(py::module_& m) {}

}  // namespace genokit::python
