"""Simulating and evaluating creatures (the ``sim`` module of genokit; docs/simulation.md).

A genotype of any encoding the genotype door reads is built into a body, put into an ODE world and
lives with its neural network as its brain; :func:`simulate` records its trajectory as numpy
arrays, :func:`evaluate` runs Framsticks' standard evaluation (as framspy's
``FramsticksLib.evaluate``) on every core::

    >>> import genokit.sim as sim
    >>> s = sim.load_settings("eval-allcriteria.sim;deterministic.sim")
    >>> s.energy0 = 500                                  # a short life: 500 steps
    >>> t = sim.simulate("X[Sin]X[|,-1:2]X[|,-2:-2]X", s, steps=300, sample_every=10, seed=1)
    >>> t.status, t.com.shape, t.parts.shape, t.muscles.shape
    ('ok', (31, 3), (31, 5, 3), (31, 2))
    >>> r = sim.evaluate(["X[Sin]X[|,-1:2]X[|,-2:-2]X", "X(X,X)", "((("], s)
    >>> [x.status for x in r], r[0].criteria["lifespan"]
    (['ok', 'ok', 'invalid'], 500.0)
    >>> sim.framspy_results(r)[2]["evaluations"] is None
    True

Settings come from a chain of ``.sim`` files, ``"a.sim;b.sim"`` (later files win), resolved by
:func:`resolve_settings_files`: a path that exists, else a bare name in the folders of the
``GENOKIT_DATA`` environment variable (and the caller's ``data_dirs``), else genokit's own
stand-ins for Framsticks' ``eval-allcriteria.sim``, ``deterministic.sim``,
``sample-period-2.sim`` and ``sample-period-longest.sim``.

A simulation that blows up is a result, not a crash: its trajectory (or evaluation) has status
``"unstable"`` and a message saying which body ran away at which step. A genotype that does not
parse raises :class:`genokit.ParseError`; a body that cannot be built raises
:class:`genokit.SimulationError`. The GIL is released while C++ builds, steps or evaluates.
"""

from __future__ import annotations

import csv as _csv
import io as _io
import json as _json
import math as _math
import os as _os
from typing import Iterable, Optional, Sequence, Union

import numpy as np

from ._builtin_sim import BUILTIN_SIM
from ._fields import documented
from ._genokit import sim as _c
from .errors import FileError

Settings = _c.Settings
Model = _c.Model
Run = _c.Run
EvalResult = _c.EvalResult
settings_table = _c.settings_table

#: The criteria of one evaluation, in framspy's order.
CRITERIA: tuple = tuple(_c.criteria_names())
#: framspy's evaluation fields: the criteria and ``time`` (wall-clock seconds of one evaluation).
FRAMSPY_CRITERIA: tuple = CRITERIA + ("time",)

__all__ = [
    "Settings", "Model", "Run", "EvalResult", "Trajectory", "settings_table", "data_dirs", "resolve_settings_files",
    "load_settings", "build", "simulate", "read_trajectory", "evaluate", "evaluate_framspy", "framspy_results",
    "sizes",
]

SettingsLike = Union[None, str, Sequence[str], "Settings"]


def data_dirs(extra: Iterable[str] = ()) -> list:
    """The folders searched for bare ``.sim`` names: ``$GENOKIT_DATA`` (``os.pathsep``-separated),
    then ``extra``, keeping only folders that exist."""
    dirs = [d for d in _os.environ.get("GENOKIT_DATA", "").split(_os.pathsep) if d]
    dirs += [str(d) for d in extra if d]
    return [d for d in dirs if _os.path.isdir(d)]


def _split_chain(chain) -> list:
    if isinstance(chain, str):
        items = chain.split(";")
    elif isinstance(chain, (list, tuple)):
        items = []
        for c in chain:
            if not isinstance(c, (str, _os.PathLike)):
                raise TypeError(f"a settings chain holds file names (str), not {type(c).__name__}")
            items += _os.fspath(c).split(";")
    elif isinstance(chain, _os.PathLike):
        items = [_os.fspath(chain)]
    else:
        raise TypeError(f"settings must be None, a Settings, a str 'a.sim;b.sim' or a list of names, "
                        f"not {type(chain).__name__}")
    return [i.strip() for i in items if i.strip()]


def resolve_settings_files(chain, data_dirs: Optional[Iterable[str]] = None) -> list:
    """Where each file of a chain is: a list of ``(name, text)`` pairs, ``text`` None for a file
    to read from ``name`` (a path) and the text itself for one of genokit's stand-ins.

    For each name, in order: the path as given when it exists (relative to the current folder);
    for a bare name (no folder part), the first of ``$GENOKIT_DATA``'s folders and then
    ``data_dirs`` that holds it; then genokit's stand-in of that name (:data:`BUILTIN_SIM`).
    Raises :class:`genokit.FileError` (code ``sim.settings-not-found``) for a name found nowhere.
    """
    out = []
    searched = globals()["data_dirs"](data_dirs or ())
    for name in _split_chain(chain):
        if _os.path.isfile(name):
            out.append((name, None))
            continue
        found = None
        if _os.path.basename(name) == name:
            for d in searched:
                p = _os.path.join(d, name)
                if _os.path.isfile(p):
                    found = p
                    break
        if found:
            out.append((found, None))
        elif name in BUILTIN_SIM:
            out.append(("genokit:" + name, BUILTIN_SIM[name]))
        else:
            where = ", ".join(searched) if searched else "no data folder (set GENOKIT_DATA)"
            err = FileError(f"{name}: settings file not found (searched: the current folder, {where}, and "
                            f"genokit's built-in {', '.join(sorted(BUILTIN_SIM))})")
            err.code, err.file = "sim.settings-not-found", name
            raise err
    return out


def load_settings(chain: SettingsLike = None, *, data_dirs: Optional[Iterable[str]] = None) -> Settings:
    """Reads a chain of ``.sim`` files (``"a.sim;b.sim"`` or a list; later files win) into one
    :class:`Settings`: simulation, genetic operator and dissimilarity settings, as Framsticks
    reads them. None gives the defaults; a Settings is returned as it is. Names are resolved by
    :func:`resolve_settings_files`. What the files hold that genokit does not simulate is in
    ``settings.diagnostics``; a file that cannot be read raises :class:`genokit.FileError`, one
    that does not parse :class:`genokit.ParseError`."""
    if chain is None:
        return Settings()
    if isinstance(chain, Settings):
        return chain
    s = Settings()
    for name, text in resolve_settings_files(chain, data_dirs):
        s._read(name, text)
    return s


def _settings(settings: SettingsLike) -> Optional[Settings]:
    return None if settings is None else load_settings(settings)


def _genotype_list(genotypes, what="genotypes") -> list:
    if isinstance(genotypes, (str, bytes)):
        raise TypeError(f"{what} must be a list of genotype strings, not one string (wrap it: [g])")
    try:
        items = list(genotypes)
    except TypeError:
        raise TypeError(f"{what} must be a list of genotype strings, not {type(genotypes).__name__}") from None
    for i, g in enumerate(items):
        if not isinstance(g, str):
            raise TypeError(f"{what}[{i}] must be a str, not {type(g).__name__}")
    return items


def _text(genotype, what="genotype") -> str:
    if not isinstance(genotype, str):
        raise TypeError(f"{what} must be a str, not {type(genotype).__name__}")
    return genotype


def build(genotype: str, settings: SettingsLike = None, *, format: Optional[str] = None, name: str = "") -> Model:
    """The body of a genotype (any encoding; bare text is f1, as in the SDK) built for simulation.

    Raises :class:`genokit.ParseError` when the genotype is not valid and
    :class:`genokit.SimulationError` when its body cannot be built (too large, sticks too long,
    solid shapes, settings genokit cannot run)."""
    return _c.build(_text(genotype), _settings(settings), format or "", name)


@documented(
    steps="(N,) int: the step of each sample",
    time="(N,) seconds: step x dt",
    com="(N, 3): the centre of mass",
    parts="(N, P, 3): every part's position, in f0 order",
    orientations="(N, P, 4): every part's body orientation as a quaternion (w, x, y, z); NaN when read from CSV",
    neurons="(N, K): every neuron's output",
    muscles="(N, M): every muscle's state, -1..1",
    status="'ok', or 'unstable' / 'failed' when the run ended early",
    message="why it ended early ('' when it ran all its steps)",
    died="its energy ran out (the criteria are final)",
    criteria="the criteria measured so far (dict), or None before measurement started",
    sample_every="steps between samples",
    dt="seconds per step (odestep)",
    genotype="the genotype text",
    encoding="'f0', 'f1', ...",
    name="the creature's name ('' when none)",
    diagnostics="what building and running it reported (list of genokit.Diagnostic)",
    model="the genokit.sim.Model it ran (None when read from a file)",
)
class Trajectory:
    """A recorded life: N samples of a creature with P parts, K neurons and M muscles, as numpy
    arrays, with how it ended. Write it with :meth:`save` (JSON or CSV by the file extension: the
    files ``genokit simulate -o`` writes and ``genokit view`` shows), read it with
    :func:`read_trajectory`.
    """


    def __init__(self, *, arrays: dict, status: str, message: str, died: bool, criteria: Optional[dict],
                 sample_every: int, dt: float, genotype: str = "", encoding: str = "", name: str = "",
                 diagnostics: Optional[list] = None, model: Optional[Model] = None, native=None,
                 document: Optional[dict] = None):
        for k in ("steps", "time", "com", "parts", "orientations", "neurons", "muscles"):
            setattr(self, k, arrays[k])
        self.status, self.message, self.died, self.criteria = status, message, died, criteria
        self.sample_every, self.dt = sample_every, dt
        self.genotype, self.encoding, self.name = genotype, encoding, name
        self.diagnostics = list(diagnostics or [])
        self.model = model
        self._native, self._document = native, document

    def __len__(self) -> int:
        return len(self.steps)

    def __repr__(self) -> str:
        return (f"<genokit.sim.Trajectory {self.status}: {len(self)} samples, {self.parts.shape[1]} parts, "
                f"{self.neurons.shape[1]} neurons, {self.muscles.shape[1]} muscles>")

    def to_json(self, file: str = "") -> str:
        """The trajectory file (JSON, as ``genokit simulate -o t.json`` writes it)."""
        if self._native is not None:
            return self._native.to_json(file)
        return _json.dumps(self._document, separators=(",", ":")) + "\n"

    def to_csv(self) -> str:
        """The trajectory as CSV: step, time, com_x..z, p<i>_x..z, n<k>, m<k>; one row per sample."""
        if self._native is not None:
            return self._native.to_csv()
        n, p = self.parts.shape[:2]
        k, m = self.neurons.shape[1], self.muscles.shape[1]
        head = ["step", "time", "com_x", "com_y", "com_z"]
        head += [f"p{i}_{a}" for i in range(p) for a in "xyz"]
        head += [f"n{i}" for i in range(k)] + [f"m{i}" for i in range(m)]

        def cell(v):  # shortest round-trip form, as the C++ writer (to_chars): 10 not 10.0
            if not _math.isfinite(v):
                return ""
            r = repr(float(v))
            return r[:-2] if r.endswith(".0") else r

        rows = [",".join(head)]
        for i in range(n):
            vals = [self.time[i], *self.com[i], *self.parts[i].ravel(), *self.neurons[i], *self.muscles[i]]
            rows.append(",".join([str(int(self.steps[i]))] + [cell(v) for v in vals]))
        return "\n".join(rows) + "\n"

    def save(self, path) -> None:
        """Writes the trajectory: CSV when ``path`` ends in ``.csv``, JSON otherwise."""
        path = _os.fspath(path)
        text = self.to_csv() if path.lower().endswith(".csv") else self.to_json(path)
        try:
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
        except OSError as e:
            err = FileError(f"{path}: cannot write the trajectory: {e.strerror or e}")
            err.code, err.file = "sim.write-failed", path
            raise err from e


def simulate(genotype: Union[str, Model], settings: SettingsLike = None, *, steps: int = 1000,
             sample_every: int = 1, seed: int = 0, format: Optional[str] = None, name: str = "") -> Trajectory:
    """One life of a creature as the standard evaluation schedules it (rest, then brain and
    metabolism) for ``steps`` steps or until it dies, sampled every ``sample_every`` steps (0:
    first and last only). ``genotype`` is a genotype text (any encoding) or a built
    :class:`Model` (then ``settings`` and ``format`` are the model's). The same arguments give
    the same trajectory as ``genokit simulate FILE --steps N --every K --seed S``.

    A run that blows up returns early with ``status == "unstable"`` (and a ``sim.unstable``
    warning in ``diagnostics``); it never crashes."""
    for what, v in (("steps", steps), ("sample_every", sample_every), ("seed", seed)):
        if isinstance(v, bool) or not isinstance(v, (int, np.integer)):
            raise TypeError(f"{what} must be an int, not {type(v).__name__}")
        if v < 0:
            raise ValueError(f"{what} must not be negative")
    model = genotype if isinstance(genotype, Model) else build(genotype, settings, format=format, name=name)
    nat = _c.simulate(model, steps, sample_every, seed)
    return Trajectory(arrays=nat.arrays(), status=nat.status, message=nat.message, died=nat.died,
                      criteria=nat.criteria, sample_every=nat.sample_every, dt=nat.dt, genotype=model.genotype,
                      encoding=model.encoding, name=name, diagnostics=list(model.diagnostics) + nat.diagnostics,
                      model=model, native=nat)


def _nan(v):
    return float("nan") if v is None else v


def read_trajectory(path) -> Trajectory:
    """Reads a trajectory file written by :meth:`Trajectory.save` or ``genokit simulate -o``
    (JSON, or CSV by the ``.csv`` extension). Non-finite values (null, empty cells) read as NaN.
    Raises :class:`genokit.FileError` when it cannot be read and :class:`genokit.ParseError`
    when it is not a trajectory."""
    from .errors import ParseError

    path = _os.fspath(path)
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        err = FileError(f"{path}: cannot read the trajectory: {e.strerror or e}")
        err.code, err.file = "core.read-failed", path
        raise err from e

    def bad(why):
        err = ParseError(f"{path}: not a genokit trajectory: {why}")
        err.code, err.file = "sim.bad-trajectory", path
        return err

    if path.lower().endswith(".csv"):
        rows = list(_csv.reader(_io.StringIO(text)))
        if not rows or rows[0][:5] != ["step", "time", "com_x", "com_y", "com_z"]:
            raise bad("the CSV header does not start with step,time,com_x,com_y,com_z")
        head = rows[0]
        p = sum(1 for h in head if h.startswith("p") and h.endswith("_x"))
        k = sum(1 for h in head if h.startswith("n"))
        m = sum(1 for h in head if h.startswith("m"))
        try:
            data = np.array([[float(c) if c != "" else np.nan for c in r] for r in rows[1:] if r], dtype=float)
        except ValueError as e:
            raise bad(str(e)) from None
        if data.size == 0:
            data = np.zeros((0, len(head)))
        if data.shape[1] != len(head):
            raise bad("a row has another number of cells than the header")
        n = data.shape[0]
        at = 5 + 3 * p
        arrays = {"steps": data[:, 0].astype(np.int64), "time": data[:, 1], "com": data[:, 2:5],
                  "parts": data[:, 5:at].reshape(n, p, 3), "orientations": np.full((n, p, 4), np.nan),
                  "neurons": data[:, at:at + k], "muscles": data[:, at + k:at + k + m]}
        dt = float(arrays["time"][1] / arrays["steps"][1]) if n > 1 and arrays["steps"][1] else float("nan")
        every = int(arrays["steps"][1] - arrays["steps"][0]) if n > 1 else 1
        return Trajectory(arrays=arrays, status="ok", message="", died=False, criteria=None, sample_every=every,
                          dt=dt, document=None)
    try:
        doc = _json.loads(text)
    except ValueError as e:
        raise bad(f"JSON: {e}") from None
    if not isinstance(doc, dict) or doc.get("format") != "genokit-trajectory":
        raise bad('no "format": "genokit-trajectory"')
    try:
        s = doc["samples"]
        n = int(s["count"])
        p = len(doc["body"]["parts"])

        def flat(key):
            return np.array([_nan(v) for v in s[key]], dtype=float)

        def per_sample(key):
            a = flat(key)
            return a.reshape(n, len(a) // n if n else 0)

        arrays = {"steps": np.array(s["step"], dtype=np.int64), "time": flat("time"),
                  "com": flat("com").reshape(n, 3), "parts": flat("parts").reshape(n, p, 3),
                  "orientations": flat("orientations").reshape(n, p, 4), "neurons": per_sample("neurons"),
                  "muscles": per_sample("muscles")}
        src = doc.get("source", {})
    except (KeyError, TypeError, ValueError) as e:
        raise bad(f"its samples cannot be read ({e})") from None
    status = doc.get("status", "ok")
    return Trajectory(arrays=arrays, status=status, message=doc.get("message", ""),
                      died=False, criteria=doc.get("criteria"), sample_every=int(doc.get("sample_every", 1)),
                      dt=float(doc.get("dt", float("nan"))), genotype=src.get("genotype", ""),
                      encoding=src.get("encoding", ""), name=src.get("name", ""), document=doc)


def evaluate(genotypes: Sequence[str], settings: SettingsLike = None, *, seed: int = 0, jobs: int = 0,
             max_steps: int = 100_000, max_seconds: float = 0.0, max_parts: int = 1000, max_joints: int = 1000,
             max_neurons: int = 1000, format: Optional[str] = None, processes: bool = True) -> list:
    """The standard evaluation of every genotype (framspy's ``FramsticksLib.evaluate``): one
    :class:`EvalResult` per genotype, in order, with ``status`` ("ok", "invalid", "unstable",
    "failed"), ``criteria`` (dict, the means of ``settings``' ``evalcount`` evaluations),
    ``evaluations``, ``message`` and ``diagnostics``.

    Evaluation k of a genotype runs with seed ``seed + k``, so a genotype's result depends only
    on (genotype, settings, seed), never on the batch or ``jobs`` (0: every core). The same
    arguments give the same criteria as ``genokit evaluate FILE --seed S``. ``max_steps``
    (rest and life) and ``max_seconds`` (wall clock, 0 = none) end one evaluation with status
    "failed"; creatures over ``max_parts``/``max_joints``/``max_neurons`` are "invalid".
    """
    items = _genotype_list(genotypes)
    return _c.evaluate(items, _settings(settings), seed, jobs, max_steps, max_seconds, max_parts, max_joints,
                       max_neurons, format or "", processes)


def framspy_results(results: Sequence[EvalResult], names: Optional[Sequence[str]] = None) -> list:
    """framspy's result list of evaluation results: ``{"num": i+1, "name", "evaluations": {"":
    {numparts, ..., fit, fit_stdev, time}}}``, ``"evaluations": None`` for a genotype that was
    not evaluated, plus genokit's ``"status"``, ``"message"`` and ``"diagnostics"``."""
    return _json.loads(_c.framspy_json(list(results), list(names or [])))


def evaluate_framspy(genotypes: Sequence[str], settings: SettingsLike = None, *,
                     names: Optional[Sequence[str]] = None, **options) -> list:
    """:func:`evaluate` (same options) with framspy's result shape (:func:`framspy_results`)."""
    return framspy_results(evaluate(genotypes, settings, **options), names)


def sizes(genotype: str, *, format: Optional[str] = None):
    """``(parts, joints, neurons, connections)`` of a genotype's body, or None when the
    genotype is not valid (framspy's ``getPJNC``)."""
    return _c.sizes(_text(genotype), format or "")
