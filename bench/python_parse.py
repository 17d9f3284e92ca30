#!/usr/bin/env python3
"""The Python binding's overhead on batch parsing (issue #22: >= 80 % of the C++ library's rate).

Makes 100,000 valid f0 genotypes (shaped like bench/f0_genotypes.hpp: about 21 parts, 20 joints,
12.5 neurons, 18.5 connections), writes them as a .gen file, then alternates, in one run:

  C++:    build/bench_f0_parse's BM_F0ParseManyFromFile (f0::parse_many on every core over the
          file's genotypes, read beforehand), through GENOKIT_BENCH_F0_FILE;
  Python: genokit.genotype.parse_many(list_of_str) on every core (the same work: parse, build,
          validate, lint; plus turning the str objects into views and the verdicts into numpy).

Each side's rate is the median of its timings; the ratio Python / C++ is the figure.

    .venv/bin/python bench/python_parse.py [--genotypes N] [--rounds R] [--build DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]


def _num(rng, lo, hi):
    return f"{rng.uniform(lo, hi):.4g}"


def make_genotype(rng: random.Random) -> str:
    """One valid creature: a tree of parts within joint range, neurons on fitting places, connections."""
    n = rng.randint(16, 26)
    xs, ys, zs = [0.0] * n, [0.0] * n, [0.0] * n
    lines = ["//0"]
    for i in range(n):
        if i:
            parent = rng.randint(max(0, i - 4), i - 1)
            xs[i] = xs[parent] + rng.uniform(-1.0, 1.0)
            ys[i] = ys[parent] + rng.uniform(-0.8, 0.8)
            zs[i] = zs[parent] + rng.uniform(-0.5, 0.5)
        line = f"p:{xs[i]:.6g}, {ys[i]:.6g}, {zs[i]:.6g}"
        if rng.randint(0, 3) == 0:
            line += ", fr=" + _num(rng, 0.1, 1)
        if rng.randint(0, 3) == 0:
            line += ", dn=" + _num(rng, 0.5, 2)
        lines.append(line)
    for i in range(1, n):
        # the closest of the four previous parts, so every joint is shorter than 2
        best = min(range(max(0, i - 4), i), key=lambda k: (xs[i] - xs[k]) ** 2 + (ys[i] - ys[k]) ** 2 + (zs[i] - zs[k]) ** 2)
        line = f"j:{best}, {i}"
        if rng.randint(0, 3) == 0:
            line += ", stam=" + _num(rng, 0.1, 0.9)
        lines.append(line)
    neurons = rng.randint(9, 16)
    for _ in range(neurons):
        kind = rng.choice(["N", "|", "@", "G", "T", "S", "Sin", "*"])
        if kind in ("|", "@", "G"):
            d = kind + (":p=0.25, r=1" if kind == "|" else "")
            lines.append(f'n:j={rng.randint(0, n - 2)}, d="{d}"')
        elif kind in ("T", "S"):
            lines.append(f"n:p={rng.randint(0, n - 1)}, d={kind}")
        elif kind == "N":
            lines.append(f'n:d="N:in={_num(rng, 0.1, 0.9)}, fo=0.04"')
        else:
            lines.append(f"n:d={kind}")
    for _ in range(rng.randint(14, 23)):
        lines.append(f"c:{rng.randrange(neurons)}, {rng.randrange(neurons)}, {_num(rng, -2, 2)}")
    return "\n".join(lines) + "\n"


def gen_file(genotypes) -> str:
    return "".join(f"org:\nname:creature {i + 1}\ngenotype:~\n{g}~\n\n" for i, g in enumerate(genotypes))


def cpp_rates(program: pathlib.Path, gen_path: pathlib.Path, repetitions: int) -> list[float]:
    env = dict(os.environ, GENOKIT_BENCH_F0_FILE=str(gen_path))
    out = subprocess.run(
        [str(program), "--benchmark_filter=^BM_F0ParseManyFromFile/", f"--benchmark_repetitions={repetitions}",
         "--benchmark_format=json", "--benchmark_report_aggregates_only=false"],
        env=env, capture_output=True, text=True, check=True)
    runs = json.loads(out.stdout)["benchmarks"]
    return [b["items_per_second"] for b in runs if b.get("run_type") == "iteration"]


def python_rates(parse_many, texts, repetitions: int) -> list[float]:
    rates = []
    for _ in range(repetitions):
        start = time.perf_counter()
        batch = parse_many(texts)
        valid = int(batch.valid.sum())
        elapsed = time.perf_counter() - start
        assert valid == len(texts), f"{len(texts) - valid} generated genotypes are invalid"
        rates.append(len(texts) / elapsed)
    return rates


def machine() -> str:
    model = ""
    try:
        for line in open("/proc/cpuinfo", encoding="utf-8"):
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return f"{model or platform.processor()}, {os.cpu_count()} cores, load average {load:.1f}, Python {platform.python_version()}"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--genotypes", type=int, default=100_000)
    ap.add_argument("--rounds", type=int, default=3, help="alternations of the two sides")
    ap.add_argument("--repetitions", type=int, default=3, help="timings per side and round")
    ap.add_argument("--build", default=os.environ.get("GENOKIT_BUILD_DIR", str(ROOT / "build")))
    args = ap.parse_args()

    import genokit
    from genokit.genotype import parse_many

    program = pathlib.Path(args.build) / "bench_f0_parse"
    if not program.exists():
        sys.exit(f"{program} is missing: cmake --build {args.build} --target bench_f0_parse")
    rng = random.Random(12345)
    texts = [make_genotype(rng) for _ in range(args.genotypes)]
    sizes = parse_many(texts[:2000], keep_models=False).counts.mean(axis=0)
    with tempfile.TemporaryDirectory() as tmp:
        gen_path = pathlib.Path(tmp) / "genotypes.gen"
        gen_path.write_text(gen_file(texts), encoding="utf-8")
        cpp, py = [], []
        for _ in range(args.rounds):
            cpp += cpp_rates(program, gen_path, args.repetitions)
            py += python_rates(parse_many, texts, args.repetitions)
    c, p = statistics.median(cpp), statistics.median(py)
    print(f"genokit {genokit.__version__}; {machine()}")
    print(f"{args.genotypes} f0 genotypes, {sum(map(len, texts)) / 1e6:.1f} MB; average parts/joints/neurons/"
          f"connections {' / '.join(f'{v:.1f}' for v in sizes)}")
    print(f"C++    f0::parse_many, every core:              {c:10.0f} genotypes/s (median of {len(cpp)})")
    print(f"Python genotype.parse_many(list of str), same:  {p:10.0f} genotypes/s (median of {len(py)})")
    print(f"Python / C++: {100 * p / c:.1f} % (target >= 80 %)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
