# The compiled half of the package; use the genokit modules, not this one.
from typing import Any

__version__: str
version_info: tuple[int, int, int]

class Diagnostic:
    @property
    def severity(self) -> str: ...
    @property
    def code(self) -> str: ...
    @property
    def message(self) -> str: ...
    @property
    def file(self) -> str: ...
    @property
    def line(self) -> int: ...
    @property
    def column(self) -> int: ...
    @property
    def offset(self) -> int: ...

frams: Any
genotype: Any
genome: Any
xode: Any
neuro: Any
sim: Any
operators: Any
similarity: Any
