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
  m.attr("version_info") = py::make_tuple(GENOKIT_VERSION_MAJOR, GENOKIT_VERSION_MINOR, GENOKIT_VERSION_PATCH);
  bind_diagnostics(m);
  auto frams = m.def_submodule("frams", "Framsticks object files");
  bind_frams(frams);
  auto genotype = m.def_submodule("genotype", "genotypes of every encoding through the genotype door");
  bind_genotype(genotype);
  auto genome = m.def_submodule("genome", "Creatures genomes");
  bind_genome(genome);
  auto xode = m.def_submodule("xode", "XODE scenes and ODE worlds");
  bind_xode(xode);
  auto neuro = m.def_submodule("neuro", "Framsticks neural networks");
  bind_neuro(neuro);
  auto sim = m.def_submodule("sim", "the creature simulator");
  bind_sim(sim);
  auto operators = m.def_submodule("operators", "genetic operators");
  bind_operators(operators);
  auto similarity = m.def_submodule("similarity", "dissimilarity measures");
  bind_similarity(similarity);
}
