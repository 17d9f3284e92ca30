from typing import Any, Callable, Iterable, Optional, Sequence, Union

from .sim import Settings

def evaluate(genotypes: Sequence[str], sim_settings_files: Union[str, Sequence[str], Settings], client: Any = None, *,
             seed: int = 0, batch_size: Optional[int] = None, retries: int = 2, jobs: int = 1,
             data_dirs: Iterable[str] = ()) -> list[dict[str, Any]]: ...
def dask_map(client: Any = None) -> Callable[..., list[Any]]: ...
