"""genokit: artificial-life creatures from Python.

Read, check, convert and draw Framsticks genotypes of every encoding and Creatures genomes, build
XODE scenes, step Framsticks neural networks, simulate and evaluate creatures, mutate, cross and
compare genotypes, and evolve them; ``genokit.framspy.FramsticksLib`` is a drop-in for framspy's.

Modules: :mod:`genokit.frams`, :mod:`genokit.genotype`, :mod:`genokit.genome`, :mod:`genokit.xode`,
:mod:`genokit.neuro`, :mod:`genokit.sim`, :mod:`genokit.operators`, :mod:`genokit.similarity`,
:mod:`genokit.framspy`, :mod:`genokit.distributed`. Errors are :class:`genokit.Error` subclasses.
"""

from . import errors
from . import distributed, frams, framspy, genome, genotype, neuro, operators, similarity, sim, xode
from ._genokit import Diagnostic, __version__, version_info
from ._table import Table
from .errors import Error, FileError, ParseError, SimulationError

__all__ = [
    "Diagnostic", "Error", "FileError", "ParseError", "SimulationError", "Table", "__version__", "version_info",
]
