"""Dissimilarity of genotypes (docs/similarity.md): the Levenshtein distance of their texts, or the
Framsticks SDK's structural measure of their bodies (Part degrees, neuron counts, optionally
geometry after MDS alignment; Parts matched greedily or optimally by the Hungarian method).

::

    >>> import genokit.similarity as sim
    >>> m = sim.matrix(["X", "XX", "X(X,X)"], method="hungarian")
    >>> m.shape
    (3, 3)
    >>> sim.matrix(["X", "XX"], method="levenshtein")
    array([[0., 1.],
           [1., 0.]])

``method`` is a name (``"levenshtein"``, ``"greedy"``, ``"hungarian"``) or framspy's number (-1,
0, 1). The structural measure's options come from ``settings`` (a :class:`SimilaritySettings`
or a :class:`genokit.sim.Settings` read from ``.sim`` files: ``simil_type`` chooses the method
when ``method`` is None, ``simil_greedy_*``/``simil_*`` give the weights) or the SDK's defaults,
and then from the keyword arguments that are not None. Matrices are measured on every core
without the GIL; the result does not depend on ``threads``.
"""

from __future__ import annotations

from typing import Optional, Sequence, Union

import numpy as np

from ._fields import documented
from ._genokit import similarity as _c
from .errors import ParseError
from .sim import _genotype_list, _text

SimilaritySettings = _c.SimilaritySettings
levenshtein = _c.levenshtein

__all__ = ["SimilaritySettings", "Dissimilarity", "levenshtein", "distance", "matrix", "measure", "options"]

Method = Union[None, str, int]


def options(method: Method = None, *, settings=None, weights=None, fixed_z: Optional[bool] = None,
            weighted_mds: Optional[bool] = None) -> dict:
    """The options a call with these arguments measures with: method, weights (parts, degrees,
    neurons, geometry), fixed_z, weighted_mds."""
    return _c.options(method, settings, weights, fixed_z, weighted_mds)


def distance(a: str, b: str, method: Method = None, *, settings=None, weights=None, fixed_z: Optional[bool] = None,
             weighted_mds: Optional[bool] = None, strict: bool = False) -> float:
    """The dissimilarity of two genotypes. Raises :class:`genokit.ParseError` when a genotype
    cannot be read or is not a valid creature (structural methods)."""
    return _c.distance(_text(a, "a"), _text(b, "b"), method, settings, weights, fixed_z, weighted_mds, strict)


@documented(
    matrix="(n, n) float ndarray: symmetric, zero diagonal, NaN rows for unmeasured genotypes",
    measured="(n,) bool ndarray: False for a genotype that could not be measured",
    diagnostics="list of genokit.Diagnostic: why genotypes could not be measured",
    options="dict: method, weights, fixed_z, weighted_mds",
)
class Dissimilarity:
    """What :func:`measure` found: the ``matrix`` (n x n float ndarray, NaN in the row and column of a
    genotype that could not be measured), ``measured`` (bool per genotype), ``diagnostics``
    (why, with "genotype i" in their messages) and ``options`` (what was measured)."""


    def __init__(self, matrix, measured, diagnostics, options):
        self.matrix, self.measured, self.diagnostics, self.options = matrix, measured, diagnostics, options

    def __repr__(self) -> str:
        return (f"<genokit.similarity.Dissimilarity {self.options.get('method')} {self.matrix.shape[0]}x"
                f"{self.matrix.shape[0]}, {int((~self.measured).sum())} unmeasured>")


def measure(genotypes: Sequence[str], method: Method = None, *, settings=None, weights=None,
            fixed_z: Optional[bool] = None, weighted_mds: Optional[bool] = None, threads: int = 0,
            strict: bool = False) -> Dissimilarity:
    """The dissimilarity matrix of a list of genotypes with what could not be measured and why
    (:class:`Dissimilarity`); the arguments as :func:`matrix`."""
    values, measured, diags, opts = _c._matrix(_genotype_list(genotypes), method, settings, weights, fixed_z,
                                               weighted_mds, threads, strict)
    return Dissimilarity(values, np.array(measured, dtype=bool), diags, opts)


def matrix(genotypes: Sequence[str], method: Method = None, *, settings=None, weights=None,
           fixed_z: Optional[bool] = None, weighted_mds: Optional[bool] = None, threads: int = 0,
           strict: bool = False, errors: str = "nan") -> np.ndarray:
    """The dissimilarity matrix of a list of genotypes (n x n float ndarray): symmetric, zero
    diagonal, each pair measured once, on ``threads`` threads (0: every core; the result does
    not depend on it). A genotype that cannot be measured (unreadable, not a valid creature) gets
    NaN in its row and column (``errors="nan"``; :func:`measure` says why) or raises
    :class:`genokit.ParseError` (``errors="raise"``). The values equal ``genokit dissim``'s for a
    file of the same genotypes."""
    if errors not in ("nan", "raise"):
        raise ValueError("errors must be 'nan' or 'raise'")
    d = measure(genotypes, method, settings=settings, weights=weights, fixed_z=fixed_z, weighted_mds=weighted_mds,
                threads=threads, strict=strict)
    if errors == "raise" and not d.measured.all():
        bad = int(np.flatnonzero(~d.measured)[0])
        first = next((x for x in d.diagnostics if x.severity == "error"), None)
        raise ParseError(f"genotype {bad} cannot be measured" + (f": {first}" if first else ""), d.diagnostics)
    return d.matrix
