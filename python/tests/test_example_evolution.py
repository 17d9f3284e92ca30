"""examples/python/framsticks_evolution.py (framspy's DEAP example ported to genokit): a few
generations with a fixed seed improve the walker, the Hall of Fame is a valid .gen whose values a
new evaluation reproduces, and the same seed gives the same run."""

import csv
import subprocess
import sys

import pytest

import genokit.operators as ops
from gen_text import read_orgs
from genokit.framspy import FramsticksLib

pytest.importorskip("deap")

WALKER = "X[Sin]X[|,-1:2]X[|,-2:-2]X"
QUICK = "sim_params:\nevalcount:1\nplacement:1\nrandinit:0.0\nnnoise:0.0\nEnergy0:300\n"


def run_example(repo_root, tmp_path, name, *args):
    script = repo_root / "examples" / "python" / "framsticks_evolution.py"
    hof, log = tmp_path / f"{name}.gen", tmp_path / f"{name}.csv"
    r = subprocess.run([sys.executable, str(script), *args, "-hof_savefile", str(hof), "-log_csv", str(log)],
                       capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert r.returncode == 0, r.stderr
    with open(log) as f:
        rows = list(csv.DictReader(f))
    return r.stdout, hof, rows


@pytest.fixture
def chain(tmp_path):
    (tmp_path / "quick.sim").write_text(QUICK)
    return f"eval-allcriteria.sim;{tmp_path / 'quick.sim'}"


def test_evolution_improves_and_saves_a_valid_hall_of_fame(repo_root, tmp_path, chain, cli):
    args = ["-sim", chain, "-opt", "velocity", "-initialgenotype", WALKER, "-popsize", "12", "-generations", "6",
            "-hof_size", "4", "-max_numparts", "10", "-seed", "1"]
    out, hof, rows = run_example(repo_root, tmp_path, "a", *args)
    assert [int(r["gen"]) for r in rows] == list(range(7)) and "Best individuals:" in out
    best_per_gen = [float(r["max"]) for r in rows]
    orgs = read_orgs(hof.read_text())
    assert len(orgs) == 4 and f"Saved '{hof}' (4)" in out
    hof_best = [float(o["velocity"]) for o in orgs]
    assert hof_best == sorted(hof_best, reverse=True)
    # the Hall of Fame keeps the best ever: as good as every generation's best, and one of them
    assert hof_best[0] == max(best_per_gen) and hof_best[0] >= best_per_gen[0]
    assert hof_best[0] > 2 * best_per_gen[0]  # seed 1: evolution found a faster walker
    # a valid Framsticks file of valid genotypes, read back by genokit
    assert cli("check", hof).returncode == 0
    genotypes = [o["genotype"] for o in orgs]
    assert all(ops.is_valid(genotypes))
    # the stored fitness is what a new evaluation with the run's settings and seed gives
    lib = FramsticksLib(None, None, chain, seed=1)
    again = [r["evaluations"][""]["velocity"] for r in lib.evaluate(genotypes)]
    assert again == hof_best
    # the same seed: the same run
    out2, hof2, rows2 = run_example(repo_root, tmp_path, "b", *args)
    assert hof2.read_text() == hof.read_text() and rows2 == rows


def test_several_criteria_and_limits(repo_root, tmp_path, chain):
    args = ["-sim", chain, "-opt", "velocity,numjoints", "-popsize", "8", "-generations", "3", "-hof_size", "3",
            "-max_numjoints", "4", "-seed", "2", "-genformat", "1"]
    _, hof, rows = run_example(repo_root, tmp_path, "m", *args)
    orgs = read_orgs(hof.read_text())
    assert orgs and all(set(o) == {"genotype", "velocity", "numjoints"} for o in orgs)
    # a genotype over the joint limit gets -1 for every criterion, never into the Hall of Fame
    assert all(float(o["numjoints"]) <= 4 for o in orgs if float(o["velocity"]) != -1)


def test_bad_options_exit_with_a_message(repo_root, tmp_path):
    script = repo_root / "examples" / "python" / "framsticks_evolution.py"
    r = subprocess.run([sys.executable, str(script), "-opt", "velocity", "-popsize", "0"], capture_output=True,
                       text=True, timeout=60)
    assert r.returncode != 0 and "popsize" in r.stderr
    r = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=60)
    assert r.returncode != 0 and "-opt" in r.stderr
