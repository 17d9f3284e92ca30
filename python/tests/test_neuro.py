"""genokit.neuro: Framsticks networks from Python against the Framsticks SDK r909 reference runs
(oracle-sdk-r909/neuro: every neuron's output at every step, bit for bit) and the genokit program;
populations; bad input."""

import json
import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import genokit
import genokit.genotype as gt
import genokit.neuro as neuro

STEP = "//0\nn:d=*\nn:d=\"N:in=0,fo=1\"\nc:1,0\n"


def oracle_cases(shared_dir):
    cases = sorted((shared_dir / "corpus" / "framsticks" / "oracle-sdk-r909" / "neuro").glob("*.f0"))
    assert len(cases) == 22
    return cases


def case_settings(table_text):
    s = re.search(r"^# settings: randinit=(\S+) nnoise=(\S+) seed=(\d+)$", table_text, re.M)
    steps = int(re.search(r"^# steps: (\d+)$", table_text, re.M).group(1))
    return float(s.group(1)), float(s.group(2)), int(s.group(3)), steps


def test_every_sdk_reference_run_bit_for_bit(shared_dir):
    for path in oracle_cases(shared_dir):
        want = path.with_suffix(".neuro.txt").read_text()
        randinit, nnoise, seed, steps = case_settings(want)
        net = neuro.Network(path.read_text(), randinit=randinit, nnoise=nnoise, seed=seed, bare="f0", errors="keep")
        assert net.reference_table(steps, path.name) == want, path.name


def test_outputs_as_numpy_are_the_reference_rows(shared_dir):
    path = next(p for p in oracle_cases(shared_dir) if p.name.startswith("05_"))
    table = path.with_suffix(".neuro.txt").read_text()
    randinit, nnoise, seed, steps = case_settings(table)
    rows = np.array([[float(v) for v in line.split()[1:]] for line in table.splitlines()
                     if line and not line.startswith("#")])
    net = neuro.Network(path.read_text(), randinit=randinit, nnoise=nnoise, seed=seed)
    out = net.run(steps)
    assert out.shape == (steps + 1, len(net)) and np.array_equal(out, rows[:, : len(net)])
    assert np.array_equal(net.outputs, out[-1]) and net.steps_done == steps


def test_the_network_is_what_the_genokit_program_shows(shared_dir, cli, tmp_path):
    path = shared_dir / "corpus" / "framsticks" / "oracle-sdk-r909" / "neuro" / "20_real_smelling_puller.f0"
    net = neuro.Network(path.read_text(), randinit=0)
    assert net.to_dict() == json.loads(cli("neuro", "show", "--json", path).stdout)
    assert net.describe() == cli("neuro", "show", path).stdout
    out = tmp_path / "p.svg"
    cli("neuro", "plot", path, "-o", out, "--steps", "50", "--randinit", "0", "--title", "t")
    assert net.plot_svg(50, title="t") == out.read_text()
    t = net.neurons
    assert len(t) == len(net) and t.status == ["ok"] * len(net) and set(t.group.tolist()) <= {0, 1, 2}
    assert net.inputs(0) == [(s, w) for s, w in net.inputs(0)] and all(isinstance(w, float) for _, w in net.inputs(0))


def test_channels_and_params():
    net = neuro.Network("//0\nn:d=\"N:in=5,fo=0.5\"\n", randinit=0)  # in is clamped to 0..1 (SDK message)
    assert net.params(0)["in"] == 1.0 and net.params(0)["fo"] == 0.5
    assert [m["code"] for m in net.messages] == ["neuro.param-clamped"]
    assert net.messages[0]["sdk_line"].startswith("[WARN] Param.set: ")
    ch = neuro.Network("//0\nn:d=*\nn:d=Ch\nc:1,0\nc:1,0,0.5\n", randinit=0)
    ch.step(2)
    cols, values = ch.trace(1)
    assert cols[:2] == ["n0", "n1"] and values.shape == (2, len(cols))
    assert ch.channel(1, 1) == 0.5 and ch.channel(-1, 0) == 1.0


def test_genotype_models_and_other_encodings():
    model = gt.parse("X[|G:1]X")  # f1: a muscle and a gyroscope on sticks
    a = neuro.Network(model, randinit=0)
    b = neuro.Network("X[|G:1]X", randinit=0)
    assert a.neurons.class_name == b.neurons.class_name == model.neurons.class_name
    assert np.array_equal(a.run(5), b.run(5))


def test_populations_match_single_networks_on_any_number_of_threads():
    genotypes = [STEP, "//0\nn:d=Sin\n", "//0\nn:d=*\nn:d=N\nn:d=N\nc:1,0\nc:2,1,-2\nc:1,2\n", "//0\nn:d=Rnd\n"]
    pop = neuro.Population(genotypes, randinit=0.01, seed=[1, 2, 3, 4])
    assert len(pop) == 4 and pop.sizes.tolist() == [2, 1, 3, 1]
    runs = pop.run(30, threads=3)
    assert runs.shape == (31, 4, 3)
    for i, g in enumerate(genotypes):
        single = neuro.Network(g, randinit=0.01, seed=i + 1).run(30)
        assert np.array_equal(runs[:, i, : single.shape[1]], single)
        assert np.all(np.isnan(runs[:, i, single.shape[1]:]))
    again = neuro.Population(genotypes, randinit=0.01, seed=[1, 2, 3, 4])
    again.step(30, threads=1)
    assert np.array_equal(again.outputs, runs[-1], equal_nan=True)
    assert neuro.Population([]).run(3).shape == (4, 0, 0)


def test_bad_input():
    with pytest.raises(genokit.ParseError) as e:
        neuro.Network("//0\nn:d=N\nc:0,5\n")
    assert e.value.code.startswith("f0.")
    kept = neuro.Network("//0\nn:d=N\nc:0,5\n", errors="keep")  # the SDK runs the neurons it holds
    assert not kept.valid and len(kept) == 1
    with pytest.raises(genokit.ParseError):
        neuro.Network("/*Z*/x")
    with pytest.raises(TypeError):
        neuro.Network(42)
    with pytest.raises(TypeError):
        neuro.Population("X")
    with pytest.raises(ValueError, match="randinit"):
        neuro.Network(STEP, randinit=-1)
    with pytest.raises(ValueError, match="nnoise"):
        neuro.Network(STEP, nnoise=float("nan"))
    with pytest.raises(ValueError, match="2 seeds for 1 networks"):
        neuro.Population([STEP], seed=[1, 2])
    net = neuro.Network(STEP)
    with pytest.raises(IndexError):
        net.inputs(5)
    with pytest.raises(ValueError):
        net.run(-1)
    with pytest.raises(ValueError, match="width"):
        net.plot_svg(5, width=10)
    assert "*" in neuro.implemented_classes() and neuro.implemented_classes()["|"] == 2


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["N", "*", "Sin", "D", "Rnd", "Ch", "ChSel", "ChMux", "Fuzzy", "|", "G",
                                           "Nu", "Thr", "Bogus"]),
                          st.lists(st.tuples(st.integers(-1, 6), st.floats(-1e12, 1e12, allow_nan=False)),
                                   max_size=3)),
                max_size=6),
       st.integers(0, 2**32 - 1))
def test_random_networks_never_crash_and_are_deterministic(neurons, seed):
    lines = ["//0"] + [f"n:d={cls}" for cls, _ in neurons]
    lines += [f"c:{i},{src},{w!r}" for i, (_, ins) in enumerate(neurons) for src, w in ins]
    text = "\n".join(lines) + "\n"
    a = neuro.Network(text, seed=seed, nnoise=0.1, errors="keep")
    b = neuro.Network(text, seed=seed, nnoise=0.1, errors="keep")
    ra, rb = a.run(20), b.run(20)
    assert np.array_equal(ra, rb, equal_nan=True)
    # outputs are clamped to +-1e10 before the noise (sd 0.1) is added, as in the SDK
    assert np.all(np.abs(ra) <= 1e10 + 2)
