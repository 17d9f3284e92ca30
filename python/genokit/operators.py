"""Genetic operators of every encoding, called as Framsticks' GenMan calls them (docs/evolution.md).

::

    >>> import genokit.operators as ops
    >>> ops.simplest("1")
    'X'
    >>> m = ops.mutate("X(X,X)", seed=7)
    >>> m.genotype, m.kind, m.info
    ('X(X,XX)', 'f1.add-stick', "16.67% mutation of ''")
    >>> [c.genotype for c in ops.crossover([("X(X,X)", "XXX"), ("XX", "X(X,X)")], seed=1)]
    ['XXX', 'XX']
    >>> ops.is_valid(["X[0:0],", "X[0:0]", "X[1:0]"])
    [False, True, False]

A parent that is not valid is repaired first (or the call raises :class:`genokit.ParseError`); a
result that is not valid is repaired or retried, up to 100 operator calls (then
:class:`genokit.Error`, code ``genotype.mutation-failed``). Each call draws from one random
stream seeded with ``seed``: the same seed, settings and parents give the same result. The
batch forms (a list of genotypes) run on every core without the GIL and give genotype ``i`` the
seed ``mix_seed(seed, i)``, so ``mutate(genotypes, seed=S)`` equals ``genokit mutate FILE --seed
S`` on a file of those genotypes, whatever ``jobs`` is.

Operator parameters (``f1_smX``, ``f0_p_new``, ``neuadd_N``, ...) come from
:class:`OperatorSettings` or from the ``.operators`` of a :class:`genokit.sim.Settings` read
from ``.sim`` files; either may be passed as ``settings``.
"""

from __future__ import annotations

from typing import Optional, Sequence, Union

from ._genokit import operators as _c
from .sim import _genotype_list, _text
from .sim import load_settings as _load_all

OperatorSettings = _c.OperatorSettings
mix_seed = _c.mix_seed
Mutant = _c.Mutant
Offspring = _c.Offspring

__all__ = [
    "mix_seed", "OperatorSettings", "Mutant", "Offspring", "load_settings", "params", "formats", "simplest", "mutate",
    "crossover", "repair", "is_valid", "is_valid_creature", "validity",
]


def load_settings(chain, *, data_dirs=None) -> OperatorSettings:
    """The genetic operator settings of a chain of ``.sim`` files (``"a.sim;b.sim"``, later files
    win; names resolved as :func:`genokit.sim.resolve_settings_files`); simulation settings in
    the files are left alone (:func:`genokit.sim.load_settings` reads all three kinds at once and
    keeps the files' warnings)."""
    return _load_all(chain, data_dirs=data_dirs).operators.copy()


def params() -> list:
    """Every operator parameter: dicts with id, table ("GenMan" or the encoding's name), type,
    min, max, default, name and help."""
    return _c.params()


def formats() -> list:
    """The encodings and which operators each has (mutate, crossover, repair, simplest)."""
    return _c.formats()


def _format_id(format) -> str:
    if isinstance(format, int) and not isinstance(format, bool):
        format = str(format)
    if not isinstance(format, str):
        raise TypeError(f"format must be a str such as '1' or 'f1', not {type(format).__name__}")
    return format[1:] if len(format) > 1 and format[0] == "f" else format


def simplest(format: Union[str, int]) -> str:
    """The simplest genotype of an encoding, with its header: ``simplest("1") == "X"``,
    ``simplest("0")`` is an f0 genotype of one part. ``"f1"`` and ``1`` work too."""
    return _c.simplest(_format_id(format))


def _seed(seed) -> int:
    import numpy as np

    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
        raise TypeError(f"seed must be an int, not {type(seed).__name__}")
    if seed < 0:
        raise ValueError("seed must not be negative")
    return int(seed)


def mutate(genotype: Union[str, Sequence[str]], *, seed: int = 0, settings=None, name: str = "",
           names: Optional[Sequence[str]] = None, jobs: int = 0):
    """One mutation of a genotype (any encoding with a mutation operator): a :class:`Mutant` with
    the new ``genotype``, its ``kind`` ("f1.add-stick", ...), ``change``, ``info`` and whether
    repair was needed. Raises :class:`genokit.ParseError` for a parent that cannot be made valid
    and :class:`genokit.Error` when 100 attempts failed.

    A list of genotypes gives a list of Mutants (failures have ``ok`` False, ``genotype`` None
    and the reason in ``message`` and ``diagnostics``); genotype i uses ``mix_seed(seed, i)``
    and ``names[i]`` in its ``info``."""
    if isinstance(genotype, str):
        return _c.mutate(genotype, _seed(seed), settings, name)
    return _c.mutate_many(_genotype_list(genotype), _seed(seed), settings, jobs, list(names or []))


def crossover(parent1: Union[str, Sequence[tuple]], parent2: Optional[str] = None, *, seed: int = 0,
              settings=None, names=None, jobs: int = 0):
    """One child of two genotypes of the same encoding: an :class:`Offspring` with the
    ``genotype``, ``change`` (parent 1's share) and ``info``. Raises :class:`genokit.Error`
    when it cannot be made (mixed encodings, 100 failed attempts), :class:`genokit.ParseError`
    for a parent that cannot be made valid.

    ``crossover([(a1, b1), (a2, b2), ...])`` crosses each pair (seed ``mix_seed(seed, i)``) and
    returns a list of Offspring (failures with ``ok`` False). ``names`` are the parents' names
    for ``info``: a pair, or for a list of pairs a list of pairs."""
    if parent2 is None:
        if isinstance(parent1, str):
            raise TypeError("crossover needs two parents, or a list of (parent1, parent2) pairs")
        pairs = []
        for i, p in enumerate(parent1):
            if not (isinstance(p, (tuple, list)) and len(p) == 2 and all(isinstance(x, str) for x in p)):
                raise TypeError(f"pair {i} must be a (str, str) tuple")
            pairs.append((p[0], p[1]))
        return _c.crossover_many(pairs, _seed(seed), settings, jobs, [tuple(n) for n in names or []])
    n1, n2 = names or ("", "")
    return _c.crossover(_text(parent1, "parent1"), _text(parent2, "parent2"), _seed(seed), settings, n1, n2)


def repair(genotype: str, *, seed: int = 0, settings=None) -> str:
    """GenMan's validate: the genotype itself when valid, else its repaired text. Raises
    :class:`genokit.ParseError` (with the reasons) when it cannot be made valid."""
    return _c.repair(_text(genotype), _seed(seed), settings)


def validity(genotype: str, *, creature: bool = False, format: Optional[str] = None) -> tuple:
    """``(valid, diagnostics)``: strict genetic validity (framspy's ``isValid``) or, with
    ``creature``, a buildable creature (``isValidCreature``), with the reasons."""
    return _c.validity(_text(genotype), creature, _format_id(format) if format else "")


def is_valid(genotype: Union[str, Sequence[str]], *, format: Optional[str] = None, jobs: int = 0):
    """Strict genetic validity (framspy's ``isValid``; the SDK's checkValidity): a bool, or a list
    of bools for a list. ``"X[0:0],"`` converts but is not valid; ``"X[1:0]"`` is not valid."""
    fmt = _format_id(format) if format else ""
    if isinstance(genotype, str):
        return _c.validity(genotype, False, fmt)[0]
    return _c.is_valid_many(_genotype_list(genotype), fmt, jobs)


def is_valid_creature(genotype: Union[str, Sequence[str]], *, format: Optional[str] = None, jobs: int = 0):
    """framspy's ``isValidCreature``: genetically valid and buildable without the warnings
    Framsticks counts as failures (``X[@][@]``: two muscles of one kind on one joint)."""
    fmt = _format_id(format) if format else ""
    if isinstance(genotype, str):
        return _c.validity(genotype, True, fmt)[0]
    return _c.is_valid_creature_many(_genotype_list(genotype), fmt, jobs)
