from os import PathLike
from typing import Any, Iterable, Optional, Sequence, Union

import numpy as np

from .sim import Settings

class DissimMethod:
    GENE_LEVENSHTEIN: int
    PHENE_STRUCT_GREEDY: int
    PHENE_STRUCT_OPTIM: int
    PHENE_DESCRIPTORS: int
    PHENE_DENSITY_COUNT: int
    PHENE_DENSITY_FREQ: int

class FramsticksLib:
    PRINT_FRAMSTICKS_OUTPUT: bool
    DETERMINISTIC: bool
    EVALUATION_SETTINGS_FILE: list[str]
    GENOTYPE_INVALID: str
    GENOTYPE_INVALID_OFFSPRING_SUBSTITUTE_ORIGINAL: bool
    frams_path: Optional[Union[str, PathLike[str]]]
    frams_lib_name: Optional[str]
    seed: int
    jobs: int
    data_dirs: list[str]
    settings: Settings
    def __init__(self, frams_path: Optional[Union[str, PathLike[str]]], frams_lib_name: Optional[str],
                 sim_settings_files: Union[None, str, Sequence[str]], *, seed: Optional[int] = None, jobs: int = 0,
                 data_dirs: Iterable[str] = ()) -> None: ...
    def getSimplest(self, genetic_format: Union[str, int]) -> str: ...
    def isValid(self, genotype_list: list[str]) -> list[bool]: ...
    def isValidCreature(self, genotype_list: list[str]) -> list[bool]: ...
    def getPJNC(self, genotype: str) -> Optional[tuple[int, int, int, int]]: ...
    def satisfiesConstraints(self, genotype: str, max_numparts: Optional[int], max_numjoints: Optional[int],
                             max_numneurons: Optional[int], max_numconnections: Optional[int],
                             max_numgenochars: Optional[int]) -> bool: ...
    def evaluate(self, genotype_list: list[str]) -> list[dict[str, Any]]: ...
    def mutate(self, genotype_list: list[str]) -> list[str]: ...
    def crossOver(self, genotype_parent1: str, genotype_parent2: str) -> str: ...
    def getRandomGenotype(self, initial_genotype: str, parts_min: int, parts_max: int, neurons_min: int,
                          neurons_max: int, iter_max: int, return_even_if_failed: bool) -> Optional[str]: ...
    def dissimilarity(self, genotype_list: list[str], method: int) -> np.ndarray: ...

def framspy_evaluations(genotypes: list[str], settings: Settings, *, seed: int = 0, jobs: int = 0,
                        verbose: bool = False) -> list[Optional[dict[str, dict[str, float]]]]: ...
