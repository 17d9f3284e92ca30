// genokit._genokit.sim (placeholder: filled by the bindings of this area).
#include "bindings.hpp"

namespace genokit::python {

void bind_sim(py::module_& m) {}

}  // namespace genokit::python
