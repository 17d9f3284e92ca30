"""Evaluating a population on a Dask cluster (Debian's python3-distributed), with the same results
as local evaluation.

::

    from dask.distributed import Client
    from genokit import distributed

    client = Client("tcp://scheduler-host:8786")      # or Client(LocalCluster(n_workers=2))
    results = distributed.evaluate(genotypes, "eval-allcriteria.sim;deterministic.sim", client, seed=1)
    results[0]["evaluations"][""]["velocity"]

:func:`evaluate` returns exactly what :meth:`genokit.framspy.FramsticksLib.evaluate` returns for
the same genotypes, settings and seed (only the wall-clock ``time`` differs): a genotype's result
depends only on (genotype, settings, seed), so it does not matter which worker evaluates it or
with which other genotypes. The population is cut into batches, one task each; results come back
in input order. A batch whose worker dies is run again on another worker (Dask's scheduler
reschedules it), a batch that raises is retried ``retries`` times.

The ``.sim`` files are read where :func:`evaluate` is called (names resolved there, as
:func:`genokit.sim.resolve_settings_files` says) and their text travels with the tasks, so the
workers need genokit installed but not the files.

A real cluster (docs/framspy.md)::

    dask scheduler                                  # on one machine: tcp://HOST:8786
    dask worker tcp://HOST:8786 --nthreads 1 --nworkers 4    # on every machine, in the genokit venv
"""

from __future__ import annotations

import math
from typing import Optional, Sequence

from . import sim as _sim
from .framspy import framspy_evaluations

__all__ = ["evaluate", "dask_map"]


def _evaluate_batch(genotypes: list, settings, seed: int, jobs: int) -> list:
    """One task: the framspy ``evaluations`` of a batch (runs on a worker)."""
    return framspy_evaluations(genotypes, settings, seed=seed, jobs=jobs)


def _client(client):
    from dask.distributed import default_client

    if client is not None:
        return client, None
    try:
        return default_client(), None
    except ValueError:
        from dask.distributed import Client, LocalCluster

        cluster = LocalCluster(processes=True, threads_per_worker=1)
        return Client(cluster), cluster


def evaluate(genotypes: Sequence[str], sim_settings_files, client=None, *, seed: int = 0,
             batch_size: Optional[int] = None, retries: int = 2, jobs: int = 1, data_dirs=()) -> list:
    """framspy's evaluation list of ``genotypes`` computed on a Dask cluster.

    ``sim_settings_files``: a ``;``-separated chain (or list) of ``.sim`` names, or a
    :class:`genokit.sim.Settings`. ``client``: a ``dask.distributed.Client``; None uses the
    current default client or, when there is none, a temporary ``LocalCluster`` of this machine
    (closed afterwards). ``batch_size``: genotypes per task (default: about four tasks per worker
    thread). ``retries``: how often a batch that raised is run again. ``jobs``: threads each task
    evaluates its batch on (1: one per Dask worker thread, the usual setup). Returns ``[{"num":
    i+1, "name": "", "evaluations": {"": {criteria}} or None}, ...]`` in input order.
    """
    items = _sim._genotype_list(genotypes)
    settings = _sim.load_settings(sim_settings_files, data_dirs=data_dirs)
    client, cluster = _client(client)
    try:
        if not items:
            return []
        if batch_size is None:
            threads = sum(client.nthreads().values()) or 1
            batch_size = max(1, math.ceil(len(items) / (4 * threads)))
        if batch_size < 1:
            raise ValueError("batch_size must be at least 1")
        batches = [items[i:i + batch_size] for i in range(0, len(items), batch_size)]
        remote_settings = client.scatter(settings, broadcast=True)
        futures = [client.submit(_evaluate_batch, b, remote_settings, seed, jobs, retries=retries, pure=False)
                   for b in batches]
        evaluations = [ev for part in client.gather(futures) for ev in part]
    finally:
        if cluster is not None:
            client.close()
            cluster.close()
    return [{"num": i + 1, "name": "", "evaluations": ev} for i, ev in enumerate(evaluations)]


def dask_map(client=None):
    """A ``map(function, *iterables) -> list`` that runs each call as a Dask task, for DEAP:
    ``toolbox.register("map", distributed.dask_map(client))``; eaSimple then evaluates the
    individuals of a generation on the cluster. The function and its arguments must pickle
    (a :class:`genokit.framspy.FramsticksLib` does)."""

    def map_(function, *iterables):
        c = client
        if c is None:
            from dask.distributed import default_client

            c = default_client()
        return c.gather(c.map(function, *iterables, pure=False))

    return map_
