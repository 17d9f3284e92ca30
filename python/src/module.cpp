// genokit._genokit: the compiled half of the Python package (the other half is python/genokit/*.py,
// which gives each area its Pythonic module and docstrings). One submodule per area.
#include <pybind11/pybind11.h>

#include "bindings.hpp"
#include "genokit/version.hpp"

namespace py = pybind11;
using namespace genokit::python;

PYBIND11_MODULE(_genokit, m) {
  m.doc() = "genokit's C++ library (use the genokit package, not this module)";
  m.attr("__version__") = std::string(genokit::version());
  m.attr("version_info") =
      py::make_tuple(GENOKIT_VERSION_MAJOR, GENOKIT_VERSION_MINOR, GENOKIT_VERSION_PATCH);
  bind_diagnostics(m);
  struct Area {
    const char* name;
    const char* doc;
    void (*bind)(py::module_&);
  };
  static constexpr Area kAreas[] = {
      {"frams", "Framsticks object files", bind_frams},
      {"genotype", "genotypes of every encoding through the genotype door", bind_genotype},
      {"genome", "Creatures genomes", bind_genome},
      {"xode", "XODE scenes and ODE worlds", bind_xode},
      {"neuro", "Framsticks neural networks", bind_neuro},
      {"sim", "the creature simulator", bind_sim},
      {"operators", "genetic operators", bind_operators},
      {"similarity", "dissimilarity measures", bind_similarity},
  };
  for (const Area& a : kAreas) {
    py::module_ sub = m.def_submodule(a.name, a.doc);
    a.bind(sub);
  }
}
