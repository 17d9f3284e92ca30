// genokit._genokit.genotype (placeholder: filled by the bindings of this area).
#include "bindings.hpp"

namespace genokit::python {

void bind_genotype(py::module_& m) {}

}  // namespace genokit::python
