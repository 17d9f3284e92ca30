// genokit._genokit.similarity (placeholder: filled by the bindings of this area).
#include "bindings.hpp"

namespace genokit::python {

void bind_similarity(py::module_& m) {}

}  // namespace genokit::python
