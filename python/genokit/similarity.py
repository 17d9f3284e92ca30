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

from ._genokit import similarity as _c
from .errors import ParseError
from .sim import _genotype_list, _text

SimilaritySettings = _c.SimilaritySettings
levenshtein = _c.levenshtein

__all__ = ["SimilaritySettings", "levenshtein", "distance", "matrix", "options", "Matrix"]

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


class Matrix(np.ndarray):
    """A dissimilarity matrix (an n x n float ndarray) that also carries ``measured`` (bool per
    genotype; False: its row and column are NaN), ``diagnostics`` (why, with "genotype i" in the
    message) and ``options`` (what was measured)."""

    measured: np.ndarray
    diagnostics: list
    options: dict

    def __array_finalize__(self, obj):
        self.measured = getattr(obj, "measured", None)
        self.diagnostics = getattr(obj, "diagnostics", [])
        self.options = getattr(obj, "options", {})


def matrix(genotypes: Sequence[str], method: Method = None, *, settings=None, weights=None,
           fixed_z: Optional[bool] = None, weighted_mds: Optional[bool] = None, threads: int = 0,
           strict: bool = False, errors: str = "nan") -> Matrix:
    """The dissimilarity matrix of a list of genotypes: symmetric, zero diagonal, each pair
    measured once. A genotype that cannot be measured (unreadable, not a valid creature) gets
    NaN in its row and column (``errors="nan"``, its reasons in ``.diagnostics``) or raises
    :class:`genokit.ParseError` (``errors="raise"``). The values equal ``genokit dissim``'s
    for a file of the same genotypes."""
    if errors not in ("nan", "raise"):
        raise ValueError("errors must be 'nan' or 'raise'")
    values, measured, diags, opts = _c._matrix(_genotype_list(genotypes), method, settings, weights, fixed_z,
                                               weighted_mds, threads, strict)
    if errors == "raise" and not all(measured):
        bad = [i for i, ok in enumerate(measured) if not ok]
        first = next((d for d in diags if d.severity == "error"), None)
        raise ParseError(f"genotype {bad[0]} cannot be measured" + (f": {first}" if first else ""), diags)
    out = values.view(Matrix)
    out.measured = np.array(measured, dtype=bool)
    out.diagnostics = diags
    out.options = opts
    return out
