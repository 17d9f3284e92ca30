#!/usr/bin/env python3
"""The Python package's overhead on evaluation, and Dask's speed-up (issue #22), in one run:

1. One evaluate call against the genokit program doing the same work: a population of walkers
   (grown from one by seeded mutation) evaluated with the same settings, seed and jobs by
   `genokit evaluate pop.gen --json` (process start, reading the file, evaluating, printing
   framspy's JSON) and by `genokit.sim.evaluate` + `framspy_results` (the same list as dicts),
   and by `FramsticksLib.evaluate` (which also checks genetic validity first). Target: the
   Python call at most 5 % slower. Runs alternate; medians of each side.
2. `genokit.distributed.evaluate` of a population of 200 on a LocalCluster of this machine with
   2 worker processes against 1 (one thread each). Target: >= 1.6x.

The load average is printed before and after each part: the machine is shared.

    .venv/bin/python bench/python_sim.py [--population N] [--energy E] [--rounds R] [--jobs J]
"""

from __future__ import annotations

import argparse
import os
import pathlib
import platform
import resource
import statistics
import subprocess
import sys
import tempfile
import time

import genokit.operators as ops
import genokit.sim as sim
from genokit import distributed
from genokit.framspy import FramsticksLib

ROOT = pathlib.Path(__file__).resolve().parents[1]
WALKER = "X[Sin]X[|,-1:2]X[|,-2:-2]X"


def population(n: int) -> list:
    """n valid walkers: each a few seeded mutations of the last, restarting when one breaks."""
    out, g, i = [], WALKER, 0
    while len(out) < n:
        m = ops.mutate(g, seed=i)
        i += 1
        g = m.genotype if ops.is_valid_creature(m.genotype) and sim.sizes(m.genotype)[0] <= 12 else WALKER
        out.append(g)
    return out


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def write_gen(path, genotypes):
    with open(path, "w") as f:
        for i, g in enumerate(genotypes):
            f.write(f"org:\nname:g{i}\ngenotype:~\n{g}~\n\n")


def bench_overhead(args, tmp):
    program = pathlib.Path(args.build) / "src" / "cli" / "genokit"
    simfile = tmp / "bench.sim"
    simfile.write_text(f"sim_params:\nevalcount:1\nplacement:1\nrandinit:0.0\nEnergy0:{args.energy}\n")
    pop = population(args.population)
    gen = tmp / "pop.gen"
    write_gen(gen, pop)
    settings = sim.load_settings(str(simfile))
    lib = FramsticksLib(None, None, str(simfile), seed=0, jobs=args.jobs)
    cmd = [str(program), "evaluate", str(gen), "--sim", str(simfile), "--seed", "0", "--jobs", str(args.jobs),
           "--json", "-q"]
    # Wall time, and CPU time (the program's from RUSAGE_CHILDREN, Python's from process_time): on a
    # shared machine CPU time barely depends on the load. jobs 1: both evaluate on one thread.
    wall = {"cli": [], "sim.evaluate": [], "FramsticksLib.evaluate": []}
    cpu = {k: [] for k in wall}

    def timed(name, fn):
        c0, t0 = time.process_time(), time.perf_counter()
        fn()
        wall[name].append(time.perf_counter() - t0)
        cpu[name].append(time.process_time() - c0)

    def program():
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
        wall["cli"].append(time.perf_counter() - t0)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu["cli"].append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)

    names = [f"g{i}" for i in range(len(pop))]
    print(f"[overhead] {len(pop)} genotypes, Energy0 {args.energy}, jobs {args.jobs}; load before: {load()}")
    for _ in range(args.rounds):
        program()
        timed("sim.evaluate", lambda: sim.framspy_results(sim.evaluate(pop, settings, seed=0, jobs=args.jobs), names))
        timed("FramsticksLib.evaluate", lambda: lib.evaluate(pop))
    for k in wall:
        w, c = statistics.median(wall[k]), statistics.median(cpu[k])
        vs = "" if k == "cli" else (f"  CPU {100 * (c / statistics.median(cpu['cli']) - 1):+.1f} %, wall "
                                    f"{100 * (w / statistics.median(wall['cli']) - 1):+.1f} % vs the program")
        print(f"  {k:24s} CPU median {c:.3f} s (min {min(cpu[k]):.3f}), wall median {w:.3f} s{vs}")
    print(f"  load after: {load()}")


def bench_dask(args):
    from dask.distributed import Client, LocalCluster

    pop = population(200)
    with tempfile.TemporaryDirectory() as d:
        tmp_sim = pathlib.Path(d) / "dask.sim"
        tmp_sim.write_text(f"sim_params:\nevalcount:1\nplacement:1\nrandinit:0.0\nEnergy0:{args.energy}\n")
        settings = sim.load_settings(str(tmp_sim))
        result = {}
        print(f"[dask] population 200, Energy0 {args.energy}; load before: {load()}")
        for workers in (1, 2):
            cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None)
            client = Client(cluster)
            distributed.evaluate(pop[:4], settings, client)  # warm: workers import genokit
            runs, cpus = [], []
            for _ in range(args.rounds):
                c0 = sum(client.run(time.process_time).values())
                t = time.perf_counter()
                distributed.evaluate(pop, settings, client, seed=0)
                runs.append(time.perf_counter() - t)
                cpus.append(sum(client.run(time.process_time).values()) - c0)
            client.close()
            cluster.close()
            result[workers] = statistics.median(runs)
            # CPU seconds the workers used: the same work either way; wall / CPU shows the share of
            # the cores the workers got on a shared machine.
            print(f"  {workers} worker(s): median {result[workers]:.3f} s wall (runs "
                  f"{', '.join(f'{x:.2f}' for x in runs)}), workers' CPU median {statistics.median(cpus):.2f} s")
        print(f"  speed-up 2 vs 1: {result[1] / result[2]:.2f}x; load after: {load()}")


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--population", type=int, default=60)
    p.add_argument("--energy", type=int, default=3000, help="Energy0: steps of one life")
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--build", default=os.environ.get("GENOKIT_BUILD_DIR", str(ROOT / "build")))
    p.add_argument("--skip-dask", action="store_true")
    args = p.parse_args()
    print(f"machine: {platform.machine()} {platform.processor() or ''} {os.cpu_count()} cores; "
          f"Python {platform.python_version()}; genokit {__import__('genokit').__version__}")
    with tempfile.TemporaryDirectory() as d:
        bench_overhead(args, pathlib.Path(d))
    if not args.skip_dask:
        bench_dask(args)


if __name__ == "__main__":
    sys.exit(main())
