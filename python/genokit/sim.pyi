from os import PathLike
from typing import Any, Iterable, Literal, Optional, Sequence, Union

import numpy as np

from . import Diagnostic
from .operators import OperatorSettings
from .similarity import SimilaritySettings

_Status = Literal["ok", "unstable", "failed"]
_EvalStatus = Literal["ok", "invalid", "unstable", "failed"]
_Chain = Union[None, str, PathLike[str], Sequence[str], "Settings"]

CRITERIA: tuple[str, ...]
FRAMSPY_CRITERIA: tuple[str, ...]
BUILTIN_SIM: dict[str, str]

class Settings:
    def __init__(self) -> None: ...
    def copy(self) -> Settings: ...
    def get(self, key: str, default: Any = None) -> Any: ...
    def __getitem__(self, key: str) -> Any: ...
    def __setitem__(self, key: str, value: Union[int, float, bool, str]) -> None: ...
    def __contains__(self, key: str) -> bool: ...
    @property
    def sources(self) -> list[str]: ...
    @property
    def diagnostics(self) -> list[Diagnostic]: ...
    @property
    def operators(self) -> OperatorSettings: ...
    @property
    def similarity(self) -> SimilaritySettings: ...
    wrldg: float
    wrldsiz: float
    wrldtyp: int
    wrldmap: str
    wrldwat: float
    wrldbnd: int
    simtype: int
    nnspeed: float
    creath: float
    placement: int
    rotation: int
    minjoint: float
    maxjoint: float
    randinit: float
    nnoise: float
    touchrange: float
    bnoise_struct: float
    bnoise_vel: float
    odestep: float
    odemusclemin: float
    odemusclemax: float
    odemusclespeed: float
    odeairdrag: float
    oderotdrag: float
    odewaterdrag: float
    odewaterbuoy: float
    odeseed: int
    odesepsticks: int
    odeworlderp: float
    odeworldcfm: float
    odecolmumin: float
    odecolmumax: float
    odecolbounce: float
    odecolbouncevel: float
    odecolsoftcfm: float
    odecolsofterp: float
    odeshape: int
    expdef: str
    usercode: str
    energy0: float
    e_meta: float
    evalcount: int
    feed: int
    aging: int
    cr_c: float
    cr_life: float
    cr_v: float
    cr_gl: float
    cr_joints: float
    cr_nnsiz: float
    cr_nncon: float
    cr_di: float
    cr_vpos: float
    cr_vvel: float
    perfperiod: int
    stabilperiod: int
    stabledist: float
    killnostable: int
    initial_nn_active: int
    initial_perf_measuring: int
    initial_self_collisions: int
    gk_stepper: int
    gk_exactrows: int
    gk_iterations: int
    gk_stickradius: float
    gk_maxvelocity: float

class Model:
    @property
    def part_count(self) -> int: ...
    @property
    def stick_count(self) -> int: ...
    @property
    def body_count(self) -> int: ...
    @property
    def link_count(self) -> int: ...
    @property
    def joint_count(self) -> int: ...
    @property
    def neuron_count(self) -> int: ...
    @property
    def connection_count(self) -> int: ...
    @property
    def muscle_count(self) -> int: ...
    @property
    def mass(self) -> float: ...
    @property
    def exact_stepper(self) -> bool: ...
    @property
    def initial_part_positions(self) -> np.ndarray: ...
    @property
    def encoding(self) -> str: ...
    @property
    def genotype(self) -> str: ...
    @property
    def diagnostics(self) -> list[Diagnostic]: ...

class Run:
    def __init__(self, model: Model, seed: int = 0, brain: bool = True) -> None: ...
    def step(self, n: int = 1) -> _Status: ...
    def sample(self) -> dict[str, Any]: ...
    brain_active: bool
    def set_metabolism(self, on: bool) -> None: ...
    @property
    def energy(self) -> float: ...
    @property
    def initial_energy(self) -> float: ...
    @property
    def status(self) -> _Status: ...
    @property
    def message(self) -> str: ...
    @property
    def steps(self) -> int: ...
    @property
    def time(self) -> float: ...
    @property
    def center_of_mass(self) -> np.ndarray: ...
    @property
    def kinetic_energy(self) -> float: ...
    @property
    def potential_energy(self) -> float: ...
    @property
    def contacts_last_step(self) -> int: ...
    def muscle_state(self, muscle: int) -> float: ...
    def muscle_angle(self, muscle: int) -> float: ...
    def neuron_output(self, neuron: int) -> float: ...

class EvalResult:
    @property
    def status(self) -> _EvalStatus: ...
    @property
    def ok(self) -> bool: ...
    @property
    def message(self) -> str: ...
    @property
    def diagnostics(self) -> list[Diagnostic]: ...
    @property
    def criteria(self) -> Optional[dict[str, float]]: ...
    @property
    def evaluations(self) -> list[dict[str, float]]: ...
    @property
    def seconds(self) -> float: ...

class Trajectory:
    steps: np.ndarray
    time: np.ndarray
    com: np.ndarray
    parts: np.ndarray
    orientations: np.ndarray
    neurons: np.ndarray
    muscles: np.ndarray
    status: _Status
    message: str
    died: bool
    criteria: Optional[dict[str, float]]
    sample_every: int
    dt: float
    genotype: str
    encoding: str
    name: str
    diagnostics: list[Diagnostic]
    model: Optional[Model]
    def __len__(self) -> int: ...
    def to_json(self, file: str = "") -> str: ...
    def to_csv(self) -> str: ...
    def save(self, path: Union[str, PathLike[str]]) -> None: ...

def settings_table() -> list[dict[str, Any]]: ...
def data_dirs(extra: Iterable[str] = ()) -> list[str]: ...
def resolve_settings_files(chain: _Chain, data_dirs: Optional[Iterable[str]] = None) -> list[tuple[str, Optional[str]]]: ...
def load_settings(chain: _Chain = None, *, data_dirs: Optional[Iterable[str]] = None) -> Settings: ...
def build(genotype: str, settings: _Chain = None, *, format: Optional[str] = None, name: str = "") -> Model: ...
def simulate(genotype: Union[str, Model], settings: _Chain = None, *, steps: int = 1000, sample_every: int = 1,
             seed: int = 0, format: Optional[str] = None, name: str = "") -> Trajectory: ...
def read_trajectory(path: Union[str, PathLike[str]]) -> Trajectory: ...
def evaluate(genotypes: Sequence[str], settings: _Chain = None, *, seed: int = 0, jobs: int = 0,
             max_steps: int = 100000, max_seconds: float = 0.0, max_parts: int = 1000, max_joints: int = 1000,
             max_neurons: int = 1000, format: Optional[str] = None, processes: bool = True) -> list[EvalResult]: ...
def framspy_results(results: Sequence[EvalResult], names: Optional[Sequence[str]] = None) -> list[dict[str, Any]]: ...
def evaluate_framspy(genotypes: Sequence[str], settings: _Chain = None, *, names: Optional[Sequence[str]] = None,
                     **options: Any) -> list[dict[str, Any]]: ...
def sizes(genotype: str, *, format: Optional[str] = None) -> Optional[tuple[int, int, int, int]]: ...
