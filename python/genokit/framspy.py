"""A drop-in for framspy's ``FramsticksLib``, on genokit instead of the closed Framsticks library.

framspy users switch by changing one import line (docs/framspy.md)::

    -from FramsticksLib import FramsticksLib
    +from genokit.framspy import FramsticksLib

    lib = FramsticksLib(None, None, "eval-allcriteria.sim;deterministic.sim")
    lib.getSimplest("1")                        # 'X'
    lib.evaluate(["X(X,X)"])[0]["evaluations"][""]["velocity"]
    lib.mutate(["X(X,X)"]), lib.crossOver("XX", "X(X,X)"), lib.dissimilarity(["X", "XX"], 1)

Same constructor ``(frams_path, frams_lib_name, sim_settings_files)``, method names, arguments,
result shapes and conventions as framspy's (r1304): ``evaluate`` gives ``{"num", "name",
"evaluations": {"": {criteria}}}`` per genotype with ``evaluations`` None for a genotype that is
not valid or could not be evaluated (unstable, failed); ``mutate`` and ``crossOver`` give
``"/*invalid*/"`` when they fail; ``dissimilarity`` takes framspy's method numbers (-1
Levenshtein, 0 greedy, 1 Hungarian) and returns a numpy matrix.

Differences, all documented in docs/framspy.md: no Framsticks library is loaded (``frams_path``
is only a folder to find ``.sim`` files in, ``frams_lib_name`` is ignored); the simulator is
genokit's (ODE; values differ from Framsticks' MechaStick); a genotype's evaluation depends only
on (genotype, settings, ``seed``), so evaluating it again gives the same numbers; ``.sim`` names
are found as :func:`genokit.sim.resolve_settings_files` says (``GENOKIT_DATA``, ``frams_path``
and ``frams_path/data``, genokit's stand-ins).
"""

from __future__ import annotations

import os
import random
import sys
from typing import Optional

import numpy as np

from . import operators as _ops
from ._fields import documented
from . import sim as _sim
from . import similarity as _simil
from .errors import Error

__all__ = ["FramsticksLib", "DissimMethod", "framspy_evaluations"]


class DissimMethod:
    """The dissimilarity methods of newer framspy versions (its DissimMethod names) as framspy's
    method numbers, for ``FramsticksLib.dissimilarity``. genokit has the first three."""

    GENE_LEVENSHTEIN = -1
    PHENE_STRUCT_GREEDY = 0
    PHENE_STRUCT_OPTIM = 1
    PHENE_DESCRIPTORS = 2
    PHENE_DENSITY_COUNT = -2
    PHENE_DENSITY_FREQ = -3


def framspy_evaluations(genotypes: list, settings, *, seed: int = 0, jobs: int = 0, verbose: bool = False) -> list:
    """The ``"evaluations"`` value of each genotype of :meth:`FramsticksLib.evaluate`: ``{"":
    {criteria}}``, or None for a genotype that is not genetically valid (Framsticks makes no
    creature of it, even when it would convert, e.g. ``"X[1:0]"``) or could not be evaluated.
    The one place that rule lives; genokit.distributed calls it on each batch."""
    valid = _ops.is_valid(genotypes, jobs=jobs)
    todo = [g for g, ok in zip(genotypes, valid) if ok]
    results = iter(_sim.framspy_results(_sim.evaluate(todo, settings, seed=seed, jobs=jobs)))
    out = []
    for g, ok in zip(genotypes, valid):
        r = next(results) if ok else {"evaluations": None, "diagnostics": [f"{g!r} is not a valid genotype"]}
        if verbose:
            for d in r["diagnostics"]:
                print(d)
        out.append(r["evaluations"])
    return out


@documented(
    frams_path="the Framsticks folder given (None: none); its data/ and itself are searched for .sim names",
    frams_lib_name="the library name given (ignored: genokit loads no library)",
    seed="the seed of the evaluations' noise and of the genetic operators' stream",
    jobs="threads for evaluation and dissimilarity (0: every core)",
    data_dirs="the folders searched for bare .sim names (after GENOKIT_DATA)",
    settings="the genokit.sim.Settings of the .sim chain (simulation, operators, dissimilarity)",
)
class FramsticksLib:
    """framspy's ``FramsticksLib`` on genokit (see the module's documentation).

    ``FramsticksLib(frams_path, frams_lib_name, sim_settings_files)``: ``frams_path`` (may be
    None) is a Framsticks folder whose ``data/`` (or itself) holds ``.sim`` files;
    ``frams_lib_name`` is accepted and ignored; ``sim_settings_files`` is one ``;``-separated
    string (later files win), a list, or None for :attr:`EVALUATION_SETTINGS_FILE`. genokit's
    own keyword arguments: ``seed`` (None: random unless :attr:`DETERMINISTIC`, then 0) seeds
    the evaluations' noise and the genetic operators; ``jobs`` (0: every core) for evaluation;
    ``data_dirs`` more folders to find ``.sim`` names in.
    """


    PRINT_FRAMSTICKS_OUTPUT: bool = False
    DETERMINISTIC: bool = False
    EVALUATION_SETTINGS_FILE: list = ["eval-allcriteria.sim"]
    GENOTYPE_INVALID: str = "/*invalid*/"
    # Newer framspy: a failed mutation or crossover gives a parent instead of GENOTYPE_INVALID.
    GENOTYPE_INVALID_OFFSPRING_SUBSTITUTE_ORIGINAL: bool = False

    def __init__(self, frams_path, frams_lib_name, sim_settings_files, *, seed: Optional[int] = None,
                 jobs: int = 0, data_dirs=()):
        self.frams_path = frams_path
        self.frams_lib_name = frams_lib_name
        self.jobs = jobs
        dirs = list(data_dirs)
        if frams_path:
            dirs += [os.path.join(os.fspath(frams_path), "data"), os.fspath(frams_path)]
        self.data_dirs = dirs

        if self.getSimplest("1") != "X":
            raise RuntimeError("Failed getSimplest() test.")
        if self.isValid(["X[0:0],", "X[0:0]", "X[1:0]"]) != [False, True, False]:
            raise RuntimeError("Failed isValid() test.")

        if seed is None:
            seed = 0 if self.DETERMINISTIC else int.from_bytes(os.urandom(4), "little")
        self.seed = int(seed)
        self._rng = random.Random(self.seed)

        if sim_settings_files is None:
            files = list(self.EVALUATION_SETTINGS_FILE)
        elif isinstance(sim_settings_files, (list, tuple)):
            files = [f for item in sim_settings_files for f in str(item).split(";")]
        elif isinstance(sim_settings_files, str):
            files = sim_settings_files.split(";")
        else:
            raise TypeError("sim_settings_files must be a ';'-separated str, a list of names or None")
        self.settings = _sim.Settings()
        for name in [f.strip() for f in files if f.strip()]:
            try:
                for path, text in _sim.resolve_settings_files(name, self.data_dirs):
                    self.settings._read(path, text)
            except Error as e:
                raise ValueError("Problem while importing file '%s': %s" % (name, e)) from e
        if self.PRINT_FRAMSTICKS_OUTPUT:
            for d in self.settings.diagnostics:
                print(d)

    def __repr__(self) -> str:
        return f"<genokit.framspy.FramsticksLib {';'.join(self.settings.sources)} seed={self.seed}>"

    # ---- seeds: one stream per library, one seed per operator call ----

    def _next_seed(self) -> int:
        return self._rng.getrandbits(32)

    # ---- genotypes ----

    def getSimplest(self, genetic_format) -> str:
        """The simplest genotype of a format ("1" -> "X")."""
        return _ops.simplest(str(genetic_format))

    def isValid(self, genotype_list: list) -> list:
        """Strict genetic validity of each genotype (framspy: ``Geno.is_valid``)."""
        assert isinstance(genotype_list, list)
        return _ops.is_valid(genotype_list)

    def isValidCreature(self, genotype_list: list) -> list:
        """Genetic validity and a creature that builds without warnings (``X[@][@]`` is not)."""
        assert isinstance(genotype_list, list)
        return _ops.is_valid_creature(genotype_list)

    def getPJNC(self, genotype: str):
        """``(parts, joints, neurons, connections)`` of the genotype's body, or None if it is not
        valid (genetically, as :meth:`isValid`, or as a body)."""
        if not _ops.is_valid(genotype):
            return None
        return _sim.sizes(genotype)

    def satisfiesConstraints(self, genotype: str, max_numparts, max_numjoints, max_numneurons, max_numconnections,
                             max_numgenochars) -> bool:
        """True when the body is valid and no count exceeds its limit (None: no limit)."""
        pjnc = self.getPJNC(genotype)
        if pjnc is None:
            return False
        for actual, limit in zip((*pjnc, len(genotype)),
                                 (max_numparts, max_numjoints, max_numneurons, max_numconnections, max_numgenochars)):
            if limit is not None and actual > limit:
                return False
        return True

    # ---- evaluation ----

    def evaluate(self, genotype_list: list) -> list:
        """framspy's evaluation list: ``[{"num": i+1, "name": "", "evaluations": {"": {numparts,
        numjoints, numneurons, numconnections, instances, lifespan, velocity, distance, vertvel,
        vertpos, fit, fit_stdev, time}}}]``; ``evaluations`` None for a genotype that is not valid,
        too large, or whose simulation was unstable or failed. Raises RuntimeError when the
        settings cannot be run at all (as framspy does on a Framsticks error)."""
        assert isinstance(genotype_list, list)
        try:
            evaluations = framspy_evaluations(genotype_list, self.settings, seed=self.seed, jobs=self.jobs,
                                              verbose=self.PRINT_FRAMSTICKS_OUTPUT)
        except Error as e:
            raise RuntimeError("[ERROR] %s while evaluating %d genotype(s)" % (e, len(genotype_list))) from e
        return [{"num": i + 1, "name": "", "evaluations": ev} for i, ev in enumerate(evaluations)]

    # ---- genetic operators ----

    def mutate(self, genotype_list: list) -> list:
        """One mutant per genotype; ``GENOTYPE_INVALID`` where mutation failed (an invalid parent
        that cannot be repaired, 100 failed attempts)."""
        assert isinstance(genotype_list, list)
        mutants = _ops.mutate(genotype_list, seed=self._next_seed(), settings=self.settings)
        out = []
        for parent, m in zip(genotype_list, mutants):
            if m.ok:
                out.append(m.genotype)
                continue
            if self.GENOTYPE_INVALID_OFFSPRING_SUBSTITUTE_ORIGINAL:
                print("[WARN] mutate(%r) failed, returning the parent. Reason: %s" % (parent, m.message))
                out.append(parent)
            else:
                out.append(self.GENOTYPE_INVALID)
        if len(out) != len(genotype_list):
            raise RuntimeError("Mutated %d genotypes, got %d" % (len(genotype_list), len(out)))
        return out

    def crossOver(self, genotype_parent1: str, genotype_parent2: str) -> str:
        """One child of two genotypes, or ``GENOTYPE_INVALID`` (different formats, parents that
        cannot be repaired, 100 failed attempts)."""
        seed = self._next_seed()
        try:
            return _ops.crossover(genotype_parent1, genotype_parent2, seed=seed, settings=self.settings).genotype
        except Error as e:
            if self.GENOTYPE_INVALID_OFFSPRING_SUBSTITUTE_ORIGINAL:
                print("[WARN] crossOver() failed, returning a parent. Reason: %s" % e)
                return random.Random(seed).choice([genotype_parent1, genotype_parent2])
            return self.GENOTYPE_INVALID

    def getRandomGenotype(self, initial_genotype: str, parts_min: int, parts_max: int, neurons_min: int,
                          neurons_max: int, iter_max: int, return_even_if_failed: bool):
        """A random genotype made by mutating ``initial_genotype`` toward a random size (parts in
        [parts_min, parts_max], neurons in [neurons_min, neurons_max]): ``iter_max // 2``
        mutations kept while they stay valid creatures, then ``iter_max // 2`` more kept only
        when they do not move away from the target. None when the result misses the target,
        unless ``return_even_if_failed``."""

        def pn(g):
            p, _, n, _ = self.getPJNC(g)
            return p, n

        def distance(p, n):
            return abs(p - target_p) + abs(n - target_n)

        target_p = self._rng.randint(parts_min, parts_max)
        target_n = self._rng.randint(neurons_min, neurons_max)
        if not self.isValidCreature([initial_genotype])[0]:
            raise ValueError("Initial genotype '%s' is invalid" % initial_genotype)
        g = initial_genotype
        for _ in range(iter_max // 2):
            m = self.mutate([g])[0]
            if m != self.GENOTYPE_INVALID and self.isValidCreature([m])[0]:
                g = m
        for _ in range(iter_max // 2):
            m = self.mutate([g])[0]
            if m != self.GENOTYPE_INVALID and self.isValidCreature([m])[0] and distance(*pn(m)) <= distance(*pn(g)):
                g = m
        p, n = pn(g)
        if (parts_min <= p <= parts_max and neurons_min <= n <= neurons_max) or return_even_if_failed:
            return g
        return None

    # ---- dissimilarity ----

    def dissimilarity(self, genotype_list: list, method) -> np.ndarray:
        """The n x n dissimilarity matrix: method -1 Levenshtein distance of the texts, 0 the
        structural measure with greedy matching, 1 with optimal (Hungarian) matching, with the
        simil_* settings of the .sim files. A genotype that cannot be measured gives 0 (as the
        SDK does) with a message."""
        assert isinstance(genotype_list, list)
        m = int(method)
        if m not in (-1, 0, 1):
            if m in (2, -2, -3):
                name = next(k for k, v in vars(DissimMethod).items() if v == m and k.isupper())
                raise ValueError("Dissimilarity method %d (%s) is not available in genokit (it has -1 Levenshtein, "
                                 "0 greedy and 1 Hungarian)" % (m, name))
            raise ValueError("Don't know what to do with dissimilarity method = %d" % m)
        found = _simil.measure(genotype_list, m, settings=self.settings, threads=self.jobs)
        if not found.measured.all():
            for i in np.flatnonzero(~found.measured):
                print("[WARN] Dissimilarity: genotype %d (%r) is not a valid creature; its dissimilarities are 0"
                      % (i, genotype_list[i]), file=sys.stderr)
        result = np.nan_to_num(found.matrix, nan=0.0)
        assert np.all(np.diag(result) == 0), "Not all diagonal values are zero"
        asym = np.abs(result - result.T)
        if np.any(asym > 0):
            n_asym = int(np.count_nonzero(np.triu(asym > 0)))
            print("[WARN] Dissimilarity matrix: expecting symmetry, but %g out of %d pairs were asymmetrical, max "
                  "difference was %g" % (n_asym, len(genotype_list) * (len(genotype_list) - 1) // 2, asym.max()))
        return result
