"""genokit.sim: settings chains, simulate -> numpy trajectory, evaluate -> framspy's shape, trajectory
files; checked against the genokit program on the same input, against physics (time, sampling,
a still body stays still), and with bad input that must raise or report, never crash."""

import json
import pickle
import threading
import time

import numpy as np
import pytest

import genokit
import genokit.sim as sim

# Our own walker: a Sin generator drives two bend muscles in opposite phase.
WALKER = "X[Sin]X[|,-1:2]X[|,-2:-2]X"
STILL = "X(X,X)"  # no muscles, no brain

QUICK_SIM = """\
sim_params:
evalcount:1
placement:1
randinit:0.0
nnoise:0.0
Energy0:300
"""


@pytest.fixture
def quick(tmp_path):
    p = tmp_path / "quick.sim"
    p.write_text(QUICK_SIM)
    return p


def gen_file(tmp_path, genotypes, name="pop.gen"):
    p = tmp_path / name
    p.write_text("".join(f"org:\nname:g{i}\ngenotype:~\n{g}~\n\n" for i, g in enumerate(genotypes)))
    return p


# ---- settings ----

def test_settings_chain_later_files_win_and_builtins_stand_in():
    s = sim.load_settings("eval-allcriteria.sim")
    assert (s.evalcount, s.placement, s["randinit"]) == (2, 0, 0.01)
    s = sim.load_settings("eval-allcriteria.sim;deterministic.sim")
    assert (s.evalcount, s.placement, s["randinit"]) == (1, 1, 0.0)
    assert s.sources == ["genokit:eval-allcriteria.sim", "genokit:deterministic.sim"]
    # the same chain as a list; dissimilarity and operator settings come along
    s2 = sim.load_settings(["eval-allcriteria.sim", "deterministic.sim"])
    assert s2["simil_type"] == 1 and s2["simil_greedy_partgeom"] == 1.0 and s2["f1_smX"] == 0.05
    assert sim.load_settings(None).evalcount == 2 and sim.load_settings(s) is s


def test_settings_files_found_in_genokit_data_then_given_paths(tmp_path, monkeypatch, quick):
    d = tmp_path / "data"
    d.mkdir()
    (d / "deterministic.sim").write_text("sim_params:\nevalcount:7\n")
    monkeypatch.setenv("GENOKIT_DATA", str(d))
    s = sim.load_settings("eval-allcriteria.sim;deterministic.sim")
    assert s.evalcount == 7 and s.sources[1] == str(d / "deterministic.sim")
    assert sim.load_settings(str(quick)).energy0 == 300
    with pytest.raises(genokit.FileError) as e:
        sim.load_settings("no-such-file.sim")
    assert e.value.code == "sim.settings-not-found" and isinstance(e.value, OSError)


def test_real_framspy_settings_load_with_warnings_for_what_is_not_simulated(shared_dir):
    d = shared_dir / "corpus/framsticks/framspy-sim"
    s = sim.load_settings(f"{d}/eval-allcriteria.sim;{d}/deterministic.sim;{d}/sample-period-2.sim")
    assert (s.evalcount, s.placement, s.perfperiod, s.energy0) == (1, 1, 2, 10000.0)
    assert s["simil_type"] == 1 and s["simil_greedy_weightedMDS"] == 1
    codes = {x.code for x in s.diagnostics}
    assert "sim.unsimulated-setting" in codes  # simtype:0 (MechaStick) is not what genokit runs
    assert not any(x.severity == "error" for x in s.diagnostics)


def test_settings_set_with_the_sdk_rules():
    s = sim.Settings()
    s["evalcount"] = 3
    s.energy0 = 500
    s["f1_smX"] = 0.2
    s["simil_type"] = 0
    assert (s.evalcount, s["Energy0"], s.operators["f1_smX"], s.similarity["simil_type"]) == (3, 500.0, 0.2, 0)
    with pytest.warns(UserWarning, match="value-clamped"):
        s["randinit"] = 1e9  # clamped to its range, as the SDK does
    assert s.randinit < 1e9
    with pytest.raises(ValueError):
        s["evalcount"] = "many"
    with pytest.raises(KeyError):
        s["no_such_setting"] = 1
    with pytest.raises(TypeError):
        s["evalcount"] = [1]


def test_bad_settings_files_raise_with_position(tmp_path):
    bad = tmp_path / "bad.sim"
    bad.write_text("sim_params:\nusercode:~\nnever closed\n")
    with pytest.raises(genokit.ParseError) as e:
        sim.load_settings(str(bad))
    assert e.value.line >= 2 and e.value.file.endswith("bad.sim") and e.value.code.startswith("frams.")


def test_settings_pickle_rebuilds_the_same_settings(quick):
    s = sim.load_settings(f"eval-allcriteria.sim;{quick}")
    s["f1_smX"] = 0.3
    s2 = pickle.loads(pickle.dumps(s))
    assert (s2.evalcount, s2.energy0, s2["f1_smX"], s2.sources) == (1, 300.0, 0.3, s.sources)


# ---- simulate ----

def test_simulate_equals_the_genokit_program(tmp_path, cli, quick):
    f = gen_file(tmp_path, [WALKER])
    out = tmp_path / "cli.json"
    r = cli("simulate", f, "--sim", quick, "--steps", 240, "--every", 7, "--seed", 5, "-o", out)
    assert r.returncode == 0, r.stderr
    t = sim.simulate(WALKER, str(quick), steps=240, sample_every=7, seed=5)
    ours, theirs = json.loads(t.to_json()), json.loads(out.read_text())
    ours.pop("source"), theirs.pop("source")
    assert ours == theirs
    back = sim.read_trajectory(out)
    for k in ("steps", "time", "com", "parts", "orientations", "neurons", "muscles"):
        np.testing.assert_array_equal(getattr(back, k), getattr(t, k))


def test_trajectory_arrays_sampling_and_time():
    t = sim.simulate(WALKER, steps=100, sample_every=10, seed=1)
    n = 11  # step 0, every 10 steps, and the last
    assert t.status == "ok" and len(t) == n
    assert t.com.shape == (n, 3) and t.parts.shape == (n, 5, 3) and t.orientations.shape == (n, 5, 4)
    assert t.neurons.shape == (n, 3) and t.muscles.shape == (n, 2)
    np.testing.assert_array_equal(t.steps, np.arange(0, 101, 10))
    np.testing.assert_allclose(t.time, t.steps * t.dt)
    np.testing.assert_allclose(np.linalg.norm(t.orientations, axis=2), 1.0, atol=1e-9)  # unit quaternions
    assert np.all(t.parts[:, :, 2] > 0)  # above the ground
    assert np.all(np.abs(t.muscles) <= 1.0)


def test_a_body_without_muscles_stays_where_it_rests():
    t = sim.simulate(STILL, sim.load_settings("deterministic.sim"), steps=600, sample_every=100)
    rest = t.com[2:]  # after it has settled from its birth height
    assert np.max(np.linalg.norm(rest - rest[0], axis=1)) < 1e-6
    assert t.muscles.shape[1] == 0 and t.neurons.shape[1] == 0


def test_same_seed_same_trajectory_other_seed_other_noise():
    s = sim.load_settings("eval-allcriteria.sim")  # random placement and initial neuron state
    a = sim.simulate(WALKER, s, steps=150, seed=3)
    b = sim.simulate(WALKER, s, steps=150, seed=3)
    c = sim.simulate(WALKER, s, steps=150, seed=4)
    np.testing.assert_array_equal(a.parts, b.parts)
    assert not np.array_equal(a.com, c.com)


def test_trajectory_files_round_trip(tmp_path):
    t = sim.simulate(WALKER, steps=60, sample_every=3, seed=2)
    t.save(tmp_path / "t.json")
    t.save(tmp_path / "t.csv")
    j, c = sim.read_trajectory(tmp_path / "t.json"), sim.read_trajectory(tmp_path / "t.csv")
    for k in ("steps", "time", "com", "parts", "neurons", "muscles"):
        np.testing.assert_array_equal(getattr(j, k), getattr(t, k))
        np.testing.assert_array_equal(getattr(c, k), getattr(t, k))
    np.testing.assert_array_equal(j.orientations, t.orientations)
    assert j.genotype == WALKER and j.encoding == "f1" and c.sample_every == 3
    assert j.to_json() and c.to_csv() == t.to_csv()


def test_model_and_run_by_hand():
    m = sim.build(WALKER)
    assert (m.part_count, m.joint_count, m.neuron_count, m.muscle_count) == (5, 4, 3, 2)
    assert m.initial_part_positions.shape == (5, 3) and m.mass > 0
    run = sim.Run(m, seed=1)
    assert run.step(20) == "ok" and run.steps == 20
    assert run.time == pytest.approx(20 * 0.05)
    s = run.sample()
    assert s["parts"].shape == (5, 3) and s["com"].shape == (3,) and s["orientations"].shape == (5, 4)
    # the same model simulates the same way as the genotype
    np.testing.assert_array_equal(sim.simulate(m, steps=30).com, sim.simulate(WALKER, steps=30).com)


def test_a_simulation_that_blows_up_is_a_status_not_a_crash():
    s = sim.Settings()
    s.gk_maxvelocity = 1.0  # its smallest value: falling from the birth height counts as running away
    t = sim.simulate(WALKER, s, steps=100)
    assert t.status == "unstable" and "step" in t.message and len(t) < 101
    assert any(d.code == "sim.unstable" for d in t.diagnostics)
    r = sim.evaluate([WALKER, STILL], s)
    assert [x.status for x in r] == ["unstable", "unstable"] and r[0].criteria is None
    assert sim.framspy_results(r)[0]["evaluations"] is None


def test_stiff_bouncy_world_with_a_long_step_blows_up_into_a_status():
    s = sim.Settings()
    s["initial_nn_active"] = 1
    s.odeworldcfm, s.odeworlderp, s.odestep, s.odecolbounce = 0.0, 1.0, 1.0, 1.0
    g = "X[Sin:f0=1]X[|,-1:2]X[|,-2:-2]X[@,-3:1]X"
    t = sim.simulate(g, s, steps=2000)
    assert t.status == "unstable" and "runs away" in t.message and len(t) < 2001
    assert np.all(np.isfinite(t.com))  # ended before ODE saw a broken state
    r = sim.evaluate([g], s)[0]
    assert r.status in ("unstable", "failed") and r.criteria is None


def test_bad_input_raises():
    with pytest.raises(TypeError):
        sim.simulate(123)
    with pytest.raises(TypeError):
        sim.simulate(WALKER, steps="10")
    with pytest.raises(ValueError):
        sim.simulate(WALKER, steps=-1)
    with pytest.raises(genokit.ParseError) as e:
        sim.simulate("(((")  # no stick: no body
    assert e.value.code and e.value.diagnostics
    s = sim.Settings()
    s.maxjoint = 0.5  # the default stick (length 1) is too long
    with pytest.raises(genokit.SimulationError) as e:
        sim.build("XX", s)
    assert e.value.code == "sim.stick-length"
    with pytest.raises(TypeError):
        sim.evaluate("XX")  # one string is not a list
    with pytest.raises(TypeError):
        sim.evaluate(["XX", 3])
    with pytest.raises(ValueError):
        sim.evaluate(["XX"], format="nonsense")
    with pytest.raises(TypeError):
        sim.load_settings(42)


# ---- evaluate ----

def test_evaluate_equals_the_genokit_program(tmp_path, cli, quick):
    genotypes = [WALKER, STILL, "(((", "X[Sin]X[|,-1:1]X"]
    f = gen_file(tmp_path, genotypes)
    r = cli("evaluate", f, "--sim", quick, "--seed", 11, "--json", "-q")
    theirs = json.loads(r.stdout)
    ours = sim.evaluate_framspy(genotypes, str(quick), seed=11, names=[f"g{i}" for i in range(4)])
    for a, b in zip(ours, theirs):
        assert (a["num"], a["name"], a["status"]) == (b["num"], b["name"], b["status"])
        if b["evaluations"] is None:
            assert a["evaluations"] is None
            continue
        ea, eb = a["evaluations"][""], b["evaluations"][""]
        ea.pop("time"), eb.pop("time")
        assert ea == eb
    assert ours[2]["evaluations"] is None and ours[2]["status"] == "invalid"


def test_evaluate_results_and_framspy_shape(quick):
    r = sim.evaluate([WALKER, STILL, "((("], str(quick))
    assert [x.status for x in r] == ["ok", "ok", "invalid"]
    assert set(r[0].criteria) == set(sim.CRITERIA) and r[0].criteria["numparts"] == 5
    assert r[0].criteria["lifespan"] == 300.0  # Energy0 300, e_meta 1
    assert r[0].criteria["velocity"] == pytest.approx(r[0].criteria["distance"] / 300.0)
    assert r[0].criteria["velocity"] > 100 * r[1].criteria["velocity"]  # the walker walks
    assert r[2].message and r[2].diagnostics
    fr = sim.framspy_results(r)
    assert set(fr[0]["evaluations"][""]) == set(sim.FRAMSPY_CRITERIA) and fr[2]["evaluations"] is None


def test_evalcount_means_and_seed_independence_of_batches():
    s = sim.load_settings("eval-allcriteria.sim")
    s.energy0 = 200
    s.evalcount = 3
    alone = sim.evaluate([WALKER], s, seed=5)[0]
    batch = sim.evaluate([STILL, WALKER, STILL], s, seed=5, jobs=2)[1]
    assert alone.criteria == batch.criteria  # a genotype's result depends on (genotype, settings, seed) only
    assert len(alone.evaluations) == 3
    v = [e["fit"] for e in alone.evaluations]
    assert alone.criteria["fit"] == pytest.approx(np.mean(v))
    assert alone.criteria["fit_stdev"] == pytest.approx(np.std(v))
    assert alone.criteria["instances"] == 3


def test_limits_and_step_budget(quick):
    r = sim.evaluate([WALKER], str(quick), max_parts=2)[0]
    assert r.status == "invalid" and "part" in r.message
    r = sim.evaluate([WALKER], str(quick), max_steps=50)[0]
    assert r.status == "failed"


def test_the_gil_is_released_while_evaluating():
    s = sim.Settings()
    s.energy0 = 3000
    done, ticks = threading.Event(), [0]

    def work():
        sim.evaluate([WALKER] * 4, s, jobs=1)
        done.set()

    th = threading.Thread(target=work)
    th.start()
    while not done.is_set():
        ticks[0] += 1
        time.sleep(0.001)
    th.join()
    assert ticks[0] > 20  # the main thread ran while C++ evaluated


def test_damaged_trajectory_files_raise(tmp_path):
    t = sim.simulate(WALKER, steps=20)
    t.save(tmp_path / "good.json")
    text = (tmp_path / "good.json").read_text()
    (tmp_path / "cut.json").write_text(text[: len(text) // 2])
    (tmp_path / "other.json").write_text('{"format": "something-else"}')
    (tmp_path / "short.json").write_text(text.replace('"count":21', '"count":25'))
    (tmp_path / "bad.csv").write_text("a,b,c\n1,2,3\n")
    (tmp_path / "ragged.csv").write_text(t.to_csv() + "1,2\n")
    for name in ("cut.json", "other.json", "short.json", "bad.csv", "ragged.csv"):
        with pytest.raises(genokit.ParseError) as e:
            sim.read_trajectory(tmp_path / name)
        assert e.value.code == "sim.bad-trajectory", name
    with pytest.raises(genokit.FileError):
        sim.read_trajectory(tmp_path / "missing.json")
    with pytest.raises(genokit.FileError):
        t.save(tmp_path / "no-such-folder" / "t.json")
